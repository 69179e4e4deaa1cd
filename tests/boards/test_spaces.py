"""Spaces made by tracks, grids, orbits and slot rows: where they are and who their neighbours are."""

from __future__ import annotations

import math

import pytest

from generator.content.schema import Board

BASE = {"id": "b", "name": {"de": "B", "en": "B"}, "size": {"width": 400, "height": 400}}


def board(**blocks) -> Board:
    return Board.model_validate({**BASE, **blocks})


def test_a_snaking_track_turns_back_and_chains_its_values():
    b = board(tracks=[{"id": "score", "start": 0, "end": 11, "at": [10, 10], "cell": 10, "per_row": 5}])
    cell = {n: b.space(f"score-{n}") for n in range(12)}
    assert (cell[0].x, cell[0].y) == (10, 10)
    assert (cell[4].x, cell[4].y) == (50, 10)
    assert (cell[5].x, cell[5].y) == (50, 20)  # row 2 starts under the end of row 1
    assert (cell[9].x, cell[9].y) == (10, 20)
    assert (cell[10].x, cell[10].y) == (10, 30)
    assert b.neighbours("score-0") == ("score-1",)
    assert b.neighbours("score-5") == ("score-4", "score-6")
    assert b.neighbours("score-11") == ("score-10",)


def test_a_looping_track_joins_its_ends():
    b = board(tracks=[{"id": "ring", "start": 1, "end": 8, "at": [10, 10], "cell": 10, "per_row": 4, "loop": True}])
    assert b.neighbours("ring-1") == ("ring-2", "ring-8")
    assert b.neighbours("ring-8") == ("ring-1", "ring-7")


def test_square_grid_neighbours_with_and_without_diagonals():
    plain = board(grids=[{"id": "g", "type": "square", "at": [10, 10], "cell": 10, "rows": 3, "columns": 3}])
    assert plain.neighbours("g-1-1") == ("g-0-1", "g-1-0", "g-1-2", "g-2-1")
    assert plain.neighbours("g-0-0") == ("g-0-1", "g-1-0")
    diag = board(grids=[{"id": "g", "type": "square", "at": [10, 10], "cell": 10, "rows": 3, "columns": 3,
                         "diagonal": True}])
    assert len(diag.neighbours("g-1-1")) == 8


def test_hex_map_with_centred_rows_has_six_neighbours_inside_and_keeps_cell_kinds():
    # a hexagon of side 3 (rows 3-4-5-4-3), as the Mars map is a hexagon of side 5
    b = board(grids=[{"id": "mars", "type": "hex", "at": [40, 40], "cell": 20, "rows": 5,
                      "row_lengths": [3, 4, 5, 4, 3], "kind": "land",
                      "cells": [{"at": [2, 2], "kind": "ocean", "data": {"reserved": "ocean"}}]}])
    centre = b.space("mars-2-2")
    assert centre.kind == "ocean" and centre.data["reserved"] == "ocean" and centre.shape == "hex"
    assert b.neighbours("mars-2-2") == ("mars-1-1", "mars-1-2", "mars-2-1", "mars-2-3", "mars-3-1", "mars-3-2")
    assert len(b.neighbours("mars-0-0")) == 3
    for other in b.neighbours("mars-2-2"):
        s = b.space(other)
        assert math.dist((s.x, s.y), (centre.x, centre.y)) == pytest.approx(20)
    assert len(b.placed.spaces) == 19


def test_offset_hex_rows_shift_half_a_cell():
    b = board(grids=[{"id": "h", "type": "hex", "at": [20, 20], "cell": 20, "rows": 3, "columns": 4,
                      "exclude": [[0, 3]]}])
    assert b.space("h-1-0").x == pytest.approx(30)
    assert b.space("h-1-0").y == pytest.approx(20 + 20 * math.sqrt(3) / 2)
    assert "h-0-3" not in b.placed.by_id
    assert b.neighbours("h-1-1") == ("h-0-1", "h-0-2", "h-1-0", "h-1-2", "h-2-1", "h-2-2")


def test_orbit_positions_carry_their_zone_and_modifier():
    b = board(orbits=[{"id": "sun", "star": {"de": "Sonne", "en": "Sun"}, "at": [200, 200], "positions": 9,
                       "first_radius": 20, "spacing": 12, "angle": -90,
                       "zones": [{"id": "hot", "name": {"de": "heiß", "en": "hot"}, "first": 3, "last": 4,
                                  "fill": "#ff8800", "modifier": 2},
                                 {"id": "mild", "name": {"de": "mild", "en": "mild"}, "first": 5, "last": 6,
                                  "fill": "#ffdd00", "modifier": 1}]}])
    p5 = b.space("sun-5")
    assert p5.data["zone"] == "mild" and p5.data["modifier"] == 1
    assert (p5.x, p5.y) == pytest.approx((200, 200 - (20 + 4 * 12)))
    assert "zone" not in b.space("sun-1").data
    assert b.neighbours("sun-5") == ("sun-4", "sun-6")


def test_orbit_positions_name_their_star_and_carry_its_data():
    b = board(orbits=[{"id": "kepler-117", "star": {"de": "Kepler-117", "en": "Kepler-117"}, "at": [100, 100],
                       "positions": 3, "first_radius": 20, "spacing": 10, "data": {"min_players": 4}}])
    assert [b.space(f"kepler-117-{n}").data["star"] for n in (1, 2, 3)] == ["kepler-117"] * 3
    assert b.space("kepler-117-2").data["min_players"] == 4 and b.space("kepler-117-2").data["position"] == 2


def test_a_market_row_chains_its_slots_into_the_black_hole():
    b = board(slots=[{"id": "market", "at": [10, 10], "count": 8, "slot": "poker", "gap": 8,
                      "end": {"id": "black-hole", "label": {"de": "Schwarzes Loch", "en": "Black hole"}}}])
    assert [s.id for s in b.placed.spaces] == [f"market-{n}" for n in range(1, 9)] + ["black-hole"]
    assert b.space("market-2").x - b.space("market-1").x == pytest.approx(63 + 8)
    assert b.neighbours("market-8") == ("black-hole", "market-7")
    assert b.neighbours("black-hole") == ("market-8",)


def test_declared_adjacency_is_symmetric_in_the_model_and_unknown_spaces_raise():
    b = board(spaces=[{"id": "x", "kind": "k", "adjacent": ["y"]}, {"id": "y", "kind": "k"}])
    assert b.neighbours("y") == ("x",)
    with pytest.raises(KeyError, match="no space 'z'"):
        b.neighbours("z")
