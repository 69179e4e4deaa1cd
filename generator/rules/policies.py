"""Who decides in playouts and examples: one interface, a uniform random policy and each game's greedy one.

A policy sees the state and its own RNG (never the game's, so a policy cannot change the
game's chance outcomes) and returns one of `state.legal_actions()`.
"""

from __future__ import annotations

import random
from typing import Callable, Protocol

from generator.rules.core import Action, GameState
from generator.rules.registry import engine_module


class Policy(Protocol):
    name: str

    def choose(self, state: GameState, rng: random.Random) -> Action: ...


class RandomPolicy:
    """Uniformly random among the legal actions: the baseline of every balance figure."""

    name = "random"

    def choose(self, state: GameState, rng: random.Random) -> Action:
        actions = state.legal_actions()
        return actions[rng.randrange(len(actions))]


POLICY_NAMES = ("random", "greedy")


def make_policy(name: str, engine_id: str) -> Policy:
    """The policy called `name` for a game's engine; greedy policies live in the engine's module."""
    if name == "random":
        return RandomPolicy()
    if name == "greedy":
        factory: Callable[[], Policy] = engine_module(engine_id).GreedyPolicy
        return factory()
    raise ValueError(f"unknown policy '{name}'; choose {' or '.join(POLICY_NAMES)}")
