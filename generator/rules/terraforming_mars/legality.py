"""Why a Terraforming Mars action is refused: one rule id and the values its sentence names.

What is allowed is said once, by the legal set (`decisions.legal_actions`): `violation` lets
every action in it pass and, for any other, names the rule it breaks, asking the same
predicates (`conditions.py`) where a rule has its values. The tests check that it refuses
exactly what the legal set leaves out. The sentences are in the content
(`rules/<lang>/sentences.yaml`, `refusals`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from generator.rules.core import Action, RuleError
from generator.rules.engine_kit.legality import checked_first
from generator.rules.terraforming_mars import conditions
from generator.rules.terraforming_mars.conditions import CITY, OCEAN, Problem
from generator.rules.terraforming_mars.data import CARD_PRICE, MC, REQUIREMENTS

if TYPE_CHECKING:
    from generator.rules.terraforming_mars.state import TerraformingMarsState

_PENDING_KINDS = {"place": ("place",), "target": ("target", "skip"), "amount": ("take",), "order": ("first",),
                  "add": ("add",), "sell": ("sell", "done")}
_TURN_KINDS = ("play", "project", "milestone", "award", "action", "convert", "pass", "end")
RULE_IDS = frozenset({
    "game-over", *(f"pending.{kind}" for kind in _PENDING_KINDS), "phase.research", "phase.final", "phase.action",
    "research.not-offered", "research.cost", "play.form", "play.not-in-hand", "req.tags",
    *(f"req.{requirement.replace('_', '-')}" for requirement in REQUIREMENTS), "effect.production-floor",
    "effect.spend", "effect.card-resources", "effect.no-space", "pay.steel-tag", "pay.titanium-tag",
    "pay.steel-missing", "pay.titanium-missing", "pay.wasted", "pay.megacredits", "project.unknown", "project.cost",
    "project.no-cards", "project.at-goal", "milestone.unknown", "milestone.taken", "milestone.all-claimed",
    "milestone.criterion", "milestone.cost", "award.unknown", "award.funded", "award.all-funded", "award.cost",
    "action.not-played", "action.none", "action.used", "convert.plants", "convert.heat", "convert.at-goal",
    "convert.what", "pass.after-action", "end.no-action", "place.unknown", "place.occupied", "place.ocean-only",
    "place.land-only", "place.city-next-to-city", "place.next-to-own", "target.nothing", "amount.range", "order.effect",
    "add.card", "sell.not-in-hand", "sell.none", "final.convert",
})


@checked_first(legal_first=True)
def violation(state: TerraformingMarsState, action: Action) -> RuleError | None:
    problem = _problem(state, action)
    return None if problem is None else state._refuse(problem[0], **problem[1])


def _problem(state: TerraformingMarsState, action: Action) -> Problem:
    kind = action[0]
    p = state.player
    if state.pending is not None:
        pending = state.pending
        if kind not in _PENDING_KINDS[pending[0]]:
            return (f"pending.{pending[0]}", {"tile": pending[1] if pending[0] == "place" else "",
                                              "most": pending[-1] if pending[0] == "amount" else ""})
        return _PENDING_PROBLEMS[pending[0]](state, pending, action)
    if state.phase == "research":
        if kind != "buy" or len(action) != 2:
            return ("phase.research", {})
        if action[1] not in state.offers[p]:
            return ("research.not-offered", {"card": action[1]})
        return ("research.cost", {"cost": CARD_PRICE, "have": state.res[p][MC]})
    if state.phase == "final":
        return ("final.convert", {})   # both of its decisions are always legal
    if kind not in _TURN_KINDS:
        return ("phase.action", {})
    if kind == "pass":
        return ("pass.after-action", {}) if state.actions_done else None
    if kind == "end":
        return None if state.actions_done else ("end.no-action", {})
    if kind == "play":
        if len(action) != 4 or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in action[2:]):
            return ("play.form", {})
        card = state.data.cards.get(action[1]) if action[1] in state.hand[p] else None
        if card is None:
            return ("play.not-in-hand", {"card": action[1]})
        return conditions.card_problem(state, p, card) or conditions.payment_problem(state, p, card, *action[2:])
    if len(action) != 2:
        return None
    if kind == "project" and action[1] not in state.data.projects:
        return ("project.unknown", {"project": action[1]})
    return conditions.PROBLEMS[kind](state, p, action[1])


def _place_problem(state: TerraformingMarsState, pending: tuple[Any, ...], action: Action) -> Problem:
    tile = pending[1]
    space = action[1] if len(action) == 2 else None
    sp = state.data.spaces.get(space) if isinstance(space, str) else None
    if sp is None or not isinstance(space, str):
        return ("place.unknown", {"space": space})
    if space in state.tiles:
        return ("place.occupied", {"space": space, "tile": state.tiles[space][0]})
    if sp.ocean != (tile == OCEAN):
        return ("place.ocean-only", {"space": space}) if tile == OCEAN else \
            ("place.land-only", {"space": space, "tile": tile})
    if tile == CITY and conditions.city_next_to(state, space):
        return ("place.city-next-to-city", {"space": space})
    return ("place.next-to-own", {"space": space})   # a greenery where a space next to an own tile is free


def _aimed(action: Action) -> tuple[Any, ...]:
    """The target a `target` action names, its player counted from 0 as the rules count."""
    return (action[1] - 1, *action[2:]) if action[0] == "target" and len(action) >= 2 and isinstance(action[1], int) \
        else action[1:]


# why a decision of a pending kind is refused (the pending's own kinds of actions, none of them legal)
_PENDING_PROBLEMS: dict[str, Callable[[TerraformingMarsState, tuple[Any, ...], Action], Problem]] = {
    "place": _place_problem,
    "target": lambda state, pending, action: ("target.nothing", {"target": _aimed(action)}),
    "amount": lambda state, pending, action: ("amount.range", {"most": pending[-1]}),
    "order": lambda state, pending, action: ("order.effect", {"effect": action[1] if len(action) == 2 else ""}),
    "add": lambda state, pending, action: ("add.card", {"card": action[1:], "resource": pending[1]}),
    "sell": lambda state, pending, action: (("sell.none", {}) if action[0] == "done"
                                            else ("sell.not-in-hand", {"card": action[1:]})),
}
