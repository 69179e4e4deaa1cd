"""Rulings shown beside the rule they clarify and on the pages of the cards they concern.

A ruling is a section of the rules page `rulings`. It concerns a rules section when the two explain the
same refusal of the engine (their `refuses` attributes share a rule), when the ruling links to the section
(or its page's first section), or when the section links to the ruling; it concerns a card when it names
the card (by its name in the page's language, or a link to its page). The site then puts a note under the
section ("Ruling 9.3: …", linked) and lists the rulings on the card's page. Only the rulings' titles and
numbers are shown, never their option names (the designer's site has those).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.content.loader import GameContent
from generator.rulestext.markup import escape
from generator.rulestext.rule_sections import Section, text_anchors
from generator.site.term_index import RulesSection, page_sections, plain_title

RULINGS = "rulings"  # the slug of the rulings page
WORDS = {"ruling": {"de": "Entscheidung", "en": "Ruling"}, "rulings": {"de": "Entscheidungen", "en": "Rulings"}}
LINK_RE = re.compile(r"\]\(([a-z0-9-]+)\.md(?:#([^)\s]+))?\)")
CARD_LINK_RE = re.compile(r"\]\((?:\.\./)?cards/([a-z0-9-]+)\.md\)")
HEADING_ID_RE = re.compile(r"^#{1,6} .*\{[^}]*#(rule-[0-9-]+)[^}]*\}\s*$")


@dataclass(frozen=True)
class Ruling:
    """One ruling: its number, title and place on the site."""

    number: str
    title: str
    target: str  # rules/rulings.md#rule-9-3


def _shares_refusal(one: tuple[str, ...], other: tuple[str, ...]) -> bool:
    """Whether two lists of refusal patterns (`move.*`, `pass.exact`) name a rule in common."""
    def prefix(pattern: str) -> str:
        return pattern[:-1] if pattern.endswith("*") else pattern

    return any(prefix(a).startswith(prefix(b)) or prefix(b).startswith(prefix(a)) for a in one for b in other)


def _links_to(part: RulesSection, other: RulesSection, anchors: dict[str, str]) -> bool:
    """Whether `part`'s text links to `other` (its text anchor, its number's anchor, or its page's first section)."""
    slug = other.page.rsplit("/", 1)[-1][:-3]
    for page, anchor in LINK_RE.findall(part.text):
        if page != slug:
            continue
        if not anchor:
            if other.section.level == 1:
                return True
        elif anchor == other.section.anchor or anchors.get(f"{slug}#{anchor}") == other.section.anchor:
            return True
    return False


def text_anchor_map(drafts: list[tuple[str, str, list[Section]]]) -> dict[str, str]:
    """"slug#text-anchor" -> the section's `rule-` anchor, for every rules page's headings (as the toc names them)."""
    found: dict[str, str] = {}
    for slug, markdown, sections in drafts:
        olds = text_anchors(markdown)
        if len(olds) == len(sections):
            found.update({f"{slug}#{old}": section.anchor for old, section in zip(olds, sections, strict=True)})
    return found


def card_name_map(content: GameContent, lang: str) -> dict[str, str]:
    """The card names a ruling may name a card by: every face's name, save the one-word names of fewer than six
    letters and the glossary's words ("Space", "Event" and "Planet" are said of many things)."""
    common = {g.term.get(lang).casefold() for g in content.game.glossary}
    common |= {form.casefold() for g in content.game.glossary for k, forms in g.forms.items() if k == lang
               for form in forms}
    names: dict[str, str] = {}
    for card in content.cards:
        for face in (card, card.back):
            if face is None:
                continue
            name = face.name.get(lang)
            if name.casefold() in common or (" " not in name and len(name) < 6):
                continue
            names.setdefault(name, card.id)
    return names


def _named_cards(part: RulesSection, pattern: re.Pattern[str] | None, card_names: dict[str, str]) -> set[str]:
    cards = set(CARD_LINK_RE.findall(part.text))
    if pattern is not None:
        cards |= {card_names[m.group(1)] for m in pattern.finditer(part.text + " " + part.section.title)}
    return cards


def _name_pattern(card_names: dict[str, str]) -> re.Pattern[str] | None:
    names = sorted(card_names, key=len, reverse=True)
    return re.compile(r"(?<!\w)(" + "|".join(re.escape(n) for n in names) + r")(?!\w)") if names else None


