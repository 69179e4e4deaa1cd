"""The Astronuts referee: the rulebook's whole game with its fate table and optional rules.

`AstronutsGame` (game.py) holds the content and options; `AstronutsState` (state.py) the table
and the flow of a turn. data.py: the map and pieces from the content; placement.py: nuts at
set-up; decisions.py: the legal set and what each decision does; legality.py: refusals with the
rule they break; effects.py: the fate table's operations; notation.py: the written form of
actions; texts.py: values in words; summary.py: the table as rows; accounting.py: the
invariants; greedy.py: the greedy player.
"""

from __future__ import annotations

from generator.rules.astronuts.game import AstronutsGame
from generator.rules.astronuts.state import AstronutsState

OPERATIONS = AstronutsGame.operations
__all__ = ["AstronutsGame", "AstronutsState", "OPERATIONS", "new_game"]

new_game = AstronutsGame.new_game  # a shortcut for tests
