"""What a version changed, as a player reads it: "Section 4.2 Trading changed", "Orbital migration now costs 3".

`pnp diff` speaks to designers (value paths, unified diffs, engine events); the changelog of the
players' site speaks of rules sections, cards and examples. The comparisons are pnp diff's own
(rules pages as rendered: generator.diff.rules_pages; card data: generator.diff.cards; example
replays: generator.diff.examples); this module only turns what they found into section numbers
and headings, card sentences as the printed card shows them, and example titles.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from generator.content.errors import ErrorList
from generator.content.loader import GameContent
from generator.content.schema import Card, EngineModule
from generator.diff.cards import field_changes
from generator.diff.examples import ADDED, REMOVED, SAME, example_changes
from generator.diff.rules_pages import page_changes
from generator.rulestext.card_text import face_lines
from generator.rulestext.i18n import label
from generator.rulestext.rule_sections import Section, number_sections
from generator.rulestext.rules_text import render_rules
from generator.rulestext.word_tables import words_beside
from generator.site.changelog_model import CardChange, ExampleChange, SectionChange, VersionEntry

WORDS = words_beside(__file__)


LABELLED = re.compile(r"^\*\*([^*]+):\*\* (.+)$")  # a card field's line as the gallery prints it


def words(key: str, lang: str, **values: object) -> str:
    return WORDS[key]["de" if lang == "de" else "en"].format(**values)


@dataclass(frozen=True)
class _Part:
    """A section's own text: its heading and the lines up to the next heading of any level."""

    section: Section
    text: tuple[str, ...]


def _parts(markdown: str, number: int) -> list[_Part]:
    lines = markdown.split("\n")
    sections = number_sections(markdown, number)
    parts = []
    for position, section in enumerate(sections):
        end = sections[position + 1].line - 1 if position + 1 < len(sections) else len(lines)
        own = tuple(line.rstrip() for line in lines[section.line - 1:end] if line.strip())
        parts.append(_Part(section, own))
    return parts


def _page_sections(content: GameContent, lang: str, errors: ErrorList) -> dict[str, tuple[str, list[_Part]]]:
    """Each rules page (by file) as (slug, its sections with their own text)."""
    return {page.source: (page.slug, _parts(page.markdown, number))
            for number, page in enumerate(render_rules(content, lang, errors), start=1)}


def section_changes(old: GameContent, new: GameContent, lang: str, old_errors: ErrorList,
                    new_errors: ErrorList) -> list[SectionChange]:
    """The sections of the pages pnp diff finds changed in `lang`: those whose own text differs, matched by their
    headings (a section moved down by a new one before it is not changed), numbered as in `new`."""
    changed_pages = {change.page for change in page_changes(old, new, old_errors, new_errors) if change.lang == lang}
    if not changed_pages:
        return []
    before, after = _page_sections(old, lang, old_errors), _page_sections(new, lang, new_errors)
    found: list[SectionChange] = []
    for source in [*after, *(s for s in before if s not in after)]:
        if source not in changed_pages:
            continue
        slug, now = after.get(source, ("", []))
        then = before.get(source, ("", []))[1]
        titles = difflib.SequenceMatcher(a=[p.section.title for p in then], b=[p.section.title for p in now],
                                         autojunk=False)
        for tag, a0, a1, b0, b1 in titles.get_opcodes():
            if tag == "equal" or (tag == "replace" and a1 - a0 == b1 - b0):  # the same, or renamed in place
                for was, part in zip(then[a0:a1], now[b0:b1], strict=True):
                    if was.text != part.text:
                        found.append(SectionChange(part.section.number, part.section.title, "changed",
                                                   part.section.anchor, slug))
                continue
            found += [SectionChange(p.section.number, p.section.title, "added", p.section.anchor, slug)
                      for p in now[b0:b1]]
            found += [SectionChange(p.section.number, p.section.title, "removed") for p in then[a0:a1]]
    return found


def _faces(content: GameContent, card: Card, lang: str) -> list[str]:
    """What the printed card says, line by line (the cost apart), front then back."""
    lines = [line for line in face_lines(content, card, card, lang) if not line.startswith(f"**{label('cost', lang)}")]
    if card.back is not None:
        lines += face_lines(content, card, card.back, lang)
    return lines


