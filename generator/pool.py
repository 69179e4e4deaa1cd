"""Work shared out on a standard process pool: `concurrent.futures.ProcessPoolExecutor`, forked on Linux.

Forked workers start with everything this process has loaded (games, compiled templates, font
metrics) and with `work` (`Pool(work)`, never pickled), so `submit(arg)` sends only `arg`.
Where there is no fork the callers run their calls here, except `simulate`, whose spawned
workers load the game themselves. Failures are raised as generator.forked raises them; a worker
that dies is ChildFailed too. Workers go with Ctrl-C and with this process.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from generator.forked import answered, can_fork, children_allowed, forked_child, outcome

Result = TypeVar("Result")

_WORK: Callable[[Any], Any] | None = None  # in a worker: what `submit` runs


def idle_cores() -> int:
    """How many processes a command may use now: the cores it may run on (`PNP_JOBS`), less what other work keeps
    busy right now. Linux counts the runnable processes at this instant (/proc/loadavg), this one among them;
    the load average would still count a build that ended a minute ago. Elsewhere the load average."""
    allowed = children_allowed()
    if allowed < 2:
        return 1
    try:
        with open("/proc/loadavg", encoding="ascii") as state:
            others = max(0.0, float(state.read().split()[3].split("/")[0]) - 1.0)
    except (OSError, IndexError, ValueError):
        try:
            others = max(0.0, os.getloadavg()[0] - 1.0)
        except OSError:
            return 1
    return max(1, min(allowed, int(allowed - others + 0.5)))


def jobs_for(ceiling: int | None, work: int | None = None) -> int:
    """How many processes a batch plays on: the idle cores now (`idle_cores`), at most `ceiling` (--jobs: a
    ceiling, not an order, so a busy machine is not asked for more than it has) and `work` (its games)."""
    idle = idle_cores()
    return max(1, min(idle, ceiling or idle, work or idle))


def _run(arg: Any) -> tuple[bool, Any]:
    """`work(arg)` in a worker: (True, its result) or (False, its failure as plain data)."""
    assert _WORK is not None
    return outcome(_WORK, arg)


class Pool:
    """`jobs` forked workers running `work(arg)` for each `submit(arg)`, ended at once by `end()`."""

    def __init__(self, work: Callable[[Any], Any] | None, jobs: int, initializer: Callable[..., None] | None = None,
                 initargs: tuple[Any, ...] = ()) -> None:
        context = multiprocessing.get_context("fork" if can_fork() else "spawn")
        self._others = set(multiprocessing.active_children())  # the children before the pool's workers
        self.executor = ProcessPoolExecutor(jobs, mp_context=context, initializer=_initialize,
                                            initargs=(os.getpid(), work, initializer, initargs))

    def submit(self, arg: Any) -> Future[tuple[bool, Any]]:
        """`work(arg)` in a worker; its outcome through `result`."""
        return self.executor.submit(_run, arg)

    def end(self) -> None:
        """End the workers now (a worker may be deep in a long call), then the pool. The executor starts its workers
        in the thread that submits, so every worker started so far is a child here."""
        for worker in set(multiprocessing.active_children()) - self._others:
            worker.terminate()  # as the pool ends its workers when one died
        self.executor.shutdown(wait=True, cancel_futures=True)

    def __enter__(self) -> Pool:
        return self

    def __exit__(self, *failed: object) -> None:
        if failed[0] is None:
            self.executor.shutdown(wait=True)
        else:  # interrupted, or a call failed: nothing else it does is wanted
            self.end()


def _initialize(parent: int, work: Callable[[Any], Any] | None, initializer: Callable[..., None] | None,
                initargs: tuple[Any, ...]) -> None:
    """In a new worker: `forked_child`'s set-up, `work` taken (not pickled: the worker is forked with it), then the
    caller's `initializer`."""
    global _WORK
    _WORK = work
    forked_child(parent)
    if initializer is not None:
        initializer(*initargs)


def result(future: Future[tuple[bool, Any]]) -> Any:
    """What a submitted call returned; its failure raised as in this process (see the module docstring)."""
    try:
        answer: tuple[bool, Any] | None = future.result()
    except BrokenProcessPool:  # a worker died
        answer = None
    return answered(answer)


def run_all(calls: Sequence[Callable[[], Result]], jobs: int) -> list[Result]:
    """The results of `calls` in order, on up to `jobs` workers (here, one after another, without fork or jobs)."""
    jobs = min(jobs, len(calls))
    if jobs < 2 or not can_fork():
        return [call() for call in calls]
    with Pool(lambda index: calls[index](), jobs) as pool:
        futures = [pool.submit(index) for index in range(len(calls))]
        return [result(future) for future in futures]

