"""The Escape Earth referee: the whole game of the 2019 rulebook on the engine contract.

`EscapeEarthGame` (game.py) holds the content and options; `EscapeEarthState` (state.py) the
table and the turn flow. decisions.py: the legal set and what each decision does;
legality.py: refusals with the rule they break; notation.py: the written form of actions;
effects.py: the content's effect operations; texts.py: values in words; summary.py: the table
as label/value rows; accounting.py: the invariants; greedy.py: the greedy player.
"""

from __future__ import annotations

from typing import Any

from generator.content.loader import GameContent
from generator.rules.escape_earth.game import EscapeEarthGame
from generator.rules.escape_earth.greedy import GreedyPolicy
from generator.rules.escape_earth.state import EscapeEarthState

OPERATIONS = EscapeEarthGame.operations
__all__ = ["EscapeEarthGame", "EscapeEarthState", "GreedyPolicy", "OPERATIONS", "new_game"]


def new_game(content: GameContent, seed: int, options: dict[str, Any] | None = None, log: bool = False,
             forced: list[Any] | None = None, quiet: bool = False) -> EscapeEarthState:
    """Set up a new table from `content` (a shortcut for tests: EscapeEarthGame(...).new_initial_state)."""
    return EscapeEarthGame(content, options).new_initial_state(seed, log=log, forced=forced, quiet=quiet)
