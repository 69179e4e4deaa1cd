"""The Terraforming Mars referee: the game of the German rules summary on the engine contract.

`TerraformingMarsGame` (game.py) holds the content and options; `TerraformingMarsState`
(state.py) the table and the flow of a generation. data.py: the content read once;
conditions.py: what may be done (costs, payments, requirements, spaces); decisions.py: the
legal set and what each decision does; effects.py: the content's operations and tile placement;
legality.py: refusals with the rule they break; scoring.py: the final scoring; notation.py:
the written form of actions; texts.py: values in words; summary.py: the table as label/value
rows; accounting.py: the invariants; greedy.py: the greedy player.
"""

from __future__ import annotations

from typing import Any

from generator.content.loader import GameContent
from generator.rules.terraforming_mars.game import TerraformingMarsGame
from generator.rules.terraforming_mars.state import TerraformingMarsState

OPERATIONS = TerraformingMarsGame.operations
__all__ = ["OPERATIONS", "TerraformingMarsGame", "TerraformingMarsState", "new_game"]


def new_game(content: GameContent, seed: int, options: dict[str, Any] | None = None, log: bool = False,
             forced: list[Any] | None = None, quiet: bool = False) -> TerraformingMarsState:
    """Set up a new table (a shortcut for tests: TerraformingMarsGame(...).new_initial_state)."""
    return TerraformingMarsGame(content, options).new_initial_state(seed, log=log, forced=forced, quiet=quiet)
