"""Sweeps split between the quick loop and the full suite.

A sweep over the bundled games whose point is shared code (a page, a command) proves it with one game in the
quick loop (`-m "not slow"`); the other games run in the full suite, each as its own case, asserting the same.
A sweep whose point is each game (an engine's rules, a game's own content) stays whole in the quick loop.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest


def first_quick(values: Iterable[Any]) -> list[Any]:
    """`values` as parameters: the first in the quick loop, every other one marked slow."""
    listed = list(values)
    return listed[:1] + [pytest.param(value, marks=pytest.mark.slow) for value in listed[1:]]


LISTED = Path(__file__).with_name("full_suite_only.txt")


def listed_for_the_full_suite(path: Path = LISTED) -> list[str]:
    """The entries of tests/full_suite_only.txt: test ids, each possibly ending in `*` (a prefix of case ids)."""
    lines = (line.strip() for line in path.read_text(encoding="utf-8").splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def matches(entry: str, nodeid: str) -> bool:
    """Whether an entry names this test: its whole id, its id without the case, or a prefix ending in `*`."""
    if entry.endswith("*"):
        return nodeid.startswith(entry[:-1])
    return nodeid == entry or nodeid.split("[", 1)[0] == entry


def mark_listed_slow(items: list[pytest.Item], narrowed: bool) -> None:
    """Mark every collected test that tests/full_suite_only.txt lists as slow. An entry whose file was collected
    but which matches no test is an error (unless the run was narrowed to some tests of a file), so the list
    cannot go stale when a test is renamed."""
    entries = listed_for_the_full_suite()
    used: set[str] = set()
    for item in items:
        for entry in entries:
            if matches(entry, item.nodeid):
                item.add_marker(pytest.mark.slow)
                used.add(entry)
    if narrowed:
        return
    files = {item.nodeid.split("::", 1)[0] for item in items}
    stale = [entry for entry in entries if entry not in used and entry.split("::", 1)[0] in files]
    if stale:
        raise pytest.UsageError(f"{LISTED.name} names tests that are not there (renamed?): " + "; ".join(stale))
