/* pnp-forge rules site: the card gallery can be filtered by words (name and text), kind, cost,
   deck and tag. Each card's entry carries its kind, cost, deck and tags as classes (pnp-kind-<kind>,
   pnp-cost-<n>, pnp-deck-<deck>, pnp-tag-<tag>, written by generator/site/gallery.py); the kinds'
   names are the gallery's own section headings (#kind-<kind>), the decks' and tags' names hidden
   spans (.pnp-deckname-<deck>, .pnp-tagname-<tag>). Sections without a card left are hidden with
   their heading. Nothing is fetched, so it works from a folder on disk (file://) as well. */
(function () {
  "use strict";
  var WORDS = {
    de: { search: "Karten filtern", kinds: "Alle Arten", costs: "Alle Kosten", cost: "Kosten", decks: "Alle Stapel",
          tags: "Alle Symbole", shown: "{n} von {m} Karten" },
    en: { search: "Filter cards", kinds: "All kinds", costs: "Any cost", cost: "Cost", decks: "All decks",
          tags: "All tags", shown: "{n} of {m} cards" }
  };
  var words = WORDS[(document.documentElement.lang || "en").slice(0, 2)] || WORDS.en;

  function facet(entry, prefix) {
    for (var i = 0; i < entry.classList.length; i++) {
      var name = entry.classList[i];
      if (name.indexOf(prefix) === 0) return name.slice(prefix.length);
    }
    return null;
  }

  function facets(entry, prefix) {
    var found = [];
    for (var i = 0; i < entry.classList.length; i++) {
      var name = entry.classList[i];
      if (name.indexOf(prefix) === 0) found.push(name.slice(prefix.length));
    }
    return found;
  }

  function nameOf(prefix, id) {
    var span = document.querySelector(".pnp-filter-names ." + prefix + id);
    return span ? span.textContent : id;
  }

  // what the words match: the entry's text, the words of the icons it shows (their alt text, in the
  // page's language: "steel" finds every card that shows steel) and the names of its tags
  function searchable(entry) {
    var icons = Array.prototype.map.call(entry.querySelectorAll("img.pnp-icon[alt]"), function (image) {
      return image.getAttribute("alt");
    });
    var tags = facets(entry, "pnp-tag-").map(function (tag) { return nameOf("pnp-tagname-", tag); });
    return [entry.textContent].concat(icons, tags).join(" ");
  }

  function choice(bar, className, all, values, prefix) {
    var select = document.createElement("select");
    select.className = className;
    select.setAttribute("aria-label", all);
    option(select, "", all);
    values.forEach(function (id) { option(select, id, nameOf(prefix, id)); });
    if (values.length > 1) bar.appendChild(select);
    return select;
  }

  function fold(text) {
    return text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/ß/g, "ss");
  }

  function option(select, value, text) {
    var item = document.createElement("option");
    item.value = value;
    item.textContent = text;
    select.appendChild(item);
  }

  function start() {
    var entries = Array.prototype.slice.call(document.querySelectorAll(".md-typeset .pnp-card-entry"));
    if (!entries.length) return;
    var kinds = [], costs = [], decks = [], tags = [];
    entries.forEach(function (entry) {
      entry.pnpKind = facet(entry, "pnp-kind-");
      entry.pnpCost = facet(entry, "pnp-cost-");
      entry.pnpDeck = facet(entry, "pnp-deck-");
      entry.pnpTags = facets(entry, "pnp-tag-");
      entry.pnpText = fold(searchable(entry));
      if (entry.pnpKind && kinds.indexOf(entry.pnpKind) < 0) kinds.push(entry.pnpKind);
      if (entry.pnpCost !== null && costs.indexOf(entry.pnpCost) < 0) costs.push(entry.pnpCost);
      if (entry.pnpDeck && decks.indexOf(entry.pnpDeck) < 0) decks.push(entry.pnpDeck);
      entry.pnpTags.forEach(function (tag) { if (tags.indexOf(tag) < 0) tags.push(tag); });
    });
    costs.sort(function (a, b) { return a - b; });

    var bar = document.createElement("div");
    bar.className = "pnp-gallery-filter";
    bar.setAttribute("role", "search");
    var search = document.createElement("input");
    search.type = "search";
    search.placeholder = words.search;
    search.setAttribute("aria-label", words.search);
    search.className = "pnp-gallery-filter__words";
    bar.appendChild(search);
    var kind = document.createElement("select");
    kind.className = "pnp-gallery-filter__kind";
    kind.setAttribute("aria-label", words.kinds);
    option(kind, "", words.kinds);
    kinds.forEach(function (id) {
      var heading = document.getElementById("kind-" + id);
      option(kind, id, heading ? heading.textContent.replace(/\u00b6/g, "").trim() : id);
    });
    if (kinds.length > 1) bar.appendChild(kind);
    var cost = document.createElement("select");
    cost.className = "pnp-gallery-filter__cost";
    cost.setAttribute("aria-label", words.cost);
    option(cost, "", words.costs);
    costs.forEach(function (value) { option(cost, value, words.cost + " " + value); });
    if (costs.length) bar.appendChild(cost);
    var deck = choice(bar, "pnp-gallery-filter__deck", words.decks, decks, "pnp-deckname-");
    var tag = choice(bar, "pnp-gallery-filter__tag", words.tags, tags, "pnp-tagname-");
    var count = document.createElement("span");
    count.className = "pnp-gallery-filter__count";
    count.setAttribute("aria-live", "polite");
    bar.appendChild(count);
    var first = document.querySelector(".md-typeset h2[id^='kind-']") || entries[0];
    first.parentNode.insertBefore(bar, first);

    function apply() {
      var wanted = fold(search.value).split(/\s+/).filter(Boolean), shown = 0;
      entries.forEach(function (entry) {
        var ok = (!kind.value || entry.pnpKind === kind.value) && (!cost.value || entry.pnpCost === cost.value) &&
          (!deck.value || entry.pnpDeck === deck.value) && (!tag.value || entry.pnpTags.indexOf(tag.value) >= 0) &&
          wanted.every(function (word) { return entry.pnpText.indexOf(word) >= 0; });
        entry.hidden = !ok;
        if (ok) shown += 1;
      });
      /* a kind's heading and its back picture go with its cards */
      var headings = document.querySelectorAll(".md-typeset h2[id^='kind-']");
      for (var i = 0; i < headings.length; i++) {
        var members = [], node = headings[i].nextElementSibling;
        while (node && node.tagName !== "H2") { members.push(node); node = node.nextElementSibling; }
        var any = members.some(function (m) { return m.classList.contains("pnp-card-entry") && !m.hidden; });
        headings[i].hidden = !any;
        members.forEach(function (m) { if (!m.classList.contains("pnp-card-entry")) m.hidden = !any; });
      }
      count.textContent = words.shown.replace("{n}", shown).replace("{m}", entries.length);
    }
    search.addEventListener("input", apply);
    kind.addEventListener("change", apply);
    cost.addEventListener("change", apply);
    deck.addEventListener("change", apply);
    tag.addEventListener("change", apply);
    apply();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
