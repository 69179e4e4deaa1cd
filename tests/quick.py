"""Sweeps split between the quick loop and the full suite.

A sweep over the bundled games whose point is shared code (a page, a command) proves it with one game in the
quick loop (`-m "not slow"`); the other games run in the full suite, each as its own case, asserting the same.
A sweep whose point is each game (an engine's rules, a game's own content) stays whole in the quick loop.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest


def first_quick(values: Iterable[Any]) -> list[Any]:
    """`values` as parameters: the first in the quick loop, every other one marked slow."""
    listed = list(values)
    return listed[:1] + [pytest.param(value, marks=pytest.mark.slow) for value in listed[1:]]
