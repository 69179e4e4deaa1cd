"""Placing the nuts at set-up: which placements keep the rest of the map fillable.

Every small planet gets 2 nuts of different colours, every large planet 3, from a shared pool
that keeps back the 4 nuts (one per colour) each player receives afterwards. Whether the
planets still to fill can be filled is a flow problem: colour c gives at most pool[c] nuts,
at most one to each planet that does not hold c yet. By max-flow/min-cut it can be filled
exactly when, for every set T of colours,

    sum(pool[c] for c in T) + sum(min(need[p], |allowed[p] - T|) for p) >= sum(need)

`slack(T)` is the left side minus the right. Putting colour c on planet q lowers the slack of
every T holding c by one when need[q] <= |allowed[q] - T| and leaves the others alone, so one
table of slacks answers every candidate placement.
"""

from __future__ import annotations

from itertools import combinations

COLOURS = 4
ALL = (1 << COLOURS) - 1
POPCOUNT = tuple(bin(m).count("1") for m in range(1 << COLOURS))


def slacks(pool: list[int], need: list[int], allowed: list[int]) -> list[int]:
    """slack(T) for every colour set T (a bit mask), over planets given as parallel lists."""
    total = sum(need)
    out = []
    for t in range(1 << COLOURS):
        value = sum(pool[c] for c in range(COLOURS) if t >> c & 1) - total
        keep = ALL & ~t
        for n, a in zip(need, allowed):
            if n:
                room = POPCOUNT[a & keep]
                value += n if n < room else room
        out.append(value)
    return out


def fillable(pool: list[int], need: list[int], allowed: list[int]) -> bool:
    return min(slacks(pool, need, allowed)) >= 0


def keeps_fillable(table: list[int], colour: int, need: int, allowed: int) -> bool:
    """Whether putting `colour` on a planet with `need` and `allowed` keeps every slack >= 0."""
    for t in range(1 << COLOURS):
        if t >> colour & 1 and table[t] == 0 and need <= POPCOUNT[allowed & ALL & ~t]:
            return False
    return True


def fresh_fillable(pool: list[int], sizes: list[int]) -> bool:
    """The same test when none of the planets holds a nut yet (only the size of T matters)."""
    total = sum(sizes)
    ordered = sorted(pool)
    return all(sum(ordered[:t]) + sum(min(n, COLOURS - t) for n in sizes) >= total for t in range(COLOURS + 1))


def colour_sets(size: int) -> list[tuple[int, ...]]:
    return list(combinations(range(COLOURS), size))
