"""A state's clone from the names of its mutable fields, as every engine's `clone` makes it.

A clone shares what never changes in place (numbers, strings, tuples, the rules data), gets the
base's fields anew (`GameState._copy_base`: its own RNG, no log, no events) and a copy of every
list and dict the rules change in place. Naming those fields once replaces a copy written field
by field, where a field added to the state but forgotten in `clone` would be shared by accident.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from generator.rules.contract import GameState

S = TypeVar("S", bound=GameState)


def clone_state(state: S, lists: Iterable[str] = (), nested: Iterable[str] = (), dicts: Iterable[str] = ()) -> S:
    """A copy of `state` with its own `lists`, lists of lists (`nested`, both levels) and `dicts`."""
    other = type(state).__new__(type(state))
    other.__dict__.update(state.__dict__)
    state._copy_base(other)
    for name in lists:
        setattr(other, name, list(getattr(state, name)))
    for name in nested:
        setattr(other, name, [list(x) for x in getattr(state, name)])
    for name in dicts:
        setattr(other, name, dict(getattr(state, name)))
    return other
