"""Values as JSON holds them, for observations: an engine keeps tuples (hashable, cheap to compare)
where JSON has only lists."""

from __future__ import annotations

from typing import Any


def plain(value: Any) -> Any:
    """`value` with every tuple and list a list, all the way down; other values as they are."""
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    return value
