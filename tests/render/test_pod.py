"""Print-on-demand files: one PDF per deck and size in the shop's page order, and their CMYK PDF/X variant."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.lib.units import mm

from generator.build import BuildOptions
from generator.content.errors import ErrorList
from generator.content.loader import GameContent
from generator.drawing.shapes import Text
from generator.layout.engine import CardLayouts
from generator.layout.geometry import FaceLayout
from generator.layout.profiles import profiles
from generator.render import pdfx
from generator.render.cards_step import ordered_cards, render_cards
from generator.render.ink_limit import InkMatcher, candidates
from tests.cli_in_process import run_pnp
from tests.layout.conftest import CONTENT, load_game
from tests.render.conftest import build_cards
from tests.render.pdfx_check import most_ink, pdfx_problems

SHOPS = ("drivethrucards", "thegamecrafter", "makeplayingcards", "printerstudio")


def test_the_four_shops_are_profiles_with_their_published_figures_and_pages():
    known = profiles()
    for shop in SHOPS:
        profile = known[shop]
        assert profile.source is not None and profile.source.url.startswith("https://"), shop
        assert profile.dpi == 300
    dtc, tgc, mpc, studio = (known[shop] for shop in SHOPS)
    assert (dtc.page_order, dtc.colour, dtc.files, dtc.pdfx, dtc.ink_limit) == (
        "back-first", "cmyk", "pdf", "PDF/X-1a:2003", 240)
    assert "back of card 1" in dtc.source.says and "240" in dtc.source.says
    poker = (63.5, 88.9)
    assert dtc.pixels(poker) == tgc.pixels(poker) == (825, 1125)  # 2.75 x 3.75 in at 300 dpi
    assert mpc.pixels(poker) == studio.pixels(poker) == (822, 1122)  # 36 px of bleed a side
    assert mpc.pixels((69.85, 120.65)) == (897, 1497) and tgc.pixels((69.85, 120.65)) == (900, 1500)
    assert (tgc.safe, mpc.safe) == (3.175, 3.048)
    assert all(known[shop].page_order == "front-first" for shop in SHOPS[1:])


def words(face: FaceLayout) -> list[str]:
    """The words drawn on a face, sorted: what a page showing it must hold."""
    return sorted(" ".join(item.text for item in face.all_items() if isinstance(item, Text)).split())


def page_words(reader: PdfReader, index: int) -> list[str]:
    return sorted(reader.pages[index].extract_text().split())


def first_cards(content: GameContent) -> dict[str, object]:
    found: dict[str, object] = {}
    for card in ordered_cards(content):
        found.setdefault(content.game.deck_of(card.kind).id, card)
    return found


@pytest.fixture(scope="module")
def dtc_cards(tmp_path_factory, escape_earth_content):
    out = tmp_path_factory.mktemp("dtc") / "escape-earth"
    build_cards(escape_earth_content, out, languages=("en",), papers=("a4",), profile="drivethrucards", tts=False)
    return out


def test_a_back_first_profile_writes_one_pdf_per_deck_with_each_back_before_its_front(dtc_cards,
                                                                                     escape_earth_content):
    content = escape_earth_content
    folder = dtc_cards / "pod" / "en"
    decks = [deck.id for deck in content.game.all_decks()]
    assert sorted(p.name for p in folder.glob("*.pdf")) == sorted(
        [f"{deck}-poker.pdf" for deck in decks] + [f"{deck}-poker-pdfx.pdf" for deck in decks])
    layouts = CardLayouts(content, ErrorList(), profiles()["drivethrucards"])
    for deck, card in first_cards(content).items():
        reader = PdfReader(folder / f"{deck}-poker.pdf")
        copies = sum(c.count for c in content.cards if content.game.deck_of(c.kind).id == deck)
        assert len(reader.pages) == 2 * copies, deck
        assert page_words(reader, 0) == words(layouts.back(card, "en")), f"{deck}: page 1 is not card 1's back"
        assert page_words(reader, 1) == words(layouts.front(card, "en")), f"{deck}: page 2 is not card 1's front"
        page = reader.pages[0]
        assert [float(v) / mm for v in page.mediabox] == pytest.approx([0, 0, 69.85, 95.25], abs=0.01)
        assert [float(v) / mm for v in page.trimbox] == pytest.approx([3.175, 3.175, 66.675, 92.075], abs=0.01)


def test_without_a_profile_each_front_comes_before_its_back(built):
    content = built.content
    for deck, card in first_cards(content).items():
        reader = PdfReader(built.out / "pod" / "de" / f"{deck}-poker.pdf")
        assert page_words(reader, 0) == words(built.layouts.front(card, "de")), deck
        assert page_words(reader, 1) == words(built.layouts.back(card, "de")), deck
    assert not list((built.out / "pod").glob("*/*-pdfx.pdf"))  # RGB only unless a profile or --pdfx asks


def test_the_pdfx_variant_passes_the_pdfx_check_and_the_rgb_file_fails_it(dtc_cards):
    folder = dtc_cards / "pod" / "en"
    for path in folder.glob("*-pdfx.pdf"):
        assert pdfx_problems(path) == [], path.name
    rgb = pdfx_problems(folder / "galaxy-poker.pdf")
    assert "the catalogue has no GTS_PDFX output intent" in rgb
    assert "the document information has no GTS_PDFXVersion" in rgb
    assert any("DeviceRGB" in problem for problem in rgb)
    reader = PdfReader(folder / "galaxy-poker-pdfx.pdf")
    assert reader.metadata["/GTS_PDFXVersion"] == "PDF/X-1a:2003"
    assert len(reader.pages) == len(PdfReader(folder / "galaxy-poker.pdf").pages)


def test_the_pdfx_check_refuses_a_page_without_bleed_box_and_an_rgb_image(tmp_path):
    import pikepdf

    made = tmp_path / "made.pdf"
    with pikepdf.new() as pdf:
        pdf.add_blank_page(page_size=(200, 200))
        image = pikepdf.Stream(pdf, b"\xff\x00\x00", Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Image,
                               Width=1, Height=1, ColorSpace=pikepdf.Name.DeviceRGB, BitsPerComponent=8)
        page = pdf.pages[0]
        page.obj.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Im0=image))
        page.obj.TrimBox = pikepdf.Array([10, 10, 250, 190])
        pdf.save(made)
    found = pdfx_problems(made)
    assert "page 1: no BleedBox" in found
    assert "page 1: image /Im0 in colour space /DeviceRGB" in found


def test_the_pdfx_file_is_the_same_bytes_every_time(dtc_cards, tmp_path):
    source = dtc_cards / "pod" / "en" / "time-poker.pdf"
    first = pdfx.to_pdfx(source, tmp_path / "a.pdf", ink_limit=240).read_bytes()
    second = pdfx.to_pdfx(source, tmp_path / "b.pdf", ink_limit=240).read_bytes()
    assert first == second
    assert first == (dtc_cards / "pod" / "en" / "time-poker-pdfx.pdf").read_bytes()


def test_the_ink_limit_holds_the_darkest_colours_under_240_percent(dtc_cards, tmp_path):
    folder = dtc_cards / "pod" / "en"
    unlimited = pdfx.to_pdfx(folder / "time-poker.pdf", tmp_path / "unlimited.pdf")
    assert most_ink(unlimited) > 280  # Ghostscript's SWOP separation of our darkest backs
    for path in folder.glob("*-pdfx.pdf"):
        assert most_ink(path) <= 240.0, path.name
        assert pdfx_problems(path) == [], path.name


def test_a_colour_over_the_limit_becomes_the_nearest_under_it_through_the_output_profile():
    matcher = InkMatcher(pdfx.output_profile())
    navy = (0.863, 0.804, 0.537, 0.71)  # Ghostscript's SWOP separation of Habitable's back, 291 %
    under = matcher.nearest_under(navy, 2.4)
    assert sum(under) <= 2.4 and under[3] < 1.0
    (l0, a0, b0), (l1, a1, b1) = matcher.lab([navy, under])
    assert ((l0 - l1) ** 2 + (a0 - a1) ** 2 + (b0 - b1) ** 2) ** 0.5 < 2.0  # the same navy to the eye
    assert all(sum(c) <= 2.4 + 1e-9 for c in candidates(navy, 2.4))


def test_pdfx_without_ghostscript_is_an_error_in_one_sentence(escape_earth_content, tmp_path, monkeypatch):
    monkeypatch.setattr(pdfx.shutil, "which", lambda name: None)
    errors = ErrorList()
    files = render_cards(escape_earth_content, tmp_path, BuildOptions(languages=("en",), papers=("a4",), pdfx=True,
                                                                      tts=False), errors)
    assert any("PDF/X output needs Ghostscript" in error.message for error in errors), errors.as_text()
    assert not [path for path in files if path.name.endswith("-pdfx.pdf")]


@pytest.mark.slow
def test_pnp_cards_habitable_for_drivethrucards_writes_a_back_first_pdf_and_its_pdfx_per_deck(tmp_path):
    done = run_pnp("cards", "habitable", "--content", str(CONTENT), "--output", str(tmp_path), "--lang", "en",
                   "--paper", "a4", "--profile", "drivethrucards")
    assert done.returncode == 0, done.stderr
    folder = tmp_path / "habitable" / "pod" / "en"
    content = load_game(CONTENT, "habitable")
    layouts = CardLayouts(content, ErrorList(), profiles()["drivethrucards"])
    expected = {"play_deck": "poker", "goal": "poker", "planet": "tarot"}
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        name for deck, size in expected.items() for name in (f"{deck}-{size}.pdf", f"{deck}-{size}-pdfx.pdf"))
    for deck, card in first_cards(content).items():
        path = folder / f"{deck}-{expected[deck]}.pdf"
        reader = PdfReader(path)
        copies = sum(c.count for c in content.cards if content.game.deck_of(c.kind).id == deck)
        assert len(reader.pages) == 2 * copies
        assert page_words(reader, 0) == words(layouts.back(card, "en"))
        cmyk = Path(str(path).replace(".pdf", "-pdfx.pdf"))
        assert pdfx_problems(cmyk) == [] and len(PdfReader(cmyk).pages) == 2 * copies
