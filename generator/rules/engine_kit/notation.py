"""The values an action's sentence names, read from the action by position.

An action is a tuple, its kind first (`("move", "food", 3)`); the content's `actions` sentence of
that kind names its values (`{activity}`, `{to}`). Most values are the action's own items in
order, so an engine lists the names per kind and computes only the rest.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.rules.core import Action


def named_values(action: Action, names: Mapping[str, tuple[str, ...]]) -> dict[str, Any]:
    """`action`'s items after its kind under the names `names[kind]` gives them, in order
    (`names["move"] = ("activity", "to")`: action[1] is `activity`, action[2] `to`); a kind not listed names none."""
    return dict(zip(names.get(action[0], ()), action[1:], strict=False))
