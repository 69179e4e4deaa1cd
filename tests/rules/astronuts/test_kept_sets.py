"""A batch playout reuses the acting player's legal set after a trade; it must be the set listed anew."""

from __future__ import annotations

import random

import pytest

from generator.rules.astronuts import decisions
from generator.rules.registry import make_game
from generator.rules.simulate import game_seed, policy_seed


@pytest.mark.parametrize("options", [{"players": "4"}, {"players": "2", "asteroids": "on", "astroholes": "on"}])
def test_a_legal_set_kept_through_a_trade_is_the_one_listed_anew(astro, options):
    game = make_game(astro, options)
    kept = 0
    for i in range(12):
        seed = game_seed(3, i)
        state = game.new_initial_state(seed, quiet=True)
        rng = random.Random(policy_seed(seed))
        while not state.is_terminal:
            if state._legal is not None:                 # handed back by a trade's answer, not listed
                kept += 1
                assert state._legal == decisions.legal_actions(state), (seed, state.turns)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    assert kept > 100                                    # trades are common: the reuse was exercised
