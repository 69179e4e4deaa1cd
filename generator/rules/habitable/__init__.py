"""The Habitable referee: the whole game of the 2023 rulebook for 2-5 players on the engine contract.

`HabitableGame` (game.py) holds the content and options; `HabitableState` (state.py) the table
and the turn flow. data.py: the content as the engine reads it; planets.py: planet tiles and
circles; decisions.py: the legal set and what each decision does; effects.py: the content's
effect operations and goal conditions; legality.py: refusals with the rule they break;
notation.py: the written form of actions; texts.py: values in words; summary.py: the table as
label/value rows; accounting.py: the invariants; greedy.py: the greedy player and the evaluation;
expert.py: the stronger `expert` player and the ranking and rollout policy tree search may use.
"""

from __future__ import annotations

from generator.rules.habitable.game import HabitableGame
from generator.rules.habitable.state import HabitableState

__all__ = ["HabitableGame", "HabitableState", "new_game"]

new_game = HabitableGame.new_game  # a shortcut for tests
