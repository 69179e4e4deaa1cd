"""`pnp tune`: values for a balance target, searched by Optuna over declared ranges, within a budget of games.

Each trial is a variant (generator.sweep.variants: the values written in, checked like any edit) played
on the same seeds as every other trial, so trials differ by their values and not by their luck. Optuna's
TPE sampler (seeded: the same command proposes the same values) picks the next values from the
distances seen so far; a variant that breaks the game counts as a failed trial, not as an error. The
search stops when a trial meets the target or the budget of games is spent. A trial whose values were
tried before is not played again. Trials play on local processes, or on Ray (`--cluster`) with the
same results: one runtime and its actors for the whole search.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.content.loader import GameContent
from generator.rules.simulate import GameResult
from generator.sweep.batch import Batch, play_local
from generator.sweep.figures import policy_figures
from generator.sweep.targets import Target
from generator.sweep.variants import Variant, VariantFailed, make_variant
from generator.sweep.vary import PathRefused, read_value


class OptunaMissing(Exception):
    """Optuna is not installed here."""


@dataclass(frozen=True)
class Range:
    """A value to tune: integers or numbers from `low` to `high`, or one of `choices`."""

    path: str
    low: float = 0
    high: float = 0
    choices: tuple[Any, ...] = ()

    def suggest(self, trial: Any) -> Any:
        if self.choices:
            return trial.suggest_categorical(self.path, list(self.choices))
        if isinstance(self.low, int) and isinstance(self.high, int):
            return trial.suggest_int(self.path, self.low, self.high)
        return trial.suggest_float(self.path, float(self.low), float(self.high))


def parse_range(text: str) -> Range:
    """`PATH=LOW..HIGH` or `PATH=A,B,C`."""
    path, sep, values = text.partition("=")
    while sep and "[" in path and "]" not in path.split("[")[-1]:
        more, sep, values = values.partition("=")
        path = f"{path}={more}"
    if not sep or not values.strip():
        raise PathRefused(f"--param takes PATH=LOW..HIGH or PATH=A,B,C, not {text!r}")
    low, dots, high = values.partition("..")
    if dots:
        a, b = read_value(low), read_value(high)
        if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in (a, b)) or a >= b:
            raise PathRefused(f"--param {path.strip()}: {values} is not a range of numbers, low..high")
        return Range(path.strip(), a, b)
    return Range(path.strip(), choices=tuple(read_value(v) for v in values.split(",")))


@dataclass
class Trial:
    values: dict[str, Any]
    distance: float | None            # None: the variant broke the game
    figures: dict[str, Any] = field(default_factory=dict)
    games: int = 0                    # games this trial played (0: its values were played before)

    def as_json(self) -> dict[str, Any]:
        return {"values": self.values, "distance": self.distance, "figures": self.figures, "games": self.games}


@dataclass
class TuneOutcome:
    target: Target
    trials: list[Trial]
    games_played: int
    best: Trial | None

    @property
    def met(self) -> bool:
        return self.best is not None and self.best.distance == 0


def load_optuna() -> Any:
    try:
        optuna = importlib.import_module("optuna")
    except ImportError:
        raise OptunaMissing("pnp tune needs Optuna: pip install 'pnp-forge[tune]'") from None
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    return optuna


Play = Callable[[list[Variant], Batch], dict[str, list[GameResult]]]


def search(base: GameContent, ranges: list[Range], target: Target, batch: Batch, budget: int, work: Path,
           jobs: int, cooperative: bool, groups: Any, on_trial: Callable[[Trial], None] | None = None,
           play: Play | None = None) -> TuneOutcome:
    """Trials until one meets the target or `budget` games are played. `play` plays a trial's games (the Ray
    backend's `RayBackend.play`); by default `jobs` local processes."""
    from generator.rules.simulate import summarize

    optuna = load_optuna()
    study = optuna.create_study(direction="minimize", sampler=optuna.samplers.TPESampler(seed=batch.seed))
    trials: list[Trial] = []
    played: dict[str, Trial] = {}
    spent = 0

    def objective(trial: Any) -> float:
        nonlocal spent
        values = {r.path: r.suggest(trial) for r in ranges}
        try:
            variant = make_variant(base, values, work, len(trials))
        except VariantFailed as failed:
            trials.append(Trial(values, None, {"broke": failed.errors[0].one_line() if failed.errors else ""}))
            raise optuna.TrialPruned() from None
        known = played.get(variant.content_hash)
        if known is not None:
            done = Trial(values, known.distance, known.figures)
        else:
            results = (play or (lambda vs, b: play_local(vs, b, jobs)))([variant], batch)[variant.content_hash]
            spent += len(results)
            summary = summarize(base.id, batch.policy, batch.options, batch.seed, results, cooperative, groups)
            distance, figures = target.distance(summary)
            figures["policies"] = policy_figures(results, batch.policy, cooperative)
            done = Trial(values, round(distance, 3), figures, len(results))
            played[variant.content_hash] = done
        trials.append(done)
        if on_trial:
            on_trial(done)
        if done.distance == 0 or spent + batch.games > budget:
            study.stop()
        assert done.distance is not None
        return done.distance

    study.optimize(objective, n_trials=max(1, budget // batch.games) * 4, catch=())
    scored = [t for t in trials if t.distance is not None]
    best = min(scored, key=lambda t: t.distance or 0.0) if scored else None
    return TuneOutcome(target, trials, spent, best)
