"""A batch of playouts played by this process and forked children side by side (Linux).

Every process claims runs of games from one counter in shared memory: long runs while much is
left, shorter ones as the batch runs out, so the processes finish within about a game of each
other. Nothing feeds them tasks: with as many players as cores, a pool's feeder and result
threads would take CPU from the players, and this process would only wait; here it plays a
share itself. The game made here reaches the children by the fork (nothing is loaded or checked
again); their results come back pickled when they end.
"""

from __future__ import annotations

import multiprocessing
from typing import Callable, TypeVar

from generator.forked import run_side_by_side

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


def play_side_by_side(play_one: Callable[[int], Result], games: int, processes: int,
                      on_progress: Callable[[int], None] | None = None) -> list[Result]:
    """`play_one(i)` for i in 0..games-1, by this process and `processes - 1` forked children;
    the results in game order. `on_progress(n)` hears of games finished, by any process.
    A child that fails raises generator.forked.ChildFailed here."""
    claims = Claims(games, processes)
    reported = 0

    def report() -> None:
        nonlocal reported
        played = claims.played
        if on_progress and played > reported:
            on_progress(played - reported)
        reported = played

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
