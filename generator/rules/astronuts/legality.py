"""Why an Astronuts action is refused: one rule id and the values its sentence names.

`violation` explains what `decisions.legal_actions` leaves out, written for people: the legal set
says whether an action is allowed, so a check here only tells apart the rules the action may break,
and the rule left at the end is the one it breaks. The sentences are in the content
(`rules/<lang>/sentences.yaml`, `refusals`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from generator.rules.astronuts import decisions, placement
from generator.rules.astronuts.data import MAX_DECLARE, PASS_ACTIONS, TECH_ACTIONS, TRADE_ACTIONS
from generator.rules.core import Action, RuleError
from generator.rules.engine_kit.legality import checked_first

if TYPE_CHECKING:
    from generator.rules.astronuts.state import AstronutsState

RULE_IDS = frozenset({
    "game-over", "phase.place", "phase.declare", "phase.reroll", "phase.defend", "phase.trade", "phase.offer",
    "phase.choose", "phase.let-pass",
    "pass.adjacent", "pass.free", "pass.beyond", "pass.occupied", "pass.refused", "pass.actions",
    "no-pending", "place.planet", "place.full", "place.twice", "place.pool", "place.stuck",
    "declare.range", "ship.none", "ship.done", "move.engine", "move.adjacent", "move.occupied", "move.actions",
    "jump.off", "jump.not-entered", "jump.target", "jump.occupied", "mine.planet", "mine.empty", "mine.blocked",
    "mine.actions", "mine.pay", "colonise.planet", "colonise.blocked", "colonise.full", "colonise.stock",
    "colonise.actions", "colonise.pay", "build.actions", "build.stock", "build.home", "build.nuts",
    "attack.blocked", "attack.actions", "attack.adjacent", "attack.self", "attack.nothing", "tech.owned",
    "tech.actions", "tech.nut", "trade.self", "trade.nothing", "trade.actions", "trade.same", "trade.give", "trade.get",
    "take.bank", "swap.same", "swap.give", "swap.bank", "gift-tech.owned", "gift-tech.bank", "gift-colony.where",
    "teleport.where", "gift-ship.where", "genie.entry",
    "notation.empty", "notation.unknown", "notation.space", "notation.colour", "notation.number",
})
CHOICE_KINDS = {kind: kind for kind in ("take", "swap", "gift-tech", "gift-colony", "teleport", "gift-ship", "genie")}
CHOICE_KINDS["done"] = "swap"   # the fate choice each kind answers: `done` ends the bank swaps
PENDING_ONLY = frozenset(CHOICE_KINDS) | {"reroll", "keep", "target", "accept", "refuse", "offer", "allow-pass",
                                         "refuse-pass"}
ARITY = {"move": 3, "pass": 4, "mine": 3, "colonise": 3, "attack": 4, "tech": 2, "trade": 2}   # items of each kind


def _space(state: AstronutsState, value: Any) -> bool:
    return isinstance(value, int) and 0 <= value < len(state.data.ids)


def _colour(value: Any) -> bool:
    return isinstance(value, int) and 0 <= value < 4


@checked_first(legal_first=True)
def violation(state: AstronutsState, action: Action) -> RuleError | None:
    refuse = state._refuse
    kind, phase = action[0], state.phase
    if phase == "place":
        return _place(state, action) if kind == "place" and len(action) == 3 else refuse("phase.place")
    if phase == "declare":
        ok = kind == "declare" and len(action) == 2
        return refuse("declare.range", n=action[1], high=MAX_DECLARE) if ok else refuse("phase.declare")
    if phase in ("reroll", "defend", "trade"):           # the phases whose answers are a fixed set
        return refuse(f"phase.{phase}")
    if phase == "let-pass":
        assert state.passing is not None
        return refuse("phase.let-pass", other=state.occ[state.passing[2]])
    if phase == "offer":
        return _offer(state, action) if kind == "offer" and len(action) == 3 else refuse("phase.offer")
    if phase == "choose":
        return _choice(state, action)
    if kind in PENDING_ONLY or kind in ("place", "declare"):
        return refuse("no-pending")
    check = _CHECKS.get(str(kind))
    if check is None or len(action) != ARITY.get(kind, len(action)):
        return None                      # the contract refuses an action of no known shape
    try:
        return check(state, action)
    except RuleError as problem:         # the ship that would act cannot (_ship and the helpers on it)
        return problem


def _place(state: AstronutsState, action: Action) -> RuleError | None:
    refuse = state._refuse
    _, s, c = action
    d = state.data
    if not _space(state, s) or not d.planet[s]:
        return refuse("place.planet")
    if not _colour(c):
        return None
    if placement.POPCOUNT[state.nuts[s]] >= d.nut_room[s]:
        return refuse("place.full", at=d.ids[s], n=d.nut_room[s])
    if state.nuts[s] >> c & 1:
        return refuse("place.twice", at=d.ids[s], colour=d.colours[c])
    if state.pool[c] <= 0:
        return refuse("place.pool", colour=d.colours[c])
    return refuse("place.stuck", at=d.ids[s], colour=d.colours[c])


def _choice(state: AstronutsState, action: Action) -> RuleError | None:
    refuse = state._refuse
    assert state.choice is not None
    kind, wanted, p = action[0], state.choice[0], state.player
    if CHOICE_KINDS.get(kind) != wanted:
        return refuse("phase.choose", choice=wanted)
    item = action[1] if len(action) > 1 else None  # a choice written without its item is refused, not a crash
    if kind == "take":
        return refuse("take.bank", colour=_colour_name(state, item))
    if kind == "swap" and len(action) == 3:
        _, g, r = action
        if g == r:
            return refuse("swap.same")
        if not _colour(g) or not state.hand[p * 4 + g]:
            return refuse("swap.give", colour=_colour_name(state, g))
        return refuse("swap.bank", colour=_colour_name(state, r))
    if kind == "gift-tech":
        if isinstance(item, int) and _colour(item) and state.tech[p * 4 + item]:
            return refuse("gift-tech.owned", colour=_colour_name(state, item))
        return refuse("gift-tech.bank", colour=_colour_name(state, item))
    if kind in ("gift-colony", "teleport", "gift-ship"):
        return refuse(f"{kind}.where", at=_space_name(state, item))
    return refuse("genie.entry", entry="" if item is None else item) if kind == "genie" else None   # ("done", more)


def _colour_name(state: AstronutsState, value: Any) -> str:
    return state.data.colours[value] if _colour(value) else str(value)


def _space_name(state: AstronutsState, value: Any) -> str:
    return state.data.ids[value] if _space(state, value) else str(value)


def _ship(state: AstronutsState, s: Any) -> dict[str, Any] | None:
    """The fate record of the player's ship on s; raises why there is no ship there that may act."""
    p = state.player
    if not _space(state, s) or state.occ[s] != p:
        raise state._refuse("ship.none", at=_space_name(state, s))
    m = state.mods.get((p, state.slot_at(p, s)))
    if m and m.get("done"):
        raise state._refuse("ship.done", at=state.data.ids[s])
    return m


