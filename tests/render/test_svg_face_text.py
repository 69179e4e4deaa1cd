"""The string writer of card faces gives byte for byte what svgwrite's drawing of the same face gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.layout.engine import CardLayouts
from generator.layout.geometry import (PT_MM, CircleShape, FaceLayout, IconPlacement, ImagePlacement, LineShape,
                                       RectShape, TextRun)
from generator.render.svg_document import Element, SvgDocument
from generator.render.svg_face_text import CORNER_MM, face_svg

REPO = Path(__file__).resolve().parents[2]
GAMES = ("escape-earth", "habitable", "terraforming-mars")


def svgwrite_face(face: FaceLayout, icons: dict[str, Path], title: str, card_id: str, side: str) -> str:
    """The reference: the face drawn element by element through svg_document (svgwrite), as it used to be."""
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
    if isinstance(item, ImagePlacement):
        return doc.image(item.path, item.x, item.y, item.w, item.h)
    raise TypeError(type(item).__name__)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_bundled_face_has_svgwrites_bytes(game: str) -> None:
    errors = ErrorList()
    [content] = load_checked(REPO / "content", [game], errors)
    layouts = CardLayouts(content, errors)
    compared = 0
    for card in content.cards:
        for lang in ("de", "en"):
            for side, face in (("front", layouts.front(card, lang)), ("back", layouts.back(card, lang))):
                assert face is not None
                assert face_svg(face, content.icons, face.title, card.id, side) == \
                    svgwrite_face(face, content.icons, face.title, card.id, side), (card.id, lang, side)
                compared += 1
    assert compared == 4 * len(content.cards) and not errors


def test_odd_text_empty_groups_lines_circles_and_images_have_svgwrites_bytes(tmp_path: Path) -> None:
    icons = {path.stem: path for path in sorted((REPO / "content" / "escape-earth" / "icons").glob("*.svg"))[:2]}
    first, second = icons
    picture = tmp_path / "p.png"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(40)))
    hostile = 'a < b & "c" > d \t\n\r ü 💥'
    runs = [TextRun(1.0, 2.0, hostile, "regular", 8.0, "#112233", 10.5),
            TextRun(1.0, 5.0, "Kursiv", "italic", 7.0, "#000000", 4.0),
            TextRun(1.0, 8.0, "Fett", "bold", 7.0, "#000000", 4.0)]
    shapes = [RectShape(0.0, 0.0, 63.0, 88.0, None, "#000000", 0.3, 2.0), RectShape(1, 2, 3, 4, "#ffffff", None, 0, 0),
              CircleShape(5.0, 6.0, 1.25, "#abcdef", "#000000", 0.0),
              LineShape(0.0, 0.0, 10.0, 10.0, "#333333", 0.25, (1.0, 0.5)), LineShape(1, 1, 2, 2, "#000000", 0.1, ()),
              IconPlacement(first, 1.0, 1.0, 5.0), IconPlacement(second, 2.0, 2.0, 3.333),
              ImagePlacement(str(picture), 1.0, 2.0, 3.0, 4.0)]
    cases = [FaceLayout(63.0, 88.0, 3.0, "k", frame=shapes, items=runs, title=hostile),
             FaceLayout(57.0, 89.0, 3.0, "k", frame=[], items=[], title=""),
             FaceLayout(70.0, 70.0, 0.0, "k", frame=runs, items=shapes, title="<&>")]
    for face in cases:
        for card_id in ("x", 'a"b&'):
            assert face_svg(face, icons, face.title, card_id, "front") == \
                svgwrite_face(face, icons, face.title, card_id, "front")
