"""`pnp sweep`: variants of a game's values, every variant on the same seeds, compared to the base game."""

from __future__ import annotations

import hashlib
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.commands.failure import CommandFailed, CommandRefused, cannot_write
from generator.commands.loading import engine_faults, engine_game, load_engine_game
from generator.commands.targets import try_target

if TYPE_CHECKING:
    from generator.sweep.figures import SweepFigures

ProgressStart = Callable[[str, int], Callable[[int], None]]
DEFAULT_GAMES = 400
DEFAULT_POLICY = "greedy"


@dataclass
class SweepResult:
    figures: SweepFigures
    written: dict[str, Path]

    def as_json(self) -> dict[str, Any]:
        return {**self.figures.as_json(), "written": {k: str(v) for k, v in self.written.items()}}


@dataclass(frozen=True)
class SweepRequest:
    """What the command line asks (None: the declared sweep's value, else the default)."""

    game: str
    vary: tuple[str, ...] = ()
    sweep_id: str | None = None
    games: int | None = None
    policy: str | None = None
    seed: int | None = None
    variant: str | None = None
    players: int | None = None
    option: tuple[str, ...] = ()
    jobs: int | None = None
    max_turns: int | None = None
    cluster: str | None = None
    out_dir: Path | None = None
    record: bool = False  # also into the game's balance/sweeps.json, which the designer site shows


def sweep(content_dir: Path, request: SweepRequest, on_start: ProgressStart | None = None) -> SweepResult:
    """Make and check every variant, play them all on the same seeds, write the report to output/sweeps/."""
    from generator.pool import jobs_for
    from generator.rules.simulate import DEFAULT_MAX_TURNS
    from generator.rules.trust import copies_of
    from generator.sweep.batch import Batch, distinct, play_local
    from generator.sweep.figures import sweep_figures
    from generator.sweep.html_report import write_report
    from generator.sweep.variants import Variant, VariantFailed, grid, make_variant

    if request.cluster is not None:
        cluster_address(request.cluster)
    base = load_engine_game(content_dir, request.game)
    rules = engine_game(base, request.variant, request.players, request.option)
    varies, declared = _varies(base, request)
    policy = request.policy or (declared.policy if declared else DEFAULT_POLICY)
    seats = policy.count(",") + 1
    if seats > 1 and seats != rules.num_players():
        raise CommandRefused(f"--policy {policy} names {seats} seats but the game seats {rules.num_players()}: "
                             "give one policy per seat")
    batch = Batch(request.games or (declared.games if declared else DEFAULT_GAMES), policy,
                  request.seed if request.seed is not None else (declared.seed if declared else 0),
                  request.max_turns or DEFAULT_MAX_TURNS, dict(rules.options))
    _check_paths(base, varies, declared)
    stem = _stem(request.game, varies, batch, declared.id if declared else None)
    folder = request.out_dir or Path("output") / "sweeps"
    try_target(folder / f"{stem}.html", "--out", make_folder=True)
    with tempfile.TemporaryDirectory(prefix="pnp-sweep-") as work, copies_of(Path(work), base.root):
        variants = [Variant({}, base, content_dir)]
        failed = []
        for number, values in enumerate(grid(varies)):
            try:
                variants.append(make_variant(base, values, Path(work), number))
            except VariantFailed as exc:
                failed.extend(exc.errors)
        if failed:
            raise CommandFailed(failed, note="no game was played: fix the sweep's values or the content")
        to_play = distinct(variants)
        advance = on_start(f"{request.game}: {len(to_play)} variants × {batch.games} games ({policy})",
                           len(to_play) * batch.games) if on_start else None
        cluster: dict[str, Any] = {}
        with engine_faults(base):
            if request.cluster is None:
                jobs = jobs_for(request.jobs, batch.games)
                results = play_local(variants, batch, jobs, advance)
                backend = f"{jobs} local process{'es' if jobs > 1 else ''}"
            else:
                results, cluster = _play_on_cluster(variants, batch, request, advance)
                backend = f"Ray ({request.cluster})"
        figures = sweep_figures(request.game, batch, varies, variants, rules.cooperative, rules.card_groups(),
                                results, backend)
        figures.cluster = cluster
    try:
        written = write_report(figures, folder, stem)
    except OSError as exc:
        raise cannot_write(folder, exc) from None
    if request.record:
        from generator.rules.balance import SWEEPS_FILE, record_sweep
        from generator.sweep.record import sweep_record

        try:
            written["record"] = record_sweep(base, sweep_record(figures, stem, rules.engine_version,
                                                                rules.content_hash()))
        except OSError as exc:
            raise cannot_write(base.root / SWEEPS_FILE, exc) from None
    return SweepResult(figures, written)


