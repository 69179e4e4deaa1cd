"""The legend under a picture of the table: what each colour, piece and mark in it means, as an HTML list.

An engine's picture notes its legend while it draws (generator/rules/picture.py, `Legend`): each
kind of piece once, its shape, colour, the mark or icon on it, and the words in the picture's
language. Here each entry becomes a list item: a small picture of the piece (an SVG file drawn by
the drawing model, as the components page's pieces are; empty alt text, the words say it) and the
words, escaped. A list of words, not an image, so it is read aloud, searched and zoomed like the
page's text; the pages' HTML allow-list (site/hooks/safety.py) keeps every tag and attribute used.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

from generator.drawing.shapes import Circle, Icon, Item, Paint, Polygon, Rect, Text
from generator.drawing.svg import XML_DECLARATION, document, icon_symbols, items_svg
from generator.rules.picture import LegendEntry, text_colour
from generator.rulestext.markup import html_escape

TITLE = {"de": "Legende", "en": "Legend"}
BOX = 6.0  # mm: the symbol's square (shown 1.5 em high)
OUTLINE = Paint(fill=None, stroke="#111111", stroke_width=0.3)
MARK_GROUND = "#0b1026"  # a mark or icon drawn on its own sits on the dark ground of the pictures
MARK_PT = 10.0


def _paint(fill: str) -> Paint:
    return Paint(fill=fill, stroke=OUTLINE.stroke, stroke_width=OUTLINE.stroke_width)


def symbol_items(entry: LegendEntry) -> list[Item]:
    """The entry's piece in a `BOX` mm square: its shape in its colour, then the icon and the mark on it."""
    b, m = BOX, BOX / 2
    fill = entry.colour
    shapes: dict[str, Item] = {
        "ship": Polygon(((m, 0.3), (b - 0.9, b - 0.3), (m, b * 0.78), (0.9, b - 0.3)), _paint(fill)),
        "disc": Circle(m, m, m - 0.3, _paint(fill)),
        "ring": Circle(m, m, m - 0.8, Paint(fill="#ffffff", stroke=fill, stroke_width=1.0)),
        "cube": Rect(0.5, 0.5, b - 1, b - 1, _paint(fill), 0.6),
        "card": Rect(1.0, 0.3, b - 2, b - 0.6, _paint(fill), 0.5),
        "hex": Polygon(((m, 0.3), (b - 0.5, b * 0.27), (b - 0.5, b * 0.73), (m, b - 0.3), (0.5, b * 0.73),
                        (0.5, b * 0.27)), _paint(fill)),
    }
    items = [shapes.get(entry.symbol, Rect(0, 0, b, b, Paint(fill=MARK_GROUND), 0.8))]
    icon = entry.icon or (entry.mark if entry.symbol == "icon" else "")
    if icon:
        items.append(Icon(icon, b * 0.2, b * 0.2, b * 0.6))
    elif entry.mark:
        ink = entry.colour if entry.symbol == "mark" else text_colour(entry.colour)
        size = MARK_PT if len(entry.mark) < 3 else MARK_PT * 0.7
        baseline = b * 0.78 if entry.symbol == "ship" else m + size * 0.35 * 0.36
        items.append(Text(m, baseline, entry.mark, "bold", size, ink, "middle"))
    return items


def symbol_svg(entry: LegendEntry, icons: dict[str, Path]) -> bytes:
    """The entry's symbol as an SVG file (the icon's outlines inside it: a picture in <img> loads no other file)."""
    items = symbol_items(entry)
    used = {name: path for name, path in icons.items() if name in (entry.icon, entry.mark)}
    svg = document(BOX, BOX, "pnp-legend-symbol", "", {}, icon_symbols(items, used), items_svg(items, used))
    return (XML_DECLARATION + svg + "\n").encode("utf-8")


def legend_html(entries: tuple[LegendEntry, ...], lang: str, icons: dict[str, Path],
                write: Callable[[str, bytes], str]) -> str:
    """The legend as one line of HTML (a Markdown block of its own), or "" for a picture without one.

    `write(name, svg)` puts a symbol's file into the site and gives its address relative to the page."""
    if not entries:
        return ""
    items = []
    for entry in entries:
        svg = symbol_svg(entry, icons)
        source = write(hashlib.sha256(svg).hexdigest()[:16] + ".svg", svg)
        items.append(f'<li class="pnp-legend__entry pnp-legend--{html_escape(entry.symbol)}">'
                     f'<img class="pnp-legend__symbol" src="{html_escape(source)}" alt="" width="20" height="20">'
                     f'<span>{html_escape(entry.words)}</span></li>')
    title = html_escape(TITLE.get(lang, TITLE["en"]))
    return f'<ul class="pnp-legend" title="{title}">{"".join(items)}</ul>'
