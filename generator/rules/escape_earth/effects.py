"""The effect operations of Escape Earth's content vocabulary (game.yaml `operations:`).

Each operation is a function (state, args, pos): `pos` is the card whose building or discovery
runs it (0 for time and event cards). `pnp check` compares this table's keys with the
operations game.yaml declares, so a card cannot name one the referee does not know.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from generator.rules.escape_earth.data import ANOMALY_FIRST_CARD, ANOMALY_STEP, LOSE, NO_ANOMALY, RESPOND
from generator.rules.escape_earth.decisions import payments

if TYPE_CHECKING:
    from generator.rules.escape_earth.state import EscapeEarthState


def discovery_cube(state: EscapeEarthState, args: dict[str, Any], pos: int) -> None:
    resource = args["resource"]
    if state.supply[resource] > 0 and state.free[pos] is None:
        state.supply[resource] -= 1
        state.free[pos] = resource
        state._emit("discovery-cube", pos=pos, resource=resource)


def reveal(state: EscapeEarthState, args: dict[str, Any], pos: int) -> None:
    """The building on `pos` reveals galaxy cards.

    Rulebook ("decken die nächsten 2 (oder 3) Galaxiekarten nach ihrer Position auf"): the
    `count` cards right after its own card, those already face up included; the upgraded side
    (count 3) thus adds the third card after it. Option `outposts: frontier` keeps the earlier
    reading: the next `count` face-down cards wherever they are, in all.
    """
    count = int(args["count"])
    if state.outposts == "rulebook":
        state.reveal_up_to(pos + 1 + count)
        return
    want = count - state.scouted[pos]
    if want > 0:
        before = state.revealed
        state.reveal_up_to(state.revealed + want)
        state.scouted[pos] += state.revealed - before


def time_passes(state: EscapeEarthState, args: dict[str, Any], pos: int) -> None:
    state._emit("time-passes")


def move_aliens(state: EscapeEarthState, args: dict[str, Any], pos: int) -> None:
    for _ in range(int(args["cards"])):
        if state.result is None and state.aliens > 0:
            state.step_aliens(-1)


def draw_event(state: EscapeEarthState, args: dict[str, Any], pos: int) -> None:
    event_drawn(state, state.event_deck[0])


def event_drawn(state: EscapeEarthState, card: str) -> None:
    """`card` comes off the event deck (its top card, whose place the last shuffle recorded; in tree search
    the outcome of a chance node): fought at once, or active."""
    state.event_deck.remove(card)
    state.pending_event = card
    state._emit("event-drawn", card=card)
    if not state.event_deck:
        state.end("population")
        return
    if payments(state, state.fight_cost(card, extra=1)):
        state.phase = RESPOND     # the players may fight it at once, without an action
        return
    state.event_stays()


def build_cards_to_first(state: EscapeEarthState, args: dict[str, Any], pos: int) -> None:
    for p in range(len(state.rows)):
        state.to_first(p, "build")


def lose_cube(state: EscapeEarthState, args: dict[str, Any], pos: int) -> None:
    resource = args["resource"]
    if any(state.holds_cube(i, resource) for i in range(state.length)):
        state.pending_loss = resource
        state.phase = LOSE
    else:
        state._emit("no-cube-to-lose", resource=resource)


def place_anomaly(state: EscapeEarthState, args: dict[str, Any], pos: int) -> None:
    start = state.revealed - 2 if state.anomaly == NO_ANOMALY else state.anomaly - ANOMALY_STEP
    state.place_anomaly(max(start, ANOMALY_FIRST_CARD))


OPERATION_CODE: dict[str, Callable[[EscapeEarthState, dict[str, Any], int], None]] = {
    op.__name__: op for op in (discovery_cube, reveal, time_passes, draw_event, move_aliens, build_cards_to_first,
                               lose_cube, place_anomaly)}  # each named as the operation it carries out
