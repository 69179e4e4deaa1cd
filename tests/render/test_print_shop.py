"""Print-shop profiles: cards laid out at the shop's trim, uploads per design, text kept inside the safe zone."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader
from reportlab.lib.units import mm

from generator.build import BuildOptions
from generator.checking import check_print_profile
from generator.cli import cli
from generator.content.errors import ErrorList
from generator.layout.engine import CardLayouts
from generator.layout.profiles import profiles
from generator.render.cards_step import ordered_cards, render_cards
from tests.layout.conftest import load_game
from tests.render.conftest import build_cards


def test_the_profiles_are_data_with_the_common_poker_template_and_63x88():
    known = profiles()
    poker = known["poker-2.5x3.5"]
    assert poker.sizes["poker"].width == pytest.approx(63.5) and poker.sizes["poker"].height == pytest.approx(88.9)
    assert poker.bleed == pytest.approx(3.175) and poker.safe == pytest.approx(3.175) and poker.dpi == 300
    assert poker.pixels((63.5, 88.9)) == (825, 1125)
    assert known["poker-63x88"].sizes["poker"].width == 63


@pytest.fixture(scope="module")
def poker_uploads(tmp_path_factory, escape_earth_content):
    out = tmp_path_factory.mktemp("uploads") / "escape-earth"
    files = build_cards(escape_earth_content, out, languages=("en",), papers=("a4",), profile="poker-2.5x3.5")
    return out, files


@pytest.mark.slow
def test_every_design_gets_a_pdf_and_two_pngs_at_825_by_1125_named_with_its_copies(poker_uploads,
                                                                                  escape_earth_content):
    out, _ = poker_uploads
    folder = out / "print-shop" / "poker-2.5x3.5" / "en"
    cards = escape_earth_content.cards
    starbase = next(c for c in cards if c.id == "sternenbasis")
    number = [c.id for c in ordered_cards(escape_earth_content)].index("sternenbasis") + 1
    stem = f"{number:02d}-sternenbasis-x{starbase.count}"
    assert (folder / f"{stem}.pdf").is_file()
    pngs = sorted(folder.glob("*.png"))
    assert len(pngs) == 2 * len(cards)
    for path in pngs[:6] + [folder / f"{stem}-front.png", folder / f"{stem}-back.png"]:
        with Image.open(path) as image:
            assert image.size == (825, 1125)
            assert round(image.info["dpi"][0]) == 300


def test_the_per_card_pdf_has_the_shops_trim_and_bleed(poker_uploads):
    out, _ = poker_uploads
    pdf = next((out / "print-shop" / "poker-2.5x3.5" / "en").glob("*.pdf"))
    reader = PdfReader(pdf)
    assert len(reader.pages) == 2
    for page in reader.pages:
        assert [float(v) / mm for v in page.mediabox] == pytest.approx([0, 0, 69.85, 95.25], abs=0.01)
        assert [float(v) / mm for v in page.trimbox] == pytest.approx([3.175, 3.175, 66.675, 92.075], abs=0.01)


def test_the_front_png_shows_the_card_colour_to_the_very_edge(poker_uploads):
    """The bleed is drawn at the profile's 1/8 in: no white rim on the upload."""
    out, _ = poker_uploads
    path = next((out / "print-shop" / "poker-2.5x3.5" / "en").glob("*-front.png"))
    with Image.open(path) as image:
        rgb = image.convert("RGB")
        for corner in ((0, 0), (824, 0), (0, 1124), (824, 1124)):
            assert rgb.getpixel(corner) != (255, 255, 255)


def test_the_pod_file_follows_the_profile(poker_uploads):
    out, _ = poker_uploads
    page = PdfReader(out / "cards-en-pod.pdf").pages[0]
    assert float(page.mediabox.width) / mm == pytest.approx(69.85, abs=0.01)


def test_text_in_the_safe_zone_is_an_error_naming_card_and_field(game_copy, tmp_path):
    moved = "extends: card\nfront:\n  content:\n    - {id: title, y: 1.0}\n"  # the title moved up to the edge
    (game_copy / "layouts" / "galaxy.yaml").write_text(moved, encoding="utf-8")  # the galaxy cards' own layout
    content = load_game(game_copy.parent, "escape-earth")
    errors = ErrorList()
    files = render_cards(content, tmp_path, BuildOptions(languages=("en",), papers=("a4",)), errors)
    assert files == []
    found = [e for e in errors if "safe zone" in e.message]
    assert found, errors.as_text()
    assert "card 'erde'" in found[0].message and "field 'name'" in found[0].message
    assert found[0].mark.file.endswith("galaxy.yaml")


def test_an_unknown_print_profile_in_game_yaml_is_an_error(game_copy):
    game = game_copy / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("engine: escape-earth",
                                                             "engine: escape-earth\nprint_profile: poker-2.5x3.6"),
                    encoding="utf-8")
    content = load_game(game_copy.parent, "escape-earth")
    errors = ErrorList()
    check_print_profile(content, errors)   # a check above the content layer: profiles belong to the renderer
    found = [e for e in errors if "unknown print-shop profile 'poker-2.5x3.6'" in e.message]
    assert found and "poker-2.5x3.5" in found[0].hint


def test_the_profile_lays_cards_out_at_its_trim(escape_earth_content):
    layouts = CardLayouts(escape_earth_content, ErrorList(), profiles()["poker-2.5x3.5"])
    face = layouts.front(escape_earth_content.cards[0], "en")
    assert (face.width, face.height, face.bleed) == (63.5, 88.9, 3.175)
    assert not layouts.problems


@pytest.mark.slow
def test_cards_command_takes_the_profile(game_copy):
    out = game_copy.parent.parent / "out"
    result = CliRunner().invoke(cli, ["cards", "escape-earth", "--content", str(game_copy.parent), "--output", str(out),
                                      "--lang", "en", "--paper", "a4", "--profile", "poker-63x88"],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    pngs = list((out / "escape-earth" / "print-shop" / "poker-63x88" / "en").glob("*-front.png"))
    with Image.open(pngs[0]) as image:
        assert image.size == (round(69 / 25.4 * 300), round(94 / 25.4 * 300))
