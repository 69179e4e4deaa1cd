"""The paired tests: textbook values, and what they make of the same seeds played twice."""

from __future__ import annotations

import math

import pytest

from generator.sweep.paired import mcnemar_p, paired_mean, paired_proportion


def test_mcnemars_exact_test_is_the_binomial_test_of_the_changed_seeds() -> None:
    # 10 changed seeds, 1 one way and 9 the other: 2 × P(X ≤ 1 | n = 10, ½) = 2 × 11 / 1024
    assert mcnemar_p(1, 9) == pytest.approx(22 / 1024) and mcnemar_p(9, 1) == mcnemar_p(1, 9)
    assert mcnemar_p(0, 0) == 1.0 and mcnemar_p(5, 5) == 1.0
    assert mcnemar_p(0, 6) == pytest.approx(2 / 64)


def test_past_the_exact_range_the_normal_approximation_with_continuity_correction() -> None:
    assert mcnemar_p(2600, 3000) == pytest.approx(math.erfc((400 - 1) / math.sqrt(5600) / math.sqrt(2)))


def test_a_paired_proportion_counts_only_the_seeds_that_changed() -> None:
    first = [True] * 30 + [False] * 70
    second = [True] * 30 + [True] * 10 + [False] * 60
    row = paired_proportion("won", first, second)
    assert row.changed == (0, 10) and row.difference == pytest.approx(0.10) and row.significant
    low, high = row.interval
    assert low < 0.10 < high and low > 0


def test_a_paired_mean_tests_the_per_seed_differences() -> None:
    first = [float(10 + i % 7) for i in range(200)]
    second = [v + 1 for v in first]          # every game one turn longer: no spread, certain
    row = paired_mean("turns", first, second)
    assert row.difference == 1.0 and row.p_value == 0.0 and row.interval == (1.0, 1.0)
    assert paired_mean("turns", first, list(first)).p_value == 1.0
