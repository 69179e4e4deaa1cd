"""The Astronuts star map: the engine's view of it, and that it is fair to every corner."""

from __future__ import annotations

from collections import Counter, deque

import pytest

HOMES = ("nw-home", "ne-home", "se-home", "sw-home")


@pytest.fixture(scope="module")
def star_map(astronuts):
    return next(b for b in astronuts.boards if b.id == "map")


def distances(board, start: str) -> dict[str, int]:
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in board.neighbours(here):
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


def test_the_engine_reads_a_home_planets_neighbours_from_the_model(star_map):
    assert star_map.neighbours("nw-home") == ("nw-n-lane", "nw-w-lane")
    assert star_map.space("nw-home").kind == "home"
    assert all(star_map.space(n).kind == "space" for n in star_map.neighbours("nw-home"))


def test_the_map_has_the_rulebooks_kinds_of_spaces(star_map):
    kinds = Counter(s.kind for s in star_map.placed.spaces)
    assert kinds["home"] == 4 and kinds["astrohole"] == 4
    assert kinds["planet_small"] == 12 and kinds["planet_large"] == 9 and kinds["asteroid"] == 8
    for space in star_map.placed.spaces:
        if space.kind == "planet_small":
            assert space.data == {"nuts": 2, "colonies": 2}
        if space.kind == "planet_large":
            assert space.data == {"nuts": 3, "colonies": 3}


def test_homes_sit_in_the_four_corners_of_the_map(star_map):
    spaces = star_map.placed.spaces
    left, right = min(s.x - s.width / 2 for s in spaces), max(s.x + s.width / 2 for s in spaces)
    top, bottom = min(s.y - s.height / 2 for s in spaces), max(s.y + s.height / 2 for s in spaces)
    corners = {"nw": (left, top), "ne": (right, top), "se": (right, bottom), "sw": (left, bottom)}
    for home in HOMES:
        space = star_map.space(home)
        cx, cy = corners[home[:2]]
        assert abs(space.x - cx) == space.width / 2 and abs(space.y - cy) == space.height / 2


def test_the_nuts_on_the_map_fit_the_box(star_map, astronuts):
    on_map = sum(s.data.get("nuts", 0) for s in star_map.placed.spaces)
    nuts_in_box = sum(c.count for c in astronuts.game.components if c.type == "coin")
    in_hands = 4 * 4  # every player gets one nut of each colour
    assert nuts_in_box == 80
    assert on_map + in_hands <= nuts_in_box


def test_every_corner_sees_the_same_map(star_map):
    """Turning the board a quarter (and mirroring it) maps spaces onto spaces of the same kind and lanes onto lanes."""
    w = star_map.size.width
    by_place = {(round(s.x, 1), round(s.y, 1)): s for s in star_map.placed.spaces}
    symmetries = [lambda x, y: (w - y, x), lambda x, y: (y, x)]  # quarter turn; mirror on the nw-se diagonal
    for move in symmetries:
        image = {}
        for (x, y), space in by_place.items():
            target = by_place.get(tuple(round(v, 1) for v in move(x, y)))
            assert target is not None and target.kind == space.kind, space.id
            image[space.id] = target.id
        for a, neighbours in star_map.placed.graph.items():
            assert {image[b] for b in neighbours} == set(star_map.neighbours(image[a]))


def test_each_home_is_equally_far_from_everything_of_each_kind(star_map):
    profiles = []
    for home in HOMES:
        dist = distances(star_map, home)
        assert len(dist) == len(star_map.placed.spaces)  # the map is connected
        profiles.append(sorted((star_map.space(s).kind, d) for s, d in dist.items()))
    assert all(p == profiles[0] for p in profiles)
    assert distances(star_map, "nw-home")["core"] == 6


def test_the_action_track_reaches_sixteen(astronuts):
    track = next(b for b in astronuts.boards if b.id == "action-track")
    assert track.neighbours("actions-12") == ("actions-11", "actions-13")
    assert track.spaces_of_kind("action_cell") == tuple(f"actions-{n}" for n in range(17))


def test_each_planet_shows_as_many_colony_spots_as_it_takes_colonies(star_map, astronuts):
    from generator.boards.layout import layout_board
    from generator.boards.scene import Circle

    scene, _ = layout_board(star_map, "en", astronuts.icons)
    spots = [c for c in scene.items if isinstance(c, Circle) and c.space is None and c.paint.stroke_width == 0.3
             and c.r < 3.5]
    for space in star_map.placed.spaces:
        inside = [c for c in spots if (c.cx - space.x) ** 2 + (c.cy - space.y) ** 2 < (space.width / 2) ** 2]
        assert len(inside) == space.data.get("colonies", 0), space.id
