"""The fast set-up arithmetic of placement.py agrees with its definition, written out the slow way."""

from __future__ import annotations

import random

from generator.rules.astronuts import placement

COLOURS = placement.COLOURS


def slack_by_definition(pool, need, allowed, t):
    """sum(pool[c] for c in T) + sum(min(need, |allowed - T|)) - sum(need), as the module docstring says."""
    room = sum(min(n, bin(a & ~t & 15).count("1")) for n, a in zip(need, allowed, strict=False))
    return sum(pool[c] for c in range(COLOURS) if t >> c & 1) + room - sum(need)


def keeps_by_definition(pool, need, allowed, i, colour):
    """Place `colour` on planet i and ask whether every slack is still >= 0."""
    pool, need, allowed = list(pool), list(need), list(allowed)
    pool[colour] -= 1
    need[i] -= 1
    allowed[i] &= ~(1 << colour)
    return all(slack_by_definition(pool, need, allowed, t) >= 0 for t in range(1 << COLOURS))


def random_table(rng):
    planets = rng.randint(1, 12)
    need = [rng.choice((0, 1, 2, 3)) for _ in range(planets)]
    allowed = [rng.randrange(16) for _ in range(planets)]
    need = [min(n, bin(a).count("1")) for n, a in zip(need, allowed, strict=False)]
    pool = [rng.randint(0, 6) for _ in range(COLOURS)]
    return pool, need, allowed


def test_slacks_and_blocked_colours_agree_with_the_definition():
    rng = random.Random(15)
    blocked_seen = 0
    for _ in range(1500):
        pool, need, allowed = random_table(rng)
        groups: dict[tuple[int, int], int] = {}
        for n, a in zip(need, allowed, strict=False):
            if n:
                groups[n, a] = groups.get((n, a), 0) + 1
        table = placement.grouped_slacks(pool, groups, sum(need))
        assert table == [slack_by_definition(pool, need, allowed, t) for t in range(1 << COLOURS)]
        if min(table) < 0:
            continue
        tight = placement.tight_sets(table)
        for i, (n, a) in enumerate(zip(need, allowed, strict=False)):
            if n <= 0:
                continue
            blocked = placement.blocked_colours(tight, n, a)
            for c in range(COLOURS):
                if a >> c & 1 and pool[c] > 0:
                    assert (not blocked >> c & 1) == keeps_by_definition(pool, need, allowed, i, c)
                    blocked_seen += bool(blocked >> c & 1)
    assert blocked_seen > 50                     # the cases include placements that must be refused


def test_the_quick_start_test_agrees_with_the_slack_of_empty_planets():
    rng = random.Random(16)
    answers = set()
    for _ in range(3000):
        pool = [rng.randint(0, 8) for _ in range(COLOURS)]
        sizes = [rng.choice((2, 3)) for _ in range(rng.randint(0, 10))]
        expected = all(slack_by_definition(pool, sizes, [15] * len(sizes), t) >= 0 for t in range(1 << COLOURS))
        assert placement.fresh_fillable(pool, sizes) == expected
        answers.add(expected)
    assert answers == {True, False}


def test_the_packed_table_finds_the_same_tight_sets():
    rng = random.Random(17)
    tight_seen = 0
    for _ in range(3000):
        pool, need, allowed = random_table(rng)
        if rng.random() < 0.05:
            pool = [rng.randint(40, 90) for _ in range(COLOURS)]          # too big for a byte: the long way
        groups: dict[tuple[int, int], int] = {}
        for n, a in zip(need, allowed, strict=False):
            if n:
                groups[n, a] = groups.get((n, a), 0) + 1
        table = placement.grouped_slacks(pool, groups, sum(need))
        tight = placement.grouped_tight_sets(pool, groups, sum(need))
        assert tight == placement.tight_sets(table)
        tight_seen += bool(tight)
    assert tight_seen > 100
