"""Why a Habitable action is refused: one rule id and the values its sentence names.

`violation` is a second reading of the rules, written for people; the tests check that it
refuses what `decisions.legal_actions` leaves out. The sentences are in the content
(`rules/<lang>/sentences.yaml`, `refusals`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from generator.rules.core import Action, RuleError
from generator.rules.engine_kit.legality import checked_first
from generator.rules.habitable import decisions, effects
from generator.rules.habitable.data import ADJUST_PRICE
from generator.rules.habitable.planets import DISCOVERED

if TYPE_CHECKING:
    from generator.rules.habitable.state import HabitableState

ARCHIVE, MAIN, PAY, CHOICE, DEFEND = "archive", "main", "pay", "choice", "defend"
TURN_KINDS = frozenset({"archive", "play", "buy", "buy-play", "end"})

RULE_IDS = frozenset({
    "form", "pay-first", "defend-first", "choice-first", "not-now", "archive.late", "archive.cards",
    "play.hand", "play.target-needed", "play.no-target", "play.not-yours", "play.planet", "play.requirement",
    "play.cost", "buy.slot", "buy.cost", "pay.cards", "pay.short", "pay.superfluous", "trash.cards",
    "search.place", "distance.range", "distance.cost", "discover.none", "migrate.zone", "defend.card",
    "notation.empty", "notation.unknown", "notation.card", "notation.planet", "notation.number",
})


def _in_hand(hand: list[str], cards: Any) -> bool:
    if not isinstance(cards, tuple) or not all(isinstance(c, str) for c in cards):
        return False
    have = Counter(hand)
    have.subtract(Counter(cards))
    return min(have.values(), default=0) >= 0


@checked_first("form")
def violation(state: HabitableState, action: Action) -> RuleError | None:
    refuse = state._refuse
    kind = action[0]
    if kind not in decisions.ACTION_KINDS:
        return None
    phase = state.phase
    if phase == PAY:
        return _pay(state, action) if kind == "pay" else refuse("pay-first", cost=state.waiting_for[1])
    if phase == DEFEND:
        if kind == "allow":
            return None
        if kind == "defend":
            owner = state.waiting_for[1]
            if len(action) == 2 and action[1] in state.defender(owner):
                return None
            return refuse("defend.card", player=owner)
        return refuse("defend-first", player=state.waiting_for[1])
    if phase == CHOICE:
        wanted = state.waiting_for[0]
        answers, check = _CHOICE_CHECKS.get(kind, ("", None))
        return check(state, action) if answers == wanted and check else refuse("choice-first", choice=wanted)
    if kind not in TURN_KINDS:
        return refuse("not-now", kind=kind)
    turn_check = _TURN_CHECKS.get(kind)
    return turn_check(state, action) if turn_check else None


def _archive(state: HabitableState, action: Action) -> RuleError | None:
    if state.phase != ARCHIVE:
        return state._refuse("archive.late")
    if len(action) != 2 or not action[1] or not _in_hand(state.hands[state.player], action[1]):
        return state._refuse("archive.cards")
    return None


def _target_problem(state: HabitableState, card_id: str, target: Any) -> RuleError | None:
    refuse = state._refuse
    p = state.player
    card = state.data.cards[card_id]
    if not card.targeted:
        return None if target is None else refuse("play.no-target", card=card_id)
    if target is None:
        return refuse("play.target-needed", card=card_id)
    if not (isinstance(target, tuple) and len(target) == 2 and all(isinstance(x, int) for x in target)
            and 0 <= target[0] < state.n and 1 <= target[1] <= 3) \
            or state.planet(*target).status != DISCOVERED:
        return refuse("play.planet")
    if target[0] != p and not card.attack:
        return refuse("play.not-yours", card=card_id)
    if not effects.requirement_met(card, state.planet(*target)):
        return refuse("play.requirement", card=card_id, planet=target)
    return None


def _play(state: HabitableState, action: Action) -> RuleError | None:
    if len(action) != 3 or action[1] not in state.hands[state.player]:
        return state._refuse("play.hand", card=action[1] if len(action) > 1 else "")
    problem = _target_problem(state, action[1], action[2])
    if problem:
        return problem
    p = state.player
    card = state.data.cards[action[1]]
    cost = decisions.play_cost(state, p, card, action[2])
    have = decisions.hand_value(state, state.hands[p]) - card.cost
    return state._refuse("play.cost", cost=cost, have=have) if cost > have else None


def _buy(state: HabitableState, action: Action) -> RuleError | None:
    size = 2 if action[0] == "buy" else 3
    if len(action) != size or not isinstance(action[1], int) or not 0 <= action[1] < len(state.market) \
            or state.market[action[1]] is None:
        return state._refuse("buy.slot")
    card_id = state.market[action[1]]
    assert card_id is not None
    cost = state.data.cards[card_id].cost
    if size == 3:
        problem = _target_problem(state, card_id, action[2])
        if problem:
            return problem
        cost = 3 * decisions.play_cost(state, state.player, state.data.cards[card_id], action[2])
    have = decisions.hand_value(state, state.hands[state.player])
    return state._refuse("buy.cost", cost=cost, have=have) if cost > have else None


def _pay(state: HabitableState, action: Action) -> RuleError | None:
    cost = state.waiting_for[1]
    hand = state.hands[state.player]
    if len(action) != 2 or not _in_hand(hand, action[1]):
        return state._refuse("pay.cards")
    values = [state.data.cards[c].cost for c in action[1]]
    if sum(values) < cost:
        return state._refuse("pay.short", cost=cost, paid=sum(values))
    if action[1] != tuple(sorted(action[1])) or (values and sum(values) - min(values) >= cost):
        return state._refuse("pay.superfluous", cost=cost)
    return None


def _trash(state: HabitableState, action: Action) -> RuleError | None:
    count = state.waiting_for[1]
    if len(action) != 2 or not _in_hand(state.hands[state.player], action[1]) or len(action[1]) > count \
            or action[1] != tuple(sorted(action[1])):
        return state._refuse("trash.cards", count=count)
    return None


def _search(state: HabitableState, action: Action) -> RuleError | None:
    if tuple(action[1:]) not in effects.search_places(state, state.player):
        return state._refuse("search.place")
    return None


def _distance(state: HabitableState, action: Action) -> RuleError | None:
    _, _, _, _, rolled, adjust = state.waiting_for
    if len(action) != 2 or not isinstance(action[1], int) or action[1] < 1 or abs(action[1] - rolled) > adjust + 1:
        return state._refuse("distance.range", rolled=rolled, low=max(1, rolled - adjust - 1), high=rolled + adjust + 1)
    if abs(action[1] - rolled) > adjust and decisions.hand_value(state, state.hands[state.player]) < ADJUST_PRICE:
        return state._refuse("distance.cost")
    return None


def _discover(state: HabitableState, action: Action) -> RuleError | None:
    if action == ("discover",) and not state.planet_pile:
        return state._refuse("discover.none")
    return None


def _migrate(state: HabitableState, action: Action) -> RuleError | None:
    assert state.ctx is not None and state.ctx[2] is not None
    if len(action) != 2 or action[1] not in effects.migrate_moves(state, state.planet(*state.ctx[2])):
        return state._refuse("migrate.zone")
    return None


_TURN_CHECKS: dict[str, Callable[[HabitableState, Action], RuleError | None]] = {
    "archive": _archive, "play": _play, "buy": _buy, "buy-play": _buy,
}
# a kind that answers a choice: (the choice it answers, its check)
_CHOICE_CHECKS: dict[str, tuple[str, Callable[[HabitableState, Action], RuleError | None]]] = {
    "trash": ("trash", _trash), "search": ("search", _search), "distance": ("distance", _distance),
    "discover": ("discover", _discover), "leave": ("discover", _discover), "migrate": ("migrate", _migrate),
}
