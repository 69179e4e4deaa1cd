"""The term index of a game's site: every glossary term A–Z, linked to the section that defines it and its uses.

The uses are the sections where the site's glossary marks find the term (generator.site.glossary_marks, so
the index and the tooltips agree on every word form and every phrase avoided). The defining section is the
first whose heading starts with the term, else the first that sets it in bold, else one whose heading names
it, else its first use.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from generator.rulestext.i18n import label
from generator.rulestext.markup import escape
from generator.rulestext.rule_sections import Section
from generator.site.game_site import GameSite

PAGE = "term-index.md"
WORDS = {
    "term_index": {"de": "Begriffsregister", "en": "Term index"},
    "defined": {"de": "erklärt in", "en": "defined in"},
    "used": {"de": "verwendet in", "en": "used in"},
}
ABBR_RE = re.compile(r"<abbr title=\"[^\"]*\">(.*?)</abbr>", re.S)


@dataclass(frozen=True)
class RulesSection:
    """One numbered section of a rules page as the site shows it: where it is and its own text (no subsections)."""

    page: str        # docs path: rules/actions.md
    section: Section
    text: str

    @property
    def target(self) -> str:
        return f"{self.page}#{self.section.anchor}"


def page_sections(page: str, markdown: str, sections: list[Section]) -> list[RulesSection]:
    """A rendered rules page cut into its sections' own text (from a heading to the next heading)."""
    lines = markdown.split("\n")
    starts = [s.line - 1 for s in sections] + [len(lines)]
    return [RulesSection(page, section, "\n".join(lines[starts[i]:starts[i + 1]]))
            for i, section in enumerate(sections)]


def _letter(term: str) -> str:
    """The index letter of a term: its first letter without accents (Ä under A), else '#'."""
    first = unicodedata.normalize("NFKD", term.strip()[:1])[:1].upper()
    return first if first.isalpha() else "#"


def _bold(form: str, text: str) -> bool:
    return re.search(rf"\*\*{re.escape(form)}\*\*", text, re.IGNORECASE) is not None


def _defining(sections: list[RulesSection], used: list[RulesSection], forms: list[str]) -> RulesSection | None:
    """The section that defines a term: a heading that starts with it, else its first bold use, else a heading that
    names it, else its first use."""
    def heading(part: RulesSection, start: bool) -> bool:
        title = plain_title(part.section.title).casefold()
        return any((title.startswith(f.casefold()) if start else
                    re.search(rf"(?<!\w){re.escape(f.casefold())}(?!\w)", title) is not None) for f in forms)

    return (next((s for s in sections if heading(s, True)), None)
            or next((s for s in sections for f in forms if _bold(f, s.text)), None)
            or next((s for s in sections if heading(s, False)), None)
            or (used[0] if used else None))


def term_index_page(site: GameSite, sections: list[RulesSection]) -> str | None:
    """Write the index; None for a game without glossary terms."""
    glossary = site.content.game.glossary
    if not glossary:
        return None
    lang = site.lang
    marker = site.glossary
    uses: dict[str, list[RulesSection]] = {}
    for part in sections:
        found: dict[str, None] = {}
        for match in ABBR_RE.finditer(marker.mark(part.text)):
            term = marker.lookup(re.sub(r"<[^>]+>", "", match.group(1)))
            if term is not None:
                found[term.id] = None
        for term_id in found:
            uses.setdefault(term_id, []).append(part)
    entries: dict[str, list[str]] = {}
    for g in sorted(glossary, key=lambda g: site.t(g.term).casefold()):
        name = site.t(g.term)
        forms = [name, *next((v for k, v in g.forms.items() if k == lang), [])]
        used = uses.get(g.id, [])
        defining = _defining(sections, used, forms)
        line = f"- **{escape(name)}**"
        if defining is not None:
            title = escape(plain_title(defining.section.title))
            line += f" — {WORDS['defined'][lang]} [{defining.section.number} {title}]({defining.target})"
        others = [s for s in used if s is not defining]
        if others:
            line += f"; {WORDS['used'][lang]} " + ", ".join(f"[{s.section.number}]({s.target})" for s in others)
        line += f" · [{label('glossary', lang)}](glossary.md)"
        entries.setdefault(_letter(name), []).append(line)
    letters = sorted(entries)
    out = [f"# {WORDS['term_index'][lang]}", "", " · ".join(f"[{c}](#index-{c.lower()})" for c in letters
                                                            if c != "#"), ""]
    for letter in letters:
        anchor = "index-other" if letter == "#" else f"index-{letter.lower()}"
        out += [f"## {letter} {{ #{anchor} }}", "", *entries[letter], ""]
    return site.tree.page(site.path(PAGE), "\n".join(out))


def plain_title(title: str) -> str:
    """A heading's words for a link text: its Markdown emphasis, icons and tags left out."""
    return " ".join(re.sub(r"<[^>]+>|:[a-z0-9_-]+:|[*_`]", " ", title).split())
