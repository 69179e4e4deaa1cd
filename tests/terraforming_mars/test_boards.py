"""The Mars board and the player board against the rules summary's numbers."""

from __future__ import annotations

import math
from collections import Counter

import pytest

BONUSES = {"steel", "titanium", "plants", "cards"}


@pytest.fixture(scope="module")
def mars(tm):
    return next(b for b in tm.boards if b.id == "mars")


@pytest.fixture(scope="module")
def player_board(tm):
    return next(b for b in tm.boards if b.id == "player-board")


def map_spaces(board):
    return [s for s in board.placed.spaces if s.origin[0] == "grids"]


def test_the_map_is_a_hexagon_of_61_spaces(mars):
    spaces = map_spaces(mars)
    assert len(spaces) == 61
    rows = Counter(s.data["row"] for s in spaces)
    assert [rows[r] for r in range(9)] == [5, 6, 7, 8, 9, 8, 7, 6, 5]
    degree = Counter(len(mars.neighbours(s.id)) for s in spaces)
    # a hexagon of side 5: 24 spaces on its rim (6 corners with 3 neighbours, 18 with 4), 37 inside with 6
    assert degree == {3: 6, 4: 18, 6: 37}
    centre = mars.space("mars-4-4")
    for other in mars.neighbours("mars-4-4"):
        there = mars.space(other)
        assert math.dist((centre.x, centre.y), (there.x, there.y)) == pytest.approx(28.0)


def test_ocean_spaces_and_placement_bonuses(mars, tm):
    oceans = mars.spaces_of_kind("ocean")
    assert (
        len(oceans) >= 9
        and len(oceans) >= tm.game.components[[c.id for c in tm.game.components].index("ocean-tiles")].count
    )
    bonus = [s for s in map_spaces(mars) if "bonus" in s.data]
    kinds = Counter(k for s in bonus for k in s.data["bonus"])
    assert set(kinds) == BONUSES and len(bonus) >= 30
    for space in bonus:
        [(resource, amount)] = space.data["bonus"].items()
        assert 1 <= amount <= 2
        expected_icon = {"plants": "plant", "cards": "card"}.get(resource, resource)
        assert space.icon == expected_icon, space.id
        assert (space.label is not None) == (amount > 1), space.id


def test_tracks_match_the_summary(mars, tm):
    tracks = {t.id: t for t in mars.tracks}
    assert tracks["temperature"].values == list(range(-30, 9, 2)) and len(tracks["temperature"].values) == 20
    assert tracks["oxygen"].values == list(range(0, 15))
    assert tracks["oceans"].values == list(range(0, 10))
    assert tracks["tr"].values == list(range(0, 101))
    assert {c.id: c.count for c in tm.game.components}["ocean-tiles"] == 9
    # the generation marker moves on the TR track: the title says so in both languages
    assert "Generation" in tracks["tr"].title.de and "generation" in tracks["tr"].title.en


def test_the_player_board_has_six_production_tracks(player_board):
    tracks = {t.id: t for t in player_board.tracks}
    assert sorted(tracks) == sorted(f"{r}-production" for r in
                                    ("megacredits", "steel", "titanium", "plants", "energy", "heat"))
    assert tracks["megacredits-production"].start == -5
    assert all(t.start == 0 and t.end == 10 for name, t in tracks.items() if name != "megacredits-production")
    title = player_board.panels[0].title
    for word in ("1", "5", "10", "Kupfer", "Silber", "Gold"):
        assert word in title.de
    assert "copper 1" in title.en and "silver 5" in title.en and "gold 10" in title.en


def test_board_panels_agree_with_the_reference_cards(mars, tm):
    panels = {p.id: p for p in mars.panels}
    for lang in ("de", "en"):
        projects = panels["standard-projects"].text.get(lang)
        for card in tm.cards_of("standard_project"):
            if card.cost:
                assert f"{card.cost} M€" in projects, (card.id, lang)
        milestones = panels["milestones"].text.get(lang) + panels["milestones"].title.get(lang)
        for card in tm.cards_of("milestone"):
            line = next(row for row in milestones.splitlines() if row.startswith(card.name.get(lang)))
            assert str(card.fields["threshold"]) in line, (card.id, lang)
            assert f"{card.fields['claim_cost']} M€" in milestones and f"{card.fields['points']} " in milestones
        awards = panels["awards"].text.get(lang) + panels["awards"].title.get(lang)
        for card in tm.cards_of("award"):
            assert card.name.get(lang) in awards
            assert " / ".join(map(str, card.fields["funding_costs"])) in awards
