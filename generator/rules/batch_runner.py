"""The one batch runner: games 0..n-1 of a batch in chunks, on local processes, results in game order.

`pnp simulate`, `pnp balance`, `pnp diff`'s balance delta and `pnp sweep` play their games here
(through generator.rules.simulate); `pnp sweep --cluster` sends the same chunks (`chunks`) to Ray's
actors instead (generator.sweep.ray_backend). A game's result depends only on its seed, so how the
games are cut and where they run changes nothing game by game.

Local processes are a standard `concurrent.futures.ProcessPoolExecutor` (generator.pool), forked
where there is fork, so the workers start with the game made here. Chunks go out a few per worker
ahead and come back in game order; the progress bar moves as they do.

A game's own engine module is the designer's code: one of its games may never end (an `apply`
that loops) or end its process (`os._exit`, `sys.exit`). Its batch is played one game per task
with no more tasks out than workers, so each task is being played from the moment it is sent:
a task out longer than the time limit names its game (`GameStopped`). A worker that ends takes
the pool with it; the games then out are played again one by one, alone, to name the one that
ends its process (the games are seeded, so it ends again).
"""

from __future__ import annotations

import os
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, wait
from typing import Any, TypeVar

from generator.forked import ChildFailed
from generator.pool import Pool, result

Result = TypeVar("Result")
Progress = Callable[[int], None]
LONGEST_CHUNK = 50  # games per chunk at most: progress moves in steps no longer than this
CHUNKS_PER_WORKER = 4  # shorter chunks when the batch is small, so the workers finish together
IN_FLIGHT = 2  # chunks sent ahead per worker
NOT_PLAYING = -1


def chunks(games: int, workers: int) -> Iterator[range]:
    """Games 0..games-1 in chunks of equal size (a range: a billion games take no memory until played)."""
    size = max(1, min(LONGEST_CHUNK, games // max(1, CHUNKS_PER_WORKER * workers)))
    return (range(start, min(games, start + size)) for start in range(0, games, size))


def in_order(submit: Callable[[range], Future[Any]], collect: Callable[[Future[Any]], list[Result]],
             games: int, workers: int, on_progress: Progress | None = None) -> list[Result]:
    """Every chunk through `submit`, at most IN_FLIGHT per worker out at once; `collect`ed in game order."""
    results: list[Result] = []
    pending: deque[Future[Any]] = deque()
    for run in chunks(games, workers):
        if len(pending) >= IN_FLIGHT * workers:
            _take(pending, collect, results, on_progress)
        pending.append(submit(run))
    while pending:
        _take(pending, collect, results, on_progress)
    return results


def _take(pending: deque[Future[Any]], collect: Callable[[Future[Any]], list[Result]], results: list[Result],
          on_progress: Progress | None) -> None:
    part = collect(pending.popleft())
    results.extend(part)
    if on_progress:
        on_progress(len(part))


def play_local(play_one: Callable[[int], Result], games: int, jobs: int,
               on_progress: Progress | None = None) -> list[Result]:
    """`play_one(i)` for i in 0..games-1 on `jobs` forked workers (here, with one job); results in game order.
    A worker's failure is raised here (generator.pool.result)."""
    if jobs <= 1:
        return in_order(_here(lambda run: [play_one(i) for i in run]), _done, games, 1, on_progress)
    with Pool(lambda run: [play_one(i) for i in run], jobs) as pool:
        return in_order(pool.submit, result, games, jobs, on_progress)


def _here(work: Callable[[range], list[Result]]) -> Callable[[range], Future[list[Result]]]:
    def submit(run: range) -> Future[list[Result]]:
        future: Future[list[Result]] = Future()
        future.set_result(work(run))
        return future
    return submit


def _done(future: Future[list[Result]]) -> list[Result]:
    return future.result()


class GameStopped(Exception):
    """Game `index` of a watched batch ran past `seconds` (`timed_out`) or its process ended in the middle of it
    (`index` is NOT_PLAYING when no game ends it when played again alone)."""

    def __init__(self, index: int, timed_out: bool, seconds: float) -> None:
        super().__init__(f"game {index} {'timed out' if timed_out else 'ended its process'}")
        self.index, self.timed_out, self.seconds = index, timed_out, seconds


class ChildTraceback(Exception):
    """A worker's traceback as text, the cause of its ChildFailed: its frames name the engine's file and line."""


def _guarded(play_one: Callable[[int], Result]) -> Callable[[int], Result]:
    def play(index: int) -> Result:
        try:
            return play_one(index)
        except SystemExit:  # the game's engine quit: the pool breaks and the game is named
            os._exit(1)
    return play


def play_watched(play_one: Callable[[int], Result], games: int, jobs: int, seconds: float,
                 on_progress: Progress | None = None) -> list[Result]:
    """`play_one(i)` for i in 0..games-1, one game per task on `jobs` workers while this process watches:
    GameStopped when a game takes longer than `seconds` or ends its worker (every worker is then ended)."""
    play = _guarded(play_one)
    out: dict[Future[Any], tuple[int, float]] = {}
    try:
        with Pool(play, max(1, jobs)) as pool:
            return _watch(pool, out, games, max(1, jobs), seconds, on_progress)
    except ChildFailed as failed:
        if failed.details:  # a fault the engine raised: where in the engine (generator.rules.faults)
            raise failed from ChildTraceback(failed.details)
        raise GameStopped(_ends_its_process(play, sorted(i for i, _ in out.values()), seconds), False,
                          seconds) from None


def _watch(pool: Pool, out: dict[Future[Any], tuple[int, float]], games: int, jobs: int, seconds: float,
           on_progress: Progress | None) -> list[Any]:
    results: list[Any] = []
    finished: dict[int, Any] = {}
    following = 0
    while following < games or out:
        while following < games and len(out) < jobs:
            out[pool.submit(following)] = (following, time.monotonic())
            following += 1
        for future in wait(out, 0.25, return_when=FIRST_COMPLETED).done:
            index, _ = out[future]
            finished[index] = result(future)  # a broken pool raises here, `out` still naming the games out
            del out[future]
        while len(results) in finished:
            results.append(finished.pop(len(results)))
            if on_progress:
                on_progress(1)
        now = time.monotonic()
        overdue = [index for index, since in out.values() if now - since > seconds]
        if overdue:
            raise GameStopped(min(overdue), True, seconds)
    return results


def _ends_its_process(play: Callable[[int], Any], indices: list[int], seconds: float) -> int:
    """Of the games out when a worker ended, the first that ends its worker when played alone (NOT_PLAYING: none)."""
    for index in indices:
        try:
            with Pool(play, 1) as alone:
                future = alone.submit(index)
                if not wait([future], seconds).done:
                    raise GameStopped(index, True, seconds)
                result(future)
        except ChildFailed as failed:
            if not failed.details:
                return index
    return NOT_PLAYING
