"""Why an Escape Earth action is refused: one rule id and the values its sentence names.

What is allowed is said once, by the legal set (`decisions.legal_actions`): `violation` lets
every action in it pass and, for any other, names the rule it breaks, so the last check of a
kind needs no condition. The tests check that it refuses exactly what the legal set leaves
out. The sentences are in the content (`rules/<lang>/sentences.yaml`, `refusals`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from generator.rules.core import Action, RuleError
from generator.rules.engine_kit.legality import checked_first
from generator.rules.escape_earth.data import LOSE, RESPOND

if TYPE_CHECKING:
    from generator.rules.escape_earth.state import EscapeEarthState

RULE_IDS = frozenset({
    "game-over", "blocked.anomaly-cubes", "blocked.anomaly-upgrade", "payment.form", "payment.card", "payment.order",
    "blocked.cubes", "payment.missing", "payment.exact",
    "respond-first", "lose.which", "lose-first", "no-pending", "activity.unknown", "activity.inactive", "improve.form",
    "improve.top", "move.form", "move.stay", "move.off", "move.hidden", "move.anomaly", "move.exact", "move.aliens",
    "build.unknown", "build.points", "build.stack", "build.planet", "build.outpost", "upgrade.form", "upgrade.none",
    "upgrade.done", "blocked.upgrade", "produce.none", "produce.match", "produce.full", "produce.supply",
    "fight.inactive", "push.form", "push.revealed", "push.start", "push.cubes",
    "notation.empty", "notation.unknown", "notation.card-number", "notation.pay", "notation.cube",
})


def payment_problem(state: EscapeEarthState, cost: dict[str, int], payment: object, what: str) -> RuleError | None:
    """Why `payment` does not pay `cost` exactly from cubes that may be spent (`what`: upgrade, fight, fight-now);
    asked only of an action the legal set leaves out."""
    refuse = state._refuse
    if not isinstance(payment, tuple) or not all(isinstance(x, tuple) and len(x) == 3 for x in payment):
        return refuse("payment.form")
    paid: dict[str, int] = {}
    sources = state.cube_sources()   # per resource, the cards whose cubes may be spent: [(pos, how many), ...]
    for pos, res, n in payment:
        if not isinstance(pos, int) or not 0 <= pos < state.length or not isinstance(n, int) or n < 1 \
                or res not in state.data.resources:
            return refuse("payment.card")
        if state.blocked(pos):
            return refuse("blocked.cubes" if pos == state.aliens else "blocked.anomaly-cubes", pos=pos)
        if dict(sources.get(res, [])).get(pos, 0) < n:
            return refuse("payment.missing", pos=pos, n=n, resource=res)
        paid[res] = paid.get(res, 0) + n
    wanted = {r: n for r, n in cost.items() if n}
    if paid != wanted:
        return refuse("payment.exact", what=what, cost=tuple(sorted(wanted.items())))
    return refuse("payment.order")   # out of order, or one card's cubes of a resource in two parts


@checked_first(legal_first=True)
def violation(state: EscapeEarthState, action: Action) -> RuleError | None:
    refuse = state._refuse
    kind = action[0]
    if state.phase == RESPOND:
        if kind == "fight-now" and len(action) == 2:
            assert state.pending_event is not None
            return payment_problem(state, state.fight_cost(state.pending_event, extra=1), action[1], "fight-now")
        return refuse("respond-first")
    if state.phase == LOSE:
        if kind == "lose" and len(action) == 2:
            return refuse("lose.which", pos=action[1], resource=state.pending_loss)
        return refuse("lose-first", resource=state.pending_loss)
    if kind in ("fight-now", "let-happen", "lose"):
        return refuse("no-pending")
    check = _CHECKS.get(str(kind))
    return check(state, action) if check else None


def _activity_problem(state: EscapeEarthState, activity: Any) -> RuleError | None:
    p = state.player
    if activity not in state.cards[p]:
        return state._refuse("activity.unknown", activity=activity)
    if not state.is_active(p, activity):
        pos = state.rows[p].index(activity) + 1
        allowed = ", ".join(map(str, sorted(state.cards[p][activity].active_positions)))
        return state._refuse("activity.inactive", activity=activity, position=pos, allowed=allowed)
    return None


def _improve(state: EscapeEarthState, action: Action) -> RuleError | None:
    if len(action) != 2 or action[1] not in state.cards[state.player]:
        return state._refuse("improve.form")
    return state._refuse("improve.top")   # the card in the last position has no neighbour above it


def _move(state: EscapeEarthState, action: Action) -> RuleError | None:
    refuse = state._refuse
    if len(action) != 3 or not isinstance(action[2], int):
        return refuse("move.form")
    if problem := _activity_problem(state, action[1]):
        return problem
    p, dest = state.player, action[2]
    start = state.ships[p]
    travel = state.cards[p][action[1]].travel
    if dest == start:
        return refuse("move.stay")
    if not 0 <= dest < state.length:
        return refuse("move.off")
    step = 1 if dest > start else -1
    path = range(start + step, dest + step, step)
    stop = next((pos for pos in path if pos >= state.revealed or pos == state.anomaly), None)  # the first card barred
    if stop is not None:
        return refuse("move.hidden" if stop >= state.revealed else "move.anomaly", pos=stop)
    total = sum(state.parsecs[pos] for pos in path)
    if total != travel:
        return refuse("move.exact", total=total, activity=action[1], travel=travel)
    return refuse("move.aliens", pos=dest)


def _build(state: EscapeEarthState, action: Action) -> RuleError | None:
    refuse = state._refuse
    if len(action) != 2 or action[1] not in state.data.buildings:
        return refuse("build.unknown")
    b = state.data.buildings[action[1]]
    if problem := _activity_problem(state, "build"):
        return problem
    points = state.build_points(state.player)
    if b.build_cost > points:
        return refuse("build.points", building=b.id, needed=b.build_cost, points=points)
    if not state.stacks[b.id]:
        return refuse("build.stack", building=b.id)
    if b.planet_only and not state.planet[state.ships[state.player]]:
        return refuse("build.planet", building=b.id)
    return refuse("build.outpost")   # an outpost stands on the ship's card


def _upgrade(state: EscapeEarthState, action: Action) -> RuleError | None:
    refuse = state._refuse
    if len(action) != 3 or not isinstance(action[1], int) or not 0 <= action[1] < state.length:
        return refuse("upgrade.form")
    pos = action[1]
    building = state.building[pos]
    if building is None:
        return refuse("upgrade.none", pos=pos)
    if state.upgraded[pos]:
        return refuse("upgrade.done", pos=pos)
    if state.blocked(pos):
        return refuse("blocked.upgrade" if pos == state.aliens else "blocked.anomaly-upgrade", pos=pos)
    return payment_problem(state, dict(state.data.buildings[building].upgrade_cost), action[2], "upgrade")


def _produce(state: EscapeEarthState, action: Action) -> RuleError | None:
    refuse = state._refuse
    ship = state.ships[state.player]
    if state.building[ship] is None or state.side(ship).produces is None:
        return refuse("produce.none")
    res = state.side(ship).produces
    if len(action) != 2 or action[1] != res:
        return refuse("produce.match", resource=res)
    if problem := _activity_problem(state, res):
        return problem
    if state.cubes[ship] >= state.side(ship).capacity:
        return refuse("produce.full")
    return refuse("produce.supply", resource=res)


def _fight(state: EscapeEarthState, action: Action) -> RuleError | None:
    if len(action) != 3 or action[1] not in state.active_events:
        return state._refuse("fight.inactive")
    return payment_problem(state, state.fight_cost(action[1]), action[2], "fight")


def _push(state: EscapeEarthState, action: Action) -> RuleError | None:
    refuse = state._refuse
    if len(action) != 3 or not isinstance(action[2], int) or action[2] < 1:
        return refuse("push.form")
    _, pos, n = action
    if n > state.push_limit():
        return refuse("push.revealed" if state.variant == "expert" else "push.start")
    if isinstance(pos, int) and state.blocked(pos):
        return refuse("blocked.cubes" if pos == state.aliens else "blocked.anomaly-cubes", pos=pos)
    return refuse("push.cubes")   # not that many military cubes on card `pos`


_CHECKS: dict[str, Callable[[EscapeEarthState, Action], RuleError | None]] = {  # a pass needs none: always legal
    "improve": _improve, "move": _move, "build": _build, "upgrade": _upgrade, "produce": _produce,
    "fight": _fight, "push": _push,
}
