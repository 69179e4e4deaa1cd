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

from generator.rules.terraforming_mars.game import TerraformingMarsGame
from generator.rules.terraforming_mars.state import TerraformingMarsState

OPERATIONS = TerraformingMarsGame.operations
__all__ = ["OPERATIONS", "TerraformingMarsGame", "TerraformingMarsState", "new_game"]

new_game = TerraformingMarsGame.new_game  # a shortcut for tests
