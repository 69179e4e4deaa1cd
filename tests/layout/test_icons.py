"""Icons are parsed once into move/line/curve outlines that both backends replay."""

from __future__ import annotations

import pytest

from generator.content.loader import SHARED_ICONS
from generator.drawing.icons import IconError, load_icon

ICONS = sorted(SHARED_ICONS.glob("*.svg"))


@pytest.mark.parametrize("path", ICONS, ids=[p.stem for p in ICONS])
def test_every_shared_icon_parses_into_outlines_inside_its_view(path):
    icon = load_icon(path)
    assert icon.shapes
    vx, vy, vw, vh = icon.view
    for shape in icon.shapes:
        assert {cmd[0] for cmd in shape.commands} <= {"M", "L", "C", "Z"}
        assert shape.fill or (shape.stroke and shape.stroke_width > 0)
        for cmd in shape.commands:
            for x, y in zip(cmd[1::2], cmd[2::2], strict=False):
                assert vx - vw * 0.1 <= x <= vx + vw * 1.1 and vy - vh * 0.1 <= y <= vy + vh * 1.1


def test_transforms_and_ellipses_are_applied():
    icon = load_icon(SHARED_ICONS / "knowledge.svg")
    ellipses = [s for s in icon.shapes if s.stroke and not s.fill]
    assert len(ellipses) == 3
    starts = {tuple(round(v, 2) for v in s.commands[0][1:]) for s in ellipses}
    assert len(starts) == 3  # the rotated copies start at different points
    assert all(s.stroke_width == pytest.approx(1.6) for s in ellipses)


def test_dashes_and_colours_survive():
    parsec = load_icon(SHARED_ICONS / "parsec.svg")
    [dashed] = [s for s in parsec.shapes if s.dash]
    assert dashed.dash == (2.0, 1.5) and dashed.stroke == "#333333"


def test_a_file_that_draws_nothing_is_an_error(tmp_path):
    empty = tmp_path / "empty.svg"
    empty.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"></svg>', encoding="utf-8")
    with pytest.raises(IconError, match="draws nothing"):
        load_icon(empty)
