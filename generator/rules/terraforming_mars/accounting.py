"""Terraforming Mars's invariants: parameters in range, TR that moved with them, legal tiles, cards conserved."""

from __future__ import annotations

from collections import Counter

from generator.rules.core import PerObject
from generator.rules.terraforming_mars.conditions import CITY, OCEAN, city_next_to
from generator.rules.terraforming_mars.data import MILESTONES_CLAIMABLE, START_TR
from generator.rules.terraforming_mars.state import TerraformingMarsState

_BOX: PerObject[list[str]] = PerObject()


def invariant_problems(state: TerraformingMarsState) -> list[str]:
    """What is wrong with the table (empty when all is well)."""
    d = state.data
    problems: list[str] = []
    start, goal, step = d.temperature
    if not start <= state.temperature <= goal or (state.temperature - start) % step:
        problems.append(f"temperature {state.temperature} is off the track {start}..{goal} in steps of {step}")
    if not d.oxygen[0] <= state.oxygen <= d.oxygen[1]:
        problems.append(f"oxygen {state.oxygen} is off the track")
    ocean_tiles = sum(1 for tile, _ in state.tiles.values() if tile == OCEAN)
    if not 0 <= state.oceans <= d.oceans_max or ocean_tiles != state.oceans:
        problems.append(f"{state.oceans} oceans counted, {ocean_tiles} ocean tiles on the map, at most {d.oceans_max}")
    raised = (state.temperature - start) // step + (state.oxygen - d.oxygen[0]) + state.oceans
    if sum(state.tr) != START_TR * state.n + raised + state.tr_other:
        problems.append(f"TR {sum(state.tr)} in all, but {raised} parameter steps and {state.tr_other} other TR "
                        f"since the start ({START_TR} each)")
    for space, (tile, owner) in state.tiles.items():
        sp = d.spaces.get(space)
        if sp is None or sp.ocean != (tile == OCEAN):
            problems.append(f"{tile} on {space}, which is no space for it")
        elif tile == CITY and city_next_to(state, space):
            problems.append(f"city on {space} next to another city")
        if (tile == OCEAN) != (owner == -1) or owner >= state.n:
            problems.append(f"{tile} on {space} owned by {owner}")
    box = _BOX.get(d, lambda: sorted(d.deck))
    held = state.deck + state.discard
    for p in range(state.n):
        held += state.hand[p] + state.offers[p] + state.played[p] + state.event_pile[p]
    if sorted(held) != box:
        extra, missing = Counter(held) - Counter(box), Counter(box) - Counter(held)
        problems.append(f"project cards out of place: {dict(extra)} extra, {dict(missing)} missing")
    if len(state.discard_owner) != len(state.discard):
        problems.append("the discard pile and its owners differ in length")
    for p in range(state.n):
        if min(state.res[p]) < 0:
            problems.append(f"player {p + 1} holds negative resources {state.res[p]}")
        for r, floor in enumerate(d.floors):
            if state.prod[p][r] < floor:
                problems.append(f"player {p + 1}'s production {r} is {state.prod[p][r]}, below {floor}")
        for c in state.used[p]:
            if c not in state.played[p]:
                problems.append(f"player {p + 1} used the action of {c}, which they have not played")
    for card, n in state.card_res.items():
        owners = [p for p in range(state.n) if card in state.played[p]]
        if n < 0 or (n and (not owners or d.cards[card].holds is None)):
            problems.append(f"{n} resources on {card}, which no player has played or which collects none")
    if len(state.milestones) > MILESTONES_CLAIMABLE:
        problems.append(f"{len(state.milestones)} milestones claimed")
    funded = [a for a, _ in state.awards]
    if len(set(funded)) != len(funded) or any(len(funded) > len(d.awards[a].funding_costs) for a in funded):
        problems.append(f"awards funded: {funded}")
    if state.result is None and state.phase == "action" and state.passed[state.player] and not state.turn_done:
        problems.append(f"player {state.player + 1} has passed but is to act")
    return problems
