"""Plain-data fingerprints of an engine's objects, to tell which attribute a move changed and which a clone shares.

`pnp test` asks two questions no state hash answers: did playing on a clone change its original
(a `clone()` that shares a list), and did a move change the game's fixed data (a `Game` attribute,
a card of the content). Both are answered by taking a fingerprint of each attribute before and
after and naming those that differ. A fingerprint is the value turned into nested tuples of plain
values: lists, tuples, dicts, sets, dataclasses and objects with a `__dict__` or `__slots__` are
walked, an RNG is its state, anything else its `repr`. Objects named in `skip` (the game, the
fixed data a state holds by reference) are not walked, so a state's fingerprint costs what the
state itself holds.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

MAX_DEPTH = 24
MUTABLE = (list, dict, set, bytearray)
_LEAF = (str, int, float, bool, bytes, type(None), complex)


def fingerprint(value: Any, skip: frozenset[int] = frozenset(), depth: int = 0,
                walking: set[int] | None = None) -> Any:
    """`value` as nested tuples of plain values (equal exactly when the values hold the same data)."""
    if isinstance(value, _LEAF):
        return value
    if id(value) in skip:
        return ("same", type(value).__name__)
    if depth > MAX_DEPTH:
        return ("deep", type(value).__name__)
    walking = set() if walking is None else walking
    if id(value) in walking:
        return ("cycle", type(value).__name__)
    walking.add(id(value))
    try:
        return _walk(value, skip, depth + 1, walking)
    finally:
        walking.discard(id(value))


def _walk(value: Any, skip: frozenset[int], depth: int, walking: set[int]) -> Any:
    def inner(item: Any) -> Any:
        return fingerprint(item, skip, depth, walking)

    if isinstance(value, random.Random):
        return ("rng", value.getstate())
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, tuple(inner(item) for item in value))
    if isinstance(value, dict):
        return ("dict", tuple(sorted(((repr(k), inner(v)) for k, v in value.items()), key=lambda kv: kv[0])))
    if isinstance(value, (set, frozenset)):
        return ("set", tuple(sorted(repr(inner(item)) for item in value)))
    fields = attributes(value)
    if fields is not None:
        return (type(value).__name__, tuple((name, inner(item)) for name, item in fields))
    return (type(value).__name__, repr(value))


def attributes(value: Any) -> list[tuple[str, Any]] | None:
    """An object's attributes (its `__dict__`, then its `__slots__`), sorted by name; None for a value that has none."""
    found: dict[str, Any] = {}
    own = getattr(value, "__dict__", None)
    if isinstance(own, dict):
        found.update(own)
    for cls in type(value).__mro__:
        for name in getattr(cls, "__slots__", ()) or ():
            if isinstance(name, str) and name not in ("__dict__", "__weakref__") and hasattr(value, name):
                found.setdefault(name, getattr(value, name))
    if not found and own is None:
        return None
    return sorted(found.items())


def snapshot(owner: Any, names: Iterable[str] | None = None, skip: frozenset[int] = frozenset()) -> dict[str, Any]:
    """The fingerprint of each attribute of `owner` (those in `names`, else all of them)."""
    fields = dict(attributes(owner) or [])
    chosen = fields if names is None else {name: fields[name] for name in names if name in fields}
    return {name: fingerprint(value, skip) for name, value in chosen.items()}


def changed(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """The attributes whose fingerprint differs. A cache being filled is no change: an attribute that appeared
    meanwhile (a `cached_property`), or a dict that only gained entries (a memo such as a payment cache)."""
    return [name for name, value in before.items() if name in after and after[name] != value
            and not _only_gained(value, after[name])]


def _only_gained(before: Any, after: Any) -> bool:
    if not (isinstance(before, tuple) and isinstance(after, tuple) and before[:1] == after[:1] == ("dict",)):
        return False
    kept = dict(after[1])
    return all(key in kept and kept[key] == value for key, value in before[1])


def shared_path(mine: Any, theirs: Any, path: str, depth: int = 0) -> str | None:
    """Where `theirs` holds the very same mutable container as `mine` (`reefs`, `hands[0]`, `scores['a']`), if
    anywhere."""
    if mine is theirs:
        return path if isinstance(mine, MUTABLE) or attributes(mine) is not None and not _frozen(mine) else None
    if depth > 6:
        return None
    if isinstance(mine, (list, tuple)) and isinstance(theirs, (list, tuple)):
        for index, (a, b) in enumerate(zip(mine, theirs, strict=False)):
            found = shared_path(a, b, f"{path}[{index}]", depth + 1)
            if found:
                return found
    elif isinstance(mine, dict) and isinstance(theirs, dict):
        for key, a in mine.items():
            if key in theirs:
                found = shared_path(a, theirs[key], f"{path}[{key!r}]", depth + 1)
                if found:
                    return found
    return None


def _frozen(value: Any) -> bool:
    params = getattr(type(value), "__dataclass_params__", None)
    return bool(getattr(params, "frozen", False))
