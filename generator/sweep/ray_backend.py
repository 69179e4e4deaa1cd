"""The Ray backend: a sweep's games as chunks on the actors of a Ray cluster (`--cluster local` or ray://HOST:PORT).

The batch runner's second backend: the same chunks of seeded games as local processes play
(generator.rules.batch_runner), played by `play_out` on the actors.

One actor per core (generator.sweep.worker.ChunkPlayer) keeps the games it has loaded; each variant's
folder is put in the object store once, as bytes keyed by its content hash, and a worker fetches it
only for a variant it has not loaded yet. Tasks are chunks of seeded games, a few in flight per actor;
results come back as chunks finish (the progress bar moves then) and are put back in game order,
so they are the local run's game by game. An actor that dies (its node went away) is dropped and
its chunks go to the others; no scheduler of our own beyond handing chunks to idle actors.

Ray starts slowly (seconds for `ray.init` and the actors' imports): it pays for sweeps of many
CPU-minutes, or a cluster that is up anyway; local processes stay the default.
"""

from __future__ import annotations

import importlib
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from generator.rules import batch_runner
from generator.rules.simulate import GameResult
from generator.sweep.batch import Batch, Progress, distinct
from generator.sweep.variants import Variant, folder_bytes
from generator.sweep.worker import ChunkPlayer, pinned_version

IN_FLIGHT = 2       # chunks sent ahead per actor


class RayMissing(Exception):
    """Ray is not installed here."""


class ClusterFailed(Exception):
    """The cluster could not be reached, refused the work, or lost every worker: one sentence."""


def load_ray() -> Any:
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise RayMissing("--cluster needs Ray: pip install 'pnp-forge[cluster]'") from None


@dataclass
class ChunkTimes:
    """What the cluster cost beyond playing: the start, and per chunk the actors' time not spent in a call
    (dispatch, transfer, results, waiting at the batch's end): (playing wall × actors − Σ call time) / chunks."""

    played: list[float] = field(default_factory=list)   # per chunk: the worker's call, in seconds of wall time
    started: float = 0.0            # seconds from ray.init to every actor ready
    playing: float = 0.0            # seconds from the first chunk sent to the last result
    actors: int = 0
    lost_workers: int = 0

    @property
    def overhead_per_chunk(self) -> float:
        return max(0.0, self.playing * self.actors - sum(self.played)) / len(self.played) if self.played else 0.0

    def as_json(self) -> dict[str, Any]:
        return {"chunks": len(self.played), "actors": self.actors, "start_seconds": round(self.started, 3),
                "playing_seconds": round(self.playing, 3), "overhead_per_chunk": round(self.overhead_per_chunk, 4),
                "lost_workers": self.lost_workers}


def chunks(games: int, workers: int) -> list[tuple[int, int]]:
    """The local runner's chunks (generator.rules.batch_runner) as (start, stop)."""
    return [(run.start, run.stop) for run in batch_runner.chunks(games, workers)]


def play_ray(variants: list[Variant], batch: Batch, address: str, jobs: int | None,
             on_progress: Progress | None = None, times: ChunkTimes | None = None,
             on_chunk: Any = None) -> dict[str, list[GameResult]]:
    """Each distinct variant's games on the cluster at `address` ('local': a Ray runtime started here with
    `jobs` cores); results by content hash in game order. `on_chunk()` runs after each chunk (tests kill
    a worker from it)."""
    with RayBackend(address, jobs, times, on_chunk) as backend:
        return backend.play(variants, batch, on_progress)


