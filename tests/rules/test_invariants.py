"""Invariants over thousands of seeded playouts per variant, with the reusable checker.

Every card and cube in exactly one place, capacities, no negative supply, legal set empty
exactly when the game is over, clone == original, saved game replays to the same hash, every
game ends within a bound. Random play covers the losses; greedy play also reaches victories.
"""

from __future__ import annotations

import pytest

from generator.rules.escape_earth import EscapeEarthGame
from generator.rules.invariants import check_many

RANDOM_GAMES = 2000
GREEDY_GAMES = 60
MAX_TURNS = 200


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["beginner", "expert"])
def test_invariants_hold_over_random_playouts(content, variant):
    report = check_many(EscapeEarthGame(content, {"variant": variant}), RANDOM_GAMES, batch_seed=7,
                        max_turns=MAX_TURNS, replay_every=20)
    assert report.problems == []
    assert report.games == RANDOM_GAMES
    assert report.longest <= MAX_TURNS
    assert "unfinished" not in report.outcomes
    assert set(report.outcomes) <= {"chaos", "aliens", "population", "ocean-planet"}


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["beginner", "expert"])
def test_invariants_hold_over_greedy_playouts_that_reach_the_ocean_planet(content, variant):
    # greedy play rarely wins by the rulebook's words; the departing readings let it reach victories
    game = EscapeEarthGame(content, {"variant": variant, "outposts": "frontier", "free-cubes": "anywhere"})
    report = check_many(game, GREEDY_GAMES, batch_seed=3, policy="greedy",
                        max_turns=MAX_TURNS, replay_every=3)
    assert report.problems == []
    assert "unfinished" not in report.outcomes
    assert report.outcomes.get("ocean-planet", 0) >= 1


@pytest.mark.parametrize("option", ["outposts=frontier", "free-cubes=anywhere"])
def test_invariants_hold_with_each_departing_reading(content, option):
    name, value = option.split("=")
    report = check_many(EscapeEarthGame(content, {name: value}), 300, batch_seed=11, max_turns=MAX_TURNS,
                        replay_every=10)
    assert report.problems == []
    assert "unfinished" not in report.outcomes


@pytest.mark.slow
def test_greedy_never_swaps_two_cards_back_within_a_turn(content):
    """The greedy player keeps its plan: no turn of "improve a" followed by the swap that undoes it."""
    import random

    from generator.rules.escape_earth.greedy import GreedyPolicy
    from generator.rules.simulate import game_seed, policy_seed

    game = EscapeEarthGame(content, {"variant": "beginner"})
    undone = turns = 0
    for i in range(40):
        seed = game_seed(5, i)
        state = game.new_initial_state(seed, quiet=True)
        policy, rng = GreedyPolicy(), random.Random(policy_seed(seed))
        while not state.is_terminal and state.turn <= MAX_TURNS:
            turn, player, row_before = state.turn, state.player, list(state.rows[state.player])
            first = policy.choose(state, rng)
            state.apply(first)
            if state.turn != turn or state.is_terminal or state.phase != "action":
                continue
            second = policy.choose(state, rng)
            state.apply(second)
            turns += 1
            if first[0] == "improve" and second[0] == "improve" and state.rows[player] == row_before:
                undone += 1
    assert turns > 300
    assert undone == 0
