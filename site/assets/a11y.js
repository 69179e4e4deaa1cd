/* pnp-forge rules site: what the keyboard and a screen reader need beyond the theme's markup.
   A glossary term (an <abbr> with its definition as title, see generator/site/glossary_marks.py)
   takes the keyboard's focus, so Tab reaches it and the theme shows its definition (the theme's
   tooltips open on focus as on hover). The search overlay, a dialog, is named after the search. */
(function () {
  "use strict";

  function prepare() {
    var terms = document.querySelectorAll(".md-typeset abbr[title]");
    for (var i = 0; i < terms.length; i++) {
      if (!terms[i].hasAttribute("tabindex")) terms[i].setAttribute("tabindex", "0");
    }
    var search = document.querySelector(".md-search[role='dialog']");
    var query = document.querySelector(".md-search__input");
    if (search && query && !search.hasAttribute("aria-label")) {
      search.setAttribute("aria-label", query.getAttribute("aria-label") || "Search");
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", prepare);
  } else {
    prepare();
  }
})();
