"""The clairvoyant player (`oracle`): a measuring stick for balance figures, never a player.

An honest player sees what the table shows; the oracle reads the true state, its RNG included.
A clone of the true state draws the same dice and cards as the real game will for the same
decisions (chance comes from the state's own seeded RNG, and `clone` copies it), so every line
the oracle tries on a clone is the real future, not a guess at it.

At each decision it weighs the rollout policy's own choice and the game's next best actions by
`rank_actions` (as many as the budget allows): after each it plays the rollout policy to the end
on a clone of the true state. It keeps the best line found so far, whole (nested Monte Carlo
search, level one: the kept line is never lost to a worse one found later), and takes its next
action. A winning line ends the search: it is played move by move from then on, and the table
goes exactly as it went on the clone. A line that loses is judged by the game's judgement
(`AIHooks.evaluate`) of the last table before the end, then by how many turns it lasted.

So every game the oracle wins has a winning line, and its win rate is a floor under the share
of deals that can be won at all; no player, honest or not, wins a deal that has no winning line,
so that share is the ceiling of every player's win rate. The oracle is offered to `pnp simulate`
and `pnp balance` only: it would be cheating at `pnp play`, which refuses it.
"""

from __future__ import annotations

import random
from typing import Any

from generator.rules.contract import Game, GameState
from generator.rules.core import Action
from generator.rules.random_policy import RandomPolicy

NAME = "oracle"
DEFAULT_BUDGET = 16           # playouts per decision of `oracle` (the budget `oracle:N` names)
MIN_BUDGET, MAX_BUDGET = 1, 10_000
CANDIDATES = 24               # at most so many actions weighed at a decision
WON = 1e9                     # the value of a winning line, above any line that loses
TURN_WEIGHT = 0.01             # a losing line: the game's judgement of its last table first, then how long it lasted
MAX_PLAYOUT_DECISIONS = 2_000  # a line running this long is judged where it stands (a stalled game)


def parse_oracle(name: str) -> int:
    """The playouts per decision of `oracle` or `oracle:N` (ValueError saying what is wrong)."""
    head, sep, tail = name.partition(":")
    if head != NAME:
        raise ValueError(f"'{name}': write the clairvoyant policy as {NAME} or {NAME}:N (N playouts per decision)")
    if not sep:
        return DEFAULT_BUDGET
    if not tail.isdigit() or not MIN_BUDGET <= int(tail) <= MAX_BUDGET:
        raise ValueError(f"'{name}': the budget after '{NAME}:' must be a whole number from {MIN_BUDGET} "
                         f"to {MAX_BUDGET:,}")
    return int(tail)


class OraclePolicy:
    """Plans on the true future (see the module docstring); keeps the best line it has found."""

    def __init__(self, game: Game, playouts: int = DEFAULT_BUDGET, candidates: int = CANDIDATES):
        self.game = game
        self.playouts = playouts
        self.candidates = candidates
        self.name = NAME if playouts == DEFAULT_BUDGET else f"{NAME}:{playouts}"
        self._line_kept: list[tuple[str, Action]] = []   # the best line found: (table it expects, action)
        self._value = float("-inf")                        # ... and its value (WON for a winning line)

    def choose(self, state: GameState, rng: random.Random) -> Action:
        legal = state.legal_actions()
        kept = self._kept(state, legal)
        if kept is not None and self._value >= WON:
            return self._take()
        if len(legal) == 1:
            if kept is not None:
                self._take()
            return legal[0]
        me = state.current_player
        default = self._rollout_player().choose(state.clone(), random.Random(rng.getrandbits(64)))
        ranked = [a for a in self.game.ai.rank_actions(state, legal) if a != default]
        candidates = [default, *ranked[: max(0, min(self.candidates, self.playouts) - 1)]]
        if kept is None:
            self._value = float("-inf")
        for _ in range(max(1, self.playouts // len(candidates))):
            seed = rng.getrandbits(64)
            for action in candidates:
                value, actions = self._line(state, action, random.Random(seed), me)
                if value > self._value:
                    self._value, self._line_kept = value, _marked(state, actions)
                    if value >= WON:
                        return self._take()
        return self._take()

    def _kept(self, state: GameState, legal: list[Action]) -> Action | None:
        """The next action of the best line kept when the table is where the line said it would be
        (else the line is dropped)."""
        if self._line_kept:
            expected, action = self._line_kept[0]
            if expected == _fingerprint(state) and action in legal:
                return action
        self._line_kept = []
        return None

    def _take(self) -> Action:
        return self._line_kept.pop(0)[1]

    def _line(self, state: GameState, action: Action, rng: random.Random, me: int) -> tuple[float, list[Action]]:
        """Play `action` then the rollout policy to the end on a clone of the true state: the line's value
        (WON for a win; else the game's judgement of its last table, then the turns it lasted) and actions."""
        trial = state.clone()
        trial.quiet = True
        actions = [action]
        trial.apply(action)
        chooser = self._rollout_player()
        last = 0.0
        for _ in range(MAX_PLAYOUT_DECISIONS):
            if trial.is_terminal:
                break
            last = self.game.ai.evaluate(trial, me)
            nxt = chooser.choose(trial, rng)
            actions.append(nxt)
            trial.apply(nxt)
        if _won(trial, me):
            return WON, actions
        return last + TURN_WEIGHT * trial.turn, actions

    def _rollout_player(self) -> Any:
        return self.game.ai.rollout_policy() or RandomPolicy()


def _won(state: GameState, me: int) -> bool:
    outcome = state.outcome()
    return outcome is not None and any(r.player == me and r.won for r in outcome.results)


def _marked(state: GameState, actions: list[Action]) -> list[tuple[str, Action]]:
    """A line with the table each of its actions is taken at (played again on a clone: a playout does
    not pay for fingerprints it will throw away)."""
    trial = state.clone()
    trial.quiet = True
    marked = []
    for action in actions:
        marked.append((_fingerprint(trial), action))
        trial.apply(action)
    return marked


def _fingerprint(state: GameState) -> str:
    """The table and its RNG: a plan step applies only where the real game stands where the line stood."""
    return f"{state.state_hash()}/{hash(state.rng.getstate())}"
