"""mkdocs hook: the search finds a word however it is typed – "Aussenposten" finds "Außenposten".

The theme's search (lunr, in the browser) matches what is typed as the start of a word of the
page, letter for letter: the query is not stemmed or folded, so "Aussenposten" misses
"Außenposten" and "Uberblick" misses "Überblick". This hook adds the other spellings of each
such word to the search index, in a field of its own that is searched but never shown:

- ß as ss, and umlauts as ae/oe/ue and as plain a/o/u ("Außenposten" -> "aussenposten",
  "Überblick" -> "ueberblick", "uberblick"), other accents dropped ("Café" -> "cafe");
- in German, ss as ß, so a page that writes "Aussenposten" is found by "Außenposten".

It runs after the search plugin has written search/search_index.json and before the offline
plugin copies that into search_index.js (event priorities), so both carry the spellings.
Imports nothing from pnp-forge: this file is copied into every generated mkdocs project.
"""

from __future__ import annotations

import json
import os
import re
import unicodedata

from mkdocs.plugins import event_priority

FIELD = "spellings"
WORD = re.compile(r"\w+")
TAG = re.compile(r"<[^>]*>")
GERMAN = {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"}


def _plain(word: str) -> str:
    """Accents dropped: ü -> u, é -> e, ß -> ss (NFKD leaves ß alone)."""
    decomposed = unicodedata.normalize("NFKD", word.replace("ß", "ss"))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def spellings(word: str, lang: str) -> set[str]:
    """The other ways to type `word` (lower case) that the search should still find it by."""
    word = word.lower()
    found = {_plain(word), "".join(GERMAN.get(c, c) for c in word)}
    if lang == "de" and "ss" in word:
        found.add(word.replace("ss", "ß"))
    found.discard(word)
    return found


def index_spellings(text: str, lang: str) -> list[str]:
    """Every other spelling of the words of `text` (HTML allowed), sorted, once each."""
    found: set[str] = set()
    for word in set(WORD.findall(TAG.sub(" ", text))):
        found |= spellings(word, lang)
    return sorted(found)


def add_spellings(index: dict, lang: str) -> dict:
    """The search index with each document's other spellings in FIELD (searched, never shown)."""
    for doc in index.get("docs", []):
        words = index_spellings(f"{doc.get('title', '')} {doc.get('text', '')}", lang)
        if words:
            doc[FIELD] = " ".join(words)
    fields = index.setdefault("config", {}).setdefault("fields", {})
    fields.setdefault(FIELD, {"boost": 1.0})
    return index


@event_priority(-50)  # after the search plugin (0) writes the index, before the offline plugin (-100) copies it
def on_post_build(config) -> None:
    path = os.path.join(config["site_dir"], "search", "search_index.json")
    if not os.path.isfile(path):
        return
    with open(path, encoding="utf-8") as handle:
        index = json.load(handle)
    lang = str(config["theme"]["language"] or "en")
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(add_spellings(index, lang), handle, ensure_ascii=False, separators=(",", ":"))
