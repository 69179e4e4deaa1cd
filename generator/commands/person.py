"""A person at the terminal as one seat of `pnp play`: one decision per line, illegal ones refused.

A decision is the action as saved games write it (`improve food`) or its number in the list the
person was shown; `?` or an empty line shows the list again. An illegal decision is refused the
way `pnp replay` refuses one in a saved game (the engine's `parse_action`, then the legal set,
`explain` saying why not) and named with the rules section that explains it, so the person can
look the rule up: "see 4.1 Improve an activity card: rules/actions.html#rule-4-1".
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable

from generator.content.loader import GameContent
from generator.rules.contract import GameState
from generator.rules.core import Action, RuleError
from generator.rules.policies import NoDecision

MAX_DECISION_CHARS = 1000  # a longer line is cut before it reaches the engine or a message


class EndOfInput(NoDecision):
    """Standard input ended while a person was to decide: the game stops unfinished."""


@dataclass(frozen=True)
class Refusal:
    """A decision the rules forbid: what was written, the engine's rule id and sentence, the section."""

    written: str
    rule: str
    text: str
    section: dict[str, str] | None  # number, title, address on the game's site; None when no section claims it

    def line(self) -> str:
        """The refusal in player words, with the section to read."""
        return f"{self.text} ({self.section['see']})" if self.section else self.text

    def as_json(self) -> dict[str, Any]:
        return {"action": self.written, "rule": self.rule, "text": self.text, "section": self.section}


def refusal_of(state: GameState, written: str, content: GameContent, lang: str) -> tuple[Action | None, Refusal | None]:
    """The legal action `written` names, or why the engine refuses it (as `pnp replay` would)."""
    from generator.site.rule_citations import cite  # rules pages are rendered only for a refusal

    try:
        action = state.parse_action(written)
    except RuleError as exc:
        rule, texts = exc.rule, state.game.render_refusal(exc).text
    else:
        if action in state.legal_actions():
            return action, None
        why = state.explain(action)
        rule, texts = why.rule, why.text
    citation = cite(content, rule, lang)
    section = {"number": citation.number, "title": citation.title, "address": citation.address,
               "see": citation.text(lang)} if citation else None
    return None, Refusal(written, rule, texts.get(lang) or texts.get("en") or rule, section)


class Person:
    """The policy `you`: asks the person at the terminal through `tell` and reads their lines with `read`.

    `tell(kind, data)` hears "ask" (whose decision, the table as that player sees it, the numbered
    legal actions), "refused" (a `Refusal`) and "no-number" (a number outside the list); `read()`
    returns the next line, None at the end of input.
    """

    name = "you"

    def __init__(self, content: GameContent, lang: str, read: Callable[[], str | None],
                 tell: Callable[[str, dict[str, Any]], None]):
        self.content = content
        self.lang = lang
        self.read = read
        self.tell = tell

    def question(self, state: GameState) -> dict[str, Any]:
        """What the person sees before deciding: seat, turn, table and the numbered legal actions."""
        game = state.game
        seat = state.current_player + 1
        actions = state.legal_actions()
        return {"player": seat, "turn": state.turn,
                "table": [[label, value] for label, value in game.summary_for(state, self.lang, seat)],
                "actions": [{"number": number, "action": state.format_action(action),
                             "text": game.describe(state, action, self.lang)}
                            for number, action in enumerate(actions, 1)]}

    def choose(self, state: GameState, rng: random.Random) -> Action:
        actions = state.legal_actions()
        self.tell("ask", self.question(state))
        while True:
            line = self.read()
            if line is None:
                raise EndOfInput()
            written = " ".join(line.split())[:MAX_DECISION_CHARS]
            if written in ("", "?"):
                self.tell("ask", self.question(state))
                continue
            if written.isdigit():
                number = int(written)
                if 1 <= number <= len(actions):
                    return actions[number - 1]
                self.tell("no-number", {"number": number, "count": len(actions)})
                continue
            action, refusal = refusal_of(state, written, self.content, self.lang)
            if action is not None:
                return action
            assert refusal is not None
            self.tell("refused", refusal.as_json() | {"message": refusal.line()})
