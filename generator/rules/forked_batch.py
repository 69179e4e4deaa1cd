"""A batch of playouts played by this process and forked children side by side (Linux).

Every process claims runs of games from one counter in shared memory: long runs while much is
left, shorter ones as the batch runs out, so the processes finish within about a game of each
other. Nothing feeds them tasks: with as many players as cores, a pool's feeder and result
threads would take CPU from the players, and this process would only wait; here it plays a
share itself. The game made here reaches the children by the fork (nothing is loaded or checked
again); their results come back pickled when they end.

A game's own engine module is the designer's code: one of its games may never end (an `apply`
that loops) and it may end its process (`os._exit`). For such an engine `play_watched` plays
every share in a child while this process only watches: each child notes in shared memory which
game it plays since when, so a game that runs past the time limit, or a child that ends without
its results, is named (`GameStopped`) instead of hanging the batch or ending pnp.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import selectors
import time
from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

from generator.forked import ChildFailed, Forked, run_side_by_side

Result = TypeVar("Result")
LONGEST_RUN = 50      # games per claim at most: progress moves in steps no longer than this
RUNS_PER_PROCESS = 4  # a claim takes at most 1/(4 × processes) of what is left


class Claims:
    """Runs of game numbers 0..games-1 handed out from a counter the forked processes share."""

    def __init__(self, games: int, processes: int) -> None:
        self.games, self.processes = games, processes
        self._next = multiprocessing.RawValue("q", 0)
        self._played = multiprocessing.RawValue("q", 0)
        self._lock = multiprocessing.Lock()

    def claim(self) -> range | None:
        """The next run of games to play, or None once every game is claimed."""
        with self._lock:
            start = self._next.value
            left = self.games - start
            if left <= 0:
                return None
            size = max(1, min(LONGEST_RUN, left // (RUNS_PER_PROCESS * self.processes)))
            self._next.value = start + size
        return range(start, start + size)

    def count_played(self, games: int) -> None:
        with self._lock:
            self._played.value += games

    @property
    def played(self) -> int:
        """Games finished so far by every process."""
        return int(self._played.value)


class _Reporter:
    """Tells `on_progress` how many more games the processes have played since it was last told."""

    def __init__(self, claims: Claims, on_progress: Callable[[int], None] | None) -> None:
        self.claims, self.on_progress, self.reported = claims, on_progress, 0

    def __call__(self) -> None:
        played = self.claims.played
        if self.on_progress and played > self.reported:
            self.on_progress(played - self.reported)
        self.reported = played

def play_side_by_side(play_one: Callable[[int], Result], games: int, processes: int,
                      on_progress: Callable[[int], None] | None = None) -> list[Result]:
    """`play_one(i)` for i in 0..games-1, by this process and `processes - 1` forked children;
    the results in game order. `on_progress(n)` hears of games finished, by any process.
    A child that fails raises generator.forked.ChildFailed here."""
    claims = Claims(games, processes)
    report = _Reporter(claims, on_progress)


    def play(progress: Callable[[], None] | None) -> list[tuple[int, list[Result]]]:
        runs = []
        while (run := claims.claim()) is not None:
            runs.append((run.start, [play_one(i) for i in run]))
            claims.count_played(len(run))
            if progress:
                progress()
        return runs

    shares = run_side_by_side([lambda: play(report)] + [lambda: play(None)] * (processes - 1))
    report()
    runs = sorted((run for share in shares for run in share), key=lambda run: run[0])
    return [result for _, results in runs for result in results]


NOT_PLAYING = -1


class GameStopped(Exception):
    """Game `index` of a watched batch ran past `seconds` (`timed_out`) or its process ended in the middle of it
    (`index` is NOT_PLAYING when the process ended between games)."""

    def __init__(self, index: int, timed_out: bool, seconds: float) -> None:
        super().__init__(f"game {index} {'timed out' if timed_out else 'ended its process'}")
        self.index, self.timed_out, self.seconds = index, timed_out, seconds


class _Playing:
    """Per process of a watched batch, in shared memory: the game it plays (NOT_PLAYING between games) and since when."""

    def __init__(self, processes: int) -> None:
        self.index = multiprocessing.RawArray("q", [NOT_PLAYING] * processes)
        self.since = multiprocessing.RawArray("d", processes)

    def start(self, process: int, game: int) -> None:
        self.since[process] = time.monotonic()  # the time first: a watcher that sees the game sees its start
        self.index[process] = game

    def stop(self, process: int) -> None:
        self.index[process] = NOT_PLAYING

    def overdue(self, seconds: float) -> int | None:
        """A game some process has played longer than `seconds`, if any."""
        now = time.monotonic()
        for process, game in enumerate(self.index):
            if game != NOT_PLAYING and now - self.since[process] > seconds:
                return int(game)
        return None


def play_watched(play_one: Callable[[int], Result], games: int, processes: int, seconds: float,
                 on_progress: Callable[[int], None] | None = None) -> list[Result]:
    """`play_side_by_side` with every share in a forked child and this process watching them: GameStopped when a
    game takes longer than `seconds` or a child ends without answering (every child is then ended)."""
    claims = Claims(games, processes)
    playing = _Playing(processes)
    report = _Reporter(claims, on_progress)

    def play(process: int) -> list[tuple[int, list[Result]]]:
        runs = []
        while (run := claims.claim()) is not None:
            results = []
            for i in run:
                playing.start(process, i)
                try:
                    results.append(play_one(i))
                except SystemExit:  # the game's engine quit: the watcher hears no answer and names the game
                    os._exit(1)
                playing.stop(process)
            runs.append((run.start, results))
            claims.count_played(len(run))
        return runs


    started: list[Forked[Any]] = []
    freeze = gc.get_freeze_count() == 0
    if freeze:
        gc.freeze()  # the children need not copy pages to collect objects they share with us
    try:
        children = [Forked(partial(play, process), started) for process in range(processes)]
        _watch(children, playing, seconds, report)
        report()
        shares = [_share(child, playing, process, seconds) for process, child in enumerate(children)]
    finally:
        for child in started:
            child.kill()
        if freeze:
            gc.unfreeze()
    runs = sorted((run for share in shares for run in share), key=lambda run: run[0])
    return [result for _, results in runs for result in results]


def _watch(children: list[Forked[Any]], playing: _Playing, seconds: float, report: Callable[[], None]) -> None:
    """Wait for every child to end, reporting progress; GameStopped as soon as a game runs past `seconds`."""
    running = {child.fd: child for child in children}
    glance = min(0.25, seconds / 4)
    with selectors.DefaultSelector() as selector:
        for child in children:
            selector.register(child.fd, selectors.EVENT_READ, child)
        while running:
            for ready, _ in selector.select(glance):
                child = ready.data
                if child.read_some():
                    selector.unregister(child.fd)
                    child.finish()
                    del running[child.fd]
                    if not child.data:  # ended without its results: which game was it playing?
                        raise GameStopped(int(playing.index[children.index(child)]), False, seconds)
            report()
            overdue = playing.overdue(seconds)
            if overdue is not None:
                raise GameStopped(overdue, True, seconds)


def _share(child: Forked[Any], playing: _Playing, process: int, seconds: float) -> Any:
    try:
        return child.result()
    except ChildFailed as failed:
        if not child.data:
            raise GameStopped(int(playing.index[process]), False, seconds) from None
        raise failed from ChildTraceback(failed.details)  # where in the engine it failed (generator.rules.faults)


class ChildTraceback(Exception):
    """A child's traceback as text, the cause of its ChildFailed: its frames name the engine's file and line."""
