"""The effect operations of Habitable's content vocabulary (game.yaml `operations:`), and carrying out a card.

An action card's effects run in order on one target planet chosen when it is played; an event's
on every discovered planet. Operations that ask the player something (`trash`, the planet
search, `migrate`) set a CHOICE and stop; `decisions.py` resumes the card with
`continue_effects` once the player has answered. `pnp check` compares `OPERATION_CODE` and
`CONDITIONS` with the operations game.yaml declares.

A card in progress is `state.ctx = [player, card, target, habitable_before, aside]`: `target`
is (owner, tile) or None, `habitable_before` the other players' habitable planets when it was
played (for life tokens), `aside` the cards a deck search set aside.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from generator.rules.habitable.data import ActionCard, Phase
from generator.rules.habitable.planets import DISCOVERED, HOME, UNDISCOVERED, Planet, occupied

if TYPE_CHECKING:
    from generator.rules.habitable.state import HabitableState


# -- carrying out a card ---------------------------------------------------------------------------
def start_card(state: HabitableState, p: int, card_id: str, target: tuple[int, int] | None) -> None:
    """The card is paid (and out of the hand or market): defend against an attack, else run its effects."""
    before = tuple((pl.owner, pl.tile) for q in range(state.n) if q != p for pl in state.planets[q] if pl.habitable)
    state.ctx = [p, card_id, target, before, []]
    state.queue = list(state.data.cards[card_id].effects)
    if target is not None and target[0] != p and state.defender(target[0]):
        state.ask(Phase.DEFEND, ("defend", target[0], target[1], "attack", card_id))
        return
    continue_effects(state)


def continue_effects(state: HabitableState) -> None:
    """Run the card's remaining effects until one asks the player something, then finish the card."""
    state.ask(Phase.MAIN, None)
    ctx = state.ctx
    assert ctx is not None
    target = state.planet(*ctx[2]) if ctx[2] is not None else None
    while state.queue:
        op, args = state.queue.pop(0)
        OPERATION_CODE[op](state, dict(args), target)
        if state.choice is not None:
            return
    finish_card(state)


def finish_card(state: HabitableState) -> None:
    """The card and the cards set aside go to the discard pile; life tokens for planets made habitable."""
    ctx = state.ctx
    assert ctx is not None
    p, card_id, _, before, aside = ctx
    state.discards[p].extend(aside)
    state.discards[p].append(card_id)
    for q in range(state.n):
        for pl in state.planets[q]:
            if q != p and pl.habitable and (q, pl.tile) not in before:
                state.tokens[p] += 1
                state._emit("life-token", player=p, planet=(q, pl.tile))
    state.ctx = None
    state.queue = []
    state.ask(Phase.MAIN, None)


# -- events ------------------------------------------------------------------------------------------
def resolve_event(state: HabitableState) -> bool:
    """Let the event happen on every discovered planet in turn; True when it waits for a Moon decision."""
    card = state.event_card
    assert card is not None
    while state.event_targets:
        owner, tile = state.event_targets[0]
        planet = state.planet(owner, tile)
        if planet.status == DISCOVERED and state.defender(owner):
            state.ask(Phase.DEFEND, ("defend", owner, tile, "event", card))
            return True
        state.event_targets.pop(0)
        event_hits(state, card, planet)
    state.events_done.append(card)
    state.event_card = None
    state._emit("event-over", card=card)
    return False


def event_hits(state: HabitableState, card: str, planet: Planet) -> None:
    if planet.status != DISCOVERED:
        return
    was = planet.habitable
    for op, args in state.data.events[card].effects:
        OPERATION_CODE[op](state, dict(args), planet)
    habitability_news(state, planet, was)


def habitability_news(state: HabitableState, planet: Planet, was: bool) -> None:
    """Tell when the planet became habitable or uninhabitable (`was`: whether it was habitable before)."""
    if was != planet.habitable:
        state._emit("habitable" if planet.habitable else "uninhabitable", planet=(planet.owner, planet.tile))


# -- planet values -------------------------------------------------------------------------------
def _change(state: HabitableState, planet: Planet | None, parameter: str, amount: int) -> None:
    if planet is None or planet.status != DISCOVERED:
        return
    was = planet.habitable
    done = planet.change(parameter, amount)
    state._emit("changed", planet=(planet.owner, planet.tile), parameter=parameter, by=done,
                value=planet.get(parameter))
    habitability_news(state, planet, was)


def op_toward_zero(state: HabitableState, args: dict[str, Any], planet: Planet | None) -> None:
    most = int(args["amount"])
    _change(state, planet, "temperature", -max(-most, min(most, planet.temperature)) if planet else 0)


# -- your cards (a card is always carried out by the player whose turn it is) ------------------------
def op_trash(state: HabitableState, args: dict[str, Any], planet: Planet | None) -> None:
    if state.hands[state.player]:
        state.ask(Phase.CHOICE, ("trash", int(args["count"])))


# -- the board -----------------------------------------------------------------------------------
def search_places(state: HabitableState, p: int) -> list[tuple[str, str | int]]:
    """Where a search may start: a usable star (with a stack at home) or an undiscovered planet on a path.

    ("star", star id) or ("planet", tile)."""
    places: list[tuple[str, str | int]] = []
    if any(pl.status == HOME for pl in state.planets[p]):
        places += [("star", state.data.stars[i].id) for i in state.stars_used]
    places += [("planet", pl.tile) for pl in state.planets[p] if pl.status == UNDISCOVERED]
    return places


