"""Cross-references between rules pages read and lead as in the printed rulebook: "Rulings (9.9)".

A rules page links another as its writer knows it (`[Rulings](rulings.md)`,
`[Actions](actions.md#fight-an-event)`, `[above](#setup)`). On the site each such link gets the
section number it leads to after its words and points at the section's numbered anchor
(`rulings.md#rule-9-1`), which is the same in every language. Links to anything else (cards,
downloads, addresses) and links whose target is no numbered section stay as they are.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from generator.rulestext.rule_sections import Section, text_anchors

# a Markdown link (not an image) to a page beside this one or to an anchor of this one
LINK = re.compile(r"(?<!!)\[(?P<words>[^\[\]\n]+)\]\(\s*(?P<href>(?:[\w-]+\.md)?(?:#[^\s)]+)?)\s*\)")
FENCE = re.compile(r"^\s{0,3}(```|~~~)")
CODE_SPAN = re.compile(r"(`+).*?\1")

Targets = Mapping[str, tuple[str, str]]  # `slug.md#anchor` (or `slug.md`) -> (section anchor, number)


def section_targets(pages: list[tuple[str, str, list[Section]]]) -> dict[str, tuple[str, str]]:
    """Where links to the rules pages lead: each page, its sections by number anchor and by the anchor its
    heading's words give (`pages`: slug, the page's Markdown before numbering, its numbered sections)."""
    targets: dict[str, tuple[str, str]] = {}
    for slug, markdown, sections in pages:
        if not sections:
            continue
        targets[f"{slug}.md"] = (sections[0].anchor, sections[0].number)
        olds = text_anchors(markdown)
        for position, section in enumerate(sections):
            targets[f"{slug}.md#{section.anchor}"] = (section.anchor, section.number)
            if len(olds) == len(sections):
                targets.setdefault(f"{slug}.md#{olds[position]}", (section.anchor, section.number))
    return targets


def numbered_links(markdown: str, slug: str, targets: Targets) -> str:
    """The page with every link to a numbered section carrying its number and leading to its number anchor
    (outside code: a code span or fenced block shows its link as written)."""

    def link(match: re.Match[str]) -> str:
        href = match.group("href")
        if not href:
            return match.group(0)
        key = f"{slug}.md{href}" if href.startswith("#") else href
        found = targets.get(key)
        if found is None:
            return match.group(0)
        anchor, number = found
        page, _, wanted = key.partition("#")
        words = match.group("words")
        shown = words if words.rstrip().endswith(f"({number})") else f"{words} ({number})"
        if not wanted:  # a whole page: its top
            return f"[{shown}]({page})"
        return f"[{shown}]({'' if page == f'{slug}.md' else page}#{anchor})"

    lines = markdown.split("\n")
    fenced = False
    for index, line in enumerate(lines):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if fenced or "](" not in line:
            continue
        lines[index] = _outside_code(line, link)
    return "\n".join(lines)


def _outside_code(line: str, link: Callable[[re.Match[str]], str]) -> str:
    spans = [(m.start(), m.end()) for m in CODE_SPAN.finditer(line)]
    return LINK.sub(lambda m: m.group(0) if any(a <= m.start() < b for a, b in spans) else link(m), line)
