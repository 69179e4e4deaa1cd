"""What the players may decide in a Habitable state, and what each decision does.

Actions are tuples of the words `notation.py` lists, in that order, with these differences: a
planet is (owner, tile) with the owner counted from 0 and the tile 1-3 (None where a card needs no
planet), a market slot counts from 0, a search names its start as ("star", star id) or ("planet",
tile), a migration its direction as +1 (out) or −1 (in), and `trash none` is `("trash", ())`.

Card lists are sorted tuples of ids (a multiset). A cost is paid with hand cards whose printed
values reach it, none of them superfluous (ruling 26); when only one such set exists it is paid
at once, else the player chooses it in phase PAY.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from itertools import combinations
from typing import TYPE_CHECKING, Any

from generator.rules.core import Action
from generator.rules.habitable import effects
from generator.rules.habitable.data import ADJUST_PRICE, ActionCard, Phase
from generator.rules.habitable.planets import DISCOVERED, HOME, UNDISCOVERED, neighbours_habitable

if TYPE_CHECKING:
    from generator.rules.habitable.state import HabitableState

END: Action = ("end",)
ACTION_KINDS = frozenset({"archive", "play", "buy", "buy-play", "pay", "end", "trash", "search", "distance",
                          "discover", "leave", "migrate", "defend", "allow"})


# -- multisets of cards --------------------------------------------------------------------------
def sub_multisets(cards: list[str], smallest: int, largest: int) -> list[tuple[str, ...]]:
    """Every multiset of `cards` with smallest..largest members, as sorted tuples (cached: hands repeat)."""
    return _sub_multisets(tuple(sorted(cards)), smallest, largest)


@functools.lru_cache(maxsize=100_000)
def _sub_multisets(cards: tuple[str, ...], smallest: int, largest: int) -> list[tuple[str, ...]]:
    found: set[tuple[str, ...]] = set()
    for size in range(smallest, min(largest, len(cards)) + 1):
        found.update(combinations(cards, size))          # `cards` is sorted: so is each combination
    return sorted(found)


def payments(state: HabitableState, hand: list[str], cost: int) -> list[tuple[str, ...]]:
    """Every set of hand cards whose printed values reach `cost` with no card superfluous (sorted tuples)."""
    if cost <= 0:
        return [()]
    cards = state.data.cards
    paying = tuple(sorted(c for c in hand if cards[c].cost > 0))
    return _payments(paying, tuple(cards[c].cost for c in paying), cost)


@functools.lru_cache(maxsize=100_000)
def _payments(paying: tuple[str, ...], values: tuple[int, ...], cost: int) -> list[tuple[str, ...]]:
    value = dict(zip(paying, values, strict=True))
    found: list[tuple[str, ...]] = []
    for cards in _sub_multisets(paying, 1, len(paying)):
        worth = [value[c] for c in cards]
        if sum(worth) >= cost > sum(worth) - min(worth):
            found.append(cards)
    return found


def hand_value(state: HabitableState, hand: Iterable[str]) -> int:
    cards = state.data.cards
    return sum(cards[c].cost for c in hand)


# -- targets and costs ---------------------------------------------------------------------------
def play_cost(state: HabitableState, p: int, card: ActionCard, target: tuple[int, int] | None) -> int:
    """Printed cost, +1 for an attack on another player's planet, −1 for support beside a habitable planet."""
    cost = card.cost
    if target is None:
        return cost
    planet = state.planet(*target)
    if card.attack and target[0] != p:
        cost += 1
    if card.support and neighbours_habitable(state.planets, planet, state.data.stars[planet.star]):
        cost -= 1
    return max(0, cost)


# -- the legal set -------------------------------------------------------------------------------
def legal_actions(state: HabitableState) -> list[Action]:
    if state.result is not None:
        return []
    phase = state.phase
    if phase in (Phase.ARCHIVE, Phase.MAIN):
        return _turn_actions(state)
    if phase == Phase.PAY:
        return [("pay", combo) for combo in payments(state, state.hands[state.player], state.waiting_for[1])]
    if phase == Phase.DEFEND:
        owner = state.waiting_for[1]
        return [("defend", c) for c in state.defender(owner)] + [("allow",)]
    return _CHOICE_ACTIONS[state.waiting_for[0]](state)