def _leaving(state: AstronutsState, frm: Any) -> dict[str, Any] | None:
    """The fate record of the player's ship on `frm` that would fly off; raises why it may not."""
    m = _ship(state, frm)
    if m and m.get("no-move"):
        raise state._refuse("move.engine")
    return m


def _move(state: AstronutsState, action: Action) -> RuleError | None:
    refuse = state._refuse
    _, frm, to = action
    m = _leaving(state, frm)
    d = state.data
    if not _space(state, to) or to not in d.neighbours[frm]:
        return refuse("move.adjacent", frm=d.ids[frm], to=_space_name(state, to))
    if state.occ[to] >= 0:
        return refuse("move.occupied", to=d.ids[to])
    return refuse("move.actions", cost=decisions.leave_price(m), left=state.actions_left)


def _pass(state: AstronutsState, action: Action) -> RuleError | None:
    """Passing the ship on `over`: from the mover's ship next to it to a free space on its other side."""
    refuse = state._refuse
    _, frm, over, to = action
    m = _leaving(state, frm)
    d = state.data
    if not _space(state, over) or over not in d.neighbours[frm]:
        return refuse("pass.adjacent", frm=d.ids[frm], at=_space_name(state, over))
    if state.occ[over] < 0:
        return refuse("pass.free", at=d.ids[over])
    if not _space(state, to) or to == frm or to not in d.neighbours[over]:
        return refuse("pass.beyond", at=d.ids[over], to=_space_name(state, to))
    if state.occ[to] >= 0:
        return refuse("pass.occupied", to=d.ids[to])
    if over in state.refused:
        return refuse("pass.refused", other=state.occ[over], at=d.ids[over])
    return refuse("pass.actions", cost=decisions.leave_price(m) + PASS_ACTIONS - 1, left=state.actions_left)


def _jump(state: AstronutsState, action: Action) -> RuleError | None:
    refuse = state._refuse
    if not state.astroholes:
        return refuse("jump.off")
    if len(action) != 3:
        return None
    _, frm, to = action
    _leaving(state, frm)
    d = state.data
    if state.hole_ready.get((state.player, state.slot_at(state.player, frm))) != frm:
        return refuse("jump.not-entered", frm=d.ids[frm])
    if not _space(state, to) or to not in d.jumps[frm]:
        return refuse("jump.target", to=_space_name(state, to))
    return refuse("jump.occupied", to=d.ids[to])


