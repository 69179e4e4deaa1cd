"""Small SVG pictures of components that have no picture of their own (cubes, tokens, ships).

Drawn from the component's data (shape, size in mm, colour, icon) as shape items of the one
drawing model (generator.drawing), so the components page shows what the box holds without
anyone drawing it. The SVG writer takes an icon's outlines from the parsed icon, never the
file's own markup, and keeps them in the picture itself: an SVG shown through <img> may not load
other files, and a collaborator's icon cannot bring a script or a link along.
"""

from __future__ import annotations

import math
from pathlib import Path

from generator.drawing.shapes import Circle, Icon, Item, Paint, Polygon, Rect
from generator.drawing.svg import XML_DECLARATION, document, icon_symbols, items_svg

PAD_MM = 0.7          # room around the piece for its outline
OUTLINE = "#222222"
OUTLINE_MM = 0.5
ICON_NAME = "piece"


def _icons(icon: Path | None) -> dict[str, Path]:
    return {ICON_NAME: icon} if icon is not None else {}


def _picture(width: float, height: float, css_class: str, label: str, items: list[Item],
             icon: Path | None) -> bytes:
    icons = _icons(icon)
    svg = document(width, height, css_class, label, {}, icon_symbols(items, icons), items_svg(items, icons))
    return (XML_DECLARATION + svg + "\n").encode("utf-8")


def token_svg(shape: str, size_mm: float, colour: str, icon: Path | None, label: str) -> bytes:
    """A round, square or hex token of `size_mm`, filled with `colour`, with its icon in the middle."""
    side = size_mm
    full = side + 2 * PAD_MM
    middle = full / 2
    paint = Paint(fill=colour, stroke=OUTLINE, stroke_width=OUTLINE_MM)
    items: list[Item]
    if shape == "round":
        items = [Circle(middle, middle, side / 2, paint)]
    elif shape == "hex":  # pointy-top, `side` from corner to corner
        items = [
            Polygon(
                tuple(
                    (middle + side / 2 * math.cos(math.radians(a)), middle + side / 2 * math.sin(math.radians(a)))
                    for a in range(-90, 270, 60)
                ),
                paint,
            )
        ]
    else:
        items = [Rect(PAD_MM, PAD_MM, side, side, paint, radius=side * 0.12)]
    if icon is not None:
        inner = side * 0.62
        items += [Circle(middle, middle, inner * 0.58, Paint(fill="#ffffff")),
                  Icon(ICON_NAME, middle - inner / 2, middle - inner / 2, inner)]
    return _picture(full, full, "pnp-piece", label, items, icon)


def card_svg(width_mm: float, height_mm: float, colour: str, icon: Path | None, label: str) -> bytes:
    """A plain card of the kind's size and colour with its icon: used while no card face exists."""
    w, h = width_mm, height_mm
    items: list[Item] = [Rect(PAD_MM, PAD_MM, w, h, Paint(fill=colour, stroke=OUTLINE, stroke_width=OUTLINE_MM),
                              radius=3.0)]
    if icon is not None:
        inner = w * 0.5
        items.append(Icon(ICON_NAME, PAD_MM + (w - inner) / 2, PAD_MM + (h - inner) / 2, inner))
    return _picture(w + 2 * PAD_MM, h + 2 * PAD_MM, "pnp-piece", label, items, icon)
