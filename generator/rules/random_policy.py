"""The uniformly random player: the baseline of every balance figure, and tree search's playouts where a game has
no rollout policy of its own (generator.rules.mcts). The other policies and their names are in policies.py."""

from __future__ import annotations

import random

from generator.rules.contract import GameState
from generator.rules.core import Action


class RandomPolicy:
    """Uniformly random among the legal actions: the baseline of every balance figure."""

    name = "random"

    def choose(self, state: GameState, rng: random.Random) -> Action:
        """The action at a uniformly drawn index, drawn as `rng.choice` and `rng.randrange` draw it (bits
        for the length, drawn again while the number is too big), written out: a playout makes
        thousands of these decisions, and the two calls in between were a few per cent of it."""
        actions = state.legal_actions()
        count = len(actions)
        if not count:
            raise IndexError("no legal action to choose from")  # as rng.choice says it (and no endless draw)
        bits = count.bit_length()
        index = rng.getrandbits(bits)
        while index >= count:
            index = rng.getrandbits(bits)
        return actions[index]
