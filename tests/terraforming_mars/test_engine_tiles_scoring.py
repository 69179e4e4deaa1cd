"""Tiles on the map, milestones and awards, and the final scoring with its tie rules."""

from __future__ import annotations

import pytest

from generator.rules.terraforming_mars import scoring
from generator.rules.terraforming_mars.data import MC, PLANTS, STEEL

from .conftest import give, names, put


def places(state) -> set[str]:
    return {a[1] for a in state.legal_actions() if a[0] == "place"}


def test_oceans_only_on_free_ocean_spaces_with_tr_bonus_and_2_mc_per_adjacent_ocean(table):
    state = table()
    state.tiles["mars-0-2"] = ("ocean", -1)
    state.oceans = 1
    state.res[0][MC] = 18
    state.apply(("project", "bewaesserung"))
    assert places(state) == set(state.data.ocean_spaces) - {"mars-0-2"}
    assert state.explain(("place", "mars-0-1")).rule == "place.ocean-only"
    assert state.explain(("place", "mars-0-2")).rule == "place.occupied"
    state.apply(("place", "mars-0-3"))                   # bonus: 1 card; next to the ocean on 0-2
    assert (state.oceans, state.tr[0], state.res[0][MC], len(state.hand[0])) == (2, 21, 2, 1)


def test_a_greenery_next_to_oceans_gets_its_bonus_and_2_mc_per_ocean(table):
    state = table()
    state.tiles.update({"mars-1-3": ("ocean", -1), "mars-3-4": ("ocean", -1)})
    state.oceans = 2
    state.res[0][MC] = 23
    state.apply(("project", "gruenflaeche"))
    state.apply(("place", "mars-2-3"))                   # plants 1, between both oceans
    assert (state.res[0][PLANTS], state.res[0][MC]) == (1, 4)
    assert (state.oxygen, state.tr[0]) == (1, 21)


def test_a_greenery_at_14_percent_oxygen_gives_no_tr(table):
    state = table()
    state.oxygen = 14
    state.res[0][MC] = 23
    state.apply(("project", "gruenflaeche"))
    state.apply(("place", "mars-2-0"))
    assert (state.oxygen, state.tr[0], state.tiles["mars-2-0"]) == (14, 20, ("greenery", 0))


def test_a_city_never_lies_next_to_another_city(table):
    state = table()
    state.tiles["mars-2-2"] = ("city", 1)
    state.res[0][MC] = 25
    state.apply(("project", "stadtbau"))
    near = set(state.data.spaces["mars-2-2"].neighbours)
    assert not places(state) & near and "mars-0-0" in places(state)
    assert state.explain(("place", "mars-2-3")).rule == "place.city-next-to-city"
    assert state.explain(("place", "mars-0-2")).rule == "place.land-only"


def test_converted_plants_go_next_to_an_own_tile_when_possible(table):
    state = table()
    state.tiles["mars-4-4"] = ("ocean", -1)
    state.tiles["mars-6-3"] = ("city", 0)
    state.tiles["mars-0-0"] = ("greenery", 1)
    state.res[0][PLANTS] = 8
    state.apply(("convert", "plants"))
    own = {s for s in state.data.spaces["mars-6-3"].neighbours if not state.data.spaces[s].ocean}
    assert places(state) == own
    assert state.explain(("place", "mars-0-1")).rule == "place.next-to-own"


def test_converted_plants_go_anywhere_when_no_own_tile_has_a_free_neighbour(table):
    state = table()
    state.res[0][PLANTS] = 8
    state.apply(("convert", "plants"))
    assert places(state) == set(state.data.land)


def test_the_greenery_project_goes_next_to_own_by_default_and_anywhere_in_the_variant(table):
    """The summary's standard project: "Platzg. mögl. an eig. Plättchen"; anywhere is the named variant."""
    for options, expect_anywhere in (({}, False), ({"project-greenery": "next-to-own"}, False),
                                     ({"project-greenery": "anywhere"}, True)):
        state = table(options=options)
        state.tiles["mars-6-3"] = ("city", 0)
        state.res[0][MC] = 23
        state._legal = None
        state.apply(("project", "gruenflaeche"))
        assert ("mars-0-0" in places(state)) is expect_anywhere


def test_a_card_greenery_follows_the_conversion_rule(table):
    state = table()
    state.tiles["mars-6-3"] = ("city", 0)
    state.oxygen = 7
    give(state, 0, "gruener-ring")
    state.res[0][MC] = 21
    state._legal = None
    state.apply(("play", "gruener-ring", 0, 0))
    assert "mars-0-0" not in places(state) and places(state) <= set(state.data.spaces["mars-6-3"].neighbours)


