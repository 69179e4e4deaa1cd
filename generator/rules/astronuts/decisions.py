"""What the players may decide in an Astronuts state, and what each decision does.

Actions are tuples of indices (spaces, colours, players are 0-based; notation.py writes them
with space ids, colour names and player numbers from 1):

    ("place", space, colour)          set-up: put one nut from the pool on a planet
    ("declare", n)                    declare n (1-6) and roll for the turn's actions
    ("reroll",) / ("keep",)           Time Warp: roll this die again, or keep it
    ("move", from, to)                a ship to an adjacent free space (1 action, more after some fates)
    ("jump", from, to)                AstroHoles: from the hole the ship just entered to another (no action)
    ("pass", from, over, to)          ask the owner of the ship on `over` to let the ship pass it to `to` ...
    ("allow-pass",) / ("refuse-pass",)  ... who answers (a ship of the mover's own passes without asking)
    ("mine", space, pay)              take every nut of the planet (pay: colours some natives want)
    ("colonise", space, pay)          a colony on the ship's planet, paying the nut(s) `pay`
    ("build",)                        a ship on the home planet for 1 action and one nut of each colour
    ("attack", from, target, player)  attack that player's ship or colonies on the adjacent space
    ("tech", colour)                  the technology of that colour: 4 actions and 1 nut of it
    ("trade", player)                 start a trade with that player (1 action) ...
    ("offer", give, get)              ... offering one nut of yours for one of another colour of theirs
    ("end",)                          end the turn
    ("target", "ship" | "colony")     the defender chooses what the attack hits
    ("accept",) / ("refuse",)         the player offered a trade answers
    ("take", colour), ("swap", give, get), ("done",), ("gift-tech", colour), ("gift-colony", space),
    ("teleport", space), ("gift-ship", space), ("genie", roll)      choices fate offers
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any

from generator.rules.astronuts import placement
from generator.rules.astronuts.data import (
    ASTEROID_CROSS,
    ASTEROID_STOP,
    MAX_DECLARE,
    PASS_ACTIONS,
    SHIP_NUTS,
    TECH_ACTIONS,
    TRADE_ACTIONS,
)
from generator.rules.core import Action

if TYPE_CHECKING:
    from generator.rules.astronuts.state import AstronutsState

END: Action = ("end",)
BUILD: Action = ("build",)
TECHS_BY_COLOURS: tuple[tuple[Action, ...], ...] = tuple(tuple(("tech", c) for c in range(4) if mask >> c & 1)
                                                       for mask in range(16))   # [colours as a bit mask]
TRADES: tuple[Action, ...] = tuple(("trade", q) for q in range(4))
OTHER_HANDS: tuple[tuple[tuple[tuple[int, int, int, int, Action], ...], ...], ...] = tuple(
    # [players][p]: for each other player q, the hand indices of q's four colours and the trade with q
    tuple(tuple((q * 4, q * 4 + 1, q * 4 + 2, q * 4 + 3, TRADES[q]) for q in range(n) if q != p) for p in range(n))
    for n in range(5))
OTHER_SEATS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(   # [players][p]: every other seat, in order
    tuple(tuple(q for q in range(n) if q != p) for p in range(n)) for n in range(5))
OFFER_SETS: tuple[tuple[Action, ...], ...] = tuple(   # [my colours << 4 | theirs]: the offers in trade_terms' order
    tuple(("offer", g, r) for g in range(4) if mask >> 4 >> g & 1 for r in range(4) if r != g and mask >> r & 1)
    for mask in range(256))
FIXED: dict[str, tuple[Action, ...]] = {   # the legal set of each phase whose answers never change
    "declare": tuple(("declare", n) for n in range(1, MAX_DECLARE + 1)), "reroll": (("reroll",), ("keep",)),
    "trade": (("accept",), ("refuse",)), "defend": (("target", "ship"), ("target", "colony")),
    "let-pass": (("allow-pass",), ("refuse-pass",)), "over": (),
}


def held_colours(counts: list[int], p: int) -> int:
    """The colours player p holds in `counts` (nuts or technologies, four per player), as a bit mask."""
    b = p * 4
    return (counts[b] > 0) | (counts[b + 1] > 0) << 1 | (counts[b + 2] > 0) << 2 | (counts[b + 3] > 0) << 3


# -- prices -----------------------------------------------------------------------------------
def pay_options(state: AstronutsState, p: int, k: int) -> list[tuple[int, ...]]:
    """Every choice of k nuts (colours, sorted) from player p's nuts."""
    hand = state.hand[p * 4:p * 4 + 4]
    return [pay for pay in combinations_with_replacement(range(4), max(k, 0))
            if all(hand[c] >= pay.count(c) for c in pay)]


