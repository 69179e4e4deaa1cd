"""Board text (panel titles, rule summaries, legend entries) set by the card pipeline's text layout.

The same markup as on cards: `**bold**`, inline `:icons:`, a newline starts a new line. Lines
are broken by generator.layout.richtext (real font metrics, the same breaking rules), so a board
and a card never disagree on how text looks; this module only turns the set text into scene
items. Boards do not shrink text: a panel that is too small is reported by its caller.
"""

from __future__ import annotations

from generator.boards.scene import Icon, Item, Text
from generator.layout.richtext import set_text

LINE_HEIGHT = 1.3
TALL = 10_000.0  # boards grow downwards; the caller checks the height used


def flow_text(text: str, x: float, top: float, width: float, font: str, size: float, color: str,
              icons: set[str], anchor: str = "start") -> tuple[list[Item], float]:
    """Lay out `text` from (x, top) within `width`; returns the items and the height used (mm)."""
    setting = set_text(text, font, size, size, round(width, 4), TALL, "center" if anchor == "middle" else "left",
                       "top", LINE_HEIGHT, 0.0, 0)
    items: list[Item] = [Text(x + dx, top + baseline, run, face, setting.fitted.size, color)
                         for dx, baseline, run, face, _ in setting.runs]
    items += [Icon(name, x + dx, top + dy, edge) for name, dx, dy, edge in setting.icons if name in icons]
    return items, setting.fitted.height
