"""Sheet geometry: how many cards fit, where they sit, where the crop marks, margin texts and duplex backs go."""

from __future__ import annotations

import pytest

from generator.render.imposition import MARK_GAP, PAPERS, PRINTER_MARGIN, fit_grid

SIZES = [(63, 88), (57, 89), (44, 63), (70, 120), (70, 70)]


def test_poker_cards_fit_three_by_three_upright_on_a4_centred_sharing_their_cuts():
    grid = fit_grid("a4", 63, 88)
    assert (grid.cols, grid.rows, grid.rotated) == (3, 3, False)
    left, bottom, right, top = grid.block
    assert left == pytest.approx(210 - right) and bottom == pytest.approx(297 - top)
    assert right - left == pytest.approx(3 * 63) and top - bottom == pytest.approx(3 * 88)  # no gutters
    first = grid.slot(0)
    assert (first.x, first.y + first.h, first.w, first.h) == pytest.approx((left, top, 63, 88))
    assert grid.trim_lines() == ([pytest.approx(left + 63 * c) for c in range(4)],
                                 [pytest.approx(bottom + 88 * r) for r in range(4)])


def test_letter_holds_nine_poker_cards_upright():
    grid = fit_grid("letter", 63, 88)
    assert (grid.cols, grid.rows, grid.rotated) == (3, 3, False)


def test_a_bigger_printer_margin_can_cost_cards():
    assert fit_grid("letter", 63, 88, margin=8.0).per_page < 9


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("size", SIZES)
def test_cards_marks_and_texts_stay_inside_the_printable_area(paper, size):
    grid = fit_grid(paper, *size)
    page_w, page_h = PAPERS[paper]
    lo_x, lo_y, hi_x, hi_y = PRINTER_MARGIN, PRINTER_MARGIN, page_w - PRINTER_MARGIN, page_h - PRINTER_MARGIN
    boxes = []
    for index in range(grid.per_page):
        s = grid.slot(index)
        box = (s.x, s.y, s.x + s.w, s.y + s.h)
        assert lo_x <= box[0] and box[2] <= hi_x and lo_y <= box[1] and box[3] <= hi_y
        x0, y0, x1, y1 = s.clip  # the drawn bleed never leaves the printable area either
        assert lo_x - 1e-9 <= x0 and x1 <= hi_x + 1e-9 and lo_y - 1e-9 <= y0 and y1 <= hi_y + 1e-9
        for other in boxes:
            assert box[2] <= other[0] + 1e-9 or other[2] <= box[0] + 1e-9 or box[3] <= other[1] + 1e-9 \
                or other[3] <= box[1] + 1e-9
        boxes.append(box)
    for x1, y1, x2, y2 in grid.crop_marks():
        assert lo_x - 1e-9 <= min(x1, x2) and max(x1, x2) <= hi_x + 1e-9
        assert lo_y - 1e-9 <= min(y1, y2) and max(y1, y2) <= hi_y + 1e-9
    assert len(grid.text_lines(2)) == 2


def test_bleed_is_drawn_only_on_the_outside_of_the_block():
    grid = fit_grid("a4", 63, 88)
    middle = grid.slot(4)
    assert middle.clip == pytest.approx((middle.x, middle.y, middle.x + 63, middle.y + 88))
    corner = grid.slot(0)
    assert corner.clip == pytest.approx((corner.x - 3, corner.y, corner.x + 63, corner.y + 88 + 3))


def test_backs_sit_in_the_mirrored_column_of_the_same_row():
    grid = fit_grid("a4", 63, 88)
    for index in range(grid.per_page):
        front, back = grid.slot(index), grid.slot(index, back=True)
        assert back.col == grid.cols - 1 - front.col and back.row == front.row
        # long-edge flip mirrors x about the page centre and keeps y
        assert back.x + back.w == pytest.approx(210 - front.x)
        assert back.y == pytest.approx(front.y)


def test_turned_cards_turn_the_other_way_on_the_back():
    grid = fit_grid("a4", 44, 63)
    assert grid.rotated
    assert grid.slot(0).rotation == 90 and grid.slot(0, back=True).rotation == -90


@pytest.mark.parametrize("paper", PAPERS)
def test_every_cut_line_is_marked_on_both_sides_outside_the_trim(paper):
    grid = fit_grid(paper, 63, 88)
    left, bottom, right, top = grid.block
    xs, ys = grid.trim_lines()
    assert len(xs) == 4 and len(ys) == 4
    marks = grid.crop_marks()
    for x1, y1, x2, y2 in marks:
        inside_x = left - MARK_GAP + 1e-9 < max(x1, x2) and min(x1, x2) < right + MARK_GAP - 1e-9
        inside_y = bottom - MARK_GAP + 1e-9 < max(y1, y2) and min(y1, y2) < top + MARK_GAP - 1e-9
        assert not (inside_x and inside_y)  # no mark reaches onto a card
        assert abs(x2 - x1) + abs(y2 - y1) >= 2.0  # long enough to see
    for x in xs:
        assert sum(1 for m in marks if m[0] == m[2] == x) == 2
    for y in ys:
        assert sum(1 for m in marks if m[1] == m[3] == y) == 2
