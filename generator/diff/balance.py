"""The balance delta: the same seeded games played under both revisions, and whether the figures moved.

Both revisions play one batch (same batch seed, so game i has the same seed on both sides, same
policy, the same options: the game's defaults or those `--option` gives). The two outcomes of a
seed are therefore paired, and compared as pairs (generator.sweep.paired): win rates (for a
competitive game every seat's outright wins, and its shared wins when a batch has ties) and the
share of each ending by McNemar's exact test on the seeds whose outcome changed, game length by a
paired t-test on the per-seed differences. A difference counts as significant at p < 0.05. An
unpaired test (the two-proportion z-test) would count the luck both sides share as noise and call
fewer real differences significant.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.content.loader import GameContent
from generator.pool import jobs_for
from generator.rules.contract import OptionsError
from generator.rules.core import seat_label
from generator.rules.registry import make_game
from generator.rules.simulate import GameResult, simulate, wilson
from generator.sweep.paired import PAIRED_MEAN_TEST, PAIRED_PROPORTION_TEST, paired_mean, paired_proportion

ALPHA = 0.05
Z95 = 1.959964
PROPORTION_TEST = PAIRED_PROPORTION_TEST
MEAN_TEST = PAIRED_MEAN_TEST


def mean_interval(values: list[float]) -> tuple[float, float]:
    """The 95 % interval of a mean (normal approximation)."""
    if len(values) < 2:
        mean = values[0] if values else 0.0
        return (mean, mean)
    mean, half = statistics.fmean(values), Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return (mean - half, mean + half)


@dataclass
class Delta:
    """One figure before and after, with 95 % intervals, the test's p-value and its verdict."""

    label: str
    before: float
    after: float
    before_interval: tuple[float, float]
    after_interval: tuple[float, float]
    p_value: float
    test: str
    counts: tuple[int, int] | None = None   # successes before and after (proportions only)

    @property
    def significant(self) -> bool:
        return self.p_value < ALPHA

    def side(self, which: str) -> tuple[float, float, float]:
        """The figure of side `which` ("before" or "after") with its interval's low and high ends."""
        low, high = self.before_interval if which == "before" else self.after_interval
        return (self.before if which == "before" else self.after), low, high

    def as_json(self) -> dict[str, Any]:
        return {"label": self.label, "before": round(self.before, 4), "after": round(self.after, 4),
                "before_interval": [round(x, 4) for x in self.before_interval],
                "after_interval": [round(x, 4) for x in self.after_interval],
                "p_value": round(self.p_value, 4), "significant": self.significant, "test": self.test,
                "counts": list(self.counts) if self.counts else None}


def proportion(label: str, before: list[bool], after: list[bool]) -> Delta:
    """A yes/no figure per seed on both sides (same seed order), compared as pairs."""
    n = len(before)
    k1, k2 = sum(before), sum(after)
    paired = paired_proportion(label, before, after)
    return Delta(label, k1 / n, k2 / n, wilson(k1, n), wilson(k2, n), paired.p_value, PROPORTION_TEST, (k1, k2))


@dataclass
class BalanceDelta:
    game: str
    policy: str
    games: int
    batch_seed: int
    options: dict[str, Any]
    cooperative: bool
    rows: list[Delta] = field(default_factory=list)   # win rate(s), then each ending, then game length
    games_changed: int = 0                            # seeds whose game ended otherwise or took other turns

    @property
    def significant(self) -> list[Delta]:
        return [row for row in self.rows if row.significant]

    @property
    def statement(self) -> str:
        """The verdict in one plain sentence."""
        moved = self.significant
        same = f"{self.games} games per revision, the same seeds, policy {self.policy}"
        if not moved:
            return (f"No significant difference at the 5 % level in win rates, endings or game length ({same}); "
                    f"{self.games_changed} of {self.games} games played out differently.")
        parts = [f"{row.label} {_figure(row, row.before)} → {_figure(row, row.after)} (p = {row.p_value:.3g})"
                 for row in moved]
        return f"Significant at the 5 % level: {'; '.join(parts)} ({same})."

    def as_json(self) -> dict[str, Any]:
        return {"game": self.game, "policy": self.policy, "games": self.games, "batch_seed": self.batch_seed,
                "options": self.options, "cooperative": self.cooperative, "rows": [r.as_json() for r in self.rows],
                "games_changed": self.games_changed, "statement": self.statement,
                "tests": {"proportions": PROPORTION_TEST, "game length": MEAN_TEST}}


