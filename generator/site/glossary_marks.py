"""Glossary tooltips that know their context: each term's word forms, longest match first.

Python-Markdown's `abbr` matches one exact string per term, so "colonies" never got the Colony
tooltip, "Reef" lit up inside "Reef shark" and "active" explained activity cards on "this event
becomes active". Here every page's Markdown is marked before mkdocs sees it: all forms of all
terms (and the `avoid` phrases of a term used in another sense) form one pattern, longest first,
matched as whole words (Unicode letters, so umlauts and ß count; a hyphen joins words), so a
match never starts or ends inside a longer word or a longer term. An avoid phrase is matched
like a term and left unmarked. Headings, links, images, code, HTML and attribute lists are never
marked, and a term is marked once per block (a paragraph, a list item, a table row): the
first use in each block carries the tooltip, the repeats stay plain.

Compound words are words of their own. German joins words into one ("Außenpostenkarte",
"Galaxiekartenstapel", "Ereignisstapel") or with a hyphen ("M€-Produktion", "Ozean-Plättchen"),
and a compound often names something other than its parts (the Ereignisstapel is the deck, not
an event). So a term never lights up inside a compound; a compound that should carry a term's
tooltip is declared as one of its forms (`forms: {de: [Galaxiekarten, Galaxiekartenstapel]}`)
and is then matched like any form, whole and longest first.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

# spans of a Markdown line that are left alone: inline code, images and links (with a reference
# or inline target), HTML tags, attribute lists, `:icon:` names and bare URLs
PROTECTED_RE = re.compile(
    r"`+[^`]*`+"
    r"|!?\[(?:[^\[\]]|\[[^\]]*\])*\](?:\([^)]*\)|\[[^\]]*\])?"
    r"|<[^>]*>"
    r"|\{[^}\n]*\}"
    r"|:[a-z][a-z0-9_-]*:"
    r"|https?://\S+"
)
FENCE_RE = re.compile(r"^\s*(`{3,}|~{3,})")
# lines that are no running text: headings, definitions (abbr, link references), admonition titles,
# HTML blocks, table separators
SKIP_LINE_RE = re.compile(r"^\s*(#|\*\[|\[[^\]]+\]:|!!!|\?\?\?|<|\|?\s*:?-{3,})")
# lines that start a block of their own: list items and table rows
BLOCK_START_RE = re.compile(r"^\s*([-*+]\s|\d+[.)]\s|\|)")
WORD = r"[\w-]"  # a letter (Unicode: umlauts and ß too), digit or hyphen: a match never borders one
# a short form in capitals (TR, TW) is an abbreviation: it matches in capitals only
ACRONYM_RE = re.compile(r"^[A-ZÄÖÜ0-9]{1,4}$")
TITLE_ESCAPES = {c: f"&#{ord(c)};" for c in "&<>\"'|\\`*_[]{}#:!"}


@dataclass(frozen=True)
class Term:
    """One sense of a glossary term in one language: its forms, its definition, its avoid phrases."""

    id: str
    forms: tuple[str, ...]
    definition: str
    avoid: tuple[str, ...] = ()


def title_attribute(text: str) -> str:
    """A definition as the value of a title attribute inside Markdown (tables, escapes and all)."""
    return "".join(TITLE_ESCAPES.get(c, c) for c in " ".join(text.split()))


class Marker:
    """Marks the glossary terms of one game in one language in page Markdown."""

    def __init__(self, terms: Iterable[Term]):
        self.by_form: dict[str, Term | None] = {}
        exact: dict[str, Term | None] = {}
        for term in terms:
            for form in term.forms:
                target = exact if ACRONYM_RE.match(form) else self.by_form
                target.setdefault(form if target is exact else _normal(form), term)
            for phrase in term.avoid:
                self.by_form.setdefault(_normal(phrase), None)
        self.exact = exact
        forms = sorted([*self.by_form, *exact], key=lambda f: (-len(f), f))
        if not forms:
            self.pattern: re.Pattern[str] | None = None
            return
        alternatives = "|".join(
            f"(?-i:{re.escape(f)})" if f in exact else _loose(f, self.by_form[f] is None) for f in forms)
        self.pattern = re.compile(rf"(?<!{WORD})(?:{alternatives})(?!{WORD})", re.IGNORECASE)

    def lookup(self, text: str) -> Term | None:
        if text in self.exact:
            return self.exact[text]
        return self.by_form.get(_normal(text))

    def mark(self, markdown: str) -> str:
        """The page with the first use of each term in each block wrapped in an `<abbr>` tooltip."""
        if self.pattern is None:
            return markdown
        out: list[str] = []
        block: list[str] = []   # running text of the current block, marked as one (a phrase may wrap)

        def flush() -> None:
            if block:
                out.append(self._mark_block("\n".join(block)))
                block.clear()

        fence: str | None = None
        in_front_matter = markdown.startswith("---\n")
        for index, line in enumerate(markdown.split("\n")):
            if in_front_matter:
                out.append(line)
                if index > 0 and line.strip() == "---":
                    in_front_matter = False
                continue
            opening = FENCE_RE.match(line)
            if fence is not None:
                out.append(line)
                if opening and opening.group(1)[0] == fence[0] and len(opening.group(1)) >= len(fence):
                    fence = None
                continue
            if opening or not line.strip() or SKIP_LINE_RE.match(line) or BLOCK_START_RE.match(line):
                flush()
            if opening:
                fence = opening.group(1)
            if opening or not line.strip() or SKIP_LINE_RE.match(line):
                out.append(line)
            else:
                block.append(line)
        flush()
        return "\n".join(out)

    def _mark_block(self, text: str) -> str:
        """One block's text with the first use of each term marked; protected spans kept as they are."""
        seen: set[str] = set()
        parts: list[str] = []
        position = 0
        for span in PROTECTED_RE.finditer(text):
            parts.append(self._mark_text(text[position:span.start()], seen))
            parts.append(span.group(0))
            position = span.end()
        parts.append(self._mark_text(text[position:], seen))
        return "".join(parts)

    def _mark_text(self, text: str, seen: set[str]) -> str:
        assert self.pattern is not None

        def replace(match: re.Match[str]) -> str:
            term = self.lookup(match.group(0))
            if term is None or term.id in seen:
                return match.group(0)
            seen.add(term.id)
            return self.wrap(term, match.group(0))

        return self.pattern.sub(replace, text)

    def wrap(self, term: Term, written: str) -> str:
        """A term's first use in a block, marked: here an `<abbr>` with its definition (card names: a link)."""
        return f'<abbr title="{title_attribute(term.definition)}">{written}</abbr>'


def _normal(text: str) -> str:
    """A form as the key it is looked up by: single spaces, no emphasis marks, lower case (ß stays ß)."""
    return " ".join(re.sub(r"[*_]", " ", text).split()).lower()


def _loose(form: str, avoided: bool) -> str:
    """A form as a pattern: any run of spaces stands for its spaces; in an avoid phrase, emphasis
    marks between the words too ("becomes **active**" is still the phrase "becomes active")."""
    between = r"[\s*_]+" if avoided else r"\s+"
    return between.join(re.escape(word) for word in form.split())