def _varies(base: Any, request: SweepRequest) -> tuple[list[Any], Any]:
    """The values to vary: --vary's, else the declared sweep's (`--sweep ID`, or the only one declared)."""
    from generator.sweep.vary import PathRefused, Vary, parse_vary

    declared_sweeps = base.game.sweeps
    if request.vary:
        if request.sweep_id:
            raise CommandRefused("give --vary or --sweep, not both")
        try:
            varies = [parse_vary(text) for text in request.vary]
        except PathRefused as exc:
            raise CommandRefused(str(exc)) from None
        if len({v.path for v in varies}) != len(varies):
            raise CommandRefused("--vary names the same path twice; give its values once, comma-separated")
        return varies, None
    known = ", ".join(s.id for s in declared_sweeps) or "none"
    if request.sweep_id:
        declared = next((s for s in declared_sweeps if s.id == request.sweep_id), None)
        if declared is None:
            raise CommandRefused(f"no sweep {request.sweep_id} in {request.game}'s game.yaml (declared: {known})")
    elif len(declared_sweeps) == 1:
        declared = declared_sweeps[0]
    else:
        raise CommandRefused(f"name what to vary: --vary 'PATH=V1,V2' or --sweep ID (declared in game.yaml: {known})")
    return [Vary(path, tuple(values)) for path, values in declared.vary.items()], declared


def _check_paths(base: Any, varies: list[Any], declared: Any) -> None:
    """Every path names one value of the game: bad usage for --vary, a content error for a declared sweep."""
    from generator.sweep.vary import PathRefused, locate

    for vary in varies:
        try:
            locate(base.root, vary.path)
        except PathRefused as exc:
            if declared is None:
                raise CommandRefused(f"--vary {exc}") from None
            index = base.game.sweeps.index(declared)
            mark = base.mark_of("game", base.id, "sweeps", index, "vary", vary.path)
            raise CommandFailed.at(mark.file, mark.line, str(exc), f"{mark}: error: {exc}", code="sweep") from None


def _stem(game: str, varies: list[Any], batch: Any, sweep_id: str | None) -> str:
    """The report's file name: the game, the sweep's id or the last key varied, and a digest of what was asked."""
    asked = repr(([v.as_json() for v in varies], batch.games, batch.policy, batch.seed, sorted(batch.options.items())))
    digest = hashlib.blake2b(asked.encode(), digest_size=4).hexdigest()
    name = sweep_id or "-".join(v.path.rsplit(".", 1)[-1] for v in varies)
    safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in name)[:40]
    return f"{game}-{safe}-{digest}"


def cluster_address(cluster: str) -> str:
    """`local` or `ray://HOST:PORT`; Ray must be installed (both are bad usage otherwise)."""
    from generator.sweep.ray_backend import RayMissing, load_ray

    if cluster != "local" and not cluster.startswith("ray://"):
        raise CommandRefused(f"--cluster takes 'local' or ray://HOST:PORT, not {cluster!r}")
    try:
        load_ray()
    except RayMissing as exc:
        raise CommandRefused(str(exc)) from None
    return cluster


def _play_on_cluster(variants: list[Any], batch: Any, request: SweepRequest,
                     advance: Callable[[int], None] | None) -> tuple[dict[str, Any], dict[str, Any]]:
    from generator.sweep.ray_backend import ChunkTimes, ClusterFailed, play_ray

    times = ChunkTimes()
    try:
        results = play_ray(variants, batch, request.cluster or "local", request.jobs, advance, times)
    except ClusterFailed as exc:
        raise CommandFailed.sentence(f"pnp: {exc}") from None
    return results, times.as_json()
