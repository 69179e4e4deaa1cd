"""What the players may decide in a Terraforming Mars state, and what each decision does.

Actions are tuples of the words `notation.py` lists, in that order, numbers as ints: a card played
names both payments (`("play", card, steel, titanium)`, 0 for none), a target counts players from
1 as people do (`("target", player[, card])`). `("done",)` also ends a player's last conversion.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from generator.rules.core import Action
from generator.rules.terraforming_mars import conditions, effects
from generator.rules.terraforming_mars.conditions import PROBLEMS
from generator.rules.terraforming_mars.data import (
    ACTION,
    CARD_PRICE,
    FINAL,
    MC,
    MILESTONES_CLAIMABLE,
    RES_INDEX,
    RESEARCH,
    STEEL,
    TITANIUM,
)

if TYPE_CHECKING:
    from generator.rules.terraforming_mars.state import TerraformingMarsState

ACTION_KINDS = frozenset({"play", "project", "milestone", "award", "action", "convert", "pass", "end", "buy",
                          "done", "place", "target", "skip", "add", "sell", "take", "first"})


# -- the legal set -------------------------------------------------------------------------------
def pending_actions(state: TerraformingMarsState) -> list[Action]:
    pending = state.pending
    assert pending is not None
    kind = pending[0]
    p = state.player
    if kind == "place":
        _, tile, _source, next_to_own = pending
        return [("place", s) for s in conditions.spaces_for(state, p, tile, next_to_own)]
    if kind == "target":
        targets = effects.any_player_targets(state, pending[1], dict(pending[2]))
        return [("target", q + 1, *rest) for q, *rest in targets] + [("skip",)]
    if kind == "amount":
        return [("take", n) for n in range(pending[-1], 0, -1)]
    if kind == "order":
        return [("first", op) for op in effects.effects_to_order(state.queue)]
    if kind == "add":
        return [("add", c) for c in effects.collectors(state, p, pending[1], pending[3])]
    if kind == "sell":
        return [("sell", c) for c in dict.fromkeys(state.hand[p])] + ([("done",)] if pending[1] else [])
    raise AssertionError(pending)


def turn_actions(state: TerraformingMarsState) -> list[Action]:
    """Every action of the action phase for the player whose turn it is."""
    p = state.player
    d = state.data
    actions: list[Action] = []
    for card in (d.cards[c] for c in dict.fromkeys(state.hand[p])):
        if conditions.card_problem(state, p, card) is None:
            actions.extend(("play", card.id, s, t) for s, t in conditions.payments(state, p, card))
    mc = state.res[p][MC]   # bounds first: outside them no milestone or award can be had (15 % of a playout)
    milestones = d.milestones if len(state.milestones) < MILESTONES_CLAIMABLE and mc >= d.cheapest_milestone else ()
    awards = d.awards if len(state.awards) < d.awards_fundable and mc >= d.cheapest_award else ()
    ids: dict[str, Iterable[str]] = {"project": d.projects, "milestone": milestones, "award": awards,
                                     "action": [c for c in state.played[p] if d.cards[c].has_action],
                                     "convert": d.conversions}
    actions.extend((kind, i) for kind, each in ids.items() for i in each if PROBLEMS[kind](state, p, i) is None)
    actions.append(("pass",) if state.actions_done == 0 else ("end",))
    return actions


def legal_actions(state: TerraformingMarsState) -> list[Action]:
    if state.result is not None:
        return []
    if state.pending is not None:
        return pending_actions(state)
    p = state.player
    if state.phase == RESEARCH:
        buys = [("buy", c) for c in dict.fromkeys(state.offers[p])] if state.res[p][MC] >= CARD_PRICE else []
        return [*buys, ("done",)]
    if state.phase == ACTION:
        return turn_actions(state)
    if state.phase == FINAL:
        return [("convert", "plants"), ("done",)]
    return []


# -- what each decision does -----------------------------------------------------------------------
def do(state: TerraformingMarsState, action: Action) -> None:
    """Carry out a legal decision; the turn's and the generation's flow follow in the state's `_advance`."""
    if state.pending is not None:
        _resolve_pending(state, action)
        return
    kind = action[0]
    p = state.player
    if kind == "buy":
        state.offers[p].remove(action[1])
        state.hand[p].append(action[1])
        state.res[p][MC] -= CARD_PRICE
        state._emit("bought", secret=("card",), private=p, player=p, card=action[1], cost=CARD_PRICE)
        if not state.offers[p] or state.res[p][MC] < CARD_PRICE:
            state.finish_research(p)
        return
    if kind == "done":
        if state.phase == "research":
            state.finish_research(p)
        else:
            state.order.pop(0)
            state._emit("conversion-done", player=p)
        return
    if kind in ("pass", "end"):   # for this generation / for this turn after one action
        state.passed[p] = kind == "pass"
        state.turn_done = True
        state._emit("passed" if kind == "pass" else "turn-ended", player=p)
        return
    state.in_action = True
    _ACTION_CODE[kind](state, p, action)
    state.resume()


