"""No marked cards: on a back page rendered at 300 dpi, a cut 1 mm off on any side never shows another deck's back.

Two decks with backs of clashing colours are imposed on one sheet and looked at pixel by pixel;
the same check runs over every back page of the bundled games (slow), and the build refuses
sheets on which decks touch.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.build import BuildOptions
from generator.content.errors import ErrorList
from generator.drawing.shapes import Paint, Rect
from generator.layout.engine import CardLayouts
from generator.layout.geometry import FaceLayout
from generator.render import pdf_sheets
from generator.render import sheet_plan as plan_module
from generator.render.cards_step import lay_out, ordered_cards, render_cards
from generator.render.imposition import PAPERS
from generator.render.pdf_sheets import PrintCard, plan_sheets, write_sheets
from generator.render.sheet_plan import bleed_problems
from tests.layout.conftest import CONTENT, load_game
from tests.render.miscut import miscuts, render
from tests.render.test_sheet_plan import touching

RED, BLUE = "#d01010", "#1030d0"


def _face(colour: str, key: str) -> FaceLayout:
    return FaceLayout(63, 88, 3.0, key, frame=[Rect(-3, -3, 69, 94, Paint(fill=colour))])


def two_decks() -> list[PrintCard]:
    """Five cards of a red-backed deck, then four of a blue-backed one: they meet on the first sheet."""
    front = _face("#f4f0e8", "front")
    return [PrintCard(f"r{i}", front, _face(RED, "red"), "red") for i in range(5)] + \
        [PrintCard(f"b{i}", front, _face(BLUE, "blue"), "blue") for i in range(4)]


def back_pages(pdf: Path, cards: list[PrintCard], paper: str, folder: Path) -> list[list]:
    """Per sheet, what a 1 mm miscut leaves on each card of its back page (and the plans' own verdict)."""
    found = []
    for number, (plan, group) in enumerate(plan_sheets(cards, paper), start=1):
        image = render(pdf, 2 * number, folder)
        found.append(miscuts(image, PAPERS[paper][1], [(group[i].deck, slot) for i, slot in plan.placed(back=True)]))
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_two_decks_on_a_sheet_never_show_each_others_back_when_cut_1_mm_off(tmp_path, paper):
    cards = two_decks()
    pdf = tmp_path / "sheets.pdf"
    write_sheets(pdf, cards, paper, {}, "Two decks")
    sheets = back_pages(pdf, cards, paper, tmp_path)
    decks_per_sheet = [{m.deck for m in sheet} for sheet in sheets]
    if paper == "a4":
        assert decks_per_sheet[0] == {"red", "blue"}  # both decks on one sheet, parted by a gutter
    else:
        assert all(len(decks) == 1 for decks in decks_per_sheet)  # no room for a gutter: blue starts a sheet
    for sheet in sheets:
        for card in sheet:
            assert card.sound, card


def test_the_raster_check_sees_touching_decks_and_cards_cut_edge_to_edge(tmp_path, monkeypatch):
    monkeypatch.setattr(pdf_sheets, "impose", touching)  # the imposition as it was
    monkeypatch.setattr(plan_module, "_clip", lambda grid, cells, slot: slot.clip)  # bleed only round the block
    cards = two_decks()
    write_sheets(tmp_path / "touching.pdf", cards, "a4", {}, "Two decks")
    [sheet] = back_pages(tmp_path / "touching.pdf", cards, "a4", tmp_path)
    shown = {m.deck: sum(m.others.values()) for m in sheet if any(m.others.values())}
    assert shown.keys() == {"red", "blue"}  # red cards above blue ones show blue, and the other way round
    alone = cards[:1] * 7  # one deck, two empty slots: the card beside them was cut edge to edge
    write_sheets(tmp_path / "alone.pdf", alone, "a4", {}, "One deck")
    [sheet] = back_pages(tmp_path / "alone.pdf", alone, "a4", tmp_path)
    bare = [m for m in sheet if m.own_share < 0.97]
    assert bare and all(not m.others for m in bare)


def test_a_build_whose_decks_would_touch_fails_naming_the_deck_and_sheet(tmp_path, monkeypatch):
    content = load_game(CONTENT, "escape-earth")
    monkeypatch.setattr(pdf_sheets, "impose", touching)
    errors = ErrorList()
    out = tmp_path / "out"
    out.mkdir()
    render_cards(content, out, BuildOptions(languages=("en",), papers=("a4",)), errors)
    messages = [e.message for e in errors]
    assert any(m.startswith("escape-earth: deck 'time' on a4 sheet 6 (front): card '") and
               m.endswith("cut 1 mm off could show deck 'event'") for m in messages), messages
    assert any("deck 'building' on a4 sheet 4 (front)" in m and "could show deck 'activity'" in m for m in messages)
    assert all(e.mark.file.endswith("game.yaml") and e.mark.line > 1 and e.code == "imposition" for e in errors)
    assert not (out / "cards-en-a4.pdf").exists()  # nothing written


@pytest.mark.slow
@pytest.mark.parametrize("game", ["escape-earth", "habitable", "terraforming-mars"])
def test_every_bundled_back_page_survives_a_1_mm_miscut(game, tmp_path):
    content = load_game(CONTENT, game)
    designs = lay_out(CardLayouts(content, ErrorList()), ordered_cards(content), "en")
    assert designs is not None
    cards = [printed for card, printed in designs for _ in range(card.count)]
    for paper in PAPERS:
        assert bleed_problems([plan for plan, _ in plan_sheets(cards, paper)]) == []
        assert bleed_problems([plan for plan, _ in plan_sheets(cards, paper, folded=True)]) == []
        pdf = tmp_path / f"{paper}.pdf"
        write_sheets(pdf, cards, paper, content.icons, game)
        for number, sheet in enumerate(back_pages(pdf, cards, paper, tmp_path), start=1):
            unsound = [(m.deck, m.own_share, m.others) for m in sheet if not m.sound]
            assert unsound == [], (paper, number, unsound)
