"""`pnp tune`: search values of a game for a balance target, report the best with their evidence, write a patch."""

from __future__ import annotations

import difflib
import hashlib
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.commands.failure import CommandFailed, CommandRefused, cannot_write
from generator.commands.loading import engine_faults, engine_game, load_engine_game
from generator.commands.sweep import cluster_address
from generator.commands.targets import try_target

if TYPE_CHECKING:
    from generator.sweep.tune import TuneOutcome

OnTrial = Callable[[Any], None]


@dataclass(frozen=True)
class TuneRequest:
    game: str
    params: tuple[str, ...]
    target: str
    budget: int = 4000
    games: int = 200
    policy: str = "greedy"
    seed: int = 0
    variant: str | None = None
    players: int | None = None
    option: tuple[str, ...] = ()
    jobs: int | None = None
    max_turns: int = 1000
    apply: bool = False
    out_dir: Path | None = None
    cluster: str | None = None


@dataclass
class TuneResult:
    game: str
    outcome: TuneOutcome
    patch: str
    written: dict[str, Path]
    applied: list[str]
    changed: dict[str, tuple[Any, Any]]  # path -> (the game's value, the best trial's), for the values that differ

    def as_json(self) -> dict[str, Any]:
        best = self.outcome.best
        return {"game": self.game, "target": self.outcome.target.text, "met": self.outcome.met,
                "games_played": self.outcome.games_played, "trials": [t.as_json() for t in self.outcome.trials],
                "best": best.as_json() if best else None, "patch": self.patch, "applied": self.applied,
                "changed": {path: {"from": old, "to": new} for path, (old, new) in self.changed.items()},
                "written": {k: str(v) for k, v in self.written.items()}}


def tune(content_dir: Path, request: TuneRequest, on_trial: OnTrial | None = None) -> TuneResult:
    """Search the ranges for the target; write the best values as a patch (and into the files with `apply`)."""
    from generator.pool import jobs_for
    from generator.rules.trust import copies_of
    from generator.sweep.batch import Batch
    from generator.sweep.ray_backend import ClusterFailed
    from generator.sweep.targets import TargetRefused, parse_target
    from generator.sweep.tune import OptunaMissing, load_optuna, parse_range, search
    from generator.sweep.vary import PathRefused, locate

    if request.cluster is not None:
        cluster_address(request.cluster)
    try:
        load_optuna()
        target = parse_target(request.target)
        ranges = [parse_range(text) for text in request.params]
    except (OptunaMissing, TargetRefused, PathRefused) as exc:
        raise CommandRefused(str(exc)) from None
    if not ranges:
        raise CommandRefused("name what to tune: --param 'PATH=LOW..HIGH' (or PATH=A,B,C)")
    base = load_engine_game(content_dir, request.game)
    rules = engine_game(base, request.variant, request.players, request.option)
    places = {}
    for r in ranges:
        try:
            places[r.path] = locate(base.root, r.path)
        except PathRefused as exc:
            raise CommandRefused(f"--param {exc}") from None
    if (target.kind == "fair-share") == rules.cooperative:
        raise CommandRefused(f"the target {request.target} does not fit {request.game}, a "
                             f"{'cooperative' if rules.cooperative else 'competitive'} game: "
                             f"{'win-rate' if rules.cooperative else 'fair-share or card-takers'} fits it")
    if request.budget < request.games:
        raise CommandRefused(f"--budget {request.budget} is less than one trial's --games {request.games}")
    batch = Batch(request.games, request.policy, request.seed, request.max_turns, dict(rules.options))
    folder = request.out_dir or Path("output") / "tunes"
    asked = repr((request.params, request.target, request.budget, request.games, request.policy, request.seed,
                  sorted(batch.options.items())))
    stem = f"{request.game}-{hashlib.blake2b(asked.encode(), digest_size=4).hexdigest()}"
    try_target(folder / f"{stem}.patch", "--out", make_folder=True)
    jobs = jobs_for(request.jobs, request.games)
    with tempfile.TemporaryDirectory(prefix="pnp-tune-") as work, copies_of(Path(work), base.root), \
            engine_faults(base), _backend(request) as play:
        try:
            outcome = search(base, ranges, target, batch, request.budget, Path(work), jobs, rules.cooperative,
                             rules.card_groups(), on_trial, play)
        except TargetRefused as exc:
            raise CommandRefused(str(exc)) from None
        except ClusterFailed as exc:
            raise CommandFailed.sentence(f"pnp: {exc}") from None
    from generator.sweep.vary import value_at

    best_values = outcome.best.values if outcome.best else {}
    was = {path: value_at(base.root, places[path]) for path in best_values}  # before --apply writes them
    changed = {path: (was[path], value) for path, value in best_values.items() if was[path] != value}
    edits = _edits(base.root, places, best_values)
    patch = "".join("".join(difflib.unified_diff(old.splitlines(keepends=True), new.splitlines(keepends=True),
                                                 f"a/{request.game}/{file}", f"b/{request.game}/{file}"))
                    for file, (old, new) in edits.items())
    written: dict[str, Path] = {}
    try:
        (folder / f"{stem}.patch").write_text(patch, encoding="utf-8")
        written["patch"] = folder / f"{stem}.patch"
    except OSError as exc:
        raise cannot_write(folder / f"{stem}.patch", exc) from None
    applied: list[str] = []
    if request.apply and outcome.met:
        for file, (_, new) in edits.items():
            try:
                (base.root / file).write_text(new, encoding="utf-8")
            except OSError as exc:
                raise cannot_write(base.root / file, exc) from None
            applied.append(str(base.root / file))
    return TuneResult(request.game, outcome, patch, written, applied, changed)


@contextmanager
def _backend(request: TuneRequest) -> Iterator[Any]:
    """How trials are played: None (local processes) or a Ray backend kept up for the whole search."""
    if request.cluster is None:
        yield None
        return
    from generator.sweep.ray_backend import ClusterFailed, RayBackend

    try:
        backend = RayBackend(request.cluster, request.jobs)
    except ClusterFailed as exc:
        raise CommandFailed.sentence(f"pnp: {exc}") from None
    with backend:
        yield lambda variants, batch: backend.play(variants, batch)


def _edits(root: Path, places: dict[str, Any], values: dict[str, Any]) -> dict[str, tuple[str, str]]:
    """Per file changed: its text and the text with the values written in (one scalar each, all else kept)."""
    from generator.sweep.yaml_edit import EditRefused, replace_scalar

    edits: dict[str, tuple[str, str]] = {}
    for path, value in values.items():
        place = places[path]
        old = edits[place.file][0] if place.file in edits else (root / place.file).read_text(encoding="utf-8")
        current = edits[place.file][1] if place.file in edits else old
        try:
            new, _ = replace_scalar(current, place.path, value)
        except EditRefused as exc:
            raise CommandFailed.sentence(f"pnp: {path}: {exc}") from None
        edits[place.file] = (old, new)
    return {file: pair for file, pair in edits.items() if pair[0] != pair[1]}
