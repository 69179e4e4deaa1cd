"""The shapes every printed piece is made of: rectangles, circles, lines, polygons, text, icons, images.

Card faces (generator.layout.geometry.FaceLayout) and boards, tokens and table pictures
(generator.boards.scene.Scene) hold lists of these items; generator.drawing.pdf and
generator.drawing.svg draw them. Units: millimetres, y pointing down, origin at the top-left
corner of the piece (a card's trim box, a board's edge). Font sizes are in points.
Items are frozen and hashable: the PDF drawer turns repeated runs of them into shared forms.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

PT_MM = 25.4 / 72.0
"""One typographic point in millimetres."""

Anchor = Literal["start", "middle", "end"]


@dataclass(frozen=True)
class Paint:
    """Fill and outline of a shape; None means not painted, and an outline needs a width above 0.

    Opaque: print files carry no transparency."""

    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.0
    dash: tuple[float, ...] = ()

    @property
    def stroked(self) -> bool:
        return self.stroke is not None and self.stroke_width > 0


NO_PAINT = Paint()


@dataclass(frozen=True)
class Rect:
    """A rectangle, optionally with rounded corners; `space` names the board space it draws (for the web)."""

    x: float
    y: float
    w: float
    h: float
    paint: Paint = NO_PAINT
    radius: float = 0.0
    space: str | None = None


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    paint: Paint = NO_PAINT
    space: str | None = None


@dataclass(frozen=True)
class Line:
    """A straight line: only the paint's outline (colour, width, dash) is used."""

    x1: float
    y1: float
    x2: float
    y2: float
    paint: Paint = NO_PAINT


@dataclass(frozen=True)
class Polygon:
    """A closed polygon (hex cell, diamond, arrow head) or, with closed=False, a polyline."""

    points: tuple[tuple[float, float], ...]
    paint: Paint = NO_PAINT
    closed: bool = True
    space: str | None = None


@dataclass(frozen=True)
class Text:
    """One run of text in one font on one line; (x, baseline) is its anchor point, `anchor` says which
    end or the middle of the run sits there.

    `width` is the run's set width in mm (the card layout measures it; None: measured when drawn).
    On cards, `block` identifies the text block the run belongs to (same text, box and colour give
    the same block) and `origin` is that block's top-left corner: the PDF drawer draws a block that
    many cards share once, as a form placed at its origin.
    """

    x: float
    baseline: float
    text: str
    font: str
    size: float
    color: str
    anchor: Anchor = "start"
    width: float | None = None
    block: tuple | None = field(default=None, compare=False)
    origin: tuple[float, float] = field(default=(0.0, 0.0), compare=False)


@dataclass(frozen=True)
class Icon:
    """A vector icon (by name, from the piece's icon files) drawn centred into the square (x, y, size, size)."""

    name: str
    x: float
    y: float
    size: float


@dataclass(frozen=True)
class Image:
    """A raster image (PNG/JPEG from the game's folder) fitted, centred and uncropped, into a box."""

    path: str
    x: float
    y: float
    w: float
    h: float


Item = Rect | Circle | Line | Polygon | Text | Icon | Image
