"""Section numbers of the rules: "3.2" is the second `##` heading of the third rules page.

Players cite rules by number ("see 4.6"), so every heading of a rendered rules page gets one:
the page's position in page order, then one number per heading level. The site shows the number
in the heading and uses it as the heading's anchor (`#rule-4-6`), the printable rulebook prints
the same numbers, and because the German and English pages of a game have the same heading
structure (checked by `pnp check`), 4.6 is the same rule in both languages. A heading that
already starts with its own number ("## 1. Reveal a time card" as section 3.1) loses that
number: the section number says it.

The heading's former text anchor (`#fight-an-event`) stays reachable as an empty element at
the start of the heading, so existing links into the rules keep working.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import markdown  # type: ignore[import-untyped]
from markdown.extensions.toc import slugify_unicode  # type: ignore[import-untyped]

from generator.content.errors import ErrorList, Mark
from generator.content.loader import GameContent
from generator.rulestext.rules_text import RulesPage

HEADING_RE = re.compile(r"^(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$")
FENCE_RE = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})")
# a trailing `{ #id .class }` (attr_list): after a space, as Markdown reads it; an inline icon's own
# `![..](..){ .pnp-icon }` at the heading's end is no attribute list of the heading's
ATTR_LIST_RE = re.compile(r"[ \t]+\{:?[ \t]*([^}]*)\}[ \t]*$")
ATTRIBUTE_RE = re.compile(r'([A-Za-z_][\w-]*)=(?:"([^"]*)"|\'([^\']*)\'|(\S+))|(\S+)')
# the heading's own enumeration: "1. Reveal", "2 – Research", "3) Act"
OWN_NUMBER_RE = re.compile(r"^(\d+)(?:\.|\)|[ \t]+[–—-])[ \t]+(?=\S)")


@dataclass(frozen=True)
class Section:
    """One numbered heading of a rules page."""

    number: str  # "3.2"
    level: int  # 1 for `#`, 2 for `##` ...
    title: str  # the heading's Markdown, without the number or an attribute list
    line: int  # 1-based line of the heading in the page's rendered Markdown
    classes: tuple[str, ...] = ()  # from the heading's attribute list: `{ .player-aid }`: the quick reference links it
    refuses: tuple[str, ...] = ()  # `{ refuses="move.* build.points" }`: the engine's refusals this section explains

    @property
    def anchor(self) -> str:
        """The heading's id on the site: the same in every language (`rule-3-2`)."""
        return section_anchor(self.number)

    @property
    def label(self) -> str:
        """How the heading reads: `3.2 Take up to 2 actions`."""
        return f"{self.number} {self.title}"


PLAYER_AID = "player-aid"  # the class that marks a section the quick reference and player aid sum up (linked there)
REFUSES = "refuses"  # the attribute that names the engine refusals a section explains


def section_anchor(number: str) -> str:
    return "rule-" + number.replace(".", "-")


def heading_lines(text: str) -> list[tuple[int, int, str]]:
    """(0-based line index, level, text) of every ATX heading outside fenced code blocks."""
    found: list[tuple[int, int, str]] = []
    fence: str | None = None
    for index, line in enumerate(text.split("\n")):
        opening = FENCE_RE.match(line)
        if fence is not None:
            if opening and opening.group(1)[0] == fence[0] and len(opening.group(1)) >= len(fence):
                fence = None
            continue
        if opening:
            fence = opening.group(1)
            continue
        match = HEADING_RE.match(line)
        if match:
            found.append((index, len(match.group(1)), match.group(2)))
    return found


def _attribute_parts(attributes: str) -> list[tuple[str, str | None]]:
    """An attribute list as (key, value) pairs; a bare part (`.class`, `#id`) has the value None."""
    parts: list[tuple[str, str | None]] = []
    for match in ATTRIBUTE_RE.finditer(attributes):
        if match.group(5) is not None:
            parts.append((match.group(5), None))
        else:
            value = next(v for v in match.group(2, 3, 4) if v is not None)
            parts.append((match.group(1), value))
    return parts


