"""Why a Terraforming Mars action is refused: one rule id and the values its sentence names.

What is allowed is said once, by the legal set (`decisions.legal_actions`): `violation` lets
every action in it pass and, for any other, names the rule it breaks, asking the same
predicates (`conditions.py`) where a rule has its values. The tests check that it refuses
exactly what the legal set leaves out. The sentences are in the content
(`rules/<lang>/sentences.yaml`, `refusals`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.rules.core import Action, RuleError
from generator.rules.engine_kit.legality import checked_first
from generator.rules.terraforming_mars import conditions
from generator.rules.terraforming_mars.conditions import CITY, OCEAN
from generator.rules.terraforming_mars.data import CARD_PRICE, MC

if TYPE_CHECKING:
    from generator.rules.terraforming_mars.state import TerraformingMarsState

RULE_IDS = frozenset({
    "game-over", "pending.place", "pending.target", "pending.amount", "pending.order", "pending.add", "pending.sell",
    "phase.research", "phase.final",
    "phase.action", "research.not-offered", "research.cost", "play.form", "play.not-in-hand",
    "req.min-temperature", "req.max-temperature", "req.min-oxygen", "req.max-oxygen", "req.min-oceans",
    "req.max-oceans", "req.tags", "effect.production-floor", "effect.spend", "effect.card-resources",
    "effect.no-space", "pay.steel-tag", "pay.titanium-tag", "pay.steel-missing", "pay.titanium-missing",
    "pay.wasted", "pay.megacredits", "project.unknown", "project.cost", "project.no-cards", "project.at-goal",
    "milestone.unknown", "milestone.taken", "milestone.all-claimed", "milestone.criterion", "milestone.cost",
    "award.unknown", "award.funded", "award.all-funded", "award.cost", "action.not-played", "action.none",
    "action.used", "convert.plants", "convert.heat", "convert.at-goal", "convert.what", "pass.after-action",
    "end.no-action", "place.unknown", "place.occupied", "place.ocean-only", "place.land-only",
    "place.city-next-to-city",
    "place.next-to-own", "target.nothing", "amount.range", "order.effect", "add.card", "sell.not-in-hand", "sell.none",
    "final.convert",
})

_PENDING_KINDS = {"place": ("place",), "target": ("target", "skip"), "amount": ("take",), "order": ("first",),
                  "add": ("add",), "sell": ("sell", "done")}
_TURN_KINDS = ("play", "project", "milestone", "award", "action", "convert", "pass", "end")


def _refusal(state: TerraformingMarsState, problem: conditions.Problem) -> RuleError | None:
    return None if problem is None else state._refuse(problem[0], **problem[1])


@checked_first()
def violation(state: TerraformingMarsState, action: Action) -> RuleError | None:
    if action in state.legal_actions():
        return None
    refuse = state._refuse
    kind = action[0]
    p = state.player
    if state.pending is not None:
        pending = state.pending[0]
        if kind not in _PENDING_KINDS[pending]:
            return refuse(f"pending.{pending}", tile=state.pending[1] if pending == "place" else "",
                          most=state.pending[-1] if pending == "amount" else "")
        return _pending_problem(state, action)
    if state.phase == "research":
        if kind != "buy" or len(action) != 2:
            return refuse("phase.research")
        if action[1] not in state.offers[p]:
            return refuse("research.not-offered", card=action[1])
        return refuse("research.cost", cost=CARD_PRICE, have=state.res[p][MC])
    if state.phase == "final":
        return refuse("final.convert")   # both of its decisions are always legal
    if kind not in _TURN_KINDS:
        return refuse("phase.action")
    return _turn_problem(state, action)


def _turn_problem(state: TerraformingMarsState, action: Action) -> RuleError | None:
    refuse = state._refuse
    kind = action[0]
    p = state.player
    d = state.data
    if kind == "pass":
        return refuse("pass.after-action") if state.actions_done else None
    if kind == "end":
        return None if state.actions_done else refuse("end.no-action")
    if kind == "play":
        if len(action) != 4 or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in action[2:]):
            return refuse("play.form")
        card_id = action[1]
        if card_id not in state.hand[p] or card_id not in d.cards:
            return refuse("play.not-in-hand", card=card_id)
        card = d.cards[card_id]
        return _refusal(state, conditions.card_problem(state, p, card)
                        or conditions.payment_problem(state, p, card, action[2], action[3]))
    if len(action) != 2:
        return None
    if kind == "project" and action[1] not in d.projects:
        return refuse("project.unknown", project=action[1])
    return _refusal(state, conditions.PROBLEMS[kind](state, p, action[1]))


def _pending_problem(state: TerraformingMarsState, action: Action) -> RuleError | None:
    refuse = state._refuse
    pending = state.pending
    assert pending is not None
    kind = action[0]
    if pending[0] == "place":
        _, tile, _source, next_to_own = pending
        space = action[1] if len(action) == 2 else None
        sp = state.data.spaces.get(space) if isinstance(space, str) else None
        if sp is None or not isinstance(space, str):
            return refuse("place.unknown", space=space)
        if space in state.tiles:
            return refuse("place.occupied", space=space, tile=state.tiles[space][0])
        if tile == OCEAN and not sp.ocean:
            return refuse("place.ocean-only", space=space)
        if tile != OCEAN and sp.ocean:
            return refuse("place.land-only", space=space, tile=tile)
        if tile == CITY and conditions.city_next_to(state, space):
            return refuse("place.city-next-to-city", space=space)
        return refuse("place.next-to-own", space=space)   # a greenery where a space next to an own tile is free
    if pending[0] == "target":
        aimed = kind == "target" and len(action) >= 2 and isinstance(action[1], int)
        return refuse("target.nothing", target=(action[1] - 1, *action[2:]) if aimed else action[1:])
    if pending[0] == "amount":
        return refuse("amount.range", most=pending[-1])
    if pending[0] == "order":
        return refuse("order.effect", effect=action[1] if len(action) == 2 else "")
    if pending[0] == "add":
        return refuse("add.card", card=action[1:], resource=pending[1])
    if kind == "done":
        return refuse("sell.none")
    return refuse("sell.not-in-hand", card=action[1:])