def colony_price(m: dict[str, Any] | None) -> tuple[int, int, int]:
    """(actions, nuts, deal used or -1) of the next colony of a ship: the cheapest fate deal, else 1 + 1."""
    actions, nuts, used = 1, 1, -1
    if m:
        for i, (a, n, left) in enumerate(m.get("deals", ())):
            if left != 0 and (a, n) < (actions, nuts):
                actions, nuts, used = a, n, i
        actions += m.get("colonise+", 0)
        nuts += m.get("colonise$", 0)
    return actions, nuts, used


def mine_price(m: dict[str, Any] | None) -> tuple[int, int]:
    if not m:
        return 1, 0
    return 1 + m.get("mine+", 0), m.get("mine$", 0)


def leave_price(m: dict[str, Any] | None) -> int:
    return 1 + (m.get("leave+", 0) if m else 0)


# -- the legal set -------------------------------------------------------------------------------
def legal_actions(state: AstronutsState) -> list[Action]:
    """The legal set of the phase the table is in (empty when the game is over)."""
    fixed = FIXED.get(state.phase)
    return list(fixed) if fixed is not None else LEGAL_BY_PHASE[state.phase](state)


def place_options(state: AstronutsState) -> list[Action]:
    """Every (planet, colour) that keeps the rest of the map fillable (placement.py), planets in map order."""
    nuts, pool = state.nuts, state.pool
    # each planet not yet full: (nuts it still needs, colours it may take)
    wanted = [(s, wants) for s, still in state.data.place_needs if (wants := still[nuts[s]]) is not None]
    groups = Counter(wants for _, wants in wanted)
    tight = placement.grouped_tight_sets(pool, groups, sum(wants[0] for _, wants in wanted))
    in_pool, actions = held_colours(pool, 0), state.data.place_actions
    if not tight:                                     # nearly always: no colour set is tight, no colour blocked
        return [action for s, wants in wanted for action in actions[s][wants[1] & in_pool]]
    return [action for s, wants in wanted
            for action in actions[s][wants[1] & in_pool & ~placement.blocked_colours(tight, *wants)]]


def act_actions(state: AstronutsState) -> list[Action]:
    """The legal set of the acting player; the order is part of the contract (random players pick by index).

    Every playout decision in the `act` phase asks for it, so the player's nut colours are read once
    as a bit mask and the colonies, technologies and trades come from tables indexed by it."""
    p = state.player
    left = state.actions_left
    mods = state.mods
    hand = state.hand
    held = held_colours(hand, p)
    n = state.n
    out: list[Action] = []
    append = out.append
    ships = state.ships[p]
    for k, s in enumerate(ships):
        if s >= 0:
            _ship_actions(state, k, s, mods.get((p, k)) if mods else None, held, out)
    if left >= 1:
        if held == 15 and -1 in ships and state.occ[state.home[p]] < 0:
            append(BUILD)
        if left >= TECH_ACTIONS:
            out += TECHS_BY_COLOURS[held & ~held_colours(state.tech, p)]
        # a trade needs a colour of mine and a different colour of theirs
        if left >= TRADE_ACTIONS and held:
            if held & (held - 1):                    # two colours or more: any nut of theirs will do
                for b0, b1, b2, b3, trade in OTHER_HANDS[n][p]:
                    if hand[b0] or hand[b1] or hand[b2] or hand[b3]:
                        append(trade)
            else:
                g = held.bit_length() - 1            # my only colour: they need another
                for b0, b1, b2, b3, trade in OTHER_HANDS[n][p]:
                    if hand[b0] + hand[b1] + hand[b2] + hand[b3] > hand[b0 + g]:
                        append(trade)
    append(END)
    return out