def _figure(row: Delta, value: float) -> str:
    return f"{value:.1%}" if row.counts is not None else f"{value:.2f}"


def compare_batches(game: str, policy: str, batch_seed: int, options: dict[str, Any], cooperative: bool,
                    before: list[GameResult], after: list[GameResult]) -> BalanceDelta:
    """The delta of two batches of the same seeds."""
    n = len(before)
    assert n == len(after) and n > 0
    delta = BalanceDelta(game, policy, n, batch_seed, options, cooperative)
    if cooperative:
        delta.rows.append(proportion("won", [r.won for r in before], [r.won for r in after]))
    else:
        seats = max((len(r.scores) for r in [*before, *after]), default=0)
        for seat in range(seats):  # a tie is a shared win, compared apart from outright wins
            delta.rows.append(proportion(f"{seat_label(seat)} wins outright", [r.winners == (seat,) for r in before],
                                         [r.winners == (seat,) for r in after]))
            shared_before = [seat in r.winners and len(r.winners) > 1 for r in before]
            shared_after = [seat in r.winners and len(r.winners) > 1 for r in after]
            if any(shared_before) or any(shared_after):
                delta.rows.append(proportion(f"{seat_label(seat)} shares a win", shared_before, shared_after))
    for cause in sorted({r.cause for r in [*before, *after]}):
        delta.rows.append(proportion(f"ends: {cause}", [r.cause == cause for r in before],
                                     [r.cause == cause for r in after]))
    turns_before, turns_after = [float(r.turns) for r in before], [float(r.turns) for r in after]
    delta.rows.append(Delta("turns per game", statistics.fmean(turns_before), statistics.fmean(turns_after),
                            mean_interval(turns_before), mean_interval(turns_after),
                            paired_mean("turns per game", turns_before, turns_after).p_value, MEAN_TEST))
    delta.games_changed = sum((a.cause, a.turns, a.winners) != (b.cause, b.turns, b.winners)
                              for a, b in zip(before, after, strict=False))
    return delta


class BalanceOptionsRefused(Exception):
    """A revision's engine does not take the options given (`side`: old or new)."""

    def __init__(self, side: str, message: str):
        super().__init__(message)
        self.side = side


def balance_delta(old: GameContent, old_dir: Path, new: GameContent, new_dir: Path, games: int, policy: str,
                  batch_seed: int = 0, jobs: int | None = 1, options: dict[str, Any] | None = None) -> BalanceDelta:
    """Play `games` seeded games with both revisions' content (and engines) and compare them.

    `options` (the game's options by name, as `--option` gives them) apply to both revisions; a
    revision whose engine refuses them raises BalanceOptionsRefused.
    """
    games_of: list[Any] = []
    for side, content in (("old", old), ("new", new)):
        try:
            games_of.append(make_game(content, dict(options or {})))
        except OptionsError as exc:
            raise BalanceOptionsRefused(side, str(exc)) from None
    old_game, new_game = games_of
    jobs = jobs_for(jobs, games)
    before = simulate(old, old_dir, games, policy, old_game.options, batch_seed, jobs)
    after = simulate(new, new_dir, games, policy, new_game.options, batch_seed, jobs)
    return compare_batches(new.id, policy, batch_seed, new_game.options, new_game.cooperative, before, after)