def _search(state: HabitableState, adjust: int) -> None:
    p = state.player
    if not search_places(state, p):
        state._emit("search-nothing", player=p)
        return
    state.ask(Phase.CHOICE, ("search", adjust))


def move_outward(state: HabitableState, planet: Planet, star: int, start: int, distance: int) -> int:
    """The circle `distance` free circles outward of `start` (occupied circles do not count); 0 = beyond."""
    positions = state.data.stars[star].positions
    pos, counted = start, 0
    while counted < distance:
        pos += 1
        if pos > positions:
            return 0
        if occupied(state.planets, star, pos, skip=planet) is None:
            counted += 1
    return pos


def migrate_moves(state: HabitableState, planet: Planet) -> list[int]:
    """The directions (+1 outward, −1 inward) the planet may migrate: onto a coloured circle of its path."""
    star = state.data.stars[planet.star]
    return [d for d in (-1, 1) if star.in_zone(planet.pos + d)]


def op_migrate(state: HabitableState, args: dict[str, Any], planet: Planet | None) -> None:
    if planet is None or not migrate_moves(state, planet):
        state._emit("migrate-nothing", player=state.player)
        return
    state.ask(Phase.CHOICE, ("migrate",))


def migrate(state: HabitableState, planet: Planet, direction: int) -> None:
    """Move one circle; a stack there takes the circle left free; temperatures change by new − old modifier."""
    star = state.data.stars[planet.star]
    old, new = planet.pos, planet.pos + direction
    other = occupied(state.planets, planet.star, new)
    planet.pos = new
    state._emit("migrated", planet=(planet.owner, planet.tile), star=star.id, frm=old, to=new,
                swapped=(other.owner, other.tile) if other else None)
    _change(state, planet, "temperature", star.modifier(new) - star.modifier(old))
    if other is not None:
        other.pos = old
        _change(state, other, "temperature", star.modifier(old) - star.modifier(new))


def op_cascade(state: HabitableState, args: dict[str, Any], planet: Planet | None) -> None:
    """Reveal cards from the draw pile (reshuffling the discard pile, not the cards aside) until one raises the
    parameter, is named otherwise than the card played and its requirement holds on the planet."""
    ctx = state.ctx
    assert ctx is not None
    if planet is None:
        return
    p, source = state.player, state.data.cards[ctx[1]]
    parameter = args["parameter"]
    aside: list[str] = ctx[4]
    while True:
        if not state.decks[p]:
            if not state.discards[p]:
                state._emit("search-failed", player=p, parameter=parameter, revealed=len(aside))
                return
            state.reshuffle(p)
        card = state.decks[p].pop()
        aside.append(card)
        found = state.data.cards[card]
        if parameter in found.raises and found.name != source.name and requirement_met(found, planet):
            state._emit("set-off", player=p, card=card, parameter=parameter, revealed=len(aside))
            state.queue[:0] = list(state.data.cards[card].effects)
            return
        state._emit("revealed", player=p, card=card)


def requirement_met(card: ActionCard, planet: Planet) -> bool:
    """The card's requirement on the target planet at the moment it is played (ruling 6)."""
    req = card.requirement
    if req is None:
        return True
    if req == "habitable":
        return planet.habitable
    if req == "uninhabitable":
        return not planet.habitable
    if req == "min_life":
        return planet.life >= card.min_life
    return planet.habitable or planet.life >= card.min_life     # habitable_or_min_life


Operation = Callable[["HabitableState", dict[str, Any], "Planet | None"], object]  # what it returns is unused
OPERATION_CODE: dict[str, Operation] = {
    "raise": lambda state, args, planet: _change(state, planet, args["parameter"], int(args["amount"])),
    "lower": lambda state, args, planet: _change(state, planet, args["parameter"], -int(args["amount"])),
    "draw": lambda state, args, planet: state.draw(state.player, int(args["count"])),
    "toward_zero": op_toward_zero, "trash": op_trash, "migrate": op_migrate, "cascade": op_cascade,
    "search_planet": lambda state, args, planet: _search(state, 0),
    "search_planet_steered": lambda state, args, planet: _search(state, int(args["adjust"])),
    "defend": lambda state, args, planet: None,  # the Moon's reaction runs from the hand ('defend'), never as an effect
}
# the goal conditions: (state, player, args) -> whether the player meets it
CONDITIONS: dict[str, Callable[[HabitableState, int, dict[str, Any]], bool]] = {
    "has_planets": lambda state, p, args: len(state.discovered(p)) >= int(args["count"]),
    "has_habitable_planets": lambda state, p, args: state.habitable_count(p) >= int(args["count"]),
    "has_planet_with": lambda state, p, args: any(pl.get(args["parameter"]) >= int(args["at_least"])
                                                  for pl in state.discovered(p)),
    "has_temperate_planet": lambda state, p, args: any(pl.habitable and pl.temperature == 0
                                                       for pl in state.discovered(p)),
    "has_total_life": lambda state, p, args: sum(pl.life for pl in state.discovered(p)) >= int(args["amount"]),
}
OPERATIONS = frozenset(OPERATION_CODE) | frozenset(CONDITIONS)