def _ship_actions(state: AstronutsState, k: int, s: int, m: dict[str, Any] | None, held: int,
                  out: list[Action]) -> None:
    """The actions of the acting player's ship k on space s: moves, jumps, passes, mining, a colony, attacks.

    `m` is the fate its landing brought this turn (blocked, dearer or free actions), None or empty without;
    one pass over the neighbours finds the moves, the passes and the attacks."""
    d = state.data
    p = state.player
    left = state.actions_left
    occ = state.occ
    if m:
        get = m.get
        if get("done"):
            return
        moving, attacking, leave = not get("no-move"), not get("no-attack"), 1 + get("leave+", 0)
    else:
        moving, attacking, leave = True, True, 1
    move = moving and left >= leave
    passing = moving and left >= PASS_ACTIONS + leave - 1
    attack = attacking and left >= 1
    attacks: list[Action] | None = None
    passes: list[Action] | None = None
    if move or passing or attack:
        n, col, col_total, refused = state.n, state.col, state.col_total, state.refused
        others = OTHER_SEATS[n][p]
        for t, moving_there in d.move_actions[s]:
            q = occ[t]
            if q < 0:
                if move:
                    out.append(moving_there)
            elif passing and t not in refused:                  # a ship on t: ask to pass it
                for u, passing_on in d.beyond[s][t]:
                    if occ[u] < 0:
                        passes = passes or []
                        passes.append(passing_on)
            if attack and (col_total[t] or p != q >= 0):        # another's ship, or colonies (only on planets)
                for r in others:
                    if q == r or col[t * n + r]:
                        attacks = attacks or []
                        attacks.append(("attack", s, t, r))
    if moving and state.astroholes and state.hole_ready.get((p, k)) == s:
        out += [jump for t, jump in d.jump_actions[s] if occ[t] < 0]
    if passes:
        out += passes
    if d.planet[s]:
        if state.nuts[s] and not (m and m.get("no-mine")):
            actions, fee = mine_price(m) if m else (1, 0)
            if left >= actions:
                if fee:
                    out += [("mine", s, pay) for pay in pay_options(state, p, fee)]
                else:
                    out.append(("mine", s, ()))
        if not (m and m.get("no-colonise")) and d.colony_room[s] > state.col_total[s] \
                and state.colonies[p] < d.colonies_per_player:
            actions, nuts, _ = colony_price(m) if m else (1, 1, -1)
            if left >= actions:
                if nuts == 1:                                   # pay_options of one nut: each colour held, in order
                    out += d.colonise_one[s][held]
                else:
                    out += [("colonise", s, pay) for pay in pay_options(state, p, nuts)]
    if attacks:
        out += attacks


def trade_terms(state: AstronutsState, p: int, q: int) -> list[Action]:
    """Every nut swap player p may offer player q: one of p's colours for another colour q has."""
    return list(OFFER_SETS[held_colours(state.hand, p) << 4 | held_colours(state.hand, q)])


def free_action_exists(state: AstronutsState) -> bool:
    """Whether the player can still do something that costs no action (a free colony, an AstroHole jump)."""
    if not state.mods and not state.astroholes:     # no fate this turn and no holes: every action costs one
        return False
    return len(act_actions(state)) > 1              # more than the end of the turn


