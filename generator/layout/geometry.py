"""What the layout step computed for one card face: positioned shapes, text runs and icons.

Both backends (PDF and SVG) draw exactly these items and nothing else, so print and web match.
Units: millimetres, origin at the top-left corner of the trim box, y pointing down; the bleed
lies at negative coordinates and beyond the trim size. Font sizes are in points.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

PT_MM = 25.4 / 72.0
"""One typographic point in millimetres."""


@dataclass(frozen=True)
class RectShape:
    """A filled and/or stroked rectangle, optionally with rounded corners."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.0
    radius: float = 0.0


@dataclass(frozen=True)
class CircleShape:
    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.0


@dataclass(frozen=True)
class LineShape:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str
    stroke_width: float
    dash: tuple[float, ...] = ()


@dataclass(frozen=True)
class TextRun:
    """A run of text in one font on one line; (x, baseline) is where its first glyph starts.

    `block` identifies the text block the run belongs to (same text, box and colour give the same
    block) and `origin` is that block's top-left corner: the PDF backend draws a block that many
    cards share once, as a form placed at its origin.
    """

    x: float
    baseline: float
    text: str
    font: str
    size: float
    color: str
    width: float
    block: tuple | None = field(default=None, compare=False)
    origin: tuple[float, float] = field(default=(0.0, 0.0), compare=False)


@dataclass(frozen=True)
class IconPlacement:
    """A vector icon drawn into the square (x, y, size, size)."""

    name: str
    x: float
    y: float
    size: float


@dataclass(frozen=True)
class ImagePlacement:
    """A raster image (PNG/JPEG from the game's folder) fitted, centred and uncropped, into a box."""

    path: str
    x: float
    y: float
    w: float
    h: float


Item = Union[RectShape, CircleShape, LineShape, TextRun, IconPlacement, ImagePlacement]


@dataclass(frozen=True)
class TextBlockInfo:
    """Where a text element landed and at which size (for tests and the SVG's searchable text)."""

    element: str
    field: str
    size: float
    lines: int
    text: str


@dataclass
class FaceLayout:
    """One laid-out card face.

    `frame` holds what every card of a kind shares on this side (drawn once per document as a
    PDF form); `items` holds what is specific to the card. `frame_key` names the shared part.
    """

    width: float
    height: float
    bleed: float
    frame_key: str
    frame: list[Item] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)
    texts: list[TextBlockInfo] = field(default_factory=list)
    title: str = ""

    def all_items(self) -> list[Item]:
        return [*self.frame, *self.items]
