"""The greedy player every engine configures, and the judgement of a table it and tree search share.

A greedy player tries each legal action on a copy of the table whose hidden cards and dice are
drawn anew (`resample_hidden`), so it never peeks, judges the copy, and takes the best action
(ties by one draw from its own RNG, `best_action`). What differs between games is only the
judgement, so a game gives that: `judge(trial, player, action)`, higher is better.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from generator.rules.contract import GameState
from generator.rules.core import Action, Outcome, best_action

Judge = Callable[[Any, int, Action], float]


class TrialGreedy:
    """Takes the legal action whose trial copy `judge` values most, ties broken by the policy's RNG.

    Attributes:
        name: the policy's name on the command line (`greedy`, `expert`)
        judge: (trial after the action, deciding player, action) -> value
        tolerance: values this close count as a tie
        resample_once: draw the hidden information once per decision and try every action on a
            clone of that draw (the expert's way), instead of once per action
    """

    def __init__(self, judge: Judge, name: str = "greedy", tolerance: float = 1e-9, resample_once: bool = False):
        self.judge = judge
        self.name = name
        self.tolerance = tolerance
        self.resample_once = resample_once

    def choose(self, state: GameState, rng: random.Random) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        me = state.current_player
        judge = self.judge
        sample = state.resample_hidden(me, rng) if self.resample_once else None

        def value_of(action: Action) -> float:
            trial = sample.clone() if sample is not None else state.resample_hidden(me, rng)
            trial.quiet = True
            trial.apply(action)
            return judge(trial, me, action)

        return best_action(actions, value_of, rng, self.tolerance)


def rank_value(outcome: Outcome, player: int, players: int) -> float:
    """A finished game for `player`: won 1, else by rank from 0.5 (second) down to 0 (last)."""
    mine = next(r for r in outcome.results if r.player == player)
    if mine.won:
        return 1.0
    return 0.0 if players <= 1 else 0.5 * (players - mine.rank) / (players - 1)


def squash(advantage: float, scale: float) -> float:
    """An advantage in points squashed into (0, 1): 0.5 at even, `scale` points is about 0.73."""
    return 1.0 / (1.0 + math.exp(-advantage / scale))


def against_best(value: Callable[[Any, int], float], state: Any, player: int) -> float:
    """`player`'s `value(state, player)` minus the best other player's (0 when no other player sits at the table)."""
    mine = value(state, player)
    return mine - max((value(state, q) for q in range(state.n) if q != player), default=0.0)