def choice_options(state: AstronutsState) -> list[Action]:
    """The options of the pending fate choice (empty, as when the gift finds no room or no ship: the gift is lost)."""
    assert state.choice is not None
    kind, _, detail = state.choice
    d, p, n, occ = state.data, state.player, state.n, state.occ
    if kind == "take":
        return [("take", c) for c in range(4) if state.bank[c]]
    if kind == "swap":
        return [("swap", g, r) for g in range(4) if state.hand[p * 4 + g]
                for r in range(4) if r != g and state.bank[r]] + [("done",)]
    if kind == "gift-tech":
        return [("gift-tech", c) for c in range(4) if not state.tech[p * 4 + c] and state.bank[c]]
    if kind == "gift-colony" and state.colonies[p] < d.colonies_per_player:
        return [("gift-colony", s) for s in d.planets if state.col[s * n + p] and state.col_total[s] < d.colony_room[s]]
    if kind == "teleport" and state.fate_ship and state.ships[state.fate_ship[0]][state.fate_ship[1]] >= 0:
        return [("teleport", s) for s in d.planets if occ[s] < 0]
    if kind == "gift-ship" and state.ships_on_map(p) < d.ships_per_player:
        return [("gift-ship", s) for s in [state.home[p]] + [s for s in d.planets if state.col[s * n + p]]
                if occ[s] < 0]
    return list(d.genie.get(detail, ())) if kind == "genie" else []


# the legal set of each other phase, looked up once per decision rather than asked phase by phase
LEGAL_BY_PHASE: dict[str, Callable[[AstronutsState], list[Action]]] = {
    "act": act_actions, "offer": lambda state: trade_terms(state, *state.offer[:2]),  # type: ignore[index]
    "choose": choice_options, "place": place_options,
}


# -- doing ------------------------------------------------------------------------------------------
def _declare(state: AstronutsState, action: Action) -> None:
    n = state.declared = action[1]
    if not state.quiet:
        state._emit("declared", player=state.player, n=n)
    state.die("actions", state.player)


def _move(state: AstronutsState, action: Action) -> None:
    _, frm, to = action
    p = state.player
    k = state.ships[p].index(frm)
    _leave(state, p, k)
    if state.asteroids and state.data.asteroid[frm] and state.entered.get((p, k)) == frm:
        state.move_ctx = (p, k, to, False)   # it crosses the field: survive on 2 or more
        state.die("asteroid", p)
        return
    complete_move(state, p, k, to)


def _leave(state: AstronutsState, p: int, k: int, more: int = 0) -> None:
    """Ship k of player p flies off: one action (a fate's extra cost for leaving included), and `more` for a pass;
    it may no longer jump from the AstroHole it entered."""
    m = state.mods.get((p, k)) if state.mods else None
    if m:
        state.actions_left -= leave_price(m) + more
        m.pop("leave+", None)
    else:
        state.actions_left -= 1 + more
    if state.hole_ready:
        state.hole_ready.pop((p, k), None)


def complete_move(state: AstronutsState, p: int, k: int, to: int, over: int = -1) -> None:
    """The ship arrives on `to` (from the next space, or past the ship on `over` when a pass brings it)."""
    d = state.data
    row, occ = state.ships[p], state.occ              # lift_ship and put_ship without their calls: every move
    frm, row[k], occ[to] = row[k], to, p              # lands here (on a free space: to is never frm)
    occ[frm] = -1
    state.entered[(p, k)] = to
    if not state.quiet:
        if over >= 0:
            state._emit("passed", player=p, frm=d.ids[frm], at=d.ids[over], to=d.ids[to])
        else:
            state._emit("moved", player=p, frm=d.ids[frm], to=d.ids[to])
    if state.astroholes and d.hole[to]:
        state.hole_ready[(p, k)] = to
    if d.planet[to]:
        state.fate_ship = (p, k, to)
        state.die("fate-1", p)                # a landing's two fate dice, then their effects
        return
    state.settle()


def asteroid_roll(state: AstronutsState, value: int) -> None:
    assert state.move_ctx is not None
    p, k, to, stop = state.move_ctx
    state.move_ctx = None
    need = ASTEROID_STOP if stop else ASTEROID_CROSS
    if value >= need:
        state._emit("asteroids-survived", player=p, need=need)
        if not stop:
            if state.passing is not None:
                pass_on(state)
            else:
                complete_move(state, p, k, to)
            return
    else:                                      # lost in the field it was passing (stage 2), or where it stood
        at = state.passing[2] if state.passing is not None and state.passing[4] == 2 else -1
        state.passing = None
        state.destroy_ship(p, k, "asteroids", at)
    state.settle()


