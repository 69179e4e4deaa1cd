"""What every engine's notation shares: the written action split, writers per kind, values by position.

An action is a tuple, its kind first (`("move", "food", 3)`), written as words (`move food 3`).
Most kinds read well as their items joined by spaces, so an engine writes a function only for
the kinds that do not (`written`); every reader starts from the same split of the text
(`head_and_rest`). The content's `actions` sentence of a kind names its values (`{activity}`,
`{to}`); most are the action's own items in order, so an engine lists the names per kind and
computes only the rest (`named_values`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from generator.rules.contract import GameState
from generator.rules.core import Action

Writer = Callable[[Any, Action], str]  # (state, action) -> the action's written form


def written(state: Any, action: Action, writers: Mapping[str, Writer]) -> str:
    """`action` in notation: the writer of its kind, or else its items joined by spaces (`end`, `improve food`)."""
    write = writers.get(action[0])
    return write(state, action) if write is not None else " ".join(str(item) for item in action)


def head_and_rest(state: GameState, text: str) -> tuple[str, list[str]]:
    """A written action's first word and the words after it; no words at all is refused (`notation.empty`)."""
    words = text.split()
    if not words:
        raise state._refuse("notation.empty")
    return words[0], words[1:]


def named_values(action: Action, names: Mapping[str, tuple[str, ...]]) -> dict[str, Any]:
    """`action`'s items after its kind under the names `names[kind]` gives them, in order
    (`names["move"] = ("activity", "to")`: action[1] is `activity`, action[2] `to`); a kind not listed names none."""
    return dict(zip(names.get(action[0], ()), action[1:], strict=False))
