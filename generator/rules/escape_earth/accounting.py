"""Escape Earth's invariants: every card, cube and building in exactly one place; limits hold."""

from __future__ import annotations

from collections import Counter

from generator.rules.escape_earth.data import ANOMALY_FIRST_CARD, NO_ANOMALY, RESPOND
from generator.rules.escape_earth.state import EscapeEarthState


def invariant_problems(state: EscapeEarthState) -> list[str]:
    """What is wrong with the table (empty when all is well)."""
    d = state.data
    problems: list[str] = []
    expected = Counter(d.galaxy_deck) + Counter([d.earth, d.ocean])   # what the box holds
    galaxy = Counter(state.track + state.removed_galaxy)
    if galaxy != expected or state.track[0] != d.earth or state.track[-1] != d.ocean:
        problems.append(
            f"galaxy cards out of place: {dict(galaxy - expected)} extra, {dict(expected - galaxy)} missing"
        )
    for res, total in d.cubes.items():
        on_table = sum(state.cubes[p] for p in range(state.length)
                       if state.building[p] and state.side(p).produces == res)
        count = state.supply[res] + on_table + state.free.count(res) + state.removed_cubes[res]
        if count != total:
            problems.append(f"{res} cubes: {count} counted, the box holds {total}")
        if state.supply[res] < 0:
            problems.append(f"negative {res} supply")
    for pos in range(state.length):
        b = state.building[pos]
        if b is None:
            if state.cubes[pos]:
                problems.append(f"cubes without a building on card {pos + 1}")
            continue
        if state.cubes[pos] < 0 or state.cubes[pos] > state.side(pos).capacity:
            problems.append(f"card {pos + 1} holds {state.cubes[pos]} cubes, capacity {state.side(pos).capacity}")
        if pos >= state.revealed:
            problems.append(f"a building on face-down card {pos + 1}")
        if d.buildings[b].planet_only and not state.planet[pos]:
            problems.append(f"{b} on card {pos + 1}, which is no planet")
    built = Counter([b for b in state.building if b] + state.removed_buildings)
    for kind in d.buildings.values():
        if state.stacks[kind.id] < 0 or state.stacks[kind.id] + built[kind.id] != kind.count:
            problems.append(f"{kind.id}: {state.stacks[kind.id]} in stack + {built[kind.id]} used != {kind.count}")
    pending = [state.pending_event] if state.pending_event and state.phase == RESPOND else []
    events = Counter(state.event_deck + state.active_events + state.removed_events + pending)
    if events != Counter(d.event_deck()):
        problems.append(f"event cards out of place: {dict(events)}")
    if Counter(state.time_deck + state.time_seen) != Counter(d.time_deck()):
        problems.append("time cards out of place")
    for p, row in enumerate(state.rows):
        if sorted(row) != sorted(d.activities[p]):
            problems.append(f"activity row of player {p + 1} is not its 5 cards: {row}")
    for p, ship in enumerate(state.ships):
        if not 0 <= ship < state.revealed:
            problems.append(f"ship {p + 1} on card {ship + 1}, which is not face up")
        if state.result is None and ship == state.aliens:
            problems.append(f"ship {p + 1} shares card {ship + 1} with the aliens")
        if state.anomaly != NO_ANOMALY and ship >= state.anomaly:
            problems.append(f"ship {p + 1} on or beyond the anomaly")
    if not 0 <= state.aliens <= state.length:
        problems.append(f"aliens off the track: {state.aliens}")
    anomaly_events = [e for e in state.active_events if any(op == "place_anomaly" for op, _ in d.events[e].effects)]
    if state.anomaly != NO_ANOMALY and (state.anomaly < ANOMALY_FIRST_CARD or not anomaly_events):
        problems.append(f"anomaly on card {state.anomaly + 1} without an active anomaly event")
    if state.result is None and len(set(state.active_events)) >= 3:
        problems.append("three different events active but the game goes on")
    return problems
