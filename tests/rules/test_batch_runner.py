"""Playouts on a standard process pool's forked workers: the same games in the same order, every game reported."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.forked import ChildFailed
from generator.rules import batch_runner
from generator.rules import simulate as simulation

REPO = Path(__file__).resolve().parents[2]


def test_chunks_cover_every_game_once_and_are_short_for_a_small_batch():
    many = list(batch_runner.chunks(1000, 2))
    assert [i for run in many for i in run] == list(range(1000))
    assert len(many[0]) == batch_runner.LONGEST_CHUNK
    few = list(batch_runner.chunks(20, 2))
    assert [i for run in few for i in run] == list(range(20)) and {len(run) for run in few} == {2}


def test_results_come_back_in_game_order_from_every_worker():
    progress: list[int] = []

    def play(i: int) -> tuple[int, int]:
        time.sleep(0.0005)  # a game takes time: both workers get chunks
        return i, os.getpid()

    results = batch_runner.play_local(play, 500, 2, progress.append)
    assert [i for i, _ in results] == list(range(500))
    assert os.getpid() not in {pid for _, pid in results}  # the workers played, this process collected
    assert sum(progress) == 500 and all(n > 0 for n in progress)


def test_one_job_plays_here_with_progress():
    progress: list[int] = []
    results = batch_runner.play_local(lambda i: (i, os.getpid()), 120, 1, progress.append)
    assert results == [(i, os.getpid()) for i in range(120)]
    assert sum(progress) == 120 and len(progress) > 1


def test_a_failing_worker_is_reported_with_its_traceback():
    parent = os.getpid()

    def play(i: int) -> int:
        if os.getpid() != parent and i == 123:
            raise ValueError("a policy broke in a worker")
        return i

    with pytest.raises(ChildFailed, match="a policy broke in a worker") as failed:
        batch_runner.play_local(play, 400, 2)
    assert "ValueError" in failed.value.details


def test_two_processes_play_the_games_one_process_plays(monkeypatch):
    monkeypatch.setattr(simulation.os, "cpu_count", lambda: 2)
    errors = ErrorList()
    [content] = load_checked(REPO / "content", ["escape-earth"], errors)
    one = simulation.simulate(content, REPO / "content", 120, "random", {}, 7, jobs=1)
    two = simulation.simulate(content, REPO / "content", 120, "random", {}, 7, jobs=2)
    assert one == two


def test_simulate_plays_on_the_idle_cores_unless_told(monkeypatch, tmp_path):
    from generator import pool
    from generator.commands import simulate as command

    asked: list[int] = []
    real = simulation.simulate

    def counting(*args, **kwargs):
        asked.append(args[6])
        return real(*args, **kwargs)

    monkeypatch.setattr(simulation, "simulate", counting)
    monkeypatch.setattr(simulation.os, "cpu_count", lambda: 2)
    monkeypatch.setattr(pool, "idle_cores", lambda: 2)
    for jobs in (None, 1):
        command.simulate(REPO / "content", "escape-earth", 10, "random", jobs=jobs, out=tmp_path / f"{jobs}.json")
    assert asked == [2, 1]
    assert (tmp_path / "None.json").read_bytes() == (tmp_path / "1.json").read_bytes()


def test_jobs_are_a_ceiling_on_the_idle_cores(monkeypatch):
    from generator import pool

    monkeypatch.setattr(pool, "idle_cores", lambda: 1)  # two busy processes on two cores
    assert pool.jobs_for(2, 2000) == 1 and pool.jobs_for(None) == 1
    monkeypatch.setattr(pool, "idle_cores", lambda: 2)
    assert (pool.jobs_for(None), pool.jobs_for(1), pool.jobs_for(8), pool.jobs_for(None, 1)) == (2, 1, 2, 1)


def test_simulate_jobs_2_plays_on_one_process_when_one_core_is_idle(monkeypatch, tmp_path):
    from generator import pool
    from generator.commands import simulate as command

    asked: list[int] = []
    real = simulation.simulate
    monkeypatch.setattr(simulation, "simulate", lambda *args, **kwargs: asked.append(args[6]) or real(*args, **kwargs))
    monkeypatch.setattr(pool, "idle_cores", lambda: 1)
    command.simulate(REPO / "content", "escape-earth", 10, "random", jobs=2, out=tmp_path / "figures.json")
    assert asked == [1]


@pytest.mark.parametrize(("game", "games", "policy", "digest"), [
    ("escape-earth", 200, "random", "50905be40819c504"),
    ("astronuts", 60, "greedy", "cd5dd9db1ab12ee0"),
    ("habitable", 40, "random", "7297c23010b8145a"),
])
@pytest.mark.parametrize("jobs", [1, 2])
def test_the_runner_plays_the_games_the_forked_scheduler_played(game, games, policy, digest, jobs):
    """Digests of seed, outcome, length, winners and scores per game, as the batch scheduler before this runner
    played them (batch seed 11): the same games, game by game, on one process or two."""
    import hashlib

    [content] = load_checked(REPO / "content", [game], ErrorList())
    played = simulation.simulate(content, REPO / "content", games, policy, {}, 11, jobs=jobs)
    rows = [(r.seed, r.won, r.cause, r.turns, r.winners, r.scores) for r in played]
    assert hashlib.sha256(repr(rows).encode()).hexdigest()[:16] == digest
