"""Threshold boxes on track cells, and the title of a track that runs upwards."""

from __future__ import annotations

from generator.boards.layout import layout_board
from generator.boards.scene import Rect, Text
from tests.boards.conftest import load

BOARD = """\
id: tracks
name: {de: Leisten, en: Tracks}
size: {width: 80, height: 160}
tracks:
  - id: water
    title: {de: Wasser, en: Water}
    start: 0
    end: 7
    at: [20, 140]
    cell: 14
    direction: up
    marks:
      3: {stroke: "#000000", stroke_width: 1.0}
"""


def test_a_marked_cell_gets_a_black_box_inside_it(board_game):
    content, errors = load(board_game(BOARD), "boardgame")
    assert not errors, errors.as_text()
    board = content.boards[0]
    scene, problems = layout_board(board, "en", content.icons)
    assert not problems
    cell = board.space("water-3")
    boxes = [i for i in scene.items if isinstance(i, Rect) and i.paint.stroke == "#000000" and i.space is None]
    assert len(boxes) == 1
    box = boxes[0]
    assert box.paint.stroke_width == 1.0
    # drawn inside the 14 mm cell, half the stroke in from each edge
    assert box.x == cell.x - 7 + 0.5 and box.w == 13.0
    assert box.y == cell.y - 7 + 0.5 and box.h == 13.0


def test_an_upward_track_has_its_title_above_the_top_cell(board_game):
    content, _ = load(board_game(BOARD), "boardgame")
    board = content.boards[0]
    scene, _ = layout_board(board, "de", content.icons)
    top = board.space("water-7")
    assert top.y < board.space("water-0").y
    [title] = [t for t in scene.items if isinstance(t, Text) and t.text == "Wasser"]
    assert title.baseline < top.y - 7


ORBIT_AND_MARKET = """\
id: sky
name: {de: Himmel, en: Sky}
size: {width: 300, height: 200}
background: "#0b1026"
orbits:
  - {id: proxima, star: {de: Proxima Centauri, en: Proxima Centauri}, at: [60, 60], star_radius: 13,
     positions: 3, first_radius: 22, spacing: 8}
slots:
  - {id: market, title: {de: Marktplatz, en: Market}, at: [20, 110], count: 2, slot: poker, gap: 6}
"""


def test_a_long_star_name_shrinks_to_fit_across_its_star(board_game):
    from generator.boards.scene import PT_MM
    from generator.drawing.fonts import text_width_pt

    content, errors = load(board_game(ORBIT_AND_MARKET), "boardgame")
    assert not errors, errors.as_text()
    scene, _ = layout_board(content.boards[0], "en", content.icons)
    [name] = [t for t in scene.items if isinstance(t, Text) and t.text == "Proxima Centauri"]
    assert 6.0 <= name.size < 10.0
    assert text_width_pt(name.text, "bold", name.size) * PT_MM <= 2 * 13 * 0.9 + 1e-6


def test_a_market_title_on_a_dark_board_is_light(board_game):
    content, _ = load(board_game(ORBIT_AND_MARKET), "boardgame")
    scene, _ = layout_board(content.boards[0], "de", content.icons)
    [title] = [t for t in scene.items if isinstance(t, Text) and t.text == "Marktplatz"]
    assert title.color == "#f8f9fa"