def _turn_actions(state: HabitableState) -> list[Action]:
    p = state.player
    hand = state.hands[p]
    cards = state.data.cards
    actions: list[Action] = []
    if state.phase == Phase.ARCHIVE and hand:
        actions += [("archive", sub) for sub in sub_multisets(hand, 1, len(hand))]
    total = hand_value(state, hand)
    own = [pl for pl in state.planets[p] if pl.status == DISCOVERED]
    anyone = [pl for mine in state.planets for pl in mine if pl.status == DISCOVERED]

    def options(card: ActionCard, budget: int, factor: int) -> list[tuple[int, int] | None]:
        if not card.targeted:
            return [None] if factor * card.cost <= budget else []
        found: list[tuple[int, int] | None] = []
        for pl in (anyone if card.attack else own):
            if not effects.requirement_met(card, pl):
                continue
            target = (pl.owner, pl.tile)
            if factor * play_cost(state, p, card, target) <= budget:
                found.append(target)
        return found

    for card_id in sorted(set(hand)):
        card = cards[card_id]
        for target in options(card, total - card.cost, 1):
            actions.append(("play", card_id, target))
    for slot, offered in enumerate(state.market):
        if offered is None:
            continue
        card = cards[offered]
        if card.cost <= total:
            actions.append(("buy", slot))
        for target in options(card, total, 3):
            actions.append(("buy-play", slot, target))
    actions.append(END)
    return actions


def _distances(state: HabitableState) -> list[Action]:
    """How far the searched planet may move: the roll, ± the card's free change, ± 1 more for 2 if the hand can pay."""
    _, _, _, _, rolled, adjust = state.waiting_for
    can_pay = hand_value(state, state.hands[state.player]) >= ADJUST_PRICE
    return [("distance", d) for d in range(max(1, rolled - adjust - 1), rolled + adjust + 2)
            if abs(d - rolled) <= adjust or can_pay]


def _migrations(state: HabitableState) -> list[Action]:
    assert state.ctx is not None and state.ctx[2] is not None
    return [("migrate", d) for d in effects.migrate_moves(state, state.planet(*state.ctx[2]))]


_CHOICE_ACTIONS: dict[str, Callable[[HabitableState], list[Action]]] = {  # the answers to each choice
    "trash": lambda state: [("trash", cards) for cards in sub_multisets(state.hands[state.player], 0,
                                                                         state.waiting_for[1])],
    "search": lambda state: [("search", *place) for place in effects.search_places(state, state.player)],
    "distance": _distances,
    "discover": lambda state: ([("discover",)] if state.planet_pile else []) + [("leave",)],
    "migrate": _migrations,
}


# -- what decisions do -----------------------------------------------------------------------------
def do(state: HabitableState, action: Action) -> None:
    """Carry out a legal decision."""
    _ACTION_CODE[action[0]](state, action)


def _archive(state: HabitableState, action: Action) -> None:
    p = state.player
    cards = action[1]
    state.from_hand(p, cards, state.discards[p])
    state._emit("archived", player=p, cards=cards)
    state.draw(p, len(cards) - 1)


def _pay_then(state: HabitableState, cost: int, purpose: tuple[Any, ...]) -> None:
    """Pay `cost` (at once when only one set of cards can), then carry on with `purpose`."""
    options = payments(state, state.hands[state.player], cost)
    if len(options) == 1:
        _paid(state, options[0], purpose)
        return
    state.ask(Phase.PAY, ("pay", cost, purpose))


def _paid(state: HabitableState, cards: tuple[str, ...], purpose: tuple[Any, ...]) -> None:
    p = state.player
    if cards:
        state.from_hand(p, cards, state.discards[p])
        state._emit("paid", player=p, cards=cards)
    state.ask(Phase.MAIN, None)
    kind = purpose[0]
    if kind in ("play", "buy-play"):
        effects.start_card(state, p, purpose[1], purpose[2])
    elif kind == "buy":
        state.discards[p].append(purpose[1])
    else:                                                    # the planet search's paid ±1
        _move_planet(state, purpose[2], purpose[1])


def _play(state: HabitableState, action: Action) -> None:
    _, card_id, target = action
    p = state.player
    card = state.data.cards[card_id]
    cost = play_cost(state, p, card, target)
    state.phase = Phase.MAIN
    state.hands[p].remove(card_id)
    state._emit("played", player=p, card=card_id, target=target, cost=cost)
    _pay_then(state, cost, ("play", card_id, target))


def _buy(state: HabitableState, action: Action) -> None:
    slot = action[1]
    p = state.player
    card_id = state.market[slot]
    assert card_id is not None
    state.market[slot] = None
    state.phase = Phase.MAIN
    state.bought[p].append(card_id)
    if action[0] == "buy":
        cost = state.data.cards[card_id].cost
        state._emit("bought", player=p, card=card_id, slot=slot + 1, cost=cost)
    else:
        cost = 3 * play_cost(state, p, state.data.cards[card_id], action[2])
        state._emit("bought-played", player=p, card=card_id, slot=slot + 1, target=action[2], cost=cost)
    _pay_then(state, cost, (action[0], card_id, *action[2:]))     # what is paid for: the card and its target


def _trash(state: HabitableState, action: Action) -> None:
    p = state.player
    state.from_hand(p, action[1], state.trashed[p])
    state._emit("trashed", player=p, cards=action[1])
    effects.continue_effects(state)


