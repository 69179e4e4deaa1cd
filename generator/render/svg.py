"""The SVG backend of card faces: one face as a standalone SVG for the web.

It writes the same FaceLayout the PDF backend draws, through the drawing model's SVG writer
(generator.drawing.svg, as boards are written): text runs at their computed positions with their
computed widths (`textLength`, so a browser's font cannot reflow them), icons as symbols built
from the same parsed outlines. The view is the trim box with rounded corners, as a cut card
looks; text stays text, so the site can search it.
"""

from __future__ import annotations

from pathlib import Path

from generator.drawing.svg import document, element, icon_symbols, items_svg, number, write_svg
from generator.layout.geometry import FaceLayout

CORNER_MM = 3.0


def face_svg(face: FaceLayout, icons: dict[str, Path], title: str, card_id: str, side: str) -> str:
    """The SVG document of one face, as text (deterministic: same layout, same bytes)."""
    width, height, corner = number(face.width), number(face.height), number(CORNER_MM)
    clip = element("clipPath", {"id": "trim"}, element("rect", {"x": "0", "y": "0", "width": width,
                                                                "height": height, "rx": corner, "ry": corner}))
    frame = element("g", {"class": "frame"}, items_svg(face.frame))
    content = element("g", {"class": "content"}, items_svg(face.items))
    body = element("g", {"clip-path": "url(#trim)"}, frame + content)
    return document(face.width, face.height, "pnp-card", title, {"card": card_id, "side": side},
                    clip + icon_symbols(face.all_items(), icons), body)


def write_face_svg(path: Path, face: FaceLayout, icons: dict[str, Path], title: str, card_id: str, side: str) -> Path:
    return write_svg(path, face_svg(face, icons, title, card_id, side))
