"""A batch of playouts played by this process and a process pool's forked workers (generator.pool), in game order.

The batch is cut into runs of games, long while much is left and shorter as it runs out, so the
workers finish within about a game of each other; a few runs per worker are in flight at once
(a billion games never sit in memory as tasks), and this process plays the next run itself while
they are busy (it would only wait; one worker fewer to fork). The game made here reaches the workers by the
fork (nothing is loaded or checked again); their results come back pickled, run by run.

A game's own engine module is the designer's code: one of its games may never end (an `apply`
that loops) and it may end its process (`os._exit`). For such an engine `play_watched` also notes
in shared memory which game each worker plays since when, so a game that runs past the time
limit, or a worker that ends in the middle of one, is named (`GameStopped`) instead of hanging the
batch or ending pnp.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from typing import Any, TypeVar

from generator.pool import Pool, first_done, result, worker_slot

Result = TypeVar("Result")
LONGEST_RUN = 50      # games per run at most: progress moves in steps no longer than this
RUNS_PER_PROCESS = 4  # a run takes at most 1/(4 × processes) of what is left
IN_FLIGHT = 2         # runs sent ahead per worker


def runs(games: int, processes: int) -> Iterator[range]:
    """Games 0..games-1 in runs that shrink as the batch runs out."""
    start = 0
    while start < games:
        size = max(1, min(LONGEST_RUN, (games - start) // (RUNS_PER_PROCESS * processes)))
        yield range(start, start + size)
        start += size


def play_side_by_side(play_one: Callable[[int], Result], games: int, processes: int,
                      on_progress: Callable[[int], None] | None = None,
                      watch: Callable[[], None] | None = None) -> list[Result]:
    """`play_one(i)` for i in 0..games-1 on `processes` processes; the results in game order. This process plays
    runs too while the workers are busy, unless `watch` is given: then all `processes` are workers and `watch()`
    runs every quarter second while they play (it may raise). `on_progress(n)` hears of games finished.
    A worker's failure is raised here (generator.pool.result)."""
    workers = processes if watch is not None else processes - 1
    if workers < 1:
        return [play_one(i) for i in range(games)]
    results: list[Result] = []
    with Pool(lambda run: [play_one(i) for i in run], workers) as pool:
        pending: deque[tuple[Any, int]] = deque()  # per run in game order: its future, or its results played here
        for run in runs(games, processes):
            while pending and not (isinstance(pending[0][0], Future) and not pending[0][0].done()):
                _collect(pending, results, on_progress, watch)
            if sum(isinstance(future, Future) and not future.done() for future, _ in pending) < IN_FLIGHT * workers:
                pending.append((pool.submit(run), len(run)))
            elif watch is None:  # the workers have enough to do: this process plays the run
                pending.append(([play_one(i) for i in run], len(run)))
            else:
                _collect(pending, results, on_progress, watch)
                pending.append((pool.submit(run), len(run)))
        while pending:
            _collect(pending, results, on_progress, watch)
    return results


def _collect(pending: deque[tuple[Any, int]], results: list[Any], on_progress: Callable[[int], None] | None,
             watch: Callable[[], None] | None) -> None:
    """The results of the first run, once it is done."""
    future, count = pending[0]
    if isinstance(future, Future):
        while watch is not None and not first_done([future], 0.25):
            watch()
        future = result(future)
    results.extend(future)
    pending.popleft()
    if on_progress:
        on_progress(count)


NOT_PLAYING = -1


class GameStopped(Exception):
    """Game `index` of a watched batch ran past `seconds` (`timed_out`) or its process ended in the middle of it
    (`index` is NOT_PLAYING when the process ended between games)."""

    def __init__(self, index: int, timed_out: bool, seconds: float) -> None:
        super().__init__(f"game {index} {'timed out' if timed_out else 'ended its process'}")
        self.index, self.timed_out, self.seconds = index, timed_out, seconds


class _Playing:
    """Per worker of a watched batch, in shared memory: the game it plays (NOT_PLAYING between games) and since when."""

    def __init__(self, processes: int) -> None:
        self.index = multiprocessing.RawArray("q", [NOT_PLAYING] * processes)
        self.since = multiprocessing.RawArray("d", processes)

    def play(self, play_one: Callable[[int], Result], game: int) -> Result:
        """`play_one(game)`, noted as played by this worker while it runs."""
        slot = worker_slot()
        if self.index[slot] == NOT_PLAYING and signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
            signal.signal(signal.SIGTERM, lambda *_: self._stopped(slot))  # ended by the pool: not the culprit
        self.since[slot] = time.monotonic()  # the time first: a watcher that sees the game sees its start
        self.index[slot] = game
        try:
            played = play_one(game)
        except SystemExit:  # the game's engine quit: the watcher hears no answer and names the game
            os._exit(1)
        self.index[slot] = NOT_PLAYING
        return played

    def _stopped(self, slot: int) -> None:
        self.index[slot] = NOT_PLAYING
        os._exit(1)

    def overdue(self, seconds: float) -> int | None:
        """A game some worker has played longer than `seconds`, if any."""
        now = time.monotonic()
        for slot, game in enumerate(self.index):
            if game != NOT_PLAYING and now - self.since[slot] > seconds:
                return int(game)
        return None

    def unfinished(self) -> int:
        """The game a worker that ended was playing, once the pool is down (NOT_PLAYING: between games)."""
        return next((int(game) for game in self.index if game != NOT_PLAYING), NOT_PLAYING)


def play_watched(play_one: Callable[[int], Result], games: int, processes: int, seconds: float,
                 on_progress: Callable[[int], None] | None = None) -> list[Result]:
    """`play_side_by_side` with this process watching the workers: GameStopped when a game takes longer than
    `seconds` or a worker ends without answering (every worker is then ended)."""
    from generator.forked import ChildFailed

    playing = _Playing(processes)

    def watch() -> None:
        overdue = playing.overdue(seconds)
        if overdue is not None:
            raise GameStopped(overdue, True, seconds)

    try:
        return play_side_by_side(lambda i: playing.play(play_one, i), games, processes, on_progress, watch)
    except ChildFailed as failed:
        if failed.details:  # a fault the engine raised: where in the engine (generator.rules.faults)
            raise failed from ChildTraceback(failed.details)
        raise GameStopped(playing.unfinished(), False, seconds) from None


class ChildTraceback(Exception):
    """A child's traceback as text, the cause of its ChildFailed: its frames name the engine's file and line."""
