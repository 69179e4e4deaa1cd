"""What the players may decide in an Escape Earth state, and what each decision does.

Actions are tuples of the words `notation.py` lists, in that order: cards counted from 0 (Earth
is 0), a building by its card id, not its kind, and a payment (upgrade, fight, fight-now) as one
sorted tuple of (pos, resource, n), n cubes of that resource from card `pos`; a push is
("push", pos, n), n military cubes from card `pos`. Fighting a drawn event at once spends no action.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import product
from typing import TYPE_CHECKING, Any

from generator.rules.core import Action
from generator.rules.escape_earth.data import ACTION, ANOMALY_STEP, LOSE, NO_ANOMALY, RESPOND

if TYPE_CHECKING:
    from generator.rules.escape_earth.state import EscapeEarthState


def _splits(sources: list[tuple[int, int]], resource: str, need: int) -> list[tuple[Any, ...]]:
    """Every way to take `need` cubes of `resource` from (pos, available) sources, as payments: most from the first."""
    counts = product(*(range(min(have, need), -1, -1) for _, have in sources))
    return [tuple((pos, resource, n) for (pos, _), n in zip(sources, ns, strict=True) if n)
            for ns in counts if sum(ns) == need]


def cube_sources(state: EscapeEarthState) -> dict[str, list[tuple[int, int]]]:
    """Per resource, the cards whose cubes may be spent now: [(pos, how many), ...] in card order.

    Cubes come from buildings ("von deinen Gebäuden"): a planet's free cube counts where a
    building stands on its card, or anywhere with the option `free-cubes: anywhere`.
    """
    sources: dict[str, list[tuple[int, int]]] = {}
    for pos in range(state.revealed):
        if state.blocked(pos):
            continue
        b, cubes, extra = state.building[pos], state.cubes[pos], state.free[pos]  # extra: the card's free cube
        if b is not None and cubes:
            res = state.side(pos).produces
            sources.setdefault(res, []).append((pos, cubes + (extra == res)))
            if extra is not None and extra != res:
                sources.setdefault(extra, []).append((pos, 1))
        elif extra is not None and (b is not None or state.free_cubes == "anywhere"):
            sources.setdefault(extra, []).append((pos, 1))
    return sources


def payments(state: EscapeEarthState, cost: dict[str, int],
             sources: dict[str, list[tuple[int, int]]] | None = None) -> list[tuple[Any, ...]]:
    """Every way to pay `cost` from cubes that may be spent; [] when it cannot be paid."""
    if sources is None:
        sources = cube_sources(state)
    per_resource = []
    for resource, need in sorted(cost.items()):
        if need == 0:
            continue
        have = sources.get(resource, [])
        if sum(n for _, n in have) < need:
            return []
        per_resource.append(_splits(have, resource, need))
    return [tuple(sorted(sum(combo, ()))) for combo in product(*per_resource)]


def move_targets(state: EscapeEarthState, player: int, travel: int) -> list[int]:
    """Cards the player's ship can end on when the trip must cost exactly `travel` parsecs."""
    targets = []
    for step in (1, -1):   # on until the trip costs `travel` (content: at least 2) or the next card is barred
        pos, total = state.ships[player], 0
        while total < travel and 0 <= pos + step < state.revealed and pos + step != state.anomaly:
            pos += step
            total += state.parsecs[pos]
        if total == travel and pos != state.aliens:
            targets.append(pos)
    return targets


def build_points(state: EscapeEarthState, player: int) -> int:
    """Build points of the player's Build card at its position (0 when it is not active)."""
    if not state.is_active(player, "build"):
        return 0
    return int(state.cards[player]["build"].build_points[state.rows[player].index("build")])


def push_limit(state: EscapeEarthState) -> int:
    """How many cards the aliens may be pushed back (experts: only onto revealed cards)."""
    last = state.length if state.variant == "beginner" else state.revealed - 1
    return max(0, last - state.aliens)


# -- the legal set -------------------------------------------------------------------------------
def legal_actions(state: EscapeEarthState) -> list[Action]:
    if state.result is not None:
        return []
    if state.phase == RESPOND:
        assert state.pending_event is not None
        return [("fight-now", pay) for pay in payments(state, state.fight_cost(state.pending_event, extra=1))] \
            + [("let-happen",)]
    if state.phase == LOSE:
        res = state.pending_loss
        return [("lose", pos) for pos in range(state.length) if state.holds_cube(pos, res)]
    p = state.player
    row, ship, cards = state.rows[p], state.ships[p], state.cards[p]
    active = [a for i, a in enumerate(row, 1) if i in cards[a].active_positions]   # the activities usable now
    actions: list[Action] = [("improve", a) for a in row[:-1]]
    actions += [("move", a, dest) for a in active for dest in move_targets(state, p, cards[a].travel)]
    points = cards["build"].build_points[row.index("build")] if "build" in active else 0
    sources = cube_sources(state) if any(state.cubes) or any(state.free) else {}   # none early in a game
    here = state.building[ship]
    if points and (here is None or state.data.buildings[here].replaceable):
        actions += [("build", b.id) for b in state.data.buildings.values()
                    if state.stacks[b.id] and b.build_cost <= points and (state.planet[ship] or not b.planet_only)]
    if sources:
        for pos in range(state.revealed):
            standing = state.building[pos]
            if standing and not state.upgraded[pos] and not state.blocked(pos):
                actions += [("upgrade", pos, pay)
                            for pay in payments(state, dict(state.data.buildings[standing].upgrade_cost), sources)]
    if here:
        side = state.side(ship)
        res = side.produces
        if res and state.cubes[ship] < side.capacity and state.supply[res] and res in active:
            actions.append(("produce", res))
    if sources:
        actions += [("fight", event, pay) for event in dict.fromkeys(state.active_events)
                    for pay in payments(state, state.fight_cost(event), sources)]
        actions += [("push", pos, n) for pos, have in sources.get("military", ())
                    for n in range(1, min(have, push_limit(state)) + 1)]
    actions.append(("pass",))
    return actions


