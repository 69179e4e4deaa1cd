"""Forked children: a call's result comes back, its failure is raised in the parent, one child per core."""

from __future__ import annotations

import os
import signal
import sys

import pytest

from generator.forked import ChildFailed, Forked, children_allowed, wait_any

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the build forks on Linux only")


def finished(child: Forked) -> None:
    while not child.done:
        wait_any([child])


def test_a_result_comes_back_from_the_child() -> None:
    parent = os.getpid()
    child = Forked(lambda: {"pid": os.getpid(), "data": list(range(100_000))})
    finished(child)
    result = child.result()
    assert result["pid"] != parent and result["data"] == list(range(100_000))


def test_a_failure_in_the_child_is_raised_with_its_traceback() -> None:
    def broken() -> None:
        raise ValueError("a step that fails")

    child = Forked(broken)
    finished(child)
    with pytest.raises(ChildFailed, match="ValueError: a step that fails"):
        child.result()


def test_a_child_that_dies_is_a_failure_not_a_hang() -> None:
    child = Forked(lambda: os.kill(os.getpid(), signal.SIGKILL))
    finished(child)
    with pytest.raises(ChildFailed, match="died"):
        child.result()


def test_children_finish_in_any_order() -> None:
    import time

    slow, quick = Forked(lambda: time.sleep(0.3) or "slow"), Forked(lambda: "quick")
    first = wait_any([slow, quick])
    assert quick in first
    finished(slow)
    assert (slow.result(), quick.result()) == ("slow", "quick")


def test_pnp_jobs_limits_the_children(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PNP_JOBS", "1")
    assert children_allowed() == 0, "one job: everything in the build's own process"
    monkeypatch.setenv("PNP_JOBS", "3")
    assert children_allowed() == 3
