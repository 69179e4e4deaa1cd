"""Playouts shared by this process and a pool's forked workers: the same games in the same order, every game
reported."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.forked import ChildFailed
from generator.rules import forked_batch
from generator.rules import simulate as simulation

REPO = Path(__file__).resolve().parents[2]


def test_runs_shrink_as_the_batch_runs_out_and_cover_every_game_once():
    runs = list(forked_batch.runs(1000, 2))
    assert [i for run in runs for i in run] == list(range(1000))
    assert len(runs[0]) == forked_batch.LONGEST_RUN
    assert [len(run) for run in runs[-3:]] == [1, 1, 1]  # the last processes to finish wait for one game at most
    assert all(len(a) >= len(b) for a, b in zip(runs, runs[1:], strict=False))


def test_results_come_back_in_game_order_from_every_process():
    progress: list[int] = []

    def play(i: int) -> tuple[int, int]:
        time.sleep(0.0005)  # a game takes time: the child starts before this process has claimed them all
        return i, os.getpid()

    results = forked_batch.play_side_by_side(play, 500, 2, progress.append)
    assert [i for i, _ in results] == list(range(500))
    assert len({pid for _, pid in results}) == 2  # the worker played a share too
    assert sum(progress) == 500 and all(n > 0 for n in progress)


def test_a_failing_child_is_reported_with_its_traceback():
    parent = os.getpid()

    def play(i: int) -> int:
        time.sleep(0.0005)
        if os.getpid() != parent:
            raise ValueError("a policy broke in a child")
        return i

    with pytest.raises(ChildFailed, match="a policy broke in a child"):
        forked_batch.play_side_by_side(play, 400, 2)


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
