"""Set-up for 2, 3 and 4 players, nuts placed by the players or at random, and declaring the turn's actions."""

from __future__ import annotations

import random

import pytest

from generator.rules.astronuts import new_game
from generator.rules.astronuts.placement import POPCOUNT
from generator.rules.contract import OptionsError

from .conftest import C, S, force, forced_left


@pytest.mark.parametrize("players, corners", [(2, ["nw-home", "se-home"]), (3, ["nw-home", "ne-home", "se-home"]),
                                              (4, ["nw-home", "ne-home", "se-home", "sw-home"])])
def test_quick_setup_puts_a_ship_on_each_home_nuts_on_the_planets_and_four_nuts_in_each_hand(astro, players, corners):
    state = new_game(astro, 3, {"players": str(players), "placement": "random"})
    d = state.data
    assert [[d.ids[s] for s in row if s >= 0] for row in state.ships] == [[c] for c in corners]
    for s in d.planets:
        assert POPCOUNT[state.nuts[s]] == d.nut_room[s] == (3 if d.kinds[s] == "planet_large" else 2)
    assert sum(POPCOUNT[state.nuts[s]] for s in d.planets) == 51
    assert state.hand == [1] * (4 * players)
    assert sum(state.bank) == 80 - 51 - 4 * players
    assert state.phase == "declare" and state.current_player == 0 and state.turn == 1
    assert d.ships_per_player == 3 and d.colonies_per_player == 14   # 15 pawns, one on the action track


def test_the_rulebook_setup_lets_the_players_place_the_nuts_in_turns(astro):
    state = new_game(astro, 5, {"players": "3"})
    assert state.game.options["placement"] == "players" and state.phase == "place"
    rng = random.Random(2)
    placers = []
    while state.phase == "place":
        placers.append(state.current_player)
        actions = state.legal_actions()
        assert all(a[0] == "place" for a in actions)
        state.apply(actions[rng.randrange(len(actions))])
    assert placers[:6] == [0, 1, 2, 0, 1, 2] and len(placers) == 51
    assert state.phase == "declare" and state.hand == [1] * 12
    assert not state.game.invariant_problems(state)


def test_a_placement_that_would_leave_the_map_unfillable_is_refused(astro):
    quick = new_game(astro, 5, {"players": "4", "placement": "random"})
    state = new_game(astro, 5, {"players": "4"})
    d = state.data
    red, purple, yellow, orange = (C(state, c) for c in ("red", "purple", "yellow", "orange"))
    state.nuts = list(quick.nuts)                      # every planet full, but two:
    large, small = S(state, "core"), S(state, "nw-n-small")
    state.nuts[large] = 1 << red | 1 << orange         # needs purple or yellow
    state.nuts[small] = 1 << red                       # needs purple, yellow or orange
    state.pool = [0, 1, 0, 1]                          # one purple and one orange are left
    state._legal = None
    assert sorted(state.legal_actions()) == sorted([("place", large, purple), ("place", small, orange)])
    assert state.explain(("place", small, purple)).rule == "place.stuck"
    assert state.explain(("place", small, red)).rule == "place.twice"
    assert state.explain(("place", small, yellow)).rule == "place.pool"
    assert state.explain(("place", S(state, "nw-w-small"), purple)).rule == "place.full"
    assert state.explain(("place", S(state, "nw-rocks"), purple)).rule == "place.planet"
    assert state.explain(("declare", 3)).rule == "phase.place"
    assert "Hazelnut" in state.explain(("place", small, purple)).text["en"]
    state.apply(("place", large, purple))
    state.apply(("place", small, orange))
    assert state.phase == "declare" and state.hand == [1] * 16     # set-up is over: everyone got 4 nuts
    assert all(POPCOUNT[state.nuts[s]] == d.nut_room[s] for s in d.planets)


def test_options_are_checked(astro):
    with pytest.raises(OptionsError):
        new_game(astro, 1, {"players": "5"})
    with pytest.raises(OptionsError):
        new_game(astro, 1, {"colours": "4"})
    assert new_game(astro, 1).game.options == {"players": "4", "placement": "players", "asteroids": "off",
                                               "astroholes": "off"}


@pytest.mark.parametrize("declared, roll, actions", [(3, 4, 6), (5, 3, 3), (4, 6, 8), (4, 4, 8), (1, 1, 2), (6, 5, 5)])
def test_the_declared_number_doubles_when_the_roll_reaches_it_else_the_roll_stands(table, declared, roll, actions):
    state = table()
    state.phase = "declare"
    force(state, ("actions", roll))
    state.apply(("declare", declared))
    assert state.phase == "act" and state.actions_left == actions and not forced_left(state)


def test_extra_energy_adds_one_action_and_time_warp_rerolls_a_roll_below_the_declared_number(table):
    state = table(tech={1: ["orange", "yellow"]})
    state.phase = "declare"
    force(state, ("actions", 2))
    state.apply(("declare", 5))
    assert state.phase == "reroll" and state.current_player == 0
    force(state, ("actions", 5))
    state.apply(("reroll",))
    assert state.actions_left == 11 and state.warp_used[0]
    state = table(tech={1: ["yellow"]})
    state.phase = "declare"
    force(state, ("actions", 6))
    state.apply(("declare", 4))
    assert state.phase == "act" and state.actions_left == 8   # a doubled roll needs no Time Warp


def test_declaring_is_refused_out_of_range_and_out_of_turn(table):
    state = table()
    state.phase = "declare"
    assert state.explain(("declare", 7)).rule == "declare.range"
    assert state.explain(("move", 0, 1)).rule == "phase.declare"
    state.phase = "act"
    state._legal = None
    assert state.explain(("declare", 3)).rule == "no-pending"
    assert state.explain(("reroll",)).rule == "no-pending"