def _landed(state: AstronutsState, s: Any, verb: str) -> dict[str, Any] | None:
    """The fate record of the player's ship on planet s that would mine or colonise there (`verb`); raises why
    there is none."""
    m = _ship(state, s)
    if not state.data.planet[s]:
        raise state._refuse(f"{verb}.planet", at=state.data.ids[s])
    return m


def _unpaid(state: AstronutsState, verb: str, actions: int, nuts: int) -> RuleError:
    """The player cannot pay `actions` actions, or else not the nuts offered for `nuts`."""
    if state.actions_left < actions:
        return state._refuse(f"{verb}.actions", cost=actions, left=state.actions_left)
    return state._refuse(f"{verb}.pay", n=nuts)


def _mine(state: AstronutsState, action: Action) -> RuleError | None:
    s = action[1]
    m = _landed(state, s, "mine")
    if not state.nuts[s]:
        return state._refuse("mine.empty", at=state.data.ids[s])
    if m and m.get("no-mine"):
        return state._refuse("mine.blocked")
    return _unpaid(state, "mine", *decisions.mine_price(m))


def _colonise(state: AstronutsState, action: Action) -> RuleError | None:
    refuse = state._refuse
    s = action[1]
    m = _landed(state, s, "colonise")
    d = state.data
    if m and m.get("no-colonise"):
        return refuse("colonise.blocked")
    if state.col_total[s] >= d.colony_room[s]:
        return refuse("colonise.full", at=d.ids[s], n=d.colony_room[s])
    if state.colonies[state.player] >= d.colonies_per_player:
        return refuse("colonise.stock", n=d.colonies_per_player)
    return _unpaid(state, "colonise", *decisions.colony_price(m)[:2])


def _build(state: AstronutsState, action: Action) -> RuleError | None:
    refuse = state._refuse
    p = state.player
    if state.actions_left < 1:
        return refuse("build.actions", cost=1, left=state.actions_left)
    if state.ships_on_map(p) >= state.data.ships_per_player:
        return refuse("build.stock", n=state.data.ships_per_player)
    if state.occ[state.home[p]] >= 0:
        return refuse("build.home", at=state.data.ids[state.home[p]])
    return None if all(state.hand[p * 4 + c] for c in range(4)) else refuse("build.nuts")   # ("build", more)


def _attack(state: AstronutsState, action: Action) -> RuleError | None:
    refuse = state._refuse
    _, frm, to, q = action
    m = _ship(state, frm)
    if m and m.get("no-attack"):
        return refuse("attack.blocked")
    if state.actions_left < 1:
        return refuse("attack.actions", cost=1, left=state.actions_left)
    d = state.data
    if not _space(state, to) or to not in d.neighbours[frm]:
        return refuse("attack.adjacent", frm=d.ids[frm], at=_space_name(state, to))
    return refuse("attack.self") if q == state.player else refuse("attack.nothing", at=d.ids[to], defender=q)


def _tech(state: AstronutsState, action: Action) -> RuleError | None:
    refuse = state._refuse
    if not _colour(action[1]):
        return None
    c = action[1]
    p = state.player
    colour = state.data.colours[c]
    if state.tech[p * 4 + c]:
        return refuse("tech.owned", colour=colour)
    if state.actions_left < TECH_ACTIONS:
        return refuse("tech.actions", cost=TECH_ACTIONS, left=state.actions_left)
    return refuse("tech.nut", colour=colour)


def _trade(state: AstronutsState, action: Action) -> RuleError | None:
    refuse = state._refuse
    q = action[1]
    if not isinstance(q, int) or not 0 <= q < state.n or q == state.player:
        return refuse("trade.self")
    if state.actions_left < TRADE_ACTIONS:
        return refuse("trade.actions", cost=TRADE_ACTIONS, left=state.actions_left)
    return refuse("trade.nothing", other=q)


def _offer(state: AstronutsState, action: Action) -> RuleError | None:
    refuse = state._refuse
    _, g, r = action
    if not _colour(g) or not _colour(r):
        return None
    assert state.offer is not None
    p, q, _, _ = state.offer
    colours = state.data.colours
    if g == r:
        return refuse("trade.same")
    if not state.hand[p * 4 + g]:
        return refuse("trade.give", colour=colours[g])
    return refuse("trade.get", other=q, colour=colours[r])


_CHECKS: dict[str, Callable[[AstronutsState, Action], RuleError | None]] = {
    "move": _move, "pass": _pass, "jump": _jump, "mine": _mine, "colonise": _colonise, "build": _build,
    "attack": _attack, "tech": _tech, "trade": _trade,
}
