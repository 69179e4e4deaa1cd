"""Astronuts' invariants: every nut, ship and colony in exactly one place; limits hold.

Checked at every step of thousands of playouts, so each check is a few passes over flat lists;
a message is built only when something is wrong.
"""

from __future__ import annotations

from generator.rules.astronuts.placement import POPCOUNT
from generator.rules.astronuts.state import AstronutsState


def invariant_problems(state: AstronutsState) -> list[str]:
    """What is wrong with the table (empty when all is well)."""
    d = state.data
    n = state.n
    problems: list[str] = []
    nuts, hand, marked, bank = state.nuts, state.hand, state.tech_nuts, state.bank
    reserved = n if state.phase == "place" else 0
    tally = [0] * 16
    for m in nuts:
        tally[m] += 1
    for c, colour in enumerate(d.colours):
        on_planets = sum(k for m, k in enumerate(tally) if m >> c & 1)
        held, tech = sum(hand[c::4]), sum(marked[c::4])
        total = on_planets + held + tech + bank[c] + state.pool[c] + reserved
        if total != d.nuts_per_colour[c]:
            problems.append(f"{colour} nuts: {total} counted (planets {on_planets}, players {held}, technologies "
                            f"{tech}, bank {bank[c]}), the box holds {d.nuts_per_colour[c]}")
    if min(hand) < 0 or min(bank) < 0 or min(state.pool) < 0:
        problems.append(f"a negative number of nuts: hands {hand}, bank {bank}, pool {state.pool}")
    if state.tech != marked or max(marked) > 1:
        problems.append(f"technologies {state.tech} are not marked by exactly one nut each: {marked}")
    col = state.col
    on_planets_total = 0
    for s in d.planets:
        here = sum(col[s * n:s * n + n])
        on_planets_total += here
        if POPCOUNT[nuts[s]] > d.nut_room[s] or here > d.colony_room[s]:
            problems.append(f"{d.ids[s]} holds nuts {nuts[s]:04b} and colonies {col[s * n:s * n + n]}; it takes "
                            f"{d.nut_room[s]} nuts and {d.colony_room[s]} colonies")
    if state.col_total != [sum(col[s * n:s * n + n]) for s in range(len(d.ids))]:
        problems.append(f"colonies per space counted {state.col_total}, on the map differently")
    if on_planets_total != sum(col) or any(nuts[s] for s in d.others):
        problems.append("nuts or colonies on a space that is no planet")
    mapped = [sum(col[p::n]) for p in range(n)]
    if min(col) < 0 or mapped != state.colonies or max(state.colonies) > d.colonies_per_player:
        problems.append(f"colonies counted {state.colonies}, on the map {mapped}")
    where = [s for row in state.ships for s in row if s >= 0]
    if len(set(where)) != len(where):
        problems.append(f"two ships on one space: {sorted(d.ids[s] for s in where)}")
    owners = {s: p for p, row in enumerate(state.ships) for s in row if s >= 0}
    if owners != {s: p for s, p in enumerate(state.occ) if p >= 0}:
        problems.append("the map of ships disagrees with the ships")
    if state.actions_left < 0:
        problems.append(f"{state.actions_left} actions left")
    if state.is_terminal != (state.result is not None):
        problems.append(f"the game reads as {'' if state.is_terminal else 'not '}over, its result is {state.result}")
    return problems