def test_placing_on_a_steel_bonus_space(table):
    state = table()
    state.res[0][MC] = 25
    state.apply(("project", "stadtbau"))
    state.apply(("place", "mars-0-0"))
    assert state.res[0][STEEL] == 2


@pytest.mark.parametrize(
    "criterion, setup",
    [
        (
            "buergermeister",
            lambda s: s.tiles.update({"mars-0-0": ("city", 0), "mars-2-0": ("city", 0), "mars-4-0": ("city", 0)}),
        ),
        (
            "gaertner",
            lambda s: s.tiles.update(
                {"mars-0-0": ("greenery", 0), "mars-0-1": ("greenery", 0), "mars-1-0": ("greenery", 0)}
            ),
        ),
        (
            "bauherr",
            lambda s: put(
                s,
                0,
                "erzader",
                "titanader",
                "tunnelbohrer",
                "kratergiesserei",
                "erzsortierwerk",
                "titan-tagebau",
                "sauerstoffkerzen",
                "erzfrachtumleitung",
            ),
        ),
        ("planer", lambda s: s.hand[0].extend(s.deck.pop() for _ in range(16))),
        ("terraformer", lambda s: s.tr.__setitem__(0, 35)),
    ],
)
def test_each_milestone_needs_its_criterion(table, criterion, setup):
    state = table()
    state.res[0][MC] = 8
    assert state.explain(("milestone", criterion)).rule == "milestone.criterion"
    setup(state)
    state._legal = None
    assert f"milestone {criterion}" in names(state)
    state.apply(("milestone", criterion))
    assert scoring.breakdown(state)[0]["milestones"] == 5
    state.apply(("end",))
    state.res[1][MC] = 8
    setup_other = state.explain(("milestone", criterion))
    assert setup_other.rule == "milestone.taken"


def _award_table(table, players, energy):
    state = table(players=players)
    for p, e in enumerate(energy):
        state.prod[p][4] = e
    state.awards.append(("energiebaron", 0))
    return state


@pytest.mark.parametrize("players, energy, points", [
    (3, [3, 2, 1], [5, 2, 0]),
    (3, [3, 3, 1], [5, 5, 0]),          # tie for first: both 5, no second
    (3, [4, 2, 2], [5, 2, 2]),          # tie for second: both 2
    (2, [3, 2], [5, 0]),                # two players: second place 0
    (4, [1, 5, 5, 5], [0, 5, 5, 5]),
])
def test_award_points_and_their_ties(table, players, energy, points):
    assert scoring.award_points(_award_table(table, players, energy)) == points


def test_an_award_goes_to_its_winner_even_if_someone_else_funded_it(table):
    state = _award_table(table, 3, [1, 4, 2])
    assert scoring.award_points(state) == [0, 5, 2]


def test_final_scoring_by_source(table):
    state = table()
    state.milestones["terraformer"] = 0
    # player 1: city with two greeneries next to it (one of player 2); player 2's city next to player 1's greenery
    state.tiles.update({"mars-4-2": ("city", 0), "mars-4-3": ("greenery", 0), "mars-4-1": ("greenery", 1),
                        "mars-2-0": ("city", 1), "mars-3-0": ("greenery", 0)})
    put(state, 0, "marshasen", resources=5)             # 1 VP per 2 animals -> 2
    put(state, 0, "jupiter-konsortium", "kallisto-depot", "gasschoepfer")   # 1 VP per 2 Jupiter tags + vp 1 + vp 1
    put(state, 1, "stromabzweig")                       # -1 VP
    assert state.game.invariant_problems(state) == []      # the tiles lie on legal spaces
    state.tr = [30, 25, 20]
    parts = scoring.breakdown(state)
    assert parts[0] == {"tr": 30, "milestones": 5, "awards": 0, "greenery": 2, "cities": 2, "cards": 2 + 1 + 1 + 1}
    assert parts[1] == {"tr": 25, "milestones": 0, "awards": 0, "greenery": 1, "cities": 1, "cards": -1}
    assert parts[2]["cards"] == 0 and parts[2]["cities"] == 0


def test_points_per_tile_count_every_tile_on_mars(table):
    state = table()
    put(state, 0, "gruener-ring")
    state.tiles.update({s: ("greenery", p % 3) for p, s in enumerate(state.data.land[:7])})
    assert scoring.card_points(state, 0) == 2


def test_a_tie_on_points_goes_to_the_player_with_more_mc(table):
    state = table(players=2)
    state.res[0][MC], state.res[1][MC] = 10, 12
    results = scoring.results(state, True)
    assert [r.score for r in results] == [20.0, 20.0]
    assert [(r.rank, r.won) for r in results] == [(2, False), (1, True)]
    assert dict(results[0].breakdown) == {"tr": 20.0, "milestones": 0.0, "awards": 0.0, "greenery": 0.0,
                                          "cities": 0.0, "cards": 0.0}
