"""Shared measuring for the benchmarks: CPU and wall time, repeats, min / median / max.

Every benchmark here measures its baseline and its subject alternately within each repeat (so
a load that comes and goes on a shared machine hits both) and reports CPU seconds (what the
work used) next to wall seconds (what it waited for too) as min / median / max.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field


@dataclass
class Timings:
    """CPU and wall seconds of one measured thing over the repeats."""

    label: str
    cpu: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)

    def add(self, cpu: float, wall: float) -> None:
        self.cpu.append(cpu)
        self.wall.append(wall)

    def time(self, work: Callable[[], object]) -> object:
        """Run `work` in this process and record its CPU and wall time; returns its result."""
        cpu0, wall0 = time.process_time(), time.perf_counter()
        result = work()
        self.add(time.process_time() - cpu0, time.perf_counter() - wall0)
        return result

    def run(self, command: Sequence[str], env: dict[str, str] | None = None, cwd: str | None = None,
            ok: Sequence[int] = (0,)) -> subprocess.CompletedProcess[bytes]:
        """Run `command` as a child process and record the child's CPU time (user + system) and wall time."""
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        wall0 = time.perf_counter()
        done = subprocess.run(list(command), env=env, cwd=cwd, capture_output=True)
        wall = time.perf_counter() - wall0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode not in ok:
            raise SystemExit(f"{' '.join(command)} exited {done.returncode}:\n{done.stderr.decode()[-2000:]}")
        self.add(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, wall)
        return done

    def line(self, width: int = 28) -> str:
        return f"{self.label:<{width}} CPU {spread(self.cpu)} s   wall {spread(self.wall)} s"


def cpu_with_children() -> float:
    """CPU seconds (user + system) of this process and of its children that have ended: forked workers
    count, once they are reaped."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def spread(values: list[float], digits: int | None = None) -> str:
    """min / median / max of `values` (three decimals below one second, else two)."""
    if digits is None:
        digits = 3 if min(values) < 1 else 2
    return " / ".join(f"{v:.{digits}f}" for v in (min(values), statistics.median(values), max(values)))


def ratio(baseline: Timings, subject: Timings) -> str:
    """How many times faster the subject is than the baseline, by median CPU and by median wall time."""
    cpu = statistics.median(baseline.cpu) / max(statistics.median(subject.cpu), 1e-9)
    wall = statistics.median(baseline.wall) / max(statistics.median(subject.wall), 1e-9)
    return f"{cpu:.2f}x by median CPU, {wall:.2f}x by median wall"


def python_env(tree: str) -> dict[str, str]:
    """The environment that makes `python -m generator.cli` run the checkout in `tree`."""
    return {**os.environ, "PYTHONPATH": tree}
