"""Helpers behind the generated Markdown: relative links, escaping, inline icons, component pictures."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from generator.site.markup import escape, icons_to_markdown, rel
from generator.site.pictures import PX_PER_MM, SVG_NS, card_svg, token_svg

ICONS = Path(__file__).resolve().parents[2] / "templates" / "icons"


def test_links_are_relative_to_the_page():
    assert rel("escape-earth/rules/setup.md", "escape-earth/cards.md") == "../cards.md"
    assert rel("index.md", "escape-earth/index.md") == "escape-earth/index.md"
    assert rel("escape-earth/cards.md", "escape-earth/cards/erde-front.svg") == "cards/erde-front.svg"


def test_escape_keeps_names_literal():
    assert escape("Außenposten+ *neu* [2] a_b") == r"Außenposten+ \*neu\* \[2\] a\_b"


def test_icons_become_images_and_unknown_names_stay_text():
    targets = {"food": "escape-earth/icons/food.svg"}
    out = icons_to_markdown("1 :food: und 10:30: Uhr :nope:", targets.get, "escape-earth/rules/setup.md",
                            lambda name: "Nahrung")
    assert out == "1 ![Nahrung](../icons/food.svg){ .pnp-icon } und 10:30: Uhr :nope:"


def test_token_picture_has_its_size_colour_and_icon():
    svg = ET.fromstring(token_svg("round", 22, "#c62f2f", ICONS / "ship.svg", "Raumschiff"))
    circle = svg.find(f"{{{SVG_NS}}}circle")
    assert float(circle.get("r")) == 22 * PX_PER_MM / 2 and circle.get("fill") == "#c62f2f"
    assert svg.find(f"{{{SVG_NS}}}title").text == "Raumschiff"
    assert svg.find(f"{{{SVG_NS}}}svg") is not None, "the icon is nested inline (an <img> loads no other files)"
    square = ET.fromstring(token_svg("square", 10, "#3f9b3a", None, "Würfel"))
    rect = square.find(f"{{{SVG_NS}}}rect")
    assert float(rect.get("width")) == 10 * PX_PER_MM and square.find(f"{{{SVG_NS}}}svg") is None


def test_card_picture_has_the_card_size():
    svg = ET.fromstring(card_svg(63, 88, "#1d2b5a", ICONS / "galaxy.svg", "Galaxie"))
    rect = svg.find(f"{{{SVG_NS}}}rect")
    assert (float(rect.get("width")), float(rect.get("height"))) == (63 * PX_PER_MM, 88 * PX_PER_MM)
