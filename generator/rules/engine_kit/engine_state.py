"""The `GameState` of an engine whose set-up reads its game's rules data and whose notation is a module.

Every bundled state is built the same way, `State(game, seed, log=, forced=, quiet=)`, and then
sets the table up from the rules data the game read once and the options chosen; and each
writes and reads its actions through the functions of its own `notation` module. `EngineState`
does both once; an engine writes `_setup(data, options)` and names its notation module.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from generator.rules.contract import GameState
from generator.rules.core import Action

if TYPE_CHECKING:
    from generator.rules.engine_kit.content_game import ContentGame

D = TypeVar("D")


class Notation(Protocol):
    """An engine's notation module: how its actions are written in saved games and example files."""

    def format_action(self, state: Any, action: Action) -> str: ...

    def parse_action(self, state: Any, text: str) -> Action: ...

    def action_values(self, state: Any, action: Action) -> Mapping[str, Any]: ...


class EngineState(GameState, Generic[D]):
    """A state set up by `_setup(game.data, game.options)` (the rules data `D` kept as `data`) that
    writes its actions through `notation`."""

    data: D

    notation: Notation  # the engine's notation module, set by the subclass

    def __init__(self, game: ContentGame[Any, Any], seed: int, *, log: bool = False, forced: list[Any] | None = None,
                 quiet: bool = False):
        super().__init__(game, seed, log=log, forced=forced, quiet=quiet)
        self.data = game.data
        self._setup(game.data, game.options)

    @abstractmethod
    def _setup(self, data: D, options: Mapping[str, str]) -> None:
        """The table before its first decision: the rules data kept, the options read, the pieces dealt."""

    def format_action(self, action: Action) -> str:
        return self.notation.format_action(self, action)

    def parse_action(self, text: str) -> Action:
        return self.notation.parse_action(self, text)

    def action_values(self, action: Action) -> Mapping[str, Any]:
        return self.notation.action_values(self, action)
