"""The refusals every engine checks before its own rules: a finished game, and a value that is no action.

An engine's `violation(state, action)` says why an action is not legal (`GameState._violation`).
Before any rule of its own, every engine refuses every action once the game is over
(`game-over`) and passes over a value that is not a non-empty tuple, which the contract then
refuses as an unknown action (or, given `form`, refuses it under that rule of its own).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar, cast

from generator.rules.core import Action, RuleError

Violation = TypeVar("Violation", bound=Callable[..., RuleError | None])


def checked_first(form: str | None = None, legal_first: bool = False) -> Callable[[Violation], Violation]:
    """A decorator for an engine's `violation`: the game-over and form checks, then the engine's rules.

    `form`: the rule that refuses a malformed action (not a tuple whose first item is its kind, a
    string); None passes it over to the contract's `unknown-action`. `legal_first`: an action of the
    legal set passes before the engine's rules are asked, so they only name the rule an action breaks
    (the legal set says once what is allowed)."""

    def wrap(check: Violation) -> Violation:
        @functools.wraps(check)
        def violation(state: Any, action: Action) -> RuleError | None:
            if state.result is not None:
                return state._refuse("game-over")  # type: ignore[no-any-return]
            if not isinstance(action, tuple) or not action:
                return None if form is None else state._refuse(form)
            if form is not None and not isinstance(action[0], str):
                return state._refuse(form)  # type: ignore[no-any-return]
            if legal_first and action in state.legal_actions():
                return None
            return check(state, action)

        return cast(Violation, violation)

    return wrap
