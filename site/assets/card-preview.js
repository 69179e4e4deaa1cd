/* pnp-forge rules site: a card name that links to the card's page (a.pnp-card-link to
   cards/<id>.html, written by `card_link(...)` in rules pages) shows the card's face while the
   pointer rests on it or the link has the keyboard's focus. On a touch screen, where nothing rests,
   the first tap on a card's name shows its face and a second tap on the same name follows the link.
   The face is the file beside the card's
   page (cards/<id>-front.svg), found from the link's address, so nothing is fetched from elsewhere
   and it works from a folder on disk (file://) as well. */
(function () {
  "use strict";
  var preview = null, shownFor = null;

  function faceOf(link) {
    var target = new URL(link.href, document.baseURI);
    var match = /\/cards\/([a-z0-9][a-z0-9-]*)\.html$/.exec(target.pathname);
    if (!match) return null;
    return new URL(match[1] + "-front.svg", target).href;
  }

  function hide() {
    if (preview) preview.hidden = true;
    shownFor = null;
  }

  function place(link) {
    var room = link.getBoundingClientRect(), width = preview.offsetWidth, height = preview.offsetHeight;
    var left = Math.min(Math.max(8, room.left), window.innerWidth - width - 8);
    var top = room.bottom + 8;
    if (top + height > window.innerHeight - 8 && room.top - height - 8 > 0) top = room.top - height - 8;
    preview.style.left = left + "px";
    preview.style.top = top + "px";
  }

  function show(link) {
    var face = faceOf(link);
    if (!face || shownFor === link) return;
    if (!preview) {
      preview = document.createElement("div");
      preview.className = "pnp-card-preview";
      preview.setAttribute("role", "tooltip");
      preview.id = "pnp-card-preview";
      var image = document.createElement("img");
      image.addEventListener("error", hide);
      image.addEventListener("load", function () { if (shownFor) place(shownFor); });
      preview.appendChild(image);
      document.body.appendChild(preview);
    }
    shownFor = link;
    var picture = preview.firstChild;
    picture.alt = link.textContent;
    if (picture.getAttribute("src") !== face) picture.setAttribute("src", face);
    link.setAttribute("aria-describedby", preview.id);
    preview.hidden = false;
    place(link);
  }

  function linkIn(event) {
    return event.target && event.target.closest ? event.target.closest("a.pnp-card-link") : null;
  }

  document.addEventListener("mouseover", function (event) { var link = linkIn(event); if (link) show(link); });
  document.addEventListener("mouseout", function (event) {
    var link = linkIn(event);
    if (link && !(event.relatedTarget && link.contains(event.relatedTarget))) hide();
  });
  document.addEventListener("focusin", function (event) { var link = linkIn(event); if (link) show(link); });
  document.addEventListener("focusout", function (event) { if (linkIn(event)) hide(); });
  document.addEventListener("keydown", function (event) { if (event.key === "Escape") hide(); });
  /* a finger: the first tap shows the face, the second follows the link; a tap elsewhere hides it. What
     was shown is read when the finger goes down: the browser's own mouseover after a tap shows the face too */
  var touched = false, shownBefore = null;
  document.addEventListener("pointerdown", function (event) {
    touched = event.pointerType === "touch";
    shownBefore = preview && !preview.hidden ? shownFor : null;
  }, true);
  document.addEventListener("click", function (event) {
    if (!touched) return;
    var link = linkIn(event);
    if (!link) { hide(); return; }
    if (shownBefore !== link) {
      event.preventDefault();
      shownFor = null;
      show(link);
    }
  }, true);
  window.addEventListener("scroll", function () { if (shownFor) place(shownFor); }, { passive: true });
})();
