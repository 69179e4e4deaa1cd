"""`pnp check` on boards: unknown and one-sided adjacency, overlaps, duplicates, ranges — with file:line."""

from __future__ import annotations

from tests.boards.conftest import load, pnp

GRAPH = """\
id: test
name: {de: Test, en: Test}
size: {width: 200, height: 100}
spaces:
  - id: a
    kind: planet
    at: [20, 20]
    adjacent: [b]
  - id: b
    kind: planet
    at: [60, 20]
    adjacent: [a, c]
  - id: c
    kind: planet
    at: [100, 20]
    adjacent: [b]
"""


def line_of(text: str, needle: str, nth: int = 1) -> int:
    hits = [i for i, line in enumerate(text.splitlines(), 1) if needle in line]
    return hits[nth - 1]


def test_a_consistent_graph_passes(board_game):
    root = board_game(GRAPH)
    content, errors = load(root, "boardgame")
    assert not errors, errors.as_text()
    assert content is not None and content.boards[0].neighbours("b") == ("a", "c")


def test_unknown_adjacency_id_is_reported_with_file_and_line(board_game):
    board = GRAPH.replace("adjacent: [a, c]", "adjacent: [a, c, dd]")
    root = board_game(board)
    run = pnp("check", "--content", str(root))
    assert run.code == 1
    line = line_of(board, "adjacent: [a, c, dd]")
    assert f"boardgame/boards/test.yaml:{line}:" in run.err
    assert "space 'b' is adjacent to unknown space 'dd'" in run.err
    assert "[spaces[1].adjacent[2]]" in run.err
    assert "Traceback" not in run.err


def test_one_sided_adjacency_is_reported_with_file_and_line(board_game):
    board = GRAPH.replace("    adjacent: [b]\n  - id: b", "    adjacent: [b, c]\n  - id: b")
    root = board_game(board)
    run = pnp("check", "--content", str(root))
    assert run.code == 1
    line = line_of(board, "adjacent: [b, c]")
    assert f"boardgame/boards/test.yaml:{line}:" in run.err
    assert "adjacency is one-sided: 'a' lists 'c' but 'c' does not list 'a'" in run.err
    assert "add 'a' to the `adjacent` of 'c'" in run.err


def test_overlapping_spaces_are_reported_at_the_later_space(board_game):
    board = GRAPH.replace("at: [100, 20]", "at: [70, 20]")
    root = board_game(board)
    content, errors = load(root, "boardgame")
    found = [e for e in errors if e.code == "geometry"]
    assert len(found) == 1, errors.as_text()
    assert "space 'c' overlaps space 'b'" in found[0].message
    assert found[0].mark.line == line_of(board, "at: [70, 20]")


def test_touching_grid_cells_do_not_count_as_overlapping(board_game):
    board = """\
    id: test
    name: {de: Test, en: Test}
    size: {width: 200, height: 200}
    grids:
      - {id: hexes, type: hex, at: [20, 20], cell: 20, rows: 5, columns: 6}
      - {id: squares, type: square, at: [20, 150], cell: 10, rows: 3, columns: 8, diagonal: true}
    """
    content, errors = load(board_game(board), "boardgame")
    assert not errors, errors.as_text()


def test_a_track_crossing_a_map_space_overlaps(board_game):
    board = """\
    id: test
    name: {de: Test, en: Test}
    size: {width: 200, height: 100}
    spaces:
      - {id: hub, kind: planet, at: [45, 20], size: 20}
    tracks:
      - {id: score, start: 0, end: 9, at: [10, 20], cell: 15}
    """
    content, errors = load(board_game(board), "boardgame")
    found = sorted(e.message for e in errors)
    # reported at the hand-placed space, whose `at` is the line to change
    assert found == ["space 'hub' overlaps space 'score-2' (made by tracks[0])",
                     "space 'hub' overlaps space 'score-3' (made by tracks[0])"]
    assert all(e.mark.line == 5 for e in errors)


def test_generated_ids_that_clash_with_declared_ones_are_duplicates(board_game):
    board = """\
    id: test
    name: {de: Test, en: Test}
    size: {width: 300, height: 100}
    spaces:
      - {id: score-3, kind: bonus, at: [250, 80]}
    tracks:
      - {id: score, start: 0, end: 5, at: [10, 20], cell: 15}
    """
    content, errors = load(board_game(board), "boardgame")
    assert any("duplicate space id 'score-3'" in e.message for e in errors), errors.as_text()


