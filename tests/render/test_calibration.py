"""The duplex calibration sheet: a cross on the front, rulers behind it on the back, the back offset applied."""

from __future__ import annotations

import pdfplumber
import pytest

from generator.render.calibration import write_calibration
from tests.render.printed_sheet import scale_bars, too_close_to_edge

MM = 72 / 25.4


def _zero_ticks(page) -> tuple[float, float]:
    """x of the horizontal ruler's 0 tick and y of the vertical ruler's 0 tick, in mm (y up)."""
    lines = page.lines
    verticals = sorted((ln for ln in lines if abs(ln["x0"] - ln["x1"]) < 0.01
                        and abs((ln["bottom"] - ln["top"]) / MM - 3.0) < 0.01), key=lambda ln: ln["x0"])
    horizontals = sorted((ln for ln in lines if abs(ln["top"] - ln["bottom"]) < 0.01
                          and abs((ln["x1"] - ln["x0"]) / MM - 3.0) < 0.01), key=lambda ln: ln["top"])
    assert len(verticals) == 5 and len(horizontals) == 5  # ticks at -10, -5, 0, +5, +10 mm
    return verticals[2]["x0"] / MM, (page.height - horizontals[2]["top"]) / MM


@pytest.mark.parametrize("paper, size", [("a4", (210, 297)), ("letter", (215.9, 279.4))])
def test_the_rulers_sit_behind_the_cross_and_move_with_the_offset(tmp_path, paper, size):
    plain = write_calibration(tmp_path / "plain.pdf", paper, "en", "v")
    moved = write_calibration(tmp_path / "moved.pdf", paper, "de", "v", back_offset=(1.5, -0.5))
    with pdfplumber.open(plain) as a, pdfplumber.open(moved) as b:
        assert len(a.pages) == 2
        cross = [ln for ln in a.pages[0].lines if ln["linewidth"] > 1]
        assert {round(ln["x0"] / MM, 2) for ln in cross if abs(ln["x0"] - ln["x1"]) < 0.01} == {size[0] / 2}
        assert {round((a.pages[0].height - ln["top"]) / MM, 2) for ln in cross
                if abs(ln["top"] - ln["bottom"]) < 0.01} == {size[1] / 2}
        assert _zero_ticks(a.pages[1]) == pytest.approx((size[0] / 2, size[1] / 2), abs=0.01)
        assert _zero_ticks(b.pages[1]) == pytest.approx((size[0] / 2 + 1.5, size[1] / 2 - 0.5), abs=0.01)
        for page in (*a.pages, *b.pages):
            assert too_close_to_edge(page) == []
            assert len(scale_bars(page)) == 1
        assert "--back-offset X,Y" in a.pages[0].extract_text()