# -- passing an occupied space ----------------------------------------------------------------------
# "Wenn ein Feld besetzt ist, einfach fragen, ob man passieren kann. Andernfalls ein Grund anzugreifen...":
# the mover asks (`pass`); the owner of the ship in the way answers (`allow-pass` / `refuse-pass`). Asking
# costs nothing; a pass allowed costs an action for each of the two spaces; a pass refused leaves the mover's
# actions as they were, with every other way and the attack open, but not the same question again this turn.
# `state.passing` is (mover, ship slot, space passed, space beyond, stage) while a pass is asked or under way.


def _pass(state: AstronutsState, action: Action) -> None:
    _, frm, over, to = action
    p = state.player
    q = state.occ[over]
    state.passing = (p, state.ships[p].index(frm), over, to, 0)
    if q == p:                                   # a ship of the mover's own: nobody to ask
        _pass_begins(state)
        return
    ids = state.data.ids
    state._emit("pass-asked", player=p, other=q, frm=ids[frm], at=ids[over], to=ids[to])
    state.phase = "let-pass"


def _answer_pass(state: AstronutsState, action: Action) -> None:
    assert state.passing is not None
    p, _, over, _, _ = state.passing
    q = state.occ[over]
    state.phase = "act"
    if action[0] == "allow-pass":
        state._emit("pass-allowed", player=q, other=p, at=state.data.ids[over])
        _pass_begins(state)
        return
    state.passing = None
    state.refused += (over,)
    state._emit("pass-refused", player=q, other=p, at=state.data.ids[over])
    state.settle()


def _pass_begins(state: AstronutsState) -> None:
    """The pass is allowed: its actions are paid, then the ship flies."""
    assert state.passing is not None
    p, k, _, _, _ = state.passing
    _leave(state, p, k, PASS_ACTIONS - 1)
    pass_on(state)


def pass_on(state: AstronutsState) -> None:
    """The passing ship goes on: with asteroids on, it rolls for the field it leaves (if it entered it this
    turn) and for the occupied field it crosses, each survived on 2 or more; then it arrives beyond."""
    assert state.passing is not None
    p, k, over, to, stage = state.passing
    if state.asteroids:
        d = state.data
        if stage == 0:
            frm = state.ships[p][k]
            if d.asteroid[frm] and state.entered.get((p, k)) == frm:
                state.passing = (p, k, over, to, 1)
                state.move_ctx = (p, k, to, False)
                state.die("asteroid", p)
                return
            stage = 1
        if stage == 1 and d.asteroid[over]:
            state.passing = (p, k, over, to, 2)
            state.move_ctx = (p, k, to, False)
            state.die("asteroid", p)
            return
    state.passing = None
    complete_move(state, p, k, to, over)


def _jump(state: AstronutsState, action: Action) -> None:
    _, frm, to = action
    p = state.player
    k = state.slot_at(p, frm)
    state.hole_ready.pop((p, k), None)
    state.lift_ship(p, k)
    state.put_ship(p, k, to)
    state.entered[(p, k)] = to
    state._emit("jumped", player=p, frm=state.data.ids[frm], to=state.data.ids[to])
    state.settle()


def _mine(state: AstronutsState, action: Action) -> None:
    _, s, pay = action
    p = state.player
    m = state.mods.get((p, state.slot_at(p, s)))
    state.actions_left -= mine_price(m)[0]
    state.pay(p, pay)
    mined = tuple(c for c in range(4) if state.nuts[s] >> c & 1)
    for c in mined:
        state.hand[p * 4 + c] += 1
    state.nuts[s] = 0
    state._emit("mined", player=p, at=state.data.ids[s], colours=_names(state, mined), paid=_names(state, pay))
    state.settle()