def _search(state: HabitableState, action: Action) -> None:
    p = state.player
    adjust = state.waiting_for[1]
    if action[1] == "star":
        star = state.data.star_index[action[2]]
        tile = next(pl.tile for pl in state.planets[p] if pl.status == HOME)
        start = 0
    else:
        planet = state.planet(p, action[2])
        tile, star, start = planet.tile, planet.star, planet.pos
    state.roll_distance((tile, star, start, adjust))


def rolled(state: HabitableState, search: tuple[Any, ...], dice: tuple[int, int]) -> None:
    """The distance dice of a search lie (`search`: tile, star, start, adjust): the player chooses the distance."""
    tile, star, start, adjust = search
    state._emit("rolled", player=state.player, star=state.data.stars[star].id, tile=tile, frm=start, dice=dice,
                total=sum(dice))
    state.ask(Phase.CHOICE, ("distance", tile, star, start, sum(dice), adjust))


def _distance(state: HabitableState, action: Action) -> None:
    d = action[1]
    rolled, adjust = state.waiting_for[4], state.waiting_for[5]
    if abs(d - rolled) > adjust:
        state._emit("adjusted", player=state.player, roll=rolled, d=d)
        _pay_then(state, ADJUST_PRICE, ("distance", d, state.choice))
        return
    _move_planet(state, state.waiting_for, d)


def _move_planet(state: HabitableState, search: tuple[Any, ...], d: int) -> None:
    """Move the searched planet `d` free circles outward: into the zone it waits for discover/leave, else home."""
    _, tile, star_index, start, _, _ = search
    p = state.player
    planet = state.planet(p, tile)
    star = state.data.stars[star_index]
    dest = effects.move_outward(state, planet, star_index, start, d)
    if dest and star.in_zone(dest):
        planet.status, planet.star, planet.pos = UNDISCOVERED, star_index, dest
        state._emit("moved", player=p, tile=tile, star=star.id, to=dest, modifier=star.modifiers[dest])
        state.ask(Phase.CHOICE, ("discover", tile))
        return
    planet.go_home()
    state._emit("returned", player=p, tile=tile, star=star.id, to=dest)
    effects.continue_effects(state)


def _discover(state: HabitableState, action: Action) -> None:
    p = state.player
    planet = state.planet(p, state.waiting_for[1])
    card_id = state.planet_pile.pop()
    card = state.data.planets[card_id]
    star = state.data.stars[planet.star]
    modifier = star.modifier(planet.pos)
    planet.status, planet.card = DISCOVERED, card_id
    planet.temperature, planet.water, planet.magnetism, planet.life = card.temperature, card.water, card.magnetism, 0
    planet.change("temperature", modifier)
    state._emit("discovered", player=p, planet=(p, planet.tile), card=card_id, star=star.id, pos=planet.pos,
                modifier=modifier, temperature=planet.temperature, water=planet.water, magnetism=planet.magnetism)
    effects.habitability_news(state, planet, False)
    effects.continue_effects(state)


def _leave(state: HabitableState, action: Action) -> None:
    planet = state.planet(state.player, state.waiting_for[1])
    state._emit("left", player=state.player, tile=planet.tile, star=state.data.stars[planet.star].id,
                pos=planet.pos)
    effects.continue_effects(state)


def _migrate(state: HabitableState, action: Action) -> None:
    assert state.ctx is not None and state.ctx[2] is not None
    effects.migrate(state, state.planet(*state.ctx[2]), action[1])
    effects.continue_effects(state)


def _answer(state: HabitableState, action: Action) -> None:
    """A planet's owner defends it with a Moon (trashed, its replacement drawn) or allows the attack or event."""
    _, owner, tile, what, card = state.waiting_for
    if action[0] == "defend":
        state.from_hand(owner, action[1:], state.trashed[owner])
        state._emit("defended", player=owner, card=action[1])
        state.draw(owner, state.data.cards[action[1]].defend_draw)
        state._emit("shielded", planet=(owner, tile), what=what)
        if what == "attack":
            state.queue = []
            effects.finish_card(state)
            return
    elif what == "attack":
        effects.continue_effects(state)
        return
    state.event_targets.pop(0)
    state.ask(Phase.MAIN, None)
    if action[0] == "allow":
        effects.event_hits(state, card, state.planet(owner, tile))
    state.refill()


_ACTION_CODE: dict[str, Callable[[HabitableState, Action], None]] = {
    "archive": _archive, "play": _play, "buy": _buy, "buy-play": _buy, "trash": _trash,
    "pay": lambda state, action: _paid(state, action[1], state.waiting_for[2]),
    "end": lambda state, action: state.end_turn(),
    "search": _search, "distance": _distance, "discover": _discover, "leave": _leave, "migrate": _migrate,
    "defend": _answer, "allow": _answer,
}
