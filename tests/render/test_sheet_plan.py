"""The sheet plan: decks start new rows, are parted by a gutter or a new sheet, and every card has bleed all round."""

from __future__ import annotations

import pytest

from generator.render import sheet_plan
from generator.render.imposition import GUTTER_BLEED, MARK_GAP, MIN_MARK, PAPERS, PRINTER_MARGIN, fit_grid
from generator.render.sheet_plan import EMPTY, TOLERANCE, SheetPlan, bleed_problems, impose

SIZES = [(63, 88), (57, 89), (44, 63), (70, 120), (70, 70)]
# Escape Earth's decks as printed: galaxy, building, activity, time, event
ESCAPE_EARTH = ["g"] * 18 + ["b"] * 17 + ["a"] * 10 + ["t"] * 6 + ["e"] * 12


def touching(decks: list[str], grid) -> list[SheetPlan]:
    """The imposition as it was: cards in order, a full block per sheet, decks wherever they fall."""
    plans = []
    for start in range(0, len(decks), grid.per_page):
        cards = list(range(start, min(start + grid.per_page, len(decks))))
        cards += [EMPTY] * (grid.per_page - len(cards))
        plans.append(SheetPlan(grid, tuple(cards), tuple(None if i == EMPTY else decks[i] for i in cards)))
    return plans


def rows_of(plan: SheetPlan) -> list[str]:
    per_row = plan.grid.cols // (2 if plan.grid.folded else 1)
    return ["".join(d or "." for d in plan.decks[r * per_row:(r + 1) * per_row]) for r in range(plan.grid.rows)]


def test_on_a4_a_deck_starts_a_new_row_behind_a_gutter():
    plans = impose(ESCAPE_EARTH, fit_grid("a4", 63, 88))
    sixth = plans[5]
    assert rows_of(sixth) == ["a..", "ttt", "ttt"] and sixth.grid.gutters == (0,)
    top_of_second = sixth.grid.row_bottom(1) + 88
    assert sixth.grid.row_bottom(0) - top_of_second == pytest.approx(2 * GUTTER_BLEED)
    assert [rows_of(p) for p in plans[6:]] == [["eee", "eee", "eee"], ["eee", "...", "..."]]
    assert len(plans) == 8  # one sheet more than 63 cards at 9 a sheet: the price of parting five decks


def test_on_letter_a_deck_without_room_for_a_gutter_is_parted_by_an_empty_row_or_starts_a_new_sheet():
    plans = impose(ESCAPE_EARTH, fit_grid("letter", 63, 88))
    assert all(plan.grid.gutters == () for plan in plans)
    assert [rows_of(p) for p in plans[3:]] == [["bbb", "bbb", "bb."], ["aaa", "aaa", "aaa"], ["a..", "...", "ttt"],
                                               ["ttt", "...", "eee"], ["eee", "eee", "eee"]]


def test_decks_of_one_back_keep_sharing_their_cuts():
    plans = impose(["p"] * 12, fit_grid("a4", 63, 88))
    assert [rows_of(p) for p in plans] == [["ppp", "ppp", "ppp"], ["ppp", "...", "..."]]
    middle = dict(plans[0].placed())[4]
    assert middle.clip == pytest.approx((middle.x, middle.y, middle.x + 63, middle.y + 88))


def test_a_deck_printed_in_two_runs_is_printed_together():
    plans = impose(["a", "b", "a", "b"], fit_grid("a4", 63, 88))
    assert rows_of(plans[0]) == ["aa.", "bb.", "..."]
    assert [i for i in plans[0].cards if i != EMPTY] == [0, 2, 1, 3]


def test_a_card_beside_an_empty_slot_gets_its_bleed_there_on_both_sides_of_the_sheet():
    plan = impose(["p"] * 7, fit_grid("a4", 63, 88))[0]
    front, back = dict(plan.placed())[6], dict(plan.placed(back=True))[6]
    assert front.clip[2] == pytest.approx(front.x + 63 + 3.0)  # toward the empty slot to its right
    assert back.clip[0] == pytest.approx(back.x - 3.0)  # mirrored: the empty slot is on its left
    assert front.clip[3] == pytest.approx(front.y + 88)  # toward the card of its deck above: that card is its bleed
    above = dict(plan.placed())[4]
    assert above.clip[1] == pytest.approx(above.y - 3.0)  # the card above the empty slot bleeds into it too


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("folded", [False, True])
def test_every_card_survives_a_1_mm_miscut_and_marks_stay_long_and_printable(paper, size, folded):
    grid = fit_grid(paper, *size, folded=folded)
    mixed = ["a"] * (grid.per_page + 2) + ["b"] * 1 + ["c"] * (grid.cols + 1) + ["d"] * 5
    plans = impose(mixed, grid)
    assert bleed_problems(plans) == []
    assert sorted(i for p in plans for i, _ in p.placed()) == list(range(len(mixed)))
    page_w, page_h = PAPERS[paper]
    for plan in plans:
        g = plan.grid
        assert g.fits()
        assert min(g.outer_bleed().values()) >= TOLERANCE + 1.0  # the outside keeps at least 2 mm of bleed
        for x1, y1, x2, y2 in g.crop_marks():
            assert abs(x2 - x1) + abs(y2 - y1) >= MIN_MARK - 1e-9
            assert min(x1, x2) >= PRINTER_MARGIN - 1e-9 and max(x1, x2) <= page_w - PRINTER_MARGIN + 1e-9
            assert min(y1, y2) >= PRINTER_MARGIN - 1e-9 and max(y1, y2) <= page_h - PRINTER_MARGIN + 1e-9
        for back in plan.pages():
            for _, slot, _ in plan.faces(back):
                x0, y0, x1, y1 = slot.clip
                assert min(x0, y0) >= PRINTER_MARGIN - 1e-9 and x1 <= page_w - PRINTER_MARGIN + 1e-9
                assert y1 <= page_h - PRINTER_MARGIN + 1e-9


def test_letter_poker_sheets_keep_their_bleed_and_marks():
    grid = fit_grid("letter", 63, 88)
    assert grid.outer_bleed()["top"] == pytest.approx(2.7) and grid.outer_bleed()["bottom"] == pytest.approx(2.7)
    verticals = [abs(y2 - y1) for x1, y1, x2, y2 in grid.crop_marks() if x1 == x2]
    assert min(verticals) == pytest.approx(2.7 - MARK_GAP) and min(verticals) >= MIN_MARK


def test_the_check_finds_decks_that_touch_and_cards_cut_edge_to_edge(monkeypatch):
    grid = fit_grid("a4", 63, 88)
    problems = bleed_problems(touching(ESCAPE_EARTH, grid))
    sixth = {(p.card, p.other) for p in problems if p.sheet == 6 and p.back}
    assert sixth == {(48, "e"), (49, "e"), (50, "e"), (51, "t"), (52, "t"), (53, "t")}  # time cards above events
    assert {p.sheet for p in problems} == {4, 6}  # building beside activity, time above event
    monkeypatch.setattr(sheet_plan, "_clip", lambda grid, cells, slot: slot.clip)  # bleed only round the block
    bare = bleed_problems(impose(["p"] * 7, grid))
    assert {(p.card, p.other, p.back) for p in bare} >= {(6, None, False), (6, None, True), (4, None, True)}
