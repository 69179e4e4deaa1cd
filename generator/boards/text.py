"""Text with inline `:icons:` broken into lines that fit a width, measured with the project's fonts.

Panels on boards hold short rule summaries ("Colonise: 1 :action: + 1 :nut:"). Lines break at
spaces; an explicit newline starts a new line, a blank line adds half a line of space. An icon
is as wide as the font is tall. The result is scene items, so both backends draw the same lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.boards.scene import PT_MM, Icon, Item, Text
from generator.layout.fonts import text_width_pt

ICON_TOKEN = re.compile(r"(:[a-z][a-z0-9_-]*:)")
LINE_HEIGHT = 1.3


@dataclass(frozen=True)
class Word:
    """A word or an icon, with the space before it (0 at the start of a line)."""

    text: str
    icon: str | None
    width: float


def _words(line: str, font: str, size: float, icons: set[str]) -> list[Word]:
    out = []
    for chunk in line.split(" "):
        if not chunk:
            continue
        for piece in ICON_TOKEN.split(chunk):
            if not piece:
                continue
            name = piece[1:-1] if ICON_TOKEN.fullmatch(piece) and piece[1:-1] in icons else None
            width = size * PT_MM if name else text_width_pt(piece, font, size) * PT_MM
            out.append(Word(piece, name, width))
        out.append(Word(" ", None, text_width_pt(" ", font, size) * PT_MM))
    while out and out[-1].text == " ":
        out.pop()
    return out


def wrap(words: list[Word], width: float) -> list[list[Word]]:
    """Greedy line breaking at spaces; a word longer than the line stands alone."""
    lines: list[list[Word]] = [[]]
    used = 0.0
    pending_space: Word | None = None
    for word in words:
        if word.text == " " and word.icon is None:
            pending_space = word
            continue
        extra = (pending_space.width if pending_space and lines[-1] else 0) + word.width
        if lines[-1] and used + extra > width:
            lines.append([])
            used = 0.0
            extra = word.width
        elif pending_space and lines[-1]:
            lines[-1].append(pending_space)
        lines[-1].append(word)
        used += extra
        pending_space = None
    return lines


def flow_text(text: str, x: float, top: float, width: float, font: str, size: float, color: str,
              icons: set[str], anchor: str = "start") -> tuple[list[Item], float]:
    """Lay out `text` from (x, top) within `width`; returns the items and the height used (mm)."""
    items: list[Item] = []
    line_mm = size * PT_MM * LINE_HEIGHT
    ascent = size * PT_MM * 0.76
    y = top
    for paragraph in text.split("\n"):
        if not paragraph.strip():
            y += line_mm / 2
            continue
        for line in wrap(_words(paragraph, font, size, icons), width):
            line_width = sum(w.width for w in line)
            cx = x + (width - line_width) / 2 if anchor == "middle" else x
            baseline = y + ascent
            run: list[str] = []
            run_x = cx
            for word in line:
                if word.icon:
                    if run:
                        items.append(Text(run_x, baseline, "".join(run), font, size, color))
                        run = []
                    icon_size = size * PT_MM
                    items.append(Icon(word.icon, cx, baseline - icon_size * 0.82, icon_size))
                    cx += word.width
                    run_x = cx
                else:
                    run.append(word.text)
                    cx += word.width
            if run:
                items.append(Text(run_x, baseline, "".join(run), font, size, color))
            y += line_mm
    return items, y - top
