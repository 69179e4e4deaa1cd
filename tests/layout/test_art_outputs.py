"""A card's picture reaches every output the same way: the SVG face holds its shapes, the printed PDF shows it."""

from __future__ import annotations

import io

import pypdfium2 as pdfium
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from generator.content.errors import ErrorList
from generator.drawing.shapes import Polygon
from generator.layout import art_element
from generator.layout.engine import CardLayouts
from generator.render.pdf_face import PdfFaceDrawer
from generator.render.svg import face_svg
from tests.layout.conftest import CONTENT, load_game


def windsail_front(monkeypatch):
    """Terraforming Mars' Wind-sail turbines, laid out, with the items its art element drew."""
    content = load_game(CONTENT, "terraforming-mars")
    drawn: list[tuple] = []
    original = art_element.illustration

    def recording(*args, **kwargs):
        drawn.append(original(*args, **kwargs))
        return drawn[-1]

    monkeypatch.setattr(art_element, "illustration", recording)
    face = CardLayouts(content, ErrorList()).front(content.card("windsegel"), "en")
    assert face is not None and len(drawn) == 1
    return content, face, drawn[0]


def test_the_svg_face_holds_every_shape_of_the_picture(monkeypatch):
    content, face, picture = windsail_front(monkeypatch)
    svg = face_svg(face, content.icons, face.title, "windsegel", "front")
    polygons = [item for item in picture if isinstance(item, Polygon)]
    assert len(polygons) > 10
    for item in polygons:
        points = " ".join(f"{x:g},{y:g}" for x, y in item.points[:2])
        assert points in svg, item


def test_the_printed_face_shows_a_picture_not_a_flat_panel(monkeypatch):
    content, face, picture = windsail_front(monkeypatch)
    xs = [x for item in picture if isinstance(item, Polygon) for x, _ in item.points]
    ys = [y for item in picture if isinstance(item, Polygon) for _, y in item.points]
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(face.width * mm, face.height * mm))
    PdfFaceDrawer(canvas, content.icons).draw(face)
    canvas.save()
    page = pdfium.PdfDocument(buffer.getvalue())[0]
    image = page.render(scale=150 / 72).to_pil().convert("RGB")
    scale = image.width / face.width
    box = (int(min(xs) * scale) + 2, int(min(ys) * scale) + 2, int(max(xs) * scale) - 2, int(max(ys) * scale) - 2)
    colours = image.crop(box).getcolors(maxcolors=100_000)
    assert colours is not None
    common = [count for count, _ in colours if count > 0.01 * (box[2] - box[0]) * (box[3] - box[1])]
    assert len(common) >= 6, "sky, land, towers and more: at least six colours each cover 1 % of the picture"
