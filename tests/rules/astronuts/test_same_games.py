"""The engine plays the same games as before its speed-ups: stored fingerprints of seeded random games.

data/same-games.json holds, for 20 seeds in each of four option sets, what the engine played before
it was made faster: the number of decisions, the hash of the final state and of the RNG, and a
digest of every legal set (in order: the random player picks by index) with the action taken. The
fields are those of `benchmarks/fingerprints.py`, which compares 300 games per option set; a rule
change that alters play is expected to fail here (then regenerate the file from that script's output
and say why in the commit).
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from generator.rules.policies import RandomPolicy
from generator.rules.registry import make_game
from generator.rules.simulate import game_seed, policy_seed

STORED = json.loads((Path(__file__).parent / "data" / "same-games.json").read_text(encoding="utf-8"))["games"]


def fingerprint(game, seed: int, *, logged: bool = False) -> dict[str, object]:
    state = game.new_initial_state(seed, log=logged, quiet=not logged)
    policy, rng = RandomPolicy(), random.Random(policy_seed(seed))
    digest = hashlib.blake2b(digest_size=12)
    decisions = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        action = policy.choose(state, rng)
        digest.update(repr((legal, action)).encode())
        state.apply(action)
        decisions += 1
    return {"decisions": decisions, "state": state.state_hash(),
            "rng": hashlib.blake2b(repr(state.rng.getstate()).encode(), digest_size=8).hexdigest(),
            "play": digest.hexdigest()}


def _options(label: str) -> dict[str, str]:
    return dict(item.split("=", 1) for item in label.split(","))


@pytest.mark.parametrize("label", sorted(STORED))
def test_seeded_random_games_play_exactly_as_stored(astro, label):
    game = make_game(astro, _options(label))
    played = [fingerprint(game, game_seed(7, i)) for i in range(len(STORED[label]))]
    different = [i for i, (now, before) in enumerate(zip(played, STORED[label], strict=False)) if now != before]
    assert not different, f"{label}: games {different} play differently, e.g. {played[different[0]]} " \
                          f"instead of {STORED[label][different[0]]}"


@pytest.mark.parametrize("label", ["players=4", "asteroids=on,astroholes=on,placement=random,players=4"])
def test_a_logged_game_with_events_plays_as_the_quiet_one(astro, label):
    """Playouts skip events and the log; the game they play is the one `pnp play` shows."""
    game = make_game(astro, _options(label))
    for i in range(2):
        assert fingerprint(game, game_seed(7, i), logged=True) == STORED[label][i]