def _split_attributes(title: str) -> tuple[str, str]:
    """The heading text and its trailing attribute list without any `#id` (the number sets the id)."""
    match = ATTR_LIST_RE.search(title)
    if match is None:
        return title, ""
    kept = [key if value is None else f'{key}="{value}"' for key, value in _attribute_parts(match.group(1))
            if not key.startswith("#")]
    return title[:match.start()], " ".join(kept)


def number_sections(text: str, page_number: int) -> list[Section]:
    """The numbered headings of one rendered rules page that is `page_number` in page order."""
    sections: list[Section] = []
    counters: list[int] = []
    for index, level, raw in heading_lines(text):
        if level == 1:
            counters = []
        else:
            depth = level - 1  # `##` is the first number after the page's
            counters = (counters + [0] * depth)[:depth]
            counters[-1] += 1
        number = ".".join(str(n) for n in [page_number, *counters])
        title, _ = _split_attributes(raw)
        own = OWN_NUMBER_RE.match(title)
        if own and counters and int(own.group(1)) == counters[-1]:
            title = title[own.end():]
        _, kept = _split_attributes(raw)
        parts = _attribute_parts(kept)
        classes = tuple(key[1:] for key, value in parts if value is None and key.startswith("."))
        refuses = tuple(rule for key, value in parts if key == REFUSES and value for rule in value.split())
        sections.append(Section(number, level, title.strip(), index + 1, classes, refuses))
    return sections


def text_anchors(text: str) -> list[str]:
    """The ids Python-Markdown's toc gives the page's headings, in order (as the site configures it)."""
    return list(_text_anchors(text))


@lru_cache(maxsize=256)  # the site and the printed rules number the same pages: converted once
def _text_anchors(text: str) -> tuple[str, ...]:
    md = markdown.Markdown(extensions=["toc", "attr_list", "admonition", "tables", "md_in_html", "fenced_code"],
                           extension_configs={"toc": {"slugify": slugify_unicode}})
    md.convert(text)
    out: list[str] = []

    def walk(tokens: list) -> None:
        for token in tokens:
            out.append(token["id"])
            walk(token["children"])

    walk(md.toc_tokens)
    return tuple(out)


def numbered_markdown(text: str, sections: list[Section], keep_text_anchors: bool = True) -> str:
    """The page with each heading numbered and anchored by its number (`## 3.2 Title { #rule-3-2 }`).

    With `keep_text_anchors`, the anchor the heading had before (from its words) stays as an
    empty element in the heading, so links written against it still land on it."""
    lines = text.split("\n")
    headings = heading_lines(text)
    olds = text_anchors(text) if keep_text_anchors else []
    if len(olds) != len(headings):
        olds = []  # a heading the toc does not see (or one it sees that we do not): no old anchors
    for position, ((index, level, raw), section) in enumerate(zip(headings, sections, strict=False)):
        _, kept = _split_attributes(raw)
        attributes = " ".join(part for part in (f"#{section.anchor}", kept) if part)
        old = f'<span id="{olds[position]}"></span>' if olds and olds[position] != section.anchor else ""
        lines[index] = f"{'#' * level} {old}{section.label} {{ {attributes} }}"
    return "\n".join(lines)


def structure(sections: list[Section]) -> list[tuple[str, int, bool, tuple[str, ...]]]:
    """What must agree between languages: each heading's number and level, whether the player aid
    holds it and which refusals it explains."""
    return [(s.number, s.level, PLAYER_AID in s.classes, s.refuses) for s in sections]


def section_markdown(text: str, sections: list[Section], position: int) -> str:
    """The Markdown of one section: its heading line and everything up to the next heading of its level or above."""
    lines = text.split("\n")
    start = sections[position].line - 1
    end = next((s.line - 1 for s in sections[position + 1:] if s.level <= sections[position].level), len(lines))
    return "\n".join(lines[start:end])


def _levels(sections: list[Section]) -> str:
    return " ".join("#" * s.level for s in sections)


