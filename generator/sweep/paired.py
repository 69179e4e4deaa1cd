"""Paired tests: the same seeds played twice (a base and a variant, or two revisions), compared seed by seed.

Game i has the same seed on both sides, so the two outcomes of a seed are not independent: most
seeds end the same way whatever a small change did. A test that treats the two batches as
independent samples (the two-proportion z-test) counts that shared luck as noise and misses real
differences; a paired test looks only at the seeds whose outcome changed.

- A yes/no outcome (a seat won, the game ended by this cause): McNemar's exact test, the two-sided
  binomial test of the discordant seeds (won on one side only) against an even split. It is exact
  at any size, so it stays sound when few seeds change; past 5,000 discordant seeds its normal
  approximation with continuity correction is used. The difference's 95 % interval is the Wald
  interval of a paired difference of proportions.
- A number (turns per game): the per-seed differences' mean against 0 (a paired t-test, normal
  approximation: batches are hundreds of games) and its 95 % interval.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

Z95 = 1.959964
ALPHA = 0.05
EXACT_UP_TO = 5000
PAIRED_PROPORTION_TEST = "McNemar's exact test on the seeds whose outcome changed (paired), p < 0.05"
PAIRED_MEAN_TEST = "paired t-test on the per-seed differences (normal approximation), p < 0.05"


def mcnemar_p(lost: int, gained: int) -> float:
    """Two-sided p of McNemar's exact test: `lost` seeds yes on the first side only, `gained` on the second only."""
    n = lost + gained
    if n == 0:
        return 1.0
    k = min(lost, gained)
    if n <= EXACT_UP_TO:
        tail = sum(math.comb(n, i) for i in range(k + 1))
        return min(1.0, 2 * tail / 2 ** n)
    z = max(0.0, abs(lost - gained) - 1) / math.sqrt(n)
    return min(1.0, math.erfc(z / math.sqrt(2)))


@dataclass(frozen=True)
class PairedDifference:
    """A figure on both sides of the same seeds: its values, the difference (second minus first) with its
    95 % interval, the paired test's p-value; `changed`: seeds whose outcome differs (proportions only)."""

    label: str
    first: float
    second: float
    difference: float
    interval: tuple[float, float]
    p_value: float
    test: str
    changed: tuple[int, int] | None = None   # (yes on the first side only, yes on the second only)

    @property
    def significant(self) -> bool:
        return self.p_value < ALPHA

    def as_json(self) -> dict[str, Any]:
        return {"label": self.label, "first": round(self.first, 4), "second": round(self.second, 4),
                "difference": round(self.difference, 4), "interval": [round(x, 4) for x in self.interval],
                "p_value": round(self.p_value, 6), "significant": self.significant, "test": self.test,
                "changed": list(self.changed) if self.changed else None}


def paired_proportion(label: str, first: Sequence[bool], second: Sequence[bool]) -> PairedDifference:
    """Per seed yes/no on both sides (same length, same seed order)."""
    n = len(first)
    assert n == len(second) and n > 0
    lost = sum(a and not b for a, b in zip(first, second, strict=True))
    gained = sum(b and not a for a, b in zip(first, second, strict=True))
    difference = (gained - lost) / n
    se = math.sqrt(max(0.0, (lost + gained) / n - difference ** 2) / n)
    return PairedDifference(label, sum(first) / n, sum(second) / n, difference,
                            (max(-1.0, difference - Z95 * se), min(1.0, difference + Z95 * se)),
                            mcnemar_p(lost, gained), PAIRED_PROPORTION_TEST, (lost, gained))


def paired_mean(label: str, first: Sequence[float], second: Sequence[float]) -> PairedDifference:
    """Per seed a number on both sides (same length, same seed order)."""
    n = len(first)
    assert n == len(second) and n > 0
    differences = [b - a for a, b in zip(first, second, strict=True)]
    mean = statistics.fmean(differences)
    se = statistics.stdev(differences) / math.sqrt(n) if n > 1 else 0.0
    p = (1.0 if mean == 0 else 0.0) if se == 0 else math.erfc(abs(mean / se) / math.sqrt(2))
    return PairedDifference(label, statistics.fmean(first), statistics.fmean(second), mean,
                            (mean - Z95 * se, mean + Z95 * se), p, PAIRED_MEAN_TEST)
