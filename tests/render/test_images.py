"""Raster art from the game's folder: placed by the layout, drawn by both backends, contained."""

from __future__ import annotations

import base64
import xml.etree.ElementTree as ET

import pdfplumber
import pytest
from PIL import Image
from reportlab.lib.units import mm

from generator.content.errors import ErrorList
from generator.drawing.shapes import Image as ImageItem
from generator.layout.engine import CardLayouts
from generator.layout.spec import SHARED_LAYOUTS
from tests.layout.conftest import load_game
from tests.render.conftest import build_cards

ART = '''    - {type: image, x: 10, y: 20, w: 40, h: 20, src: "art/{{ card.id }}.png", optional: true}
'''


@pytest.fixture
def game_with_art(game_copy):
    layout = (SHARED_LAYOUTS / "card.yaml").read_text(encoding="utf-8")
    marker = "    # the kind's declared fields with their labels\n"
    (game_copy / "layouts").mkdir(exist_ok=True)
    (game_copy / "layouts" / "galaxy.yaml").write_text(layout.replace(marker, ART + marker), encoding="utf-8")
    (game_copy / "art").mkdir()
    Image.new("RGB", (80, 40), "#c04020").save(game_copy / "art" / "erde.png")
    return game_copy


def test_images_are_placed_and_drawn_in_pdf_and_svg(game_with_art, tmp_path):
    content = load_game(game_with_art.parent, "escape-earth")
    engine = CardLayouts(content, ErrorList())
    [image] = [i for i in engine.front(content.card("erde"), "en").items if isinstance(i, ImageItem)]
    assert (image.x, image.y, image.w, image.h) == (10, 20, 40, 20)
    assert not [i for i in engine.front(content.card("planet"), "en").items if isinstance(i, ImageItem)]
    assert engine.problems == []  # the planet's missing art is optional

    out = tmp_path / "out"
    build_cards(content, out, languages=("en",), papers=("a4",))
    with pdfplumber.open(out / "cards-en-pod.pdf") as pdf:
        [drawn] = pdf.pages[0].images
        assert drawn["x0"] / mm == pytest.approx(3 + 10, abs=0.05)  # bleed + layout x
        assert drawn["width"] / mm == pytest.approx(40, abs=0.05)
    root = ET.parse(out / "cards" / "en" / "erde-front.svg").getroot()
    [svg_image] = root.iter("{http://www.w3.org/2000/svg}image")
    href = svg_image.get("{http://www.w3.org/1999/xlink}href") or svg_image.get("href")
    assert href.startswith("data:image/png;base64,")
    assert base64.b64decode(href.split(",", 1)[1]) == (game_with_art / "art" / "erde.png").read_bytes()


def test_an_image_outside_the_game_folder_or_missing_is_a_problem(game_with_art):
    layout = game_with_art / "layouts" / "galaxy.yaml"
    layout.write_text(layout.read_text(encoding="utf-8").replace(
        'src: "art/{{ card.id }}.png", optional: true', 'src: "../../secret/{{ card.id }}.png"'), encoding="utf-8")
    content = load_game(game_with_art.parent, "escape-earth")
    engine = CardLayouts(content, ErrorList())
    engine.front(content.card("erde"), "en")
    assert "outside the game's folder" in engine.problems[0].message
    layout.write_text(layout.read_text(encoding="utf-8").replace('"../../secret/', '"art/'), encoding="utf-8")
    content = load_game(game_with_art.parent, "escape-earth")
    engine = CardLayouts(content, ErrorList())
    engine.front(content.card("planet"), "en")
    assert "does not exist" in engine.problems[0].message and engine.problems[0].card_id == "planet"
