"""The `GameState` of an engine whose set-up reads its game's rules data and whose end is a cause.

Every bundled state is built the same way, `State(game, seed, log=, forced=, quiet=)`, and then
sets the table up from the rules data the game read once and the options chosen; and each ends
by setting `result` to the outcome's cause, after which its `outcome()` scores the players.
`EngineState` does both; an engine writes `_setup(data, options)` and `_results()`.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from generator.rules.contract import TERMINAL, GameState
from generator.rules.core import Outcome, PlayerResult

if TYPE_CHECKING:
    from generator.rules.engine_kit.content_game import ContentGame

D = TypeVar("D")


class EngineState(GameState, Generic[D]):
    """A state set up by `_setup(game.data, game.options)` (the rules data `D` kept as `data`) that is over
    once `result` names the cause.

    Attributes:
        result (str | None): the outcome's cause once the game is over; None while it runs
        player (int): the seat whose turn it is (`current_player` unless the engine says otherwise)
    """

    data: D
    result: str | None
    player: int

    def __init__(self, game: ContentGame[Any, Any], seed: int, *, log: bool = False, forced: list[Any] | None = None,
                 quiet: bool = False):
        super().__init__(game, seed, log=log, forced=forced, quiet=quiet)
        self.data = game.data
        self._setup(game.data, game.options)

    @abstractmethod
    def _setup(self, data: D, options: Mapping[str, str]) -> None:
        """The table before its first decision: the rules data kept, the options read, the pieces dealt."""

    @abstractmethod
    def _results(self) -> tuple[PlayerResult, ...]:
        """Every seat's result of the finished game (`result` is set): score, rank, won, breakdown."""

    @property
    def current_player(self) -> int:
        return TERMINAL if self.result is not None else self.player

    @property
    def is_terminal(self) -> bool:
        """As the base's `outcome() is not None`, without building the outcome: every playout asks before
        every decision."""
        return self.result is not None

    def outcome(self) -> Outcome | None:
        """The finished game's outcome: the players' results and the cause's sentence."""
        if self.result is None:
            return None
        results = self._results()
        return Outcome(self.result, results, self.game.presentation.render_outcome(Outcome(self.result, results)))
