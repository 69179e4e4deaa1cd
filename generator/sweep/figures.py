"""A sweep's figures: per variant the win rates (overall, per seat, per policy, per card taken) with 95 % intervals
and game length, and each variant's paired difference to the base game on the same seeds."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from generator.rules.core import seat_label
from generator.rules.simulate import GameResult, Summary, summarize, wilson
from generator.sweep.batch import Batch
from generator.sweep.paired import (
    PAIRED_MEAN_TEST,
    PAIRED_PROPORTION_TEST,
    PairedDifference,
    paired_mean,
    paired_proportion,
)
from generator.sweep.variants import Variant
from generator.sweep.vary import Vary


@dataclass
class VariantFigures:
    variant: Variant
    summary: Summary
    policies: list[dict[str, Any]]
    paired: list[PairedDifference]

    def as_json(self) -> dict[str, Any]:
        summary = self.summary.as_json()
        games = summary.pop("results", None)  # per game: in the local run's simulate output, not in a sweep's report
        digest = hashlib.sha256(json.dumps(games, sort_keys=True).encode()).hexdigest()
        return {**self.variant.as_json(), "summary": summary, "policies": self.policies,
                "paired": [p.as_json() for p in self.paired],
                "games_sha256": digest}  # of every game's seed, ending, length and winners: two runs compare by it


@dataclass
class SweepFigures:
    game: str
    batch: Batch
    varies: list[Vary]
    cooperative: bool
    backend: str
    variants: list[VariantFigures] = field(default_factory=list)
    cluster: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {"game": self.game, "games": self.batch.games, "policy": self.batch.policy,
                "batch_seed": self.batch.seed, "max_turns": self.batch.max_turns, "options": self.batch.options,
                "varies": [v.as_json() for v in self.varies], "cooperative": self.cooperative,
                "backend": self.backend, "cluster": self.cluster,
                "tests": {"proportions": PAIRED_PROPORTION_TEST, "game length": PAIRED_MEAN_TEST},
                "variants": [v.as_json() for v in self.variants]}


def policy_figures(results: list[GameResult], policy: str, cooperative: bool) -> list[dict[str, Any]]:
    """Per policy (one per seat, comma-separated; one name plays every seat): the share of its seats' games won
    (a cooperative game: the share of the games the table won)."""
    names = policy.split(",")
    rows = []
    for name in dict.fromkeys(names):
        seats = [s for s in range(max((len(r.scores) for r in results), default=len(names)))
                 if (names[s] if len(names) > 1 and s < len(names) else names[0]) == name]
        if cooperative or not seats:
            played, won = len(results), sum(r.won for r in results)
        else:
            played, won = len(results) * len(seats), sum(seat in r.winners for r in results for seat in seats)
        low, high = wilson(won, played)
        rows.append({"policy": name, "seats": [seat_label(s) for s in seats], "seat_games": played, "wins": won,
                     "rate": round(won / played, 4) if played else 0.0, "interval": [round(low, 4), round(high, 4)]})
    return rows


def paired_rows(base: list[GameResult], other: list[GameResult], cooperative: bool) -> list[PairedDifference]:
    """The variant against the base, seed by seed: wins (per seat in a competitive game), endings, game length."""
    rows: list[PairedDifference] = []
    if cooperative:
        rows.append(paired_proportion("won", [r.won for r in base], [r.won for r in other]))
    else:
        seats = max((len(r.scores) for r in [*base, *other]), default=0)
        for seat in range(seats):
            rows.append(paired_proportion(f"{seat_label(seat)} wins", [seat in r.winners for r in base],
                                          [seat in r.winners for r in other]))
    for cause in sorted({r.cause for r in [*base, *other]}):
        rows.append(paired_proportion(f"ends: {cause}", [r.cause == cause for r in base],
                                      [r.cause == cause for r in other]))
    rows.append(paired_mean("turns per game", [float(r.turns) for r in base], [float(r.turns) for r in other]))
    return rows


def sweep_figures(game: str, batch: Batch, varies: list[Vary], variants: list[Variant], cooperative: bool,
                  groups: Mapping[str, tuple[str, ...]], results: dict[str, list[GameResult]],
                  backend: str) -> SweepFigures:
    """The figures of every variant; `variants[0]` is the base."""
    figures = SweepFigures(game, batch, varies, cooperative, backend)
    base = results[variants[0].content_hash]
    for variant in variants:
        played = results[variant.content_hash]
        summary = summarize(game, batch.policy, batch.options, batch.seed, played, cooperative, groups)
        figures.variants.append(VariantFigures(variant, summary, policy_figures(played, batch.policy, cooperative),
                                               paired_rows(base, played, cooperative)))
    return figures
