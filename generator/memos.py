"""Memos of what is read from files, emptied when a build starts (generator.build_cache.BuildCache).

`pnp serve` is one long process that rebuilds on every saved change, so a memo keyed by a file's
path (an icon, the print profiles, the generator's own templates) would hand the next build what
the file held before the edit. Such a memo is made with `per_build`: each new build cache empties
it, and the build reads the file again. Memos of pure functions of their arguments (text widths
keyed by the text, templates keyed by their source) are plain `lru_cache`s: they cannot go stale.

This module imports nothing of pnp-forge, so any layer may use it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, TypeVar

_CLEARS: list[Callable[[], None]] = []

Function = TypeVar("Function", bound=Callable[..., Any])


def per_build(maxsize: int | None = 256) -> Callable[[Function], Function]:
    """`functools.lru_cache(maxsize)` whose entries last until the next build starts (`forget_all`)."""

    def decorate(function: Function) -> Function:
        cached = lru_cache(maxsize=maxsize)(function)
        _CLEARS.append(cached.cache_clear)
        return cached  # type: ignore[return-value]  # same call signature, plus cache_clear

    return decorate


def per_build_dict() -> dict[Any, Any]:
    """A module's memo dict that the next build starts without (`forget_all` empties it)."""
    memo: dict[Any, Any] = {}
    _CLEARS.append(memo.clear)
    return memo


def forget_all() -> None:
    """Empty every `per_build` memo: a build starts, and files may have changed since the last one."""
    for clear in _CLEARS:
        clear()