# -- direct effects --------------------------------------------------------------------------------
def do(state: EscapeEarthState, action: Action) -> None:
    """Carry out a legal decision (its own effects; the turn's end is the state's `_advance`)."""
    kind = action[0]
    if state.phase == ACTION:
        state.actions_left -= 1
        _ACTION_CODE[kind](state, state.player, action)
    elif kind == "fight-now":
        assert state.pending_event is not None
        state.event_fought(state.pending_event, action[1], at_once=True)
        if state.result is None:
            state.event_done()
    elif kind == "let-happen":
        state.event_stays()
    elif kind == "lose":
        res = state.pending_loss
        assert res is not None
        state.take(action[1], res, 1)
        state._emit("cube-lost", pos=action[1], resource=res)
        state.pending_loss = None
        state.phase = ACTION
        state.continue_effects()


def _do_pass(state: EscapeEarthState, p: int, action: Action) -> None:
    state._emit("passed", player=p)


def _do_improve(state: EscapeEarthState, p: int, action: Action) -> None:
    row = state.rows[p]
    i = row.index(action[1])
    row[i], row[i + 1] = row[i + 1], row[i]
    if not state.quiet:
        state._emit("improved", player=p, activity=action[1], position=i + 2, other=row[i])


def _do_move(state: EscapeEarthState, p: int, action: Action) -> None:
    _, activity, dest = action
    state.to_first(p, activity)
    if not state.quiet:
        state._emit("ship-moved", player=p, activity=activity, frm=state.ships[p], to=dest,
                    parsecs=state.cards[p][activity].travel)
    state.ships[p] = dest
    if all(ship == state.length - 1 for ship in state.ships):
        state.end("ocean-planet")


def _do_build(state: EscapeEarthState, p: int, action: Action) -> None:
    ship = state.ships[p]
    new = state.data.buildings[action[1]]
    state.to_first(p, "build")
    old = state.building[ship]
    if old is not None:
        produces = state.side(ship).produces
        if produces and state.cubes[ship]:
            state.removed_cubes[produces] += state.cubes[ship]
        state.removed_buildings.append(old)
        state._emit("building-removed", pos=ship, building=old, cubes=state.cubes[ship])
    state.stacks[new.id] -= 1
    state.building[ship] = new.id
    state.upgraded[ship] = False
    state.cubes[ship] = 0
    state.scouted[ship] = 0
    state.builds += 1
    state._emit("built", player=p, building=new.id, pos=ship)
    state.run(new.basic.effects, ship)
    if not state.time_on and state.builds >= 2:
        state.time_on = True
        state._emit("time-starts")


def _do_upgrade(state: EscapeEarthState, p: int, action: Action) -> None:
    _, pos, payment = action
    state.pay(payment)
    state.upgraded[pos] = True
    state._emit("upgraded", building=state.building[pos], pos=pos, paid=payment)
    state.run(state.side(pos).effects, pos)   # the upgraded side's


def _do_produce(state: EscapeEarthState, p: int, action: Action) -> None:
    ship = state.ships[p]
    res = action[1]
    n = min(state.side(ship).capacity - state.cubes[ship], state.supply[res])
    state.to_first(p, res)
    state.supply[res] -= n
    state.cubes[ship] += n
    state._emit("produced", player=p, pos=ship, resource=res, n=n)


def _do_fight(state: EscapeEarthState, p: int, action: Action) -> None:
    _, card, payment = action
    state.active_events.remove(card)
    state.event_fought(card, payment, at_once=False)
    if any(op == "place_anomaly" for op, _ in state.data.events[card].effects) and state.anomaly != NO_ANOMALY:
        if card in state.active_events:
            before = state.anomaly
            state.anomaly = min(state.anomaly + ANOMALY_STEP, state.length - 1)
            state._emit("anomaly-moved", frm=before, to=state.anomaly)
        else:
            state.anomaly = NO_ANOMALY
            state._emit("anomaly-removed")


def _do_push(state: EscapeEarthState, p: int, action: Action) -> None:
    _, pos, n = action
    state.take(pos, "military", n)
    state._emit("aliens-pushed", player=p, pos=pos, n=n)
    for _ in range(n):
        state.step_aliens(+1)


_ACTION_CODE: dict[str, Callable[[EscapeEarthState, int, Action], None]] = {
    "pass": _do_pass, "improve": _do_improve, "move": _do_move, "build": _do_build, "upgrade": _do_upgrade,
    "produce": _do_produce, "fight": _do_fight, "push": _do_push,
}
ACTION_KINDS = frozenset(_ACTION_CODE) | {"fight-now", "let-happen", "lose"}