def _colonise(state: AstronutsState, action: Action) -> None:
    _, s, pay = action
    p = state.player
    k = state.slot_at(p, s)
    m = state.mods.get((p, k))
    actions, _, deal = colony_price(m)
    state.actions_left -= actions
    if deal >= 0 and m is not None:
        deals = list(m["deals"])
        a, n, left = deals[deal]
        deals[deal] = (a, n, left - 1 if left > 0 else left)
        m["deals"] = tuple(deals)
    state.pay(p, pay)
    state._emit("colonised", player=p, at=state.data.ids[s], actions=actions, paid=_names(state, pay))
    state.add_colony(p, s)
    risk = m.get("risk", 0) if m else 0
    if risk:
        state.colony_ctx = (s, p, risk)
        state.die("colony", p)
        return
    state.check_colonies(p)
    state.settle()


def colony_roll(state: AstronutsState, value: int) -> None:
    assert state.colony_ctx is not None
    s, p, risk = state.colony_ctx
    state.colony_ctx = None
    if value <= risk:
        state.remove_colony(p, s, "atmosphere")
    elif not state.quiet:
        state._emit("colony-survives", player=p, at=state.data.ids[s])
    state.check_colonies(p)


def _build(state: AstronutsState, action: Action) -> None:
    p = state.player
    state.actions_left -= 1
    state.pay(p, tuple(range(SHIP_NUTS)))
    home = state.home[p]
    state.put_ship(p, state.ships[p].index(-1), home)
    state._emit("ship-built", player=p, at=state.data.ids[home])
    state.settle()


def _attack(state: AstronutsState, action: Action) -> None:
    _, frm, to, q = action
    p = state.player
    state.actions_left -= 1
    has_ship = state.occ[to] == q
    colonies = state.col[to * state.n + q]
    state.duel = [p, frm, to, q, "", 0]
    if not state.quiet:
        state._emit("attack", player=p, frm=state.data.ids[frm], at=state.data.ids[to], defender=q)
    if has_ship and colonies:
        state.phase = "defend"
        return
    state.duel[4] = "ship" if has_ship else "colony"
    state.die("attack", p)


def _target(state: AstronutsState, action: Action) -> None:
    assert state.duel is not None
    state.duel[4] = action[1]
    state.phase = "act"
    state._emit("target-chosen", player=state.duel[3], target=action[1])
    state.die("attack", state.duel[0])


def duel_roll(state: AstronutsState, purpose: str, value: int) -> None:
    duel = state.duel
    assert duel is not None
    p, _, to, q, target, _ = duel
    if purpose == "attack":
        duel[5] = value
        state.die("defence", q)
        return
    attack = duel[5] + state.has(p, state.laser)
    defence = value + state.has(q, state.shields)
    won = attack > defence
    if not state.quiet:
        state._emit("duel", player=p, defender=q, attack=attack, defence=defence, won=won, target=target)
    state.duel = None
    if won:
        if target == "ship":
            state.destroy_ship(q, state.slot_at(q, to), "attack")
        else:
            state.remove_colony(q, to, "attack")
    state.settle()


def _tech(state: AstronutsState, action: Action) -> None:
    state.actions_left -= TECH_ACTIONS
    state.hand[state.player * 4 + action[1]] -= 1
    _technology(state, action[1], gift=False)
    state.settle()


def _technology(state: AstronutsState, c: int, gift: bool) -> None:
    """Player p owns the technology of colour c, marked by a nut of it (paid, or a gift from the bank)."""
    p = state.player
    state.tech_nuts[p * 4 + c] += 1
    state.tech[p * 4 + c] = 1
    state._emit("technology", player=p, technology=state.data.colours[c], gift=gift)


def _trade(state: AstronutsState, action: Action) -> None:
    state.actions_left -= TRADE_ACTIONS
    state.offer = (state.player, action[1], -1, -1)
    state.phase = "offer"
    if not state.quiet:
        state._emit("trade-started", player=state.player, other=action[1], cost=TRADE_ACTIONS)


