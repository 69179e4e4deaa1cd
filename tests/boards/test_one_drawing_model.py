"""Cards and boards are one drawing model: the same items give the same PDF operators and the same SVG elements."""

from __future__ import annotations

import re
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from generator.boards.pdf import draw_scene
from generator.boards.scene import Scene
from generator.boards.svg import scene_svg
from generator.boards.text import flow_text
from generator.drawing.shapes import Circle, Icon, Line, Paint, Polygon, Rect, Text
from generator.layout.geometry import FaceLayout
from generator.render.pdf_face import PdfFaceDrawer
from generator.render.svg import face_svg

REPO = Path(__file__).resolve().parents[2]
ICONS = {path.stem: path for path in sorted((REPO / "content" / "escape-earth" / "icons").glob("*.svg"))[:2]}
FIRST = next(iter(ICONS))
ITEMS = [Rect(1, 2, 30, 20, Paint("#102030", "#000000", 0.4), 2.0), Circle(20, 20, 5, Paint("#abcdef")),
         Polygon(((0, 0), (5, 8), (10, 0)), Paint("#ff0000", "#000000", 0.2, (1.0, 0.5))),
         Line(0, 30, 40, 30, Paint(stroke="#333333", stroke_width=0.25)), Icon(FIRST, 5, 5, 10),
         Text(4, 40, "Mitte", "bold", 9, "#111111", "middle"), Text(4, 45, "links", "regular", 8, "#222222")]


def _page_operators(draw) -> bytes:
    canvas = Canvas("unused.pdf", pagesize=(60 * mm, 50 * mm), invariant=1, pageCompression=0)
    draw(canvas)
    return "\n".join(canvas._code).encode()  # type: ignore[attr-defined]  # the page's operators so far


def test_a_card_face_and_a_board_with_the_same_items_draw_the_same_pdf_operators() -> None:
    face = FaceLayout(60, 50, 0, "k", frame=ITEMS[:3], items=ITEMS[3:])
    scene = Scene(60, 50, None, list(ITEMS), ICONS)
    on_card = _page_operators(lambda canvas: PdfFaceDrawer(canvas, ICONS, use_forms=False).draw(face))
    on_board = _page_operators(lambda canvas: draw_scene(canvas, scene))
    assert on_card == on_board and b"Mitte" in on_card


def test_a_card_face_and_a_board_write_the_same_svg_elements_and_icon_symbol() -> None:
    face = FaceLayout(60, 50, 0, "k", frame=[], items=list(ITEMS))
    scene = Scene(60, 50, None, list(ITEMS), ICONS)
    card, board = face_svg(face, ICONS, "t", "c", "front"), scene_svg(scene, "b")
    body = re.compile(r'<g class="(?:content|board)">(.*?)</g>', re.S)
    assert body.search(card).group(1) == body.search(board).group(1)  # type: ignore[union-attr]
    symbol = re.compile(r'<symbol id="icon-' + FIRST + r'".*?</symbol>', re.S)
    assert symbol.search(card).group(0) == symbol.search(board).group(0)  # type: ignore[union-attr]


def test_bold_markup_on_a_board_is_bold_in_its_svg() -> None:
    items, _ = flow_text("**Mine:** 1 each", 10, 20, 80, "regular", 10, "#111111", set())
    svg = scene_svg(Scene(120, 60, items=items, title="t"), "b")
    assert "*" not in svg.split("</title>", 1)[1]
    bold = re.search(r'<text [^>]*>Mine:</text>', svg)
    assert bold is not None and 'font-weight="bold"' in bold.group(0)
