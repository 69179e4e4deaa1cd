"""What a board looks like, computed once: a `Scene` of the drawing model's shapes, texts and icons.

The layout step (generator.boards.layout) turns a board into a `Scene`; token sheets and the
engines' table pictures are scenes too. The items are generator.drawing.shapes' (the ones card
faces are made of, re-exported here) and the backends (generator.drawing.pdf, .svg) draw exactly
these items in order and decide nothing themselves, so the web SVG, the one-page PDF and every
tile of the home-printer PDF show the same board.
Units: millimetres, origin at the board's top-left corner, y pointing down. Font sizes in pt.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from generator.drawing.shapes import PT_MM, Anchor, Circle, Icon, Image, Item, Line, Paint, Polygon, Rect, Text

__all__ = ["PT_MM", "Anchor", "Circle", "Icon", "Image", "Item", "Line", "Paint", "Polygon", "Rect", "Scene", "Text"]


@dataclass
class Scene:
    """A laid-out board: its size, background colour, the items in drawing order, and icon files."""

    width: float
    height: float
    background: str | None = None
    items: list[Item] = field(default_factory=list)
    icons: dict[str, Path] = field(default_factory=dict)
    title: str = ""

    def add(self, *items: Item) -> None:
        self.items.extend(items)

    def texts(self) -> list[Text]:
        return [item for item in self.items if isinstance(item, Text)]
