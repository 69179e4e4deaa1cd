"""A forked child: a call's result comes back, its failure is raised in the parent; one process per core."""

from __future__ import annotations

import os
import signal
import sys
from typing import Any

import pytest

from generator.forked import ChildFailed, Forked, children_allowed

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the build forks on Linux only")


def _answer(child: Forked[Any]) -> Any:
    child.take()
    return child.result()


def test_a_result_comes_back_from_the_child() -> None:
    parent = os.getpid()
    result = _answer(Forked(lambda: {"pid": os.getpid(), "data": list(range(100_000))}))
    assert result["pid"] != parent and result["data"] == list(range(100_000))


def test_a_failure_in_the_child_is_raised_with_its_traceback() -> None:
    def broken() -> None:
        raise ValueError("a step that fails")

    child = Forked(broken)
    with pytest.raises(ChildFailed, match="ValueError: a step that fails"):
        _answer(child)


def test_a_child_that_dies_is_a_failure_not_a_hang() -> None:
    child = Forked(lambda: os.kill(os.getpid(), signal.SIGKILL))
    with pytest.raises(ChildFailed, match="died"):
        _answer(child)


def test_pnp_jobs_limits_the_children(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PNP_JOBS", "1")
    assert children_allowed() == 0, "one job: everything in the build's own process"
    monkeypatch.setenv("PNP_JOBS", "3")
    assert children_allowed() == 3
