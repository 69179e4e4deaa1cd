"""A person at the terminal as one seat of `pnp play`: one decision per line, illegal ones refused.

A decision is the action as saved games write it (`improve food`) or its number in the list the
person was shown; `?` or an empty line shows the list again. An illegal decision is refused the
way `pnp replay` refuses one in a saved game (the engine's `parse_action`, then the legal set,
`explain` saying why not) and named with the rules section that explains it, so the person can
look the rule up: "see 4.1 Improve an activity card: rules/actions.html#rule-4-1".

Input is bounded: a line longer than MAX_DECISION_CHARS is refused, quoted by its first few
characters, and never held whole (`read_bounded` drops the rest as it reads it); after
MAX_REFUSALS lines in a row that decide nothing the game stops as if the input had ended. Each
refusal costs little: the rules section a refusal names is looked up once per rule.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any

from generator.content.loader import GameContent
from generator.rules.contract import GameState
from generator.rules.core import Action, RuleError, seat_label
from generator.rules.policies import NoDecision
from generator.rules.presentation import format_action, parse_action

if TYPE_CHECKING:
    from generator.rulestext.rule_citations import Citation

MAX_DECISION_CHARS = 1000  # a longer line is refused: it reaches neither the engine nor a message whole
MAX_LINE_BYTES = 4 * MAX_DECISION_CHARS + 1  # read of one line at most (UTF-8 spends up to 4 bytes a character)
MAX_REFUSALS = 100  # lines in a row that decide nothing (refused, out of range, `?`): then the game stops
QUOTED_CHARS = 40  # how much of a refused long line a message quotes
DROP_CHUNK = 1 << 16  # the rest of a long line is read and dropped in pieces of this size

WORDS = {
    "en": {"too-long": "a decision is one line of at most {limit:,} characters; this one is longer ({start})",
           "too-many": "{count} lines in a row decided nothing: the game stops as if your input had ended"},
    "de": {"too-long": "eine Entscheidung ist eine Zeile von höchstens {limit:,} Zeichen; diese ist länger ({start})",
           "too-many": "{count} Zeilen hintereinander entschieden nichts: das Spiel endet, als wäre deine Eingabe "
                       "zu Ende"},
}


class LongLine(str):
    """The start of a line longer than MAX_DECISION_CHARS: the rest was dropped unread."""


def read_bounded(stream: IO[Any]) -> str | None:
    """The next line of `stream` (None at its end), of which at most MAX_LINE_BYTES are held: a longer
    line comes back as a LongLine holding its start. Bytes that are not UTF-8 read as U+FFFD."""
    binary = getattr(stream, "buffer", stream)
    raw = binary.readline(MAX_LINE_BYTES)
    if not raw:
        return None
    end = b"\n" if isinstance(raw, bytes) else "\n"  # a text stream without a buffer (a test's StringIO)
    text = raw.decode("utf-8", errors="replace") if isinstance(raw, bytes) else raw
    if len(raw) >= MAX_LINE_BYTES and not raw.endswith(end):
        while (rest := binary.readline(DROP_CHUNK)) and not rest.endswith(end):
            pass
        return LongLine(text[:MAX_DECISION_CHARS + 1])
    if len(text.rstrip("\r\n")) > MAX_DECISION_CHARS:
        return LongLine(text[:MAX_DECISION_CHARS + 1])
    return text


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


def refusal_of(state: GameState, written: str, content: GameContent, lang: str,
               cited: dict[str, Citation | None] | None = None) -> tuple[Action | None, Refusal | None]:
    """The legal action `written` names, or why the engine refuses it (as `pnp replay` would).

    `cited` keeps the rules section of each refusal looked up so far: finding one renders the rules."""
    from generator.rulestext.rule_citations import cite  # rules pages are rendered only for a refusal

    try:
        action = parse_action(state, written)
    except RuleError as exc:
        rule, texts = exc.rule, state.game.presentation.render_refusal(exc).text
    else:
        if action in state.legal_actions():
            return action, None
        why = state.explain(action)
        rule, texts = why.rule, why.text
    if cited is None:
        cited = {}
    if rule not in cited:
        cited[rule] = cite(content, rule, lang)
    citation = cited[rule]
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
        self.cited: dict[str, Citation | None] = {}  # the rules section of each refusal so far
        self.words = WORDS.get(lang, WORDS["en"])
        self.gave_up = False  # stopped after MAX_REFUSALS lines in a row that decided nothing (not at the input's end)

    def question(self, state: GameState) -> dict[str, Any]:
        """What the person sees before deciding: seat (0-based) and its label, turn, table and the
        numbered legal actions."""
        game = state.game
        seat = state.current_player
        actions = state.legal_actions()
        return {"seat": seat, "player": seat_label(seat, self.lang), "turn": state.turn,
                "table": [[label, value] for label, value in game.presentation.summary_for(state, self.lang, seat)],
                "actions": [{"number": number, "action": format_action(state, action),
                             "text": game.presentation.describe(state, action, self.lang)}
                            for number, action in enumerate(actions, 1)]}

    def choose(self, state: GameState, rng: random.Random) -> Action:
        actions = state.legal_actions()
        self.tell("ask", self.question(state))
        for _ in range(MAX_REFUSALS):
            line = self.read()
            if line is None:
                raise EndOfInput()
            if isinstance(line, LongLine) or len(line.rstrip("\r\n")) > MAX_DECISION_CHARS:
                self._refuse_input("input.too-long", line, self.words["too-long"].format(
                    limit=MAX_DECISION_CHARS, start=quoted(line)))
                continue
            written = " ".join(line.split())
            if written in ("", "?"):
                self.tell("ask", self.question(state))
                continue
            if written.isdecimal():  # not isdigit: int() refuses "²", a digit but no decimal
                number = int(written)
                if 1 <= number <= len(actions):
                    return actions[number - 1]
                self.tell("no-number", {"number": number, "count": len(actions)})
                continue
            action, refusal = refusal_of(state, written, self.content, self.lang, self.cited)
            if action is not None:
                return action
            assert refusal is not None
            self.tell("refused", refusal.as_json() | {"message": refusal.line()})
        self._refuse_input("input.too-many", "", self.words["too-many"].format(count=MAX_REFUSALS))
        self.gave_up = True
        raise EndOfInput()

    def _refuse_input(self, rule: str, line: str, text: str) -> None:
        self.tell("refused", {"action": cut(line) if line else None, "rule": rule, "text": text, "section": None,
                              "message": text})


def cut(line: str) -> str:
    """The start of a refused line, for a message: at most QUOTED_CHARS characters, marked "…" when cut."""
    text = " ".join(line[:QUOTED_CHARS + 1].split())
    return text[:QUOTED_CHARS] + "…" if len(text) > QUOTED_CHARS or isinstance(line, LongLine) else text


def quoted(line: str) -> str:
    """`cut`, in quotes, as a refusal shows what was written."""
    return repr(cut(line))
