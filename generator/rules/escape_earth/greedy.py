"""A simple greedy player for Escape Earth: plan the rest of the turn, score the table, take the best.

The look-ahead applies only the decisions' own effects (never the next turn's time card), so
the policy cannot peek at hidden cards. The score is a hand-made judgement of the table:
revealed galaxy and ship progress, events and how close chaos is, the aliens' distance to
Earth, cubes that pay for the active events, buildings of each kind, and activity cards that
are ready for the next actions.
"""

from __future__ import annotations

import random

from generator.rules.core import Action
from generator.rules.escape_earth.state import NO_ANOMALY, EscapeEarthBase


def score(state: EscapeEarthBase) -> float:
    """How good the table looks for the players (higher is better)."""
    if state.result is not None:
        return 10_000.0 if state.result == "ocean-planet" else -10_000.0
    last = state.length - 1
    value = 7.0 * state.revealed + 3.0 * sum(state.ships)
    frontier = state.revealed - 1
    if frontier < last and any(s == frontier for s in state.ships):
        value += 5.0
    distinct = len(set(state.active_events))
    value -= 8.0 * len(state.active_events) + (40.0 if distinct >= 2 else 0.0)
    if state.anomaly != NO_ANOMALY:
        value -= 10.0
    value -= 5.0 * max(0, 10 - state.aliens)
    needed: dict[str, int] = {}
    for card in set(state.active_events):
        for res, n in state.fight_cost(card).items():
            needed[res] = needed.get(res, 0) + n
    held: dict[str, int] = {}
    for pos in range(state.revealed):
        b = state.building[pos]
        if b:
            res = state._side(pos).produces
            if res:
                held[res] = held.get(res, 0) + state.cubes[pos]
        if state.free[pos]:
            held[state.free[pos]] = held.get(state.free[pos], 0) + 1  # type: ignore[index]
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


def _after(state: EscapeEarthBase, action: Action) -> EscapeEarthBase:
    """A quiet copy of `state` with only the decision's own effects applied (no next time card)."""
    trial = state.clone()
    trial.quiet = True
    if action[0] in ("fight-now", "let-happen", "lose"):
        trial._do(action)
    else:
        trial.actions_left -= 1
        getattr(trial, "_do_" + action[0])(trial.player, action)
    trial._legal = None
    return trial


class GreedyPolicy:
    """Plans the rest of the player's turn: every first action, the best few with every second one.

    Each plan is scored on the table it leaves (before the next time card); the policy takes the
    first action of the best plan, ties broken by its own RNG.
    """

    name = "greedy"
    width = 6

    def choose(self, state: EscapeEarthBase, rng: random.Random) -> Action:  # type: ignore[override]
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        first = []
        for action in actions:
            trial = _after(state, action)
            first.append((score(trial) - (0.5 if action[0] == "pass" else 0.0), action, trial))
        first.sort(key=lambda item: -item[0])
        best_value = float("-inf")
        best: list[Action] = []
        for value, action, trial in first[: self.width]:
            if trial.result is None and trial.phase == "action" and trial.actions_left > 0:
                follow = max(score(_after(trial, nxt)) - (0.5 if nxt[0] == "pass" else 0.0)
                             for nxt in trial.legal_actions())
                value = max(value, follow)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return best[rng.randrange(len(best))]
