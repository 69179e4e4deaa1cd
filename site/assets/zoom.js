/* pnp-forge rules site: pictures marked .pnp-zoom (boards, card faces, pictures of the table) open
   large on click, and zoom and pan: wheel or +/- to zoom, drag to move, two fingers to pinch,
   double-click to zoom in, 0 to fit, Esc or the close button to leave. While it is open the
   keyboard's focus stays on its buttons (Tab and Shift+Tab go round them) and goes back to the
   picture it was opened from when it closes. Nothing is fetched: the
   picture shown is the page's own image, so it works from a folder on disk (file://) as well. */
(function () {
  "use strict";
  var WORDS = {
    de: { zoomIn: "Vergrößern", zoomOut: "Verkleinern", fit: "Einpassen", close: "Schließen", open: "Groß ansehen" },
    en: { zoomIn: "Zoom in", zoomOut: "Zoom out", fit: "Fit to screen", close: "Close", open: "View large" }
  };
  var MAX_ZOOM = 12;   /* times the fitted size */
  var words = WORDS[(document.documentElement.lang || "en").slice(0, 2)] || WORDS.en;
  var box = null, picture = null, view = { scale: 1, fit: 1, x: 0, y: 0, w: 800, h: 600 }, pointers = {}, pinch = null,
      dragged = false, opener = null;

  /* the picture is laid out at its zoomed size (not scaled as a bitmap), so a vector board stays sharp */
  function apply() {
    picture.style.width = view.w * view.scale + "px";
    picture.style.height = view.h * view.scale + "px";
    picture.style.transform = "translate(" + view.x + "px," + view.y + "px)";
    box.setAttribute("data-zoom", (view.scale / view.fit).toFixed(2));
  }

  function fit() {
    var w = picture.naturalWidth || picture.width || 800, h = picture.naturalHeight || picture.height || 600;
    var room = box.getBoundingClientRect();
    view.w = w;
    view.h = h;
    view.fit = Math.min(room.width * 0.96 / w, room.height * 0.96 / h);
    view.scale = view.fit;
    view.x = (room.width - w * view.scale) / 2;
    view.y = (room.height - h * view.scale) / 2;
    apply();
  }

  /* zoom by `factor` keeping the point (cx, cy) of the screen where it is */
  function zoom(factor, cx, cy) {
    var room = box.getBoundingClientRect();
    if (cx === undefined) { cx = room.width / 2; cy = room.height / 2; }
    var scale = Math.max(view.fit, Math.min(view.fit * MAX_ZOOM, view.scale * factor));
    factor = scale / view.scale;
    view.x = cx - (cx - view.x) * factor;
    view.y = cy - (cy - view.y) * factor;
    view.scale = scale;
    apply();
  }

  function button(cls, label, text, action) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "pnp-lightbox__button " + cls;
    b.setAttribute("aria-label", label);
    b.title = label;
    b.textContent = text;
    b.addEventListener("click", function (event) { event.stopPropagation(); action(); });
    return b;
  }

  function close() {
    if (!box) return;
    box.remove();
    box = picture = null;
    pointers = {};
    pinch = null;
    document.documentElement.classList.remove("pnp-lightbox-open");
    document.removeEventListener("keydown", keys, true);
    document.removeEventListener("focusin", keepFocus, true);
    if (opener) opener.focus();
  }

  /* Tab and Shift+Tab go round the lightbox's buttons, never out to the page beneath */
  function cycle(backwards) {
    var buttons = box.querySelectorAll("button"), at = -1;
    for (var i = 0; i < buttons.length; i++) { if (buttons[i] === document.activeElement) at = i; }
    var next = at < 0 ? (backwards ? buttons.length - 1 : 0)
                      : (at + (backwards ? -1 : 1) + buttons.length) % buttons.length;
    buttons[next].focus();
  }

  /* focus that lands outside the open lightbox (a click, a screen reader's move) is brought back */
  function keepFocus(event) {
    if (box && !box.contains(event.target)) box.querySelector(".pnp-lightbox__close").focus();
  }

  function keys(event) {
    if (event.key === "Escape") { close(); }
    else if (event.key === "Tab") { cycle(event.shiftKey); }
    else if (event.key === "+" || event.key === "=") { zoom(1.4); }
    else if (event.key === "-") { zoom(1 / 1.4); }
    else if (event.key === "0") { fit(); }
    else { return; }
    event.preventDefault();
    event.stopPropagation();
  }

  function open(image) {
    close();
    opener = image;
    box = document.createElement("div");
    box.className = "pnp-lightbox";
    box.setAttribute("role", "dialog");
    box.setAttribute("aria-modal", "true");
    box.setAttribute("aria-label", image.alt || words.open);
    picture = document.createElement("img");
    picture.className = "pnp-lightbox__picture";
    picture.alt = image.alt;
    picture.draggable = false;
    var bar = document.createElement("div");
    bar.className = "pnp-lightbox__bar";
    bar.appendChild(button("pnp-lightbox__in", words.zoomIn, "+", function () { zoom(1.4); }));
    bar.appendChild(button("pnp-lightbox__out", words.zoomOut, "\u2212", function () { zoom(1 / 1.4); }));
    bar.appendChild(button("pnp-lightbox__fit", words.fit, "\u2922", fit));
    var shut = button("pnp-lightbox__close", words.close, "\u00d7", close);
    bar.appendChild(shut);
    box.appendChild(picture);
    box.appendChild(bar);
    document.body.appendChild(box);
    document.documentElement.classList.add("pnp-lightbox-open");
    picture.addEventListener("load", fit);
    picture.src = image.currentSrc || image.src;
    if (picture.complete) fit();
    document.addEventListener("keydown", keys, true);
    document.addEventListener("focusin", keepFocus, true);
    shut.focus();

    box.addEventListener("wheel", function (event) {
      event.preventDefault();
      var room = box.getBoundingClientRect();
      zoom(event.deltaY < 0 ? 1.2 : 1 / 1.2, event.clientX - room.left, event.clientY - room.top);
    }, { passive: false });
    box.addEventListener("dblclick", function (event) {
      var room = box.getBoundingClientRect();
      zoom(2, event.clientX - room.left, event.clientY - room.top);
    });
    box.addEventListener("pointerdown", function (event) {
      if (event.target.closest && event.target.closest(".pnp-lightbox__bar")) return;
      pointers[event.pointerId] = { x: event.clientX, y: event.clientY };
      dragged = false;
      box.setPointerCapture(event.pointerId);
    });
    box.addEventListener("pointermove", function (event) {
      var last = pointers[event.pointerId];
      if (!last) return;
      var ids = Object.keys(pointers);
      if (ids.length === 2) {   /* pinch: zoom by the change of the fingers' distance, about their middle */
        pointers[event.pointerId] = { x: event.clientX, y: event.clientY };
        var a = pointers[ids[0]], b = pointers[ids[1]];
        var distance = Math.hypot(a.x - b.x, a.y - b.y);
        var room = box.getBoundingClientRect();
        if (pinch) zoom(distance / pinch, (a.x + b.x) / 2 - room.left, (a.y + b.y) / 2 - room.top);
        pinch = distance;
        dragged = true;
        return;
      }
      var dx = event.clientX - last.x, dy = event.clientY - last.y;
      if (Math.abs(dx) + Math.abs(dy) > 2) dragged = true;
      view.x += dx;
      view.y += dy;
      pointers[event.pointerId] = { x: event.clientX, y: event.clientY };
      apply();
    });
    function release(event) {
      delete pointers[event.pointerId];
      if (Object.keys(pointers).length < 2) pinch = null;
    }
    box.addEventListener("pointerup", release);
    box.addEventListener("pointercancel", release);
    box.addEventListener("click", function (event) {
      if (event.target === box && !dragged) close();   /* a click beside the picture closes */
    });
  }

  function prepare(root) {
    var images = root.querySelectorAll("img.pnp-zoom");
    for (var i = 0; i < images.length; i++) {
      var image = images[i];
      if (image.hasAttribute("data-pnp-zoom")) continue;
      image.setAttribute("data-pnp-zoom", "");
      image.setAttribute("tabindex", "0");
      image.setAttribute("role", "button");
      image.title = words.open;
    }
  }

  document.addEventListener("click", function (event) {
    var image = event.target.closest ? event.target.closest("img.pnp-zoom") : null;
    if (!image) return;
    event.preventDefault();
    open(image);
  });
  document.addEventListener("keydown", function (event) {
    var image = document.activeElement;
    if (!box && image && image.matches && image.matches("img.pnp-zoom") && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      open(image);
    }
  });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { prepare(document); });
  } else {
    prepare(document);
  }
})();