class RayBackend:
    """A Ray runtime or cluster and one actor per core, kept up for several batches (`pnp tune`'s trials):
    the start is paid once, and each actor keeps the games it loaded."""

    def __init__(self, address: str, jobs: int | None, times: ChunkTimes | None = None, on_chunk: Any = None) -> None:
        self.ray = load_ray()
        self.times = times if times is not None else ChunkTimes()
        self.on_chunk = on_chunk
        began = time.monotonic()
        try:
            if address == "local":
                self.ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False, configure_logging=False)
            else:
                self.ray.init(address=address, log_to_driver=False, configure_logging=False)
        except Exception as exc:  # noqa: BLE001 - Ray raises many kinds for an unreachable cluster
            raise ClusterFailed(f"cannot reach the Ray cluster at {address}: {exc}".splitlines()[0]) from None
        try:
            self._start(jobs if address == "local" else None, began)
        except BaseException:
            self.ray.shutdown()
            raise

    def _start(self, jobs: int | None, began: float) -> None:
        ray = self.ray
        self.died = tuple(getattr(ray.exceptions, name) for name in ("RayActorError", "ActorUnavailableError",
                                                                     "NodeDiedError", "WorkerCrashedError")
                          if hasattr(ray.exceptions, name))
        self.version = pinned_version()
        cores = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self.cores = min(cores, jobs) if jobs else cores
        actor_class = ray.remote(num_cpus=1, max_restarts=0)(ChunkPlayer)
        self.actors = [actor_class.remote(self.version) for _ in range(self.cores)]
        try:
            ray.get([actor.ready.remote() for actor in self.actors])
        except Exception as exc:  # noqa: BLE001 - a refusing worker's error arrives wrapped by Ray
            raise ClusterFailed(f"a Ray worker refused the sweep: {_cause(exc)}") from None
        self.times.started, self.times.actors = time.monotonic() - began, len(self.actors)
        self.packed: dict[str, list[Any]] = {}

    def __enter__(self) -> RayBackend:
        return self

    def __exit__(self, *_: object) -> None:
        self.ray.shutdown()

    def play(self, variants: list[Variant], batch: Batch,
             on_progress: Progress | None = None) -> dict[str, list[GameResult]]:
        """Each distinct variant's games; results by content hash in game order."""
        ray, times = self.ray, self.times
        playing = time.monotonic()
        todo = distinct(variants)
        for v in todo:  # each variant's folder goes to the object store once
            self.packed.setdefault(v.content_hash, [ray.put(folder_bytes(v.content.root))])
        runs = chunks(batch.games, self.cores)
        queue: deque[tuple[str, int, int]] = deque((v.content_hash, a, b) for v in todo for a, b in runs)
        done: dict[tuple[str, int], list[GameResult]] = {}
        flying: dict[Any, tuple[Any, tuple[str, int, int]]] = {}

        def send(actor: Any) -> None:
            while queue and sum(owner is actor for owner, _ in flying.values()) < IN_FLIGHT:
                chunk = queue.popleft()
                ref = actor.play.remote(self.version, chunk[0], self.packed[chunk[0]], batch.options, batch.seed,
                                        chunk[1], chunk[2], batch.policy, batch.max_turns)
                flying[ref] = (actor, chunk)

        for actor in self.actors:
            send(actor)
        while flying:
            ready, _ = ray.wait(list(flying), num_returns=1, timeout=1.0)
            for ref in ready:
                actor, chunk = flying.pop(ref)
                try:
                    results, seconds = ray.get(ref)
                except self.died:
                    if actor in self.actors:
                        self.actors.remove(actor)
                        times.lost_workers += 1
                    queue.appendleft(chunk)
                    if not self.actors:
                        raise ClusterFailed("every Ray worker of the sweep died; see the cluster's logs") from None
                    continue
                except Exception as exc:  # noqa: BLE001 - the game's engine failed on the worker
                    raise ClusterFailed(f"a game failed on a Ray worker: {_cause(exc)}") from None
                times.played.append(seconds)
                done[(chunk[0], chunk[1])] = results
                if on_progress:
                    on_progress(len(results))
                if self.on_chunk:
                    self.on_chunk()
            for actor in self.actors:
                send(actor)
        times.playing += time.monotonic() - playing
        return {v.content_hash: [r for a, _ in runs for r in done[(v.content_hash, a)]] for v in todo}


def _cause(exc: BaseException) -> str:
    cause = getattr(exc, "cause", None) or exc
    return str(cause).strip().splitlines()[-1] if str(cause).strip() else type(cause).__name__
