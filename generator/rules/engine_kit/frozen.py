"""A state's fields as the hashable values its `key()` is made of.

`GameState.key()` is what saved games hash and two states compare by: every field of the table,
its lists as tuples and its mappings as sorted items (so the order a mapping was filled in does
not count). An engine lists its fields once and freezes each one, instead of writing each
field's conversion by hand.
"""

from __future__ import annotations

from typing import Any


def frozen(value: Any) -> Any:
    """`value` hashable: a list (nested ones too) as a tuple, a dict as its sorted (key, value) items, an object
    with a `key()` method (a piece with fields of its own) as that key; anything else as it is."""
    if isinstance(value, list):
        return tuple(frozen(item) for item in value)
    if isinstance(value, dict):
        return tuple(sorted((k, frozen(v)) for k, v in value.items()))
    key = getattr(value, "key", None)
    return key() if callable(key) else value
