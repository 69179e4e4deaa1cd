"""Sheet geometry: how many cards fit, where they sit, where the crop marks and duplex backs go."""

from __future__ import annotations

import pytest

from generator.render.imposition import MARK_GAP, PAPERS, fit_grid


def test_poker_cards_fit_three_by_three_upright_on_a4_centred():
    grid = fit_grid("a4", 63, 88)
    assert (grid.cols, grid.rows, grid.rotated) == (3, 3, False)
    left, bottom, right, top = grid.block
    assert left == pytest.approx(210 - right) and bottom == pytest.approx(297 - top)
    first = grid.slot(0)
    assert (first.x, first.y + first.h) == pytest.approx((left + 3, top - 3))  # trim = bleed box inset by 3 mm
    assert (first.w, first.h) == (63, 88)


def test_letter_turns_poker_cards_when_that_fits_more():
    grid = fit_grid("letter", 63, 88)
    assert grid.rotated and grid.per_page == 8  # 2 x 4 sideways beats 3 x 2 upright
    assert (grid.slot(0).w, grid.slot(0).h) == (88, 63)
    assert grid.slot(0).rotation == 90 and grid.slot(0, back=True).rotation == -90


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("size", [(63, 88), (57, 89), (44, 63), (70, 120), (70, 70)])
def test_cells_never_overlap_and_stay_on_the_page(paper, size):
    grid = fit_grid(paper, *size)
    page_w, page_h = PAPERS[paper]
    boxes = []
    for index in range(grid.per_page):
        s = grid.slot(index)
        box = (s.x - 3, s.y - 3, s.x + s.w + 3, s.y + s.h + 3)
        assert box[0] >= -1e-9 and box[1] >= -1e-9 and box[2] <= page_w + 1e-9 and box[3] <= page_h + 1e-9
        for other in boxes:
            assert box[2] <= other[0] + 1e-9 or other[2] <= box[0] + 1e-9 or box[3] <= other[1] + 1e-9 \
                or other[3] <= box[1] + 1e-9
        boxes.append(box)


def test_backs_sit_in_the_mirrored_column_of_the_same_row():
    grid = fit_grid("a4", 63, 88)
    for index in range(grid.per_page):
        front, back = grid.slot(index), grid.slot(index, back=True)
        assert back.col == grid.cols - 1 - front.col and back.row == front.row
        # long-edge flip mirrors x about the page centre and keeps y
        assert back.x + back.w == pytest.approx(210 - front.x)
        assert back.y == pytest.approx(front.y)


def test_crop_marks_lie_outside_the_bleed_on_every_cut_line():
    grid = fit_grid("a4", 63, 88)
    left, bottom, right, top = grid.block
    xs, ys = grid.trim_lines()
    assert len(xs) == 6 and len(ys) == 6
    marks = grid.crop_marks()
    for x1, y1, x2, y2 in marks:
        assert 0 <= min(x1, x2) and max(x1, x2) <= 210 and 0 <= min(y1, y2) and max(y1, y2) <= 297
        inside_x = left - MARK_GAP + 1e-9 < x1 < right + MARK_GAP - 1e-9 and left < x2 < right
        inside_y = bottom - MARK_GAP + 1e-9 < y1 < top + MARK_GAP - 1e-9 and bottom < y2 < top
        assert not (inside_x and inside_y)  # no mark reaches into the cards' bleed
    for x in xs:  # every vertical cut is marked above and below the block
        assert sum(1 for m in marks if m[0] == m[2] == x) == 2
    for y in ys:
        assert sum(1 for m in marks if m[1] == m[3] == y) == 2
