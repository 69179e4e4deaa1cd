"""What a board looks like, computed once: shapes, text runs and icons in millimetres.

The layout step (generator.boards.layout) turns a board into a `Scene`; the SVG and PDF
backends draw exactly these items in order and decide nothing themselves, so the web SVG, the
one-page PDF and every tile of the home-printer PDF show the same board.
Units: millimetres, origin at the board's top-left corner, y pointing down. Font sizes in pt.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, Union

PT_MM = 25.4 / 72.0
"""One typographic point in millimetres."""

Anchor = Literal["start", "middle", "end"]


@dataclass(frozen=True)
class Paint:
    """Fill and outline of a shape; None means not painted. Opaque: print files carry no transparency."""

    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.0
    dash: tuple[float, ...] = ()


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    paint: Paint
    radius: float = 0.0
    space: str | None = None


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    paint: Paint
    space: str | None = None


@dataclass(frozen=True)
class Polygon:
    """A closed polygon (hex cell, diamond, arrow head) or, with closed=False, a polyline."""

    points: tuple[tuple[float, float], ...]
    paint: Paint
    closed: bool = True
    space: str | None = None


@dataclass(frozen=True)
class Text:
    """One line of text; (x, baseline) is its anchor point, `anchor` says which end or middle."""

    x: float
    baseline: float
    text: str
    font: str
    size: float
    color: str
    anchor: Anchor = "start"


@dataclass(frozen=True)
class Icon:
    """A vector icon drawn into the square (x, y, size, size)."""

    name: str
    x: float
    y: float
    size: float


Item = Union[Rect, Circle, Polygon, Text, Icon]


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