def source_line(source: str, rendered: str, position: int) -> int:
    """The line of the page's source file that wrote its `position`-th rendered heading.

    Headings written one by one map one to one; a heading a loop repeats is found by its words
    or, failing that, the page's first line is named."""
    written = heading_lines(source)
    shown = heading_lines(rendered)
    if position >= len(shown):
        return written[-1][0] + 1 if written else 1
    if len(written) == len(shown):
        return written[position][0] + 1
    _, level, text = shown[position]
    for index, written_level, written_text in written:
        if written_level == level and written_text == text:
            return index + 1
    return 1


def check_same_structure(content: GameContent, pages: dict[str, list[RulesPage]], errors: ErrorList) -> None:
    """Every language's rules pages have the same pages and headings, so a section number is one rule.

    German is the source language of the rulebooks; another language's page that departs from
    it is the error, at the first heading that differs."""
    languages = [lang for lang in pages if pages[lang]]
    if len(languages) < 2:
        return
    source_lang = "de" if "de" in languages else languages[0]
    reference = pages[source_lang]
    reference_files = [page.source for page in reference]
    for lang in languages:
        if lang == source_lang:
            continue
        files = [page.source for page in pages[lang]]
        if files != reference_files:
            missing = sorted(set(reference_files) - set(files))
            extra = sorted(set(files) - set(reference_files))
            what = "; ".join(part for part in (f"missing {', '.join(missing)}" if missing else "",
                                               f"only here: {', '.join(extra)}" if extra else "") if part)
            errors.add(Mark(f"{content.root.name}/rules/{lang}", 1, 1),
                       f"the {lang} rules pages are not the {source_lang} ones ({what or 'another order'}): "
                       f"section numbers would name different rules", code="rules",
                       hint=f"give rules/{lang}/ the same page files as rules/{source_lang}/")
            continue
        for number, (ours, theirs) in enumerate(zip(pages[lang], reference, strict=False), start=1):
            mine, others = number_sections(ours.markdown, number), number_sections(theirs.markdown, number)
            if structure(mine) == structure(others):
                continue
            position = next(
                (i for i, (a, b) in enumerate(zip(structure(mine), structure(others), strict=False)) if a != b),
                min(len(mine), len(others)),
            )
            same_place = position < min(len(mine), len(others)) and (mine[position].number, mine[position].level) == (
                others[position].number, others[position].level)
            if same_place and mine[position].refuses != others[position].refuses:
                line = source_line(content.rules[lang][ours.source], ours.markdown, position)
                errors.add(Mark(f"{content.root.name}/rules/{lang}/{ours.source}", line, 1),
                           f"section {mine[position].number} explains the refusals "
                           f"'{' '.join(mine[position].refuses)}' here but '{' '.join(others[position].refuses)}' in "
                           f"rules/{source_lang}/{theirs.source}", code="rules",
                           hint=f"write the same {REFUSES}=\"...\" in every language")
                continue
            if same_place:
                line = source_line(content.rules[lang][ours.source], ours.markdown, position)
                errors.add(
                    Mark(f"{content.root.name}/rules/{lang}/{ours.source}", line, 1),
                    f"section {mine[position].number} is {'' if PLAYER_AID in mine[position].classes else 'not '}"
                    f"marked {{ .{PLAYER_AID} }} here but {'' if PLAYER_AID in others[position].classes else 'not '}"
                    f"in rules/{source_lang}/{theirs.source}",
                    code="rules",
                    hint="the player aid holds the same sections in every language: mark both or neither",
                )
                continue
            here = mine[position].label if position < len(mine) else "no further heading"
            there = others[position].label if position < len(others) else "no further heading"
            line = source_line(content.rules[lang][ours.source], ours.markdown, position)
            errors.add(Mark(f"{content.root.name}/rules/{lang}/{ours.source}", line, 1),
                       f"heading structure differs from rules/{source_lang}/{theirs.source}: here '{here}', there "
                       f"'{there}' (headings here: {_levels(mine)}; there: {_levels(others)})", code="rules",
                       hint="both languages need the same headings at the same levels, so that a section number "
                            "names the same rule in each")
