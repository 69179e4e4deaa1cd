"""The `GameState` of an engine whose set-up reads its game's rules data.

Every bundled state is built the same way, `State(game, seed, log=, forced=, quiet=)`, and then
sets the table up from the rules data the game read once and the options chosen. `EngineState`
does that once; an engine writes `_setup(data, options)`.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from generator.rules.contract import GameState

if TYPE_CHECKING:
    from generator.rules.engine_kit.content_game import ContentGame

D = TypeVar("D")


class EngineState(GameState, Generic[D]):
    """A state set up by `_setup(game.data, game.options)` (the rules data `D` kept as `data`)."""

    data: D

    def __init__(self, game: ContentGame[Any, Any], seed: int, *, log: bool = False, forced: list[Any] | None = None,
                 quiet: bool = False):
        super().__init__(game, seed, log=log, forced=forced, quiet=quiet)
        self.data = game.data
        self._setup(game.data, game.options)

    @abstractmethod
    def _setup(self, data: D, options: Mapping[str, str]) -> None:
        """The table before its first decision: the rules data kept, the options read, the pieces dealt."""
