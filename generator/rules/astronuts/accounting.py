"""Astronuts' invariants: every nut, ship and colony in exactly one place; limits hold."""

from __future__ import annotations

from generator.rules.astronuts.placement import POPCOUNT
from generator.rules.astronuts.state import AstronutsState


def invariant_problems(state: AstronutsState) -> list[str]:
    """What is wrong with the table (empty when all is well)."""
    d = state.data
    n = state.n
    problems: list[str] = []
    for c, colour in enumerate(d.colours):
        on_planets = sum(state.nuts[s] >> c & 1 for s in d.planets)
        held = sum(state.hand[p * 4 + c] for p in range(n))
        marked = sum(state.tech_nuts[p * 4 + c] for p in range(n))
        total = on_planets + held + marked + state.bank[c] + state.pool[c] + (n if state.phase == "place" else 0)
        if total != d.nuts_per_colour[c]:
            problems.append(f"{colour} nuts: {total} counted (planets {on_planets}, players {held}, technologies "
                            f"{marked}, bank {state.bank[c]}), the box holds {d.nuts_per_colour[c]}")
        for p in range(n):
            if state.hand[p * 4 + c] < 0 or state.tech_nuts[p * 4 + c] not in (0, 1):
                problems.append(f"player {p + 1} holds {state.hand[p * 4 + c]} {colour} nuts and "
                                f"{state.tech_nuts[p * 4 + c]} {colour} technology nuts")
            if state.tech[p * 4 + c] != state.tech_nuts[p * 4 + c]:
                problems.append(f"player {p + 1}'s {colour} technology is not marked by exactly one nut")
        if state.bank[c] < 0:
            problems.append(f"the bank holds {state.bank[c]} {colour} nuts")
    for s, kind in enumerate(d.kinds):
        if state.nuts[s] and (not d.planet[s] or POPCOUNT[state.nuts[s]] > d.nut_room[s]):
            problems.append(f"{d.ids[s]} ({kind}) holds nuts {state.nuts[s]:04b}")
        here = state.colonies_on(s)
        if here and not d.planet[s]:
            problems.append(f"colonies on {d.ids[s]}, which is no planet")
        if here > d.colony_room[s] or any(state.col[s * n + p] < 0 for p in range(n)):
            problems.append(f"{d.ids[s]} holds {here} colonies; it takes {d.colony_room[s]}")
    for p in range(n):
        counted = sum(state.col[s * n + p] for s in d.planets)
        if counted != state.colonies[p] or not 0 <= counted <= d.colonies_per_player:
            problems.append(f"player {p + 1}: {counted} colonies on the map, {state.colonies[p]} counted")
    seen: dict[int, int] = {}
    for p, row in enumerate(state.ships):
        for s in row:
            if s < 0:
                continue
            if s in seen:
                problems.append(f"two ships on {d.ids[s]}")
            seen[s] = p
    occupied = {s: p for s, p in enumerate(state.occ) if p >= 0}
    if occupied != seen:
        problems.append(f"the ship map disagrees with the ships: {occupied} vs {seen}")
    if state.actions_left < 0:
        problems.append(f"{state.actions_left} actions left")
    return problems
