/* pnp-forge rules site: the language switch keeps the reader's place. Every page exists under the same
   path in each language (partials/alternate.html links a page to its twin), and a rules section's
   anchor is its number (#rule-4-6), the same in every language; words anchors (#fight-an-event) are
   not. So the switch carries a #rule- anchor along, and for any other anchor the numbered section it
   lies in. */
(function () {
  "use strict";
  var RULE = /^rule-[0-9-]+$/;

  /* the #rule- anchor of the place the address points at: itself, or the numbered heading before it */
  function ruleAnchor() {
    var id = decodeURIComponent(location.hash.slice(1));
    if (!id) return "";
    if (RULE.test(id)) return id;
    var target = document.getElementById(id);
    if (!target) return "";
    var heading = target.closest("h1, h2, h3, h4, h5, h6");
    if (heading && RULE.test(heading.id)) return heading.id;
    var headings = document.querySelectorAll("article h1[id^='rule-'], article h2[id^='rule-'], " +
                                             "article h3[id^='rule-'], article h4[id^='rule-']");
    var found = "";
    for (var i = 0; i < headings.length; i++) {
      if (headings[i].compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING ||
          headings[i] === target) found = headings[i].id;
    }
    return found;
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a.md-select__link[hreflang]");
    if (!link) return;
    var anchor = ruleAnchor();
    if (!anchor) return;
    link.href = link.href.split("#")[0] + "#" + anchor;
  }, true);
})();