def _play(state: TerraformingMarsState, p: int, action: Action) -> None:
    _, card_id, steel, titanium = action
    card = state.data.cards[card_id]
    cost = conditions.card_cost(state, p, card)
    sv, tv = conditions.cube_values(state, p)
    mc = max(0, cost - steel * sv - titanium * tv)
    res = state.res[p]
    res[STEEL] -= steel
    res[TITANIUM] -= titanium
    res[MC] -= mc
    state.hand[p].remove(card_id)
    (state.event_pile if card.kind == "event" else state.played)[p].append(card_id)
    state._emit("played", player=p, card=card_id, cost=cost, mc=mc, steel=steel, titanium=titanium)
    effects.trigger_tags(state, p, card_id)
    state.queue = [(op, dict(args), card_id) for op, args in card.effects + card.production + card.any_player]
    state.any_order = True


def _project(state: TerraformingMarsState, p: int, action: Action) -> None:
    project = state.data.projects[action[1]]
    state.res[p][MC] -= project.cost
    state._emit("project", player=p, project=project.id, cost=project.cost)
    state.queue = [(op, dict(args), project.id) for op, args in project.effects]


def _milestone(state: TerraformingMarsState, p: int, action: Action) -> None:
    m = state.data.milestones[action[1]]
    state.res[p][MC] -= m.cost
    state.milestones[m.id] = p
    state._emit("milestone", player=p, milestone=m.id, cost=m.cost)


def _award(state: TerraformingMarsState, p: int, action: Action) -> None:
    a = state.data.awards[action[1]]
    cost = a.funding_costs[len(state.awards)]
    state.res[p][MC] -= cost
    state.awards.append((a.id, p))
    state._emit("award", player=p, award=a.id, cost=cost)


def _card_action(state: TerraformingMarsState, p: int, action: Action) -> None:
    card = state.data.cards[action[1]]
    state.used[p].append(card.id)
    state._emit("card-action", player=p, card=card.id)
    state.queue = [(op, dict(args), card.id) for op, args in card.action_cost + card.action_gain]


def _convert(state: TerraformingMarsState, p: int, action: Action) -> None:
    conversion = state.data.conversions[action[1]]
    state.res[p][RES_INDEX[action[1]]] -= conversion.cost
    state._emit("converted", player=p, what=action[1], n=conversion.cost)
    state.queue = [(op, dict(args), conversion.id) for op, args in conversion.effects]


_ACTION_CODE = {"play": _play, "project": _project, "milestone": _milestone, "award": _award,
                "action": _card_action, "convert": _convert}


def _resolve_pending(state: TerraformingMarsState, action: Action) -> None:
    pending = state.pending
    assert pending is not None
    p = state.player
    kind = pending[0]
    if kind != "sell":
        state.pending = None
    if kind == "place":
        effects.place_tile(state, p, pending[1], action[1])
    elif kind == "target":
        if action[0] == "skip":
            state._emit("skipped", player=p)
        else:   # the notation counts players from 1
            effects.hit(state, p, pending[1], dict(pending[2]), (action[1] - 1, *action[2:]))
    elif kind == "amount":
        effects.take(state, p, pending[1], dict(pending[2]), pending[3], action[1])
    elif kind == "order":
        chosen = next(i for i, (op, _, _) in enumerate(state.queue) if op == action[1])
        op, args, source = state.queue.pop(chosen)
        state._emit("effect-first", player=p, effect=op, card=source)
        effects.run(state, op, args, source)
    elif kind == "add":
        effects.add_to(state, action[1], pending[1], pending[2])
    elif kind == "sell":
        sold = pending[1] + (action[0] == "sell")
        if action[0] == "sell":
            state.hand[p].remove(action[1])
            state.discard_cards(p, [action[1]])
            state.res[p][MC] += 1
            state.pending = ("sell", sold)
            if state.hand[p]:
                return
        state.pending = None
        state._emit("patents-sold", player=p, n=sold)
    state.resume()