def rulings_cards(languages: list[tuple[list[RulesSection], dict[str, str]]]) -> dict[str, set[str]]:
    """The cards each ruling (by number) names in every language given as (its sections, its card names): a name
    found in one language only (a common noun there) does not count."""
    found: dict[str, set[str]] | None = None
    for parts, card_names in languages:
        pattern = _name_pattern(card_names)
        mine = {p.section.number: _named_cards(p, pattern, card_names) for p in parts
                if p.page.endswith(f"/{RULINGS}.md") and p.section.level == 2}
        found = mine if found is None else {n: found.get(n, set()) & cards for n, cards in mine.items()}
    return found or {}


def rulings_cards_of(content: GameContent, lang: str, parts: list[RulesSection]) -> dict[str, set[str]]:
    """rulings_cards over `parts` (the site's language, as the site shows it) and every other language of the
    game (its rules pages as rendered)."""
    from generator.content.errors import ErrorList
    from generator.rulestext.rule_sections import number_sections
    from generator.rulestext.rules_text import render_rules

    languages = [(parts, card_name_map(content, lang))]
    for other in sorted(content.rules):
        if other == lang:
            continue
        found: list[RulesSection] = []
        for number, page in enumerate(render_rules(content, other, ErrorList()), start=1):
            found += page_sections(f"rules/{page.slug}.md", page.markdown, number_sections(page.markdown, number))
        languages.append((found, card_name_map(content, other)))
    return rulings_cards(languages)


def rulings_map(parts: list[RulesSection], text_anchors: dict[str, str], named: dict[str, set[str]]
                ) -> tuple[dict[str, list[Ruling]], dict[str, list[Ruling]]]:
    """(rulings by the anchor@page of the rules section they clarify, rulings by the card they concern).

    `text_anchors` maps "slug#text-anchor" to the section's `rule-` anchor; `named` the cards each ruling names
    (rulings_cards). A ruling clarifies a section that shares a refusal with it, that it links or that links it,
    or that links a card the ruling names."""
    rulings = [p for p in parts if p.page.endswith(f"/{RULINGS}.md") and p.section.level == 2]
    rules = [p for p in parts if not p.page.endswith(f"/{RULINGS}.md")]
    by_section: dict[str, list[Ruling]] = {}
    by_card: dict[str, list[Ruling]] = {}
    for part in rulings:
        ruling = Ruling(part.section.number, plain_title(part.section.title), part.target)
        cards = named.get(part.section.number, set())
        for rule in rules:
            if (_shares_refusal(part.section.refuses, rule.section.refuses) and part.section.refuses) \
                    or _links_to(part, rule, text_anchors) or _links_to(rule, part, text_anchors) \
                    or cards & set(CARD_LINK_RE.findall(rule.text)):
                by_section.setdefault(rule.section.anchor + "@" + rule.page, []).append(ruling)
        for card in sorted(cards):
            by_card.setdefault(card, []).append(ruling)
    return by_section, by_card


def _note(rulings: list[Ruling], page: str, lang: str) -> list[str]:
    """An admonition under a section: its rulings, each linked by number and title."""
    target = "" if page.endswith(f"/{RULINGS}.md") else f"{RULINGS}.md"
    title = WORDS["ruling" if len(rulings) == 1 else "rulings"][lang]
    lines = ["", f'!!! note "{title}"', ""]
    for ruling in rulings:
        anchor = ruling.target.split("#", 1)[1]
        lines.append(f"    - [{ruling.number} {escape(ruling.title)}]({target}#{anchor})")
    return lines + [""]


def with_rulings(markdown: str, page: str, by_section: dict[str, list[Ruling]], lang: str) -> str:
    """A numbered rules page with a note of its rulings at the end of each section they clarify."""
    out: list[str] = []
    current: str | None = None

    def flush() -> None:
        if current is not None and f"{current}@{page}" in by_section:
            while out and not out[-1].strip():
                out.pop()
            out.extend(_note(by_section[f"{current}@{page}"], page, lang))

    fence = False
    for line in markdown.split("\n"):
        if line.lstrip().startswith(("```", "~~~")):
            fence = not fence
        match = None if fence else HEADING_ID_RE.match(line)
        if match:
            flush()
            current = match.group(1)
        out.append(line)
    flush()
    return "\n".join(out)


def card_rulings(rulings: list[Ruling], lang: str) -> str:
    """The rulings section of a card page (card pages live in cards/, the rulings page in rules/)."""
    lines = [f"## {WORDS['rulings'][lang]}", ""]
    for ruling in rulings:
        lines.append(f"- [{ruling.number} {escape(ruling.title)}](../{ruling.target})")
    return "\n".join(lines) + "\n"
