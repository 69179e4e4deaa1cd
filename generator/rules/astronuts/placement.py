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

from functools import lru_cache
from itertools import combinations

COLOURS = 4
ALL = (1 << COLOURS) - 1
POPCOUNT = tuple(bin(m).count("1") for m in range(1 << COLOURS))
# ROOM[need][allowed][T] = min(need, |allowed - T|): what a planet can still take without the colours of T
# (a need above COLOURS reads as COLOURS: |allowed - T| never exceeds it)
ROOM = tuple(tuple(tuple(min(n, POPCOUNT[a & ALL & ~t]) for t in range(1 << COLOURS)) for a in range(1 << COLOURS))
             for n in range(COLOURS + 1))


def grouped_slacks(pool: list[int], groups: dict[tuple[int, int], int], total: int) -> list[int]:
    """slack(T) for every colour set T (a bit mask), over planets counted by (need, allowed); `total` is the sum of
    their needs."""
    out = [sum(pool[c] for c in range(COLOURS) if t >> c & 1) - total for t in range(1 << COLOURS)]
    for (n, allowed), times in groups.items():
        out = [v + times * r for v, r in zip(out, ROOM[min(n, COLOURS)][allowed], strict=True)]
    return out


# The same table packed into one int, a byte per colour set T (byte T), for the legal set at every set-up
# decision: the sum over the planets' groups is a few big-int additions instead of 16 per group.
# PACKED_ROOM[need][allowed] is ROOM's row packed; PACKED_POOL[c] has a 1 in the byte of every T holding c.
PACKED_ROOM = tuple(tuple(sum(r << (8 * t) for t, r in enumerate(row)) for row in rows) for rows in ROOM)
PACKED_POOL = tuple(sum(1 << (8 * t) for t in range(1 << COLOURS) if t >> c & 1) for c in range(COLOURS))
PACKED_ONES = sum(1 << (8 * t) for t in range(1 << COLOURS))


def grouped_tight_sets(pool: list[int], groups: dict[tuple[int, int], int], total: int) -> list[int]:
    """tight_sets(grouped_slacks(pool, groups, total)), the table packed (see PACKED_ROOM): byte T holds
    slack(T) + total, which is at most sum(pool) + total; a table whose bytes could overflow goes the long way."""
    a, b, c, d = pool
    if a + b + c + d + total > 255:
        return tight_sets(grouped_slacks(pool, groups, total))
    packed = a * PACKED_POOL[0] + b * PACKED_POOL[1] + c * PACKED_POOL[2] + d * PACKED_POOL[3]
    for (n, allowed), times in groups.items():
        packed += times * PACKED_ROOM[n if n < COLOURS else COLOURS][allowed]
    zero = (packed ^ total * PACKED_ONES).to_bytes(1 << COLOURS, "little")   # byte T is 0: slack(T) == 0
    if not zero.count(0, 1):
        return []
    return [t for t in range(1, 1 << COLOURS) if not zero[t]]


def tight_sets(table: list[int]) -> list[int]:
    """The non-empty colour sets whose slack is 0: only these can forbid a placement (the empty set has
    slack 0 always and forbids nothing)."""
    return [t for t in range(1, 1 << COLOURS) if table[t] == 0]


def blocked_colours(tight: list[int], need: int, allowed: int) -> int:
    """The colours (a bit mask) whose placement on a planet with `need` and `allowed` would break a tight set."""
    blocked = 0
    for t in tight:
        if need <= POPCOUNT[allowed & ALL & ~t]:
            blocked |= t
    return blocked


def fresh_fillable(pool: list[int], sizes: list[int]) -> bool:
    """The same test when none of the planets holds a nut yet (only the size of T matters)."""
    return fresh_fits(pool, fresh_rooms(tuple(sizes)))


@lru_cache(maxsize=256)
def fresh_rooms(sizes: tuple[int, ...]) -> tuple[int, ...]:
    """For |T| = 0..COLOURS: what empty planets of these sizes take without T's colours, minus all they need."""
    total = sum(sizes)
    return tuple(sum(min(n, COLOURS - t) for n in sizes) - total for t in range(COLOURS + 1))


def fresh_fits(pool: list[int], rooms: tuple[int, ...]) -> bool:
    """fresh_fillable with the planets' part read from `fresh_rooms` (the worst T holds the scarcest colours)."""
    ordered = sorted(pool)
    low = 0
    for t in range(COLOURS + 1):
        if low + rooms[t] < 0:
            return False
        if t < COLOURS:
            low += ordered[t]
    return True


def colour_sets(size: int) -> list[tuple[int, ...]]:
    return list(combinations(range(COLOURS), size))
