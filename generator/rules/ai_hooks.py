"""The optional AI hooks of the engine contract: what makes the generic players play a game well.

The rules core (contract.py) is all a player needs to play legally: the random player, the
generic one-step greedy player and tree search (`mcts:N`) work on any engine. A game may make
them stronger through `Game.ai`: a judgement of a running table (`evaluate`), a quick order of
the legal actions (`rank_actions`), a fast policy to play ahead with (`rollout_policy`), how
tree search should search it (`search_settings`) and players of its own (`greedy_policy`,
`expert_policy`). An engine subclasses `AIHooks` and names it in `Game.ai_class`; a game
without one gets these defaults.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from generator.rules.core import Action

if TYPE_CHECKING:
    from generator.rules.contract import Game, GameState


@dataclass(frozen=True)
class SearchSettings:
    """How tree search (`mcts:N`) plays a game, where the generic search is not its best form.

    Attributes:
        paired: True for the flat, paired search described below; False for the generic tree
        candidates: how many actions the paired search plays out at each decision

    The default is the generic information-set search (a tree over every legal action, judged by
    `AIHooks.evaluate` a turn ahead). `paired` asks for the flat form instead: at each decision the
    search weighs the rollout policy's own choice and the next best `candidates - 1` actions by
    `rank_actions`, plays every one of them out to the end of the game with `rollout_policy()`
    from the same determinisations and the same dice (so a difference between two candidates is
    the candidates' doing, not luck's), and takes the best mean value, a tie going to the rollout
    policy's choice. That is a one-level tree whose leaves are whole games: for a game whose
    wins come from long plans, no evaluation a turn ahead can see them, while a good policy
    played to the end can.
    """

    paired: bool = False
    candidates: int = 4


class AIHooks:
    """What the generic players may ask of `game` beyond its rules; every hook has a sound default.

    Attributes:
        game (Game): the game played
    """

    def __init__(self, game: Game):
        self.game = game

    def evaluate(self, state: GameState, player: int) -> float:
        """How good `state` looks for `player` (0-based), in [0, 1]; tree search uses it at its horizon
        for a game still running (a finished one it judges by `GameState.returns`, on the same scale).

        The default reads a finished game's `returns()` and calls every other table even.
        """
        if not state.is_terminal:
            return 0.5
        return state.returns()[player]

    def rank_actions(self, state: GameState, actions: list[Action]) -> list[Action]:
        """`actions` (legal in `state`) best first by the game's quick judgement; tree search with
        progressive widening considers them in this order. The default keeps the order given."""
        return list(actions)

    def rollout_policy(self) -> Any:
        """A fresh, fast policy (`choose(state, rng)`) tree search may play ahead with before it
        evaluates, or None for random decisions (the default)."""
        return None

    def search_settings(self) -> SearchSettings:
        """How `mcts:N` searches this game (see `SearchSettings`); the default is the generic tree."""
        return SearchSettings()

    def greedy_policy(self) -> Any:
        """The engine's own greedy policy, or None to use the generic one-step policy."""
        return None

    def expert_policy(self) -> Any:
        """The engine's strongest own player (`expert`), or None to play greedy under that name."""
        return None