def card_sentences(old: GameContent, new: GameContent, was: Card, card: Card, lang: str) -> list[str]:
    """What a player notices on a changed card, in sentences; nothing when only unprinted values changed."""
    said: list[str] = []
    if was.name.get(lang) != card.name.get(lang):
        said.append(words("renamed", lang, old=was.name.get(lang)))
    if was.cost != card.cost:
        said.append(words("costs", lang, new=card.cost, old=was.cost) if was.cost is not None and card.cost is not None
                    else words("no_cost", lang, old=was.cost) if card.cost is None else words("new_cost", lang,
                                                                                            new=card.cost))
    if was.count != card.count:
        said.append(words("count", lang, new=card.count, old=was.count))
    then, now = _faces(old, was, lang), _faces(new, card, lang)
    for tag, a0, a1, b0, b1 in difflib.SequenceMatcher(a=then, b=now, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        gone, came = then[a0:a1], now[b0:b1]
        labelled = [(LABELLED.match(a), LABELLED.match(b)) for a, b in zip(gone, came, strict=False)]
        if len(gone) == len(came) and all(a and b and a.group(1) == b.group(1) for a, b in labelled):
            said += [words("value", lang, label=a.group(1), new=b.group(2), old=a.group(2))
                     for a, b in labelled if a and b]  # `**Build cost:** 4` -> 5: "Build cost now 5 (was 4)"
            continue
        if came:
            said.append(words("reads", lang, new=" · ".join(came)))
        if gone:
            said.append(words("was", lang, old=" · ".join(gone)))
    return said


def card_changes(old: GameContent, new: GameContent, lang: str) -> list[CardChange]:
    """Cards added, removed, and changed in what they print, in the new game's order."""
    before = {card.id: card for card in old.cards}
    found: list[CardChange] = []
    for card in new.cards:
        was = before.get(card.id)
        if was is None:
            found.append(CardChange(card.id, card.name.get(lang), "added"))
        elif field_changes(was, card):
            sentences = card_sentences(old, new, was, card, lang)
            if sentences:
                found.append(CardChange(card.id, card.name.get(lang), "changed", tuple(sentences)))
    ids = {card.id for card in new.cards}
    found += [CardChange(card.id, card.name.get(lang), "removed") for card in old.cards if card.id not in ids]
    return found


def _installed_engine(content: GameContent) -> bool:
    """Whether the game's engine is one pnp-forge installs (a revision's own engine module never runs here)."""
    return bool(content.game.engine) and not isinstance(content.game.engine, EngineModule)


def example_titles(old: GameContent, new: GameContent, old_errors: ErrorList,
                   new_errors: ErrorList) -> dict[str, list[ExampleChange]]:
    """Examples added, removed or playing differently, by language; none for a game whose engine is its own
    module (a revision's code is not run)."""
    if not (_installed_engine(old) and _installed_engine(new)):
        return {}
    changes = [change for change in example_changes(old, new, old_errors, new_errors, False) if change.status != SAME]
    kind = {ADDED: "added", REMOVED: "removed"}
    return {lang: [ExampleChange(c.example_id, c.title.get(lang, c.example_id), kind.get(c.status, "changed"))
                   for c in changes] for lang in new.languages}


def compared_entry(entry: VersionEntry, old: GameContent, new: GameContent, examples: bool = True) -> VersionEntry:
    """`entry` with what changed from `old` to `new` in each language of `new`; a side whose rules or examples
    cannot be read leaves the entry marked not compared."""
    old_errors, new_errors = ErrorList(), ErrorList()
    for lang in new.languages:
        entry.sections[lang] = section_changes(old, new, lang, old_errors, new_errors) if lang in old.languages else []
        entry.cards[lang] = card_changes(old, new, lang)
    if examples:
        entry.examples = example_titles(old, new, old_errors, new_errors)
    if old_errors or new_errors:
        entry.sections, entry.cards, entry.examples, entry.compared = {}, {}, {}, False
    return entry
