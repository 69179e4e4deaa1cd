"""What the layout step computed for one card face: shapes, text runs and icons of the drawing model.

The items are generator.drawing.shapes' (the ones boards and tokens are made of); both backends
(generator.drawing.pdf and generator.drawing.svg) draw exactly these items and nothing else, so
print and web match. Units: millimetres, origin at the top-left corner of the trim box, y
pointing down; the bleed lies at negative coordinates and beyond the trim size. Font sizes are
in points.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.drawing.shapes import PT_MM, Item

__all__ = ["PT_MM", "FaceLayout", "Item", "TextBlockInfo"]


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
    `frame_ink` and `items_ink` hold what the layout chose for the ink saver's light version.
    """

    width: float
    height: float
    bleed: float
    frame_key: str
    frame: list[Item] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)
    texts: list[TextBlockInfo] = field(default_factory=list)
    title: str = ""
    # the layout's `ink:` choices (keep, omit) for the ink saver, by index into `frame` and `items`
    frame_ink: dict[int, str] = field(default_factory=dict)
    items_ink: dict[int, str] = field(default_factory=dict)

    def all_items(self) -> list[Item]:
        return [*self.frame, *self.items]
