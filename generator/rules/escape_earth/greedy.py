"""A simple greedy player for Escape Earth: plan the rest of the turn, score the table, take the best.

The look-ahead applies only the decisions' own effects (never the next turn's time card), so
the policy cannot peek at hidden cards. The score is a hand-made judgement of the table:
revealed galaxy and ship progress, events and how close chaos is, the aliens' distance to
Earth, cubes that pay for the active events, buildings of each kind, and activity cards that
are ready for the next actions.

The policy keeps the plan it chose: the second action of a turn is the plan's second action
when the table is as planned, so it never swaps two cards and then swaps them back.

Tree search borrows the same player: `rank` orders actions by the table each leaves (the
game's `rank_actions`), and the planning policy itself is the AI hook `rollout_policy`, which the
paired search plays to the end of the game (see `contract.SearchSettings`).
"""

from __future__ import annotations

import random
from typing import Any

from generator.rules.core import Action, best_action
from generator.rules.engine_kit.greedy import squash
from generator.rules.escape_earth.data import NO_ANOMALY
from generator.rules.escape_earth.state import EscapeEarthState


def score(state: EscapeEarthState) -> float:
    """How good the table looks for the players (higher is better)."""
    if state.result is not None:
        return 10_000.0 if state.result == "ocean-planet" else -10_000.0
    value = 7.0 * state.revealed + 3.0 * sum(state.ships)
    frontier = state.revealed - 1
    if frontier < state.length - 1 and frontier in state.ships:
        value += 5.0
    distinct = len(set(state.active_events))
    value -= 8.0 * len(state.active_events) + (40.0 if distinct >= 2 else 0.0)
    if state.anomaly != NO_ANOMALY:
        value -= 10.0
    value -= 5.0 * max(0, 10 - state.aliens)
    needed: dict[str, int] = {}   # plain dicts: Counters cost 10 % of the greedy player's time
    for card in set(state.active_events):
        for res, n in state.fight_cost(card).items():
            needed[res] = needed.get(res, 0) + n
    held: dict[str, int] = {}
    for pos in range(state.revealed):
        b = state.building[pos]
        made = state.side(pos).produces if b else None
        if made:
            held[made] = held.get(made, 0) + state.cubes[pos]
        free = state.free[pos]
        if free and (b or state.free_cubes == "anywhere"):
            held[free] = held.get(free, 0) + 1
    for res, n in held.items():
        value += 2.0 * n + 3.0 * min(n, needed.get(res, 0))
    kinds = {state.data.buildings[b].kind for b in state.building if b}
    value += 6.0 * len(kinds - {"outpost"}) + 1.0 * sum(state.upgraded)
    for p in range(len(state.rows)):
        weight = 1.5 if p != state.player else 1.0
        for activity in state.rows[p]:
            if state.is_active(p, activity):
                value += weight
        if state.is_active(p, "build"):
            value += 2.0 * weight
    return value


def evaluate(state: EscapeEarthState) -> float:
    """The score squashed into [0, 1] (won 1, lost 0) for tree search at its horizon."""
    if state.result is not None:
        return 1.0 if state.result == "ocean-planet" else 0.0
    return squash(score(state) - 120.0, 40.0)


def after(state: EscapeEarthState, action: Action) -> EscapeEarthState:
    """A quiet copy of `state` with only the decision's own effects applied (no next time card)."""
    trial = state.clone()
    trial.quiet = True
    trial._do(action)
    return trial


def judged(trial: EscapeEarthState, action: Action) -> float:
    """The score of the table `action` left; a pass scores a little less than an action that changes nothing."""
    return score(trial) - (0.5 if action[0] == "pass" else 0.0)


def rank(state: EscapeEarthState, actions: list[Action]) -> list[Action]:
    """`actions` best first by the score of the table each leaves (ties keep their order)."""
    return sorted(actions, key=lambda action: -judged(after(state, action), action))


def _tries(state: EscapeEarthState, actions: list[Action], start_rows: list[list[str]]) \
        -> list[tuple[float, Action, EscapeEarthState]]:
    """(value, action, table after it) for each action but one that swaps back what this turn swapped (a wasted
    action: pass instead)."""
    tries = ((action, after(state, action)) for action in actions)
    return [(judged(trial, action), action, trial) for action, trial in tries
            if not (action[0] == "improve" and trial.rows == start_rows)]


class GreedyPolicy:
    """Plans the rest of the player's turn: every first action, the best few with every second one.

    Each plan is scored on the table it leaves (before the next time card); the policy takes the
    first action of the best plan, ties broken by its own RNG, and keeps the plan's second action
    for the next decision.
    """

    name = "greedy"
    width = 6

    def __init__(self) -> None:
        self._planned: tuple[tuple[Any, ...], Action] | None = None   # (state key it expects, action)
        self._turn_start: tuple[int, list[list[str]]] | None = None   # (turn, rows) when the turn began

    def choose(self, state: EscapeEarthState, rng: random.Random) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            self._planned = None
            return actions[0]
        if self._planned is not None:
            expected, action = self._planned
            self._planned = None
            if expected == state.key() and action in actions:
                return action
        if state.actions_left == 2 or self._turn_start is None or self._turn_start[0] != state.turn:
            self._turn_start = (state.turn, [list(r) for r in state.rows])
        start_rows = self._turn_start[1]
        first = sorted(_tries(state, actions, start_rows), key=lambda item: -item[0])
        values: dict[Action, float] = {}
        plans: dict[Action, tuple[tuple[Any, ...], Action] | None] = {}
        for value, action, trial in first[: self.width]:
            values[action], plans[action] = value, None
            if trial.result is None and trial.phase == "action" and trial.actions_left > 0:
                follow, then, _ = max(_tries(trial, trial.legal_actions(), start_rows), key=lambda item: item[0])
                if follow > value:
                    values[action], plans[action] = follow, (trial.key(), then)
        action = best_action(list(values), values.__getitem__, rng)
        self._planned = plans[action]
        return action