def _offer(state: AstronutsState, action: Action) -> None:
    _, g, r = action
    assert state.offer is not None
    p, q, _, _ = state.offer
    state.offer = (p, q, g, r)
    state.phase = "trade"
    if not state.quiet:
        colours = state.data.colours
        state._emit("trade-offered", player=p, other=q, give=colours[g], get=colours[r])


def _answer(state: AstronutsState, action: Action) -> None:
    assert state.offer is not None
    p, q, g, r = state.offer
    state.offer = None
    state.phase = "act"
    if action[0] == "accept":
        hand = state.hand
        hand[p * 4 + g] -= 1
        hand[q * 4 + g] += 1
        hand[q * 4 + r] -= 1
        hand[p * 4 + r] += 1
        if not state.quiet:
            state._emit("traded", player=p, other=q)
    elif not state.quiet:
        state._emit("trade-refused", player=p, other=q)
    state.settle()


def _end(state: AstronutsState, action: Action) -> None:
    state.end_turn()
    state.settle()


# -- fate choices ---------------------------------------------------------------------------------
def _chosen(state: AstronutsState, again: bool = True) -> None:
    """One choice made: ask again while the gift lasts and has options, else go on."""
    assert state.choice is not None
    state.choice[1] -= 1
    if again and state.choice[1] > 0 and choice_options(state):
        return
    state.choice = None
    state.phase = "act"
    state.settle()


def _take(state: AstronutsState, action: Action) -> None:
    state.gain(state.player, action[1])
    _chosen(state)


def _swap(state: AstronutsState, action: Action) -> None:
    _, g, r = action
    p = state.player
    state.pay(p, (g,))
    state.bank[r] -= 1
    state.hand[p * 4 + r] += 1
    state._emit("bank-swap", player=p, give=state.data.colours[g], get=state.data.colours[r])
    _chosen(state)


def _gift_tech(state: AstronutsState, action: Action) -> None:
    state.bank[action[1]] -= 1
    _technology(state, action[1], gift=True)
    _chosen(state)


def _gift_colony(state: AstronutsState, action: Action) -> None:
    p = state.player
    state.add_colony(p, action[1])
    state.check_colonies(p)
    if state.result is None:
        _chosen(state)


def _teleport(state: AstronutsState, action: Action) -> None:
    assert state.fate_ship is not None
    p, k, _ = state.fate_ship
    frm = state.lift_ship(p, k)
    state.put_ship(p, k, action[1])
    state.fate_ship = (p, k, action[1])
    state._emit("teleported", player=p, frm=state.data.ids[frm], to=state.data.ids[action[1]])
    _chosen(state)


def _gift_ship(state: AstronutsState, action: Action) -> None:
    p = state.player
    state.put_ship(p, state.ships[p].index(-1), action[1])
    state._emit("ship-given", player=p, at=state.data.ids[action[1]])
    _chosen(state)


def _genie(state: AstronutsState, action: Action) -> None:
    state._emit("genie", player=state.player, entry=action[1])
    state.queue = list(state.data.fate[action[1]].effects) + state.queue   # the chosen entry's effects run next
    _chosen(state, again=False)


def _names(state: AstronutsState, colours: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(state.data.colours[c] for c in colours)


DO: dict[str, Callable[[AstronutsState, Action], Any]] = {   # what each kind of decision does
    "place": lambda state, action: state.place(action[1], action[2]), "declare": _declare, "move": _move,
    **dict.fromkeys(("reroll", "keep"), lambda state, action: state.decide_reroll(action[0] == "reroll")),
    "jump": _jump, "mine": _mine, "colonise": _colonise, "build": _build, "attack": _attack, "tech": _tech,
    "trade": _trade, "offer": _offer, "end": _end, "target": _target, "accept": _answer, "refuse": _answer,
    "take": _take, "swap": _swap, "pass": _pass, "allow-pass": _answer_pass, "refuse-pass": _answer_pass,
    "done": lambda state, action: _chosen(state, again=False), "gift-tech": _gift_tech, "gift-colony": _gift_colony,
    "teleport": _teleport, "gift-ship": _gift_ship, "genie": _genie,
}
ACTION_KINDS = frozenset(DO)
