"""The Escape Earth referee: the whole game of the 2019 rulebook on the engine contract.

`EscapeEarthGame` (game.py) holds the content and options; `EscapeEarthState` (state.py) the
table and the turn flow. decisions.py: the legal set and what each decision does;
legality.py: refusals with the rule they break; notation.py: the written form of actions;
effects.py: the content's effect operations; texts.py: values in words; summary.py: the table
as label/value rows; accounting.py: the invariants; greedy.py: the greedy player.
"""

from __future__ import annotations

from generator.rules.escape_earth.game import EscapeEarthGame
from generator.rules.escape_earth.greedy import GreedyPolicy
from generator.rules.escape_earth.state import EscapeEarthState

OPERATIONS = EscapeEarthGame.operations
__all__ = ["EscapeEarthGame", "EscapeEarthState", "GreedyPolicy", "OPERATIONS", "new_game"]

new_game = EscapeEarthGame.new_game  # a shortcut for tests
