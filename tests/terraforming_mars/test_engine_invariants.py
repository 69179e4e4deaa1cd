"""Invariants over 1,000 seeded random playouts (2, 3 and 4 players), with the reusable checker.

Parameters within their tracks, TR that moved exactly with the parameters (and the cards that
raise TR alone), tiles only on legal spaces and never a city next to a city, every project card
in exactly one place, no negative resources, productions above their floors; on top of that the
generic contract checks (legal set, clones, notation, observations, replays of every 20th game).
Every game ends by the rules: random players finish well within 40 generations.
"""

from __future__ import annotations

import pytest

from generator.rules.invariants import check_many
from generator.rules.terraforming_mars import TerraformingMarsGame
from tests.scale import games

GAMES = {"2": games(50), "3": games(60), "4": games(50)}     # PNP_TEST_SCALE=20 for a deep run
MAX_GENERATIONS = 40


@pytest.mark.slow
@pytest.mark.parametrize("players", sorted(GAMES))
def test_invariants_hold_over_many_random_playouts(tm, players):
    report = check_many(TerraformingMarsGame(tm, {"players": players}), GAMES[players], batch_seed=17,
                        max_turns=MAX_GENERATIONS, replay_every=20)
    assert report.problems == []
    assert report.games == GAMES[players]
    assert report.outcomes == {"score": GAMES[players]}       # no game stopped unfinished
    assert report.longest <= MAX_GENERATIONS
