"""Card sheets as a home printer prints them: nothing in the outer 5 mm, every cut marked, label and scale bar.

Measured with pdfplumber on the PDFs the build wrote (Escape Earth, both papers, every page) and
on sheets of every standard card size.
"""

from __future__ import annotations

import pdfplumber
import pytest

from generator.drawing.shapes import Paint, Rect
from generator.layout.geometry import FaceLayout
from generator.render.imposition import fit_grid
from generator.render.pdf_sheets import PrintCard, write_sheets
from generator.render.sheet_plan import impose
from tests.render.conftest import deck, decks_of
from tests.render.printed_sheet import card_boxes, margin_text, scale_bars, too_close_to_edge, unmarked_cuts

SIZES = {"poker": (63, 88), "bridge": (57, 89), "mini": (44, 63), "tarot": (70, 120), "square": (70, 70)}


def check_sheet_page(page, card_w: float, card_h: float, expect_cards: int | None = None) -> list:
    problems = too_close_to_edge(page)
    assert problems == [], problems[:5]
    cards = card_boxes(page, card_w, card_h)
    assert cards, "no cards found"
    if expect_cards is not None:
        assert len(cards) == expect_cards
    page_w, page_h = page.width / 72 * 25.4, page.height / 72 * 25.4
    assert all(c.distance_to_edge(page_w, page_h) >= 5.0 - 0.05 for c in cards)  # card edges inside the printable area
    assert unmarked_cuts(page, cards) == []
    assert scale_bars(page), "no 50 mm scale bar"
    return cards


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_built_sheet_keeps_the_printer_margin_and_marks_every_cut(built, paper, lang):
    words = {"de": ("Vorderseiten", "Rückseiten", "Bogen", "100 %"), "en": ("fronts", "backs", "sheet", "100 %")}[lang]
    with pdfplumber.open(built.out / f"cards-{lang}-{paper}.pdf") as pdf:
        total = len(pdf.pages) // 2
        for number, page in enumerate(pdf.pages):
            cards = check_sheet_page(page, 63, 88)
            text, smallest = margin_text(page, cards)
            assert smallest >= 8.0
            side = words[number % 2]
            for expected in ("Escape Earth", lang.upper(), f"{words[2]} {number // 2 + 1}/{total}", side, words[3],
                             "Version 1.0"):  # the game's rules version (game.yaml), not the tool's
                assert expected in text, (number, expected, text)


def test_poker_cards_fill_nine_slots_on_letter_and_on_a4(built):
    for paper in ("a4", "letter"):
        with pdfplumber.open(built.out / f"cards-en-{paper}.pdf") as pdf:
            assert len(card_boxes(pdf.pages[0], 63, 88)) == 9


def _face(w: float, h: float, colour: str) -> FaceLayout:
    return FaceLayout(w, h, 3.0, f"{w}x{h}{colour}", frame=[Rect(-3, -3, w + 6, h + 6, Paint(fill=colour))])


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", SIZES)
def test_sheets_of_every_card_size_keep_the_margin(tmp_path, paper, size):
    w, h = SIZES[size]
    grid = fit_grid(paper, w, h)
    cards = [PrintCard(f"c{i}", _face(w, h, "#204080"), _face(w, h, "#802040")) for i in range(grid.per_page)]
    path = tmp_path / "sheet.pdf"
    write_sheets(path, cards, paper, {}, "Test", "en", version="v")
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            check_sheet_page(page, w, h, expect_cards=grid.per_page)


def test_a_back_offset_moves_only_the_back_pages(tmp_path):
    w, h = SIZES["poker"]
    cards = [PrintCard(f"c{i}", _face(w, h, "#204080"), _face(w, h, "#802040")) for i in range(9)]
    plain, shifted = tmp_path / "plain.pdf", tmp_path / "shifted.pdf"
    write_sheets(plain, cards, "a4", {}, "Test", "en", version="v")
    write_sheets(shifted, cards, "a4", {}, "Test", "en", version="v", back_offset=(1.5, -0.5))
    with pdfplumber.open(plain) as a, pdfplumber.open(shifted) as b:
        assert card_boxes(a.pages[0], w, h) == card_boxes(b.pages[0], w, h)
        before, after = card_boxes(a.pages[1], w, h), card_boxes(b.pages[1], w, h)
        for one, two in zip(
            sorted(before, key=lambda c: (c.x0, c.y0)), sorted(after, key=lambda c: (c.x0, c.y0)), strict=False
        ):
            assert (two.x0 - one.x0, two.y0 - one.y0) == pytest.approx((1.5, -0.5), abs=0.01)


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_gutterfold_sheets_put_each_back_mirrored_across_a_marked_fold(built, paper):
    content, layouts = built.content, built.layouts
    ids = deck(content)
    grid = fit_grid(paper, 63, 88, folded=True)
    assert grid.per_page == 4 and grid.cols == 2
    page_w = {"a4": 210.0, "letter": 215.9}[paper]
    with pdfplumber.open(built.out / f"cards-en-{paper}-gutterfold.pdf") as pdf:
        assert len(pdf.pages) == len(impose(decks_of(content), grid)) >= -(-len(ids) // grid.per_page)
        for number, page in enumerate(pdf.pages):
            cards = check_sheet_page(page, 63, 88)
            text, smallest = margin_text(page, cards)
            assert smallest >= 8.0 and "gutterfold" in text and f"sheet {number + 1}/{len(pdf.pages)}" in text
            folds = [ln for ln in page.lines if ln.get("dash") and abs(ln["x0"] / 72 * 25.4 - page_w / 2) < 0.05]
            assert len(folds) >= 2  # the fold is marked above and below the cards, dashed
            for box in cards:  # every card touches the fold with one edge: fronts from the left, backs from the right
                assert min(abs(box.x0 - page_w / 2), abs(box.x1 - page_w / 2)) < 0.05
        first = pdf.pages[0]
        card = content.card(ids[1])  # "Ocean planet" (the first, "Earth", is also in the backs' "Escape Earth")
        front_title = layouts.front(card, "en").title.split()[0]
        boxes = card_boxes(first, 63, 88)
        on_cards = [w for w in first.extract_words() if w["text"] in (front_title, front_title[::-1])
                    and any(b.x0 <= w["x0"] / 72 * 25.4 <= b.x1 for b in boxes)
                    and any(b.y0 <= (first.height - w["top"]) / 72 * 25.4 <= b.y1 for b in boxes)]
        assert on_cards and all(w["x1"] / 72 * 25.4 < page_w / 2 for w in on_cards)  # fronts left of the fold


def test_a_long_game_title_is_shortened_in_the_label_not_shrunk(tmp_path):
    w, h = SIZES["poker"]
    cards = [PrintCard("c", _face(w, h, "#204080"), _face(w, h, "#802040"))]
    path = tmp_path / "long.pdf"
    write_sheets(path, cards, "letter", {}, "Die unglaublich lange Reise " * 12, "de", version="pnp-forge 0.1.0")
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        cards_found = card_boxes(page, w, h)
        text, smallest = margin_text(page, cards_found)
        assert smallest >= 8.0 and "…" in text and "pnp-forge 0.1.0" in text
        assert too_close_to_edge(page) == []
