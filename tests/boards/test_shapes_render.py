"""What the layout draws for each shape: hex maps, stepped and snaking tracks, orbits, markets, legends."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from generator.boards.layout import layout_board
from generator.boards.scene import Circle, Polygon, Rect, Text
from tests.boards.conftest import load

SHAPES = Path(__file__).parent


@pytest.fixture(scope="module")
def shapes():
    content, errors = load(SHAPES, "shapes")
    assert not errors, errors.as_text()
    board = content.boards[0]
    scene, problems = layout_board(board, "en", content.icons)
    assert not problems
    return board, scene


def drawn(scene, space_id: str):
    return next(item for item in scene.items if getattr(item, "space", None) == space_id)


def test_the_mars_map_is_61_hexes_with_its_oceans(shapes):
    board, scene = shapes
    hexes = [i for i in scene.items if isinstance(i, Polygon) and (i.space or "").startswith("mars-")]
    assert len(hexes) == 61 and all(len(h.points) == 6 for h in hexes)
    oceans = {h.space for h in hexes if h.paint.fill == "#4dabf7"}
    assert oceans == {"mars-0-3", "mars-1-5", "mars-3-7", "mars-4-8", "mars-4-4"}
    assert set(board.spaces_of_kind("ocean")) == oceans
    centre = drawn(scene, "mars-4-4")
    cx = sum(p[0] for p in centre.points) / 6
    assert cx == pytest.approx(board.space("mars-4-4").x)
    assert any(isinstance(t, Text) and t.text == "Noctis" for t in scene.items)


def test_a_stepped_track_prints_its_values(shapes):
    board, scene = shapes
    cells = [i for i in scene.items if isinstance(i, Rect) and (i.space or "").startswith("temperature-")]
    assert len(cells) == 20
    labels = [t.text for t in scene.texts() if board.space("temperature--30").y - 7 < t.baseline
              < board.space("temperature--30").y + 7 and t.font == "bold"]
    assert labels[:3] == ["-30", "-28", "-26"] and "8" in labels
    assert drawn(scene, "temperature-8").paint.fill == "#ff8787"


def test_the_score_track_snakes_in_rows_of_25(shapes):
    board, _ = shapes
    assert board.space("score-25").x == board.space("score-24").x
    assert board.space("score-25").y > board.space("score-24").y
    assert board.space("score-49").x == board.space("score-0").x


def test_orbit_zones_are_bands_around_the_star_and_markers_sit_inside_them(shapes):
    board, scene = shapes
    bands = [i for i in scene.items if isinstance(i, Circle) and i.paint.fill is None and i.paint.stroke_width > 5]
    by_colour = {b.paint.stroke: b for b in bands}
    assert set(by_colour) == {"#ffa94d", "#ffe066", "#8ce99a", "#74c0fc"}
    for space_id, colour in (("sun-3", "#ffa94d"), ("sun-4", "#ffe066"), ("sun-5", "#8ce99a"), ("sun-7", "#74c0fc")):
        s = board.space(space_id)
        band = by_colour[colour]
        distance = math.dist((s.x, s.y), (band.cx, band.cy))
        assert band.r - band.paint.stroke_width / 2 <= distance <= band.r + band.paint.stroke_width / 2
    assert {t.text for t in scene.texts()} >= {"+2", "+1", "+0", "-1", "Sun"}


def test_the_market_has_an_arrow_between_neighbours_reddening_toward_the_black_hole(shapes):
    board, scene = shapes
    heads = [i for i in scene.items if isinstance(i, Polygon) and i.closed and len(i.points) == 3]
    assert len(heads) == 8  # 7 between the slots, 1 into the black hole
    tips = sorted(max(p[0] for p in h.points) for h in heads)
    slots = [board.space(f"market-{n}") for n in range(1, 9)] + [board.space("black-hole")]
    for tip, left, right in zip(tips, slots, slots[1:], strict=False):
        assert left.x + left.width / 2 < tip <= right.x - right.width / 2
    reds = [int(h.paint.fill[1:3], 16) for h in sorted(heads, key=lambda h: h.points[0][0])]
    assert reds == sorted(reds) and reds[-1] == 0xe0


def test_the_legend_names_the_kinds_that_have_names(shapes):
    _, scene = shapes
    texts = [t.text for t in scene.texts()]
    assert "Land" in texts and "Ocean (reserved)" in texts
