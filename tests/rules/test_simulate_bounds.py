"""`pnp simulate` on big numbers: tasks are made as they are sent, processes capped, Ctrl-C exits 130."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from concurrent.futures import Future
from pathlib import Path

import pytest

from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.rules import batch_runner
from generator.rules import simulate as simulation

REPO = Path(__file__).resolve().parents[2]


def test_a_billion_games_are_chunks_made_on_demand():
    chunks = batch_runner.chunks(1_000_000_000, 4)
    assert next(chunks) == range(0, 50) and next(chunks) == range(50, 100)  # made as they are asked for


class _RecordingPool:
    """Stands in for generator.pool.Pool: records the processes asked for and the tasks in flight."""

    made: list[_RecordingPool] = []

    def __init__(self, work, max_workers: int, initializer, initargs):
        self.max_workers = max_workers
        self.submitted = 0
        self.most_in_flight = 0
        self.done = 0
        initializer(*initargs)
        self.executor = self  # what the pool's executor is asked to run
        _RecordingPool.made.append(self)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def submit(self, function, task):
        self.submitted += 1
        self.most_in_flight = max(self.most_in_flight, self.submitted - self.done)
        future: Future = Future()
        future.set_result(function(task))
        original = future.result

        def result(timeout=None):
            self.done += 1
            return original(timeout)

        future.result = result  # type: ignore[method-assign]
        return future


@pytest.fixture
def recorded(monkeypatch):
    _RecordingPool.made.clear()
    monkeypatch.setattr(simulation, "Pool", _RecordingPool)
    monkeypatch.setattr(simulation, "can_fork", lambda: False)  # the pool is what plays where there is no fork
    monkeypatch.setattr(simulation.os, "cpu_count", lambda: 4)
    errors = ErrorList()
    [content] = load_checked(REPO / "content", ["escape-earth"], errors)
    handler = signal.getsignal(signal.SIGINT)
    yield content
    # the stand-in pool ran the workers' set-up here: whatever it did to Ctrl-C, a later test's subprocess
    # (the Ctrl-C test) must not inherit it
    signal.signal(signal.SIGINT, handler)


def test_jobs_are_capped_at_the_tasks_and_the_cores(recorded):
    results = simulation.simulate(recorded, REPO / "content", 4, "random", {}, 0, jobs=64, max_turns=5)
    assert len(results) == 4
    assert [pool.max_workers for pool in _RecordingPool.made] == [4]
    simulation.simulate(recorded, REPO / "content", 2, "random", {}, 0, jobs=64, max_turns=5)
    assert _RecordingPool.made[-1].max_workers == 2


def test_only_a_few_tasks_are_in_flight(recorded):
    results = simulation.simulate(recorded, REPO / "content", 200, "random", {}, 0, jobs=2, max_turns=3)
    assert [r.seed for r in results] == [simulation.game_seed(0, i) for i in range(200)]
    pool = _RecordingPool.made[-1]
    assert pool.submitted > 4 and pool.most_in_flight <= 2 * pool.max_workers


@pytest.mark.slow
def test_ctrl_c_on_simulate_exits_130(tmp_path):
    process = subprocess.Popen([sys.executable, "-c", "from generator.cli import main; main()", "simulate",
                                "escape-earth", "--games", "1000000", "--jobs", "2", "--content", str(REPO / "content"),
                                "--out", str(tmp_path / "figures.json")],
                               cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True, env={**os.environ, "PYTHONPATH": str(REPO)})
    _wait_for_children(process.pid)  # Ctrl-C while the games are played, not while Python starts
    os.killpg(process.pid, signal.SIGINT)  # what the terminal sends to the whole group on Ctrl-C
    try:
        _, err = process.communicate(timeout=300)  # only catches a hang
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 130, err
    assert "Traceback" not in err and "interrupted" in err
    assert not (tmp_path / "figures.json").exists()


def _wait_for_children(pid: int) -> None:
    """Until process `pid` plays its games: it has forked its players, or (on a busy machine, where only one
    core is idle, it plays them itself) it has spent a CPU second, more than Python's start. Linux shows both
    in /proc; elsewhere a few seconds' wait. The deadline is generous and only waits for the start."""
    children = Path(f"/proc/{pid}/task/{pid}/children")
    if not children.parent.is_dir():
        time.sleep(4)
        return
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and children.exists() and not children.read_text().split():
        if _cpu_seconds(pid) >= 1.0:
            return
        time.sleep(0.1)


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time process `pid` has used so far (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
