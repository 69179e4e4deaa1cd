"""The SVG backend: one card face as a standalone SVG for the web. Drawn through svg_document, the one svgwrite module.

It draws the same FaceLayout the PDF backend draws: text runs at their computed positions with
their computed widths (`textLength`, so a browser's font cannot reflow them), icons as symbols
built from the same parsed outlines. The view is the trim box with rounded corners, as a cut
card looks; text stays text, so the site can search it.
"""

from __future__ import annotations

from pathlib import Path

from generator.layout.geometry import (PT_MM, CircleShape, FaceLayout, IconPlacement, ImagePlacement, LineShape,
                                       RectShape, TextRun)
from generator.render.svg_document import Element, SvgDocument

CORNER_MM = 3.0


def face_svg(face: FaceLayout, icons: dict[str, Path], title: str, card_id: str, side: str) -> str:
    """The SVG document of one face, as text (deterministic: same layout, same bytes)."""
    doc = SvgDocument(face.width, face.height, "pnp-card", title, card=card_id, side=side)
    doc.clip_rect("trim", face.width, face.height, CORNER_MM)
    doc.icon_symbols([item.name for item in face.all_items() if isinstance(item, IconPlacement)], icons)
    body = doc.group(clip_path="url(#trim)")
    frame = doc.group(body, class_="frame")
    content = doc.group(body, class_="content")
    for group, items in ((frame, face.frame), (content, face.items)):
        for item in items:
            group.add(_element(doc, item))
    return doc.tostring()


def _element(doc: SvgDocument, item) -> Element:
    if isinstance(item, TextRun):
        return doc.text(item.text, item.x, item.baseline, item.font, item.size * PT_MM, item.color, item.width)
    if isinstance(item, RectShape):
        return doc.rect(item.x, item.y, item.w, item.h, doc.paint(item.fill, item.stroke, item.stroke_width),
                        item.radius)
    if isinstance(item, CircleShape):
        return doc.circle(item.cx, item.cy, item.r, doc.paint(item.fill, item.stroke, item.stroke_width))
    if isinstance(item, LineShape):
        return doc.line(item.x1, item.y1, item.x2, item.y2, item.stroke, item.stroke_width, item.dash)
    if isinstance(item, IconPlacement):
        return doc.icon(item.name, item.x, item.y, item.size)
    if isinstance(item, ImagePlacement):  # embedded, so the face stays one self-contained file
        return doc.image(item.path, item.x, item.y, item.w, item.h)
    raise TypeError(f"cannot draw {type(item).__name__}")


def write_face_svg(path: Path, face: FaceLayout, icons: dict[str, Path], title: str, card_id: str, side: str) -> Path:
    path.write_text('<?xml version="1.0" encoding="utf-8" ?>\n' + face_svg(face, icons, title, card_id, side) + "\n",
                    encoding="utf-8")
    return path
