"""Helpers behind the generated Markdown: relative links, escaping, inline icons, component pictures."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator.rulestext.markup import escape, icons_to_markdown, rel
from generator.site.pictures import PAD_MM, card_svg, token_svg

SVG_NS = "http://www.w3.org/2000/svg"

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


def test_icons_in_code_and_raw_html_stay_as_written():
    """Code and raw HTML show an image's Markdown as text: there the name stays, wherever they are nested."""
    targets = {"food": "g/icons/food.svg"}
    text = ("Pay :food:.\n\n```\n:food: x\n```\n\nAlso `:food:` inline.\n\n    :food: indented\n\n"
            "1. item\n\n        :food: code in a list\n\n> quote\n>\n>     :food: code in a quote\n\n"
            "<div>\n:food: raw\n</div>\n\n<div markdown=\"1\">\n:food: read as Markdown\n</div>\n\n"
            "!!! note\n\n    :food: in an admonition\n")
    out = icons_to_markdown(text, targets.get, "g/rules/setup.md", lambda name: "Food")
    image = "![Food](../icons/food.svg){ .pnp-icon }"
    assert out.count(image) == 3, out  # the paragraph, the Markdown div and the admonition
    assert out.startswith(f"Pay {image}.") and f"{image} read as Markdown" in out and f"{image} in an admonition" in out
    for kept in ("```\n:food: x", "`:food:` inline", "    :food: indented", "        :food: code in a list",
                 ">     :food: code in a quote", ":food: raw"):
        assert kept in out, kept


def test_token_picture_has_its_size_colour_and_icon():
    svg = ET.fromstring(token_svg("round", 22, "#c62f2f", ICONS / "ship.svg", "Raumschiff"))
    circle = svg.find(f"{{{SVG_NS}}}circle")
    assert float(circle.get("r")) == 11 and circle.get("fill") == "#c62f2f"   # millimetres: one user unit is 1 mm
    assert svg.get("width") == f"{22 + 2 * PAD_MM:g}mm"
    assert svg.find(f"{{{SVG_NS}}}title").text == "Raumschiff"
    symbol = svg.find(f"{{{SVG_NS}}}defs/{{{SVG_NS}}}symbol")
    assert symbol is not None and symbol.findall(f"{{{SVG_NS}}}path"), "the icon's outlines are in the picture itself"
    assert svg.find(f"{{{SVG_NS}}}use") is not None
    square = ET.fromstring(token_svg("square", 10, "#3f9b3a", None, "Würfel"))
    rect = square.find(f"{{{SVG_NS}}}rect")
    assert float(rect.get("width")) == 10 and square.find(f"{{{SVG_NS}}}use") is None
    hexagon = ET.fromstring(token_svg("hex", 20, "#3f9b3a", None, "Feld")).find(f"{{{SVG_NS}}}polygon")
    assert len(hexagon.get("points").split()) == 6


def test_card_picture_has_the_card_size():
    svg = ET.fromstring(card_svg(63, 88, "#1d2b5a", ICONS / "galaxy.svg", "Galaxie"))
    rect = svg.find(f"{{{SVG_NS}}}rect")
    assert (float(rect.get("width")), float(rect.get("height"))) == (63, 88)


def test_a_pieces_picture_takes_only_the_icons_outlines_and_escapes_its_label(tmp_path):
    """An icon file from a collaborator may hold a script or a link: the picture keeps only its paths."""
    icon = tmp_path / "evil.svg"
    icon.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">'
        '<script>alert(1)</script><a xlink:href="javascript:alert(2)"><rect width="10" height="10"/></a>'
        '<path d="M0 0 L10 10 Z" onload="alert(3)"/></svg>',
        encoding="utf-8",
    )
    text = token_svg("round", 16, "#ffffff", icon, "<script>alert(4)</script>").decode("utf-8")
    assert "alert" not in text.replace("&lt;script&gt;alert(4)&lt;/script&gt;", "")
    assert "<script" not in text and "javascript:" not in text and "onload" not in text
    assert ET.fromstring(text).find(f"{{{SVG_NS}}}title").text == "<script>alert(4)</script>"


@pytest.mark.parametrize("lang, expected", [
    ("de", {"jovian": "Jupiter", "tr": "Terraformwert", "card": "Karte", "building": "Gebäude", "steel": "Stahl"}),
    ("en", {"jovian": "Jupiter", "tr": "terraform rating", "card": "card", "building": "building", "steel": "Steel"}),
])
def test_icons_are_read_aloud_in_the_pages_language(bundled_contents, lang, expected):
    """An icon's alt text comes from the game's words, so a German page never reads "1 SP je 2 jovian"."""
    from generator.rulestext.markup import icon_words

    content = bundled_contents["terraforming-mars"]
    assert {name: icon_words(content, lang, name) for name in expected} == expected
