"""A board scene as a true-size SVG (width/height in mm, one user unit = 1 mm).

Drawn through generator.render.svg_document, the one svgwrite module, so it follows the card
pipeline's SVG conventions: fonts named by the same CSS families as the card faces, each text run pinned to its computed width
(`textLength`) so a browser's fallback font cannot reflow the board, and icons as <symbol>s
built from the same parsed outlines the PDF draws. Space ids go into `data-space` attributes,
so the web page can highlight a space the rules text mentions.
"""

from __future__ import annotations

from pathlib import Path

from generator.boards.scene import PT_MM, Circle, Icon, Paint, Polygon, Rect, Scene, Text
from generator.layout.fonts import text_width_pt
from generator.render.svg_document import Element, SvgDocument


def _paint(doc: SvgDocument, paint: Paint) -> dict[str, str]:
    return doc.paint(paint.fill, paint.stroke, paint.stroke_width, paint.dash)


def _element(doc: SvgDocument, item) -> Element:
    if isinstance(item, Text):
        width = text_width_pt(item.text, item.font, item.size) * PT_MM
        return doc.text(item.text, item.x, item.baseline, item.font, item.size * PT_MM, item.color, width, item.anchor)
    if isinstance(item, Rect):
        return doc.rect(item.x, item.y, item.w, item.h, _paint(doc, item.paint), item.radius)
    if isinstance(item, Circle):
        return doc.circle(item.cx, item.cy, item.r, _paint(doc, item.paint))
    if isinstance(item, Polygon):
        return doc.polygon(list(item.points), _paint(doc, item.paint), item.closed)
    if isinstance(item, Icon):
        return doc.icon(item.name, item.x, item.y, item.size)
    raise TypeError(f"cannot draw {type(item).__name__}")


def scene_svg(scene: Scene, board_id: str) -> str:
    """The SVG document of a board scene (deterministic: same scene, same bytes)."""
    doc = SvgDocument(scene.width, scene.height, "pnp-board", scene.title, board=board_id)
    doc.icon_symbols([item.name for item in scene.items if isinstance(item, Icon) and item.name in scene.icons],
                     scene.icons)
    body = doc.group(class_="board")
    for item in scene.items:
        if isinstance(item, Icon) and item.name not in scene.icons:
            continue
        element = _element(doc, item)
        space = getattr(item, "space", None)
        if space:
            element.attribs["data-space"] = space
        body.add(element)
    return doc.tostring()


def write_board_svg(scene: Scene, path: Path, board_id: str) -> Path:
    path.write_text('<?xml version="1.0" encoding="utf-8" ?>\n' + scene_svg(scene, board_id) + "\n", encoding="utf-8")
    return path