def test_spaces_off_the_board_zones_outside_an_orbit_and_unknown_icons(board_game):
    board = """\
    id: test
    name: {de: Test, en: Test}
    size: {width: 100, height: 100}
    styles:
      planet: {icon: no-such-icon}
    spaces:
      - {id: far, kind: planet, at: [99, 50], size: 10}
    orbits:
      - id: sun
        star: {de: Sonne, en: Sun}
        at: [40, 40]
        positions: 3
        first_radius: 10
        spacing: 8
        zones:
          - {id: warm, name: {de: warm, en: warm}, first: 2, last: 5, fill: "#ffaa00"}
    """
    content, errors = load(board_game(board), "boardgame")
    text = errors.as_text()
    assert "space 'far' at (99.0, 50.0) mm reaches beyond the board (100 x 100 mm)" in text
    assert "zone 'warm' spans positions 2-5 but orbit 'sun' has positions 1-3" in text
    assert "unknown icon 'no-such-icon'" in text


def test_the_bundled_games_pass_the_board_checks(astronuts):
    assert [b.id for b in astronuts.boards] == ["action-track", "map"]


def test_a_map_space_without_a_position_on_a_drawn_map_is_reported(board_game):
    board = GRAPH.replace("    at: [100, 20]\n", "")
    content, errors = load(board_game(board), "boardgame")
    [error] = list(errors)
    assert "space 'c' has no `at`, so it would not be drawn" in error.message
    assert error.mark.line == line_of(board, "- id: c")


def test_jumps_join_spaces_without_a_lane_and_unknown_targets_are_reported(board_game):
    board = GRAPH.replace("    adjacent: [b]\n  - id: b", "    adjacent: [b]\n    jumps: [c]\n  - id: b", 1)
    content, errors = load(board_game(board), "boardgame")
    assert not errors, errors.as_text()
    test_board = content.boards[0]
    assert test_board.jumps("a") == ("c",) and test_board.jumps("b") == () and "c" not in test_board.neighbours("a")


def test_a_jump_to_itself_or_to_an_unknown_space_is_reported(board_game):
    board = GRAPH.replace("    adjacent: [b]\n  - id: b", "    adjacent: [b]\n    jumps: [c]\n  - id: b", 1)
    bad = board.replace("jumps: [c]", "jumps: [a, zz]")
    content, errors = load(board_game(bad), "boardgame")
    messages = [e.message for e in errors]
    assert messages == ["space 'a' lists itself as a jump target", "space 'a' jumps to unknown space 'zz'"]
    assert all(e.mark.line == line_of(bad, "jumps: [a, zz]") for e in errors)


def hex_map(size: float) -> str:
    """A hand-placed 19-hex map (rows of 3, 4, 5, 4, 3 hexes 20 mm apart) whose style gives every space's size."""
    lines = ["id: test", "name: {de: Test, en: Test}", "size: {width: 200, height: 200}",
             "styles:", f"  land: {{shape: hex, size: {size}}}", "spaces:"]
    for row, length in enumerate((3, 4, 5, 4, 3)):
        for column in range(length):
            x = 40 + (5 - length) * 10 + column * 20
            lines.append(f"  - {{id: h{row}{column}, kind: land, at: [{x}, {40 + row * 17.32:.2f}]}}")
    return "\n".join(lines) + "\n"


def test_a_hex_size_too_large_for_the_map_is_one_mistake_reported_once_at_the_size(board_game):
    board = hex_map(30)
    content, errors = load(board_game(board), "boardgame")
    found = [e for e in errors if e.code == "geometry"]
    assert len(found) == 1, errors.as_text()
    [error] = found
    assert error.mark.line == line_of(board, "land: {shape: hex, size: 30}")
    assert error.message.startswith("42 pairs of spaces of kind 'land' overlap (the first: ")
    assert "they are 30 mm across, but their centres are only 20.0 mm apart" in error.message
    assert "make the size at most 20.0 mm" in error.hint and "across the flats" in error.hint


def test_the_same_map_with_hexes_that_fit_passes(board_game):
    content, errors = load(board_game(hex_map(19.5)), "boardgame")
    assert not errors, errors.as_text()
