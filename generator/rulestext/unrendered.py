"""Text that was never rendered: template fields, attribute lists and template tags a reader would see.

An operation's sentence is a template (`Gain {amount} :{resource}:.`), filled in only where a card's
values are known; a rules page that prints the template itself shows the braces on the site, in
the search and in the printed rulebook. So is a Markdown attribute list (`{ #rule-7-1-7 }`) that
Markdown did not take as one, and a heading holding a brace loses its anchor that way. These are
caught where the text is made (the rules page's own line, generator.rulestext.rules_text) and,
as a last net, in every file a build writes (generator.rulestext.output_scan).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from generator.content.errors import ErrorList, Mark

# `{amount}`, `{amount:+d}`, `{steps:step|steps}`, `:{resource}:` (generator.content.word_forms)
TEMPLATE_FIELD = r":?\{[a-z_][a-z0-9_]*(?::[^{}\n]*)?\}:?"
# Jinja's own delimiters, printed instead of run
TEMPLATE_TAG = r"\{\{|\}\}|\{%|%\}"
# a Markdown attribute list left as text: `{ #rule-7-1-7 }`, `{: .player-aid }`
ATTRIBUTE_LIST = r"\{:?\s*[#.][A-Za-z][\w-]*[^{}\n]{0,200}\}"

MARKDOWN_RE = re.compile(f"{TEMPLATE_FIELD}|{TEMPLATE_TAG}")
OUTPUT_RE = re.compile(f"{ATTRIBUTE_LIST}|{TEMPLATE_FIELD}|{TEMPLATE_TAG}")
HEADING_RE = re.compile(r"^(#{1,6})[ \t]+(.*?)[ \t]*$", re.MULTILINE)
HEADING_ATTRIBUTES_RE = re.compile(r"[ \t]+\{:?[ \t]*[^}\n]*\}[ \t]*$")  # the heading's own trailing `{ ... }`
FENCE_RE = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})", re.MULTILINE)
CONTEXT = 30  # characters shown either side of a find


@dataclass(frozen=True)
class Unrendered:
    """One piece of unrendered text: where it starts in the text searched, what it is, and its surroundings."""

    start: int
    text: str
    context: str


def _context(text: str, start: int, end: int) -> str:
    before = text[max(0, start - CONTEXT):start]
    after = text[end:end + CONTEXT]
    return " ".join(f"{before}{text[start:end]}{after}".split())


def find(text: str, pattern: re.Pattern[str] = OUTPUT_RE) -> list[Unrendered]:
    """Every unrendered piece in text a reader sees (page text, a PDF's text, a card face's words)."""
    return [Unrendered(m.start(), m.group(0), _context(text, m.start(), m.end())) for m in pattern.finditer(text)]


def _fenced(markdown: str) -> list[tuple[int, int]]:
    """The spans of fenced code blocks (their headings are no headings)."""
    spans: list[tuple[int, int]] = []
    opening: re.Match[str] | None = None
    for match in FENCE_RE.finditer(markdown):
        if opening is None:
            opening = match
        elif match.group(1)[0] == opening.group(1)[0] and len(match.group(1)) >= len(opening.group(1)):
            spans.append((opening.start(), match.end()))
            opening = None
    if opening is not None:
        spans.append((opening.start(), len(markdown)))
    return spans


def check_markdown(markdown: str, line_of: Callable[[int, str], int], display: str, errors: ErrorList) -> bool:
    """Add an error for each source line whose rendered text is unrendered, and for each heading holding
    a brace; returns whether the page is clean.

    `line_of(offset, text)` is the source line that wrote `text`, rendered at `offset`. A line a loop
    repeats is one error, naming what it left unrendered."""
    by_line: dict[int, list[Unrendered]] = {}
    for piece in find(markdown, MARKDOWN_RE):
        by_line.setdefault(line_of(piece.start, piece.text), []).append(piece)
    for line, pieces in sorted(by_line.items()):
        shown = list(dict.fromkeys(piece.text for piece in pieces))
        what = ", ".join(f"'{text}'" for text in shown[:4]) + (f" and {len(shown) - 4} more" if len(shown) > 4 else "")
        errors.add(Mark(display, line, 1),
                   f"the page shows unrendered template text {what} (in '{pieces[0].context}')", code="rules",
                   hint="a `{name}` is filled in only on a card, with the card's values: write the words out, "
                        "print a card's own sentence with effect('card-id'), or an operation's general form "
                        "with sentence(op)")
    fenced = _fenced(markdown)
    braced = False
    for match in HEADING_RE.finditer(markdown):
        title = HEADING_ATTRIBUTES_RE.sub("", match.group(2))
        if "{" not in title and "}" not in title or any(a <= match.start() < b for a, b in fenced):
            continue
        braced = True
        if MARKDOWN_RE.search(title):
            continue  # named above
        errors.add(Mark(display, line_of(match.start(), match.group(0)), 1),
                   f"the heading '{title.strip()}' holds a brace, which Markdown reads as the start of the "
                   f"heading's attribute list: the section would lose its anchor and show the braces",
                   code="rules", hint="write the heading without { and }")
    return not by_line and not braced


def line_finder(origins: list[tuple[int, int]], rendered: str, source: str,
                corresponding: Callable[[int], int]) -> Callable[[int, str], int]:
    """`line_of(offset, text)`: the source line that wrote `text`, found at `offset` of the rendered page.

    `origins` are a render's pieces (end offset, compiled line; generator.sandbox.render_bounded).
    Jinja marks the lines of its statements and expressions only, so the text is looked for in the
    source by its words (the piece that holds it, its rendered line, itself), from the statement
    before it on; failing that, the line of the statement or expression that printed it."""
    import bisect

    ends = [end for end, _ in origins]
    line_starts = [0] + [m.end() for m in re.finditer("\n", source)]

    def written(words: str, near: int) -> int | None:
        """The line `words` start on in the source, from line `near` on, else anywhere."""
        if not words.strip():
            return None
        found = source.find(words, line_starts[min(near, len(line_starts)) - 1])
        if found < 0:
            found = source.find(words)
        return bisect.bisect_right(line_starts, found) if found >= 0 else None

    def line_of(offset: int, text: str) -> int:
        index = min(bisect.bisect_right(ends, offset), len(origins) - 1)
        if index < 0:
            return 1
        start = ends[index - 1] if index else 0
        near = max(1, corresponding(origins[index][1]) or 1)
        piece = rendered[start:ends[index]]
        if text in piece:
            found = written(piece, near)
            if found is not None:
                return found + piece[:offset - start].count("\n")
        line_start = rendered.rfind("\n", 0, offset) + 1
        line_end = rendered.find("\n", offset)
        for words in (rendered[line_start:line_end if line_end >= 0 else None].strip(), text):
            found = written(words, near)
            if found is not None:
                return found
        return near

    return line_of
