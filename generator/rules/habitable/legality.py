"""Why a Habitable action is refused: one rule id and the values its sentence names.

`violation` explains what `decisions.legal_actions` leaves out, written for people: the legal set
says whether an action is allowed, so a check here only tells the rules it may break apart (an
answer to a pending choice breaks the choice's one rule). The sentences are in the content
(`rules/<lang>/sentences.yaml`, `refusals`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from generator.rules.core import Action, RuleError
from generator.rules.engine_kit.legality import checked_first
from generator.rules.habitable import decisions, effects
from generator.rules.habitable.data import Phase
from generator.rules.habitable.planets import DISCOVERED

if TYPE_CHECKING:
    from generator.rules.habitable.state import HabitableState

TURN_KINDS = frozenset({"archive", "play", "buy", "buy-play", "end"})

RULE_IDS = frozenset({
    "form", "pay-first", "defend-first", "choice-first", "not-now", "archive.late", "archive.cards",
    "play.hand", "play.target-needed", "play.no-target", "play.not-yours", "play.planet", "play.requirement",
    "play.cost", "buy.slot", "buy.cost", "pay.cards", "pay.short", "pay.superfluous", "trash.cards",
    "search.place", "distance.range", "distance.cost", "discover.none", "migrate.zone", "defend.card",
    "notation.empty", "notation.unknown", "notation.card", "notation.planet", "notation.number",
})


def _in_hand(hand: list[str], cards: Any) -> bool:
    return isinstance(cards, tuple) and all(isinstance(c, str) for c in cards) and Counter(cards) <= Counter(hand)


@checked_first("form")
def violation(state: HabitableState, action: Action) -> RuleError | None:
    refuse = state._refuse
    kind = action[0]
    if kind not in decisions.ACTION_KINDS or action in state.legal_actions():
        return None
    phase = state.phase
    if phase == Phase.PAY:
        return _pay(state, action) if kind == "pay" else refuse("pay-first", cost=state.waiting_for[1])
    if phase == Phase.DEFEND:
        if kind == "allow":
            return None                          # allowing is always legal: a malformed one is unknown
        return refuse("defend.card" if kind == "defend" else "defend-first", player=state.waiting_for[1])
    if phase == Phase.CHOICE:
        wanted = state.waiting_for[0]
        if ("discover" if kind == "leave" else kind) != wanted:   # a kind answers the choice of its name
            return refuse("choice-first", choice=wanted)
        if kind == "distance":
            return _distance(state, action)
        if kind in ("discover", "leave"):
            return refuse("discover.none") if action == ("discover",) else None
        if kind == "trash":
            return refuse("trash.cards", count=state.waiting_for[1])
        return refuse("search.place" if kind == "search" else "migrate.zone")
    if kind not in TURN_KINDS:
        return refuse("not-now", kind=kind)
    turn_check = _TURN_CHECKS.get(kind)
    return turn_check(state, action) if turn_check else None


def _archive(state: HabitableState, action: Action) -> RuleError | None:
    if state.phase != Phase.ARCHIVE:
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
    p = state.player
    if len(action) != 3 or action[1] not in state.hands[p]:
        return state._refuse("play.hand", card=action[1] if len(action) > 1 else "")
    if problem := _target_problem(state, action[1], action[2]):
        return problem
    card = state.data.cards[action[1]]
    return state._refuse("play.cost", cost=decisions.play_cost(state, p, card, action[2]),
                         have=decisions.hand_value(state, state.hands[p]) - card.cost)


def _buy(state: HabitableState, action: Action) -> RuleError | None:
    size = 2 if action[0] == "buy" else 3
    if len(action) != size or not isinstance(action[1], int) or not 0 <= action[1] < len(state.market) \
            or state.market[action[1]] is None:
        return state._refuse("buy.slot")
    card = state.data.cards[str(state.market[action[1]])]
    if size == 3 and (problem := _target_problem(state, card.id, action[2])):
        return problem
    cost = 3 * decisions.play_cost(state, state.player, card, action[2]) if size == 3 else card.cost
    return state._refuse("buy.cost", cost=cost, have=decisions.hand_value(state, state.hands[state.player]))


def _pay(state: HabitableState, action: Action) -> RuleError | None:
    cost = state.waiting_for[1]
    if len(action) != 2 or not _in_hand(state.hands[state.player], action[1]):
        return state._refuse("pay.cards")
    paid = decisions.hand_value(state, action[1])
    if paid < cost:
        return state._refuse("pay.short", cost=cost, paid=paid)
    return state._refuse("pay.superfluous", cost=cost)  # in hand, enough, yet not a legal payment


def _distance(state: HabitableState, action: Action) -> RuleError | None:
    _, _, _, _, rolled, adjust = state.waiting_for
    if len(action) != 2 or not isinstance(action[1], int) or action[1] < 1 or abs(action[1] - rolled) > adjust + 1:
        return state._refuse("distance.range", rolled=rolled, low=max(1, rolled - adjust - 1), high=rolled + adjust + 1)
    return state._refuse("distance.cost")


_TURN_CHECKS: dict[str, Callable[[HabitableState, Action], RuleError | None]] = {
    "archive": _archive, "play": _play, "buy": _buy, "buy-play": _buy,
}
