"""The main board and the player board have the structure the rulebook describes."""

from __future__ import annotations

from generator.boards.layout import layout_board
from generator.boards.scene import Rect, Text
from tests.habitable.conftest import board


def test_the_market_has_8_slots_reddening_towards_the_black_hole(habitable) -> None:
    main = board(habitable, "main")
    [market] = main.slots
    assert market.count == 8 and market.end is not None and market.end.id == "black-hole"
    assert main.neighbours("market-8") == ("black-hole", "market-7")
    first, last = market.edge_colors[0], market.edge_colors[-1]
    red = lambda c: int(c[1:3], 16) - (int(c[3:5], 16) + int(c[5:7], 16)) / 2  # noqa: E731
    assert red(last) > red(first) + 100
    assert any(p.id == "draw-pile" for p in main.panels)


def test_the_stars_and_their_zones(habitable) -> None:
    main = board(habitable, "main")
    stars = {o.id: o for o in main.orbits}
    assert set(stars) == {"sonne", "proxima-centauri", "trappist-1", "kepler-186", "kepler-117"}
    assert stars["kepler-117"].data == {"min_players": 4}
    assert all(not o.data for sid, o in stars.items() if sid != "kepler-117")
    earth = main.space("sonne-5")  # the rulebook: Earth is on the Sun's fifth position
    assert earth.data["modifier"] == 0
    habitable_circles = {s.id: s.data for s in main.placed.spaces if s.data.get("modifier") is not None}
    assert {d["modifier"] for d in habitable_circles.values()} == {2, 1, 0, -1, -2}
    # room for 5 players x 3 planets, and for 3 players x 3 without Kepler-117
    assert len(habitable_circles) >= 15
    assert len([d for d in habitable_circles.values() if d["star"] != "kepler-117"]) >= 9
    for orbit in stars.values():  # white zones inside and outside, coloured modifiers step down outward
        mods = [main.space(f"{orbit.id}-{n}").data.get("modifier") for n in range(1, orbit.positions + 1)]
        assert mods[0] is None and mods[-1] is None
        coloured = [m for m in mods if m is not None]
        assert coloured == sorted(coloured, reverse=True) and len(coloured) >= 3


def test_the_player_board_tracks_and_thresholds(habitable) -> None:
    player = board(habitable, "player")
    tracks = {t.id: t for t in player.tracks}
    assert (tracks["temperature"].start, tracks["temperature"].end) == (-4, 4)
    assert all((tracks[t].start, tracks[t].end) == (0, 7) for t in ("water", "magnetism", "life"))
    boxed = {t: sorted(v for v, m in tracks[t].marks.items() if m.stroke == "#000000") for t in tracks}
    assert boxed == {"temperature": [-2, 2], "water": [3], "magnetism": [3], "life": []}
    assert tracks["temperature"].marks[-4].label.en == "Min" and tracks["temperature"].marks[4].label.en == "Max"
    assert player.spaces_of_kind("planet_stack") == ("stack-1", "stack-2", "stack-3")


def test_the_player_board_prints_the_end_of_turn_mechanism(habitable) -> None:
    player = board(habitable, "player")
    scene, problems = layout_board(player, "de", habitable.icons)
    assert problems == []
    words = " ".join(t.text for t in scene.items if isinstance(t, Text))
    for step in ("> 4", "maximal (+4)", "minimal (−4)", "Nicht bewohnbar"):
        assert step in words
    boxes = [i for i in scene.items if isinstance(i, Rect) and i.paint.stroke == "#000000"]
    assert len(boxes) == 4


def test_both_boards_lay_out_in_both_languages(habitable) -> None:
    for b in habitable.boards:
        for lang in ("de", "en"):
            scene, problems = layout_board(b, lang, habitable.icons)
            assert problems == [], (b.id, lang)
            assert scene.items
