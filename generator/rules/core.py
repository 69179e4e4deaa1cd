"""The referee's core, shared by every game: rule errors, typed events, chance and the log.

A game state subclasses `GameState` and implements the rules (`_legal`, `_violation`, `_do`,
`_advance`, `key`, `clone`). The base class makes the contract hold for every game:

- `legal_actions()` is complete and cached until the state changes; `apply(action)` refuses
  anything outside it with a `RuleError` that names the rule in words a player understands.
- Chance comes only from the state's own seeded RNG through `_shuffle`, or, when a saved game
  is replayed, from the outcomes recorded in the file (checked to be possible outcomes).
- With a log attached, every decision, chance outcome and automatic step becomes one entry
  carrying the hash of the state after it; `generator.rules.log` saves and verifies these.
"""

from __future__ import annotations

import hashlib
import random
import weakref
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Iterable

Action = tuple  # every engine's actions are hashable tuples, e.g. ("improve", "food")


class RuleError(Exception):
    """An action the rules forbid; `rule` is a stable id, `text` says why in each language."""

    def __init__(self, rule: str, text: dict[str, str]):
        super().__init__(text.get("en", rule))
        self.rule = rule
        self.text = text

    def __str__(self) -> str:
        return self.text.get("en", self.rule)


class ChanceError(Exception):
    """A recorded chance outcome that the game could not have produced at that point."""

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.line = line


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, typed by `kind`, rendered to a sentence by the game's texts.

    `secret` names the data keys the players do not see (a card removed unseen); a player's
    view renders the event without them.
    """

    kind: str
    data: tuple[tuple[str, Any], ...] = ()
    secret: frozenset[str] = frozenset()

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.data:
            if k == key:
                return v
        return default

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"event": self.kind}
        for k, v in self.data:
            out[k] = list(v) if isinstance(v, tuple) else v
        if self.secret:
            out["secret"] = sorted(self.secret)
        return out


def event(kind: str, secret: Iterable[str] = (), **data: Any) -> Event:
    return Event(kind, tuple(data.items()), frozenset(secret))


@dataclass(frozen=True)
class Explanation:
    """Why an action is or is not legal, without applying it."""

    legal: bool
    rule: str
    text: dict[str, str]


@dataclass
class Outcome:
    """How a finished game ended: `won` and a cause id (e.g. 'ocean-planet', 'chaos')."""

    won: bool
    cause: str
    text: dict[str, str] = field(default_factory=dict)


class PerObject:
    """A cache of values computed from an object, kept while that object lives.

    Keyed by identity (content objects are not hashable) and checked through a weak reference,
    so a reloaded content never meets a value computed from an earlier one at the same address.
    """

    def __init__(self) -> None:
        self._items: dict[int, tuple[weakref.ref, Any]] = {}

    def get(self, owner: object, make: Callable[[], Any]) -> Any:
        key = id(owner)
        item = self._items.get(key)
        if item is not None and item[0]() is owner:
            return item[1]
        value = make()
        self._items[key] = (weakref.ref(owner, lambda _ref, key=key: self._items.pop(key, None)), value)
        return value


def stable_hash(key: Hashable) -> str:
    """A hash of a canonical state key that is the same in every process and on every run."""
    return hashlib.blake2b(repr(key).encode(), digest_size=8).hexdigest()


class GameState:
    """Base of every game state: legality cache, chance, event collection and the log."""

    engine_id = ""
    engine_version = ""

    def __init__(self, seed: int):
        self.seed = seed
        self.rng = random.Random(seed)
        self.log: list[dict[str, Any]] | None = None
        self.quiet = False             # batch playouts: no events are built
        self._forced: deque | None = None
        self._events: list[Event] = []
        self._mark = 0                 # index into _events of the first not yet logged event
        self._legal: list[Action] | None = None

    # -- what a game implements ---------------------------------------------------------------
    def _legal_now(self) -> list[Action]:
        raise NotImplementedError

    def _violation(self, action: Action) -> RuleError | None:
        raise NotImplementedError

    def _do(self, action: Action) -> None:
        raise NotImplementedError

    def _advance(self) -> None:
        raise NotImplementedError

    def key(self) -> tuple:
        raise NotImplementedError

    def clone(self) -> "GameState":
        raise NotImplementedError

    def outcome(self) -> Outcome | None:
        raise NotImplementedError

    def format_action(self, action: Action) -> str:
        raise NotImplementedError

    def parse_action(self, text: str) -> Action:
        raise NotImplementedError

    @property
    def current_player(self) -> int:
        raise NotImplementedError

    # -- the contract --------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.outcome() is not None

    def legal_actions(self) -> list[Action]:
        """Every legal action of this state and nothing else (empty exactly when the game is over)."""
        if self._legal is None:
            self._legal = self._legal_now()
        return self._legal

    def explain(self, action: Action) -> Explanation:
        if action in self.legal_actions():
            return Explanation(True, "legal", {"de": "Diese Aktion ist erlaubt.", "en": "This action is legal."})
        error = self._violation(action) or _unlisted(action)
        return Explanation(False, error.rule, error.text)

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action; return the events it caused, automatic steps after it included."""
        legal = self._legal if self._legal is not None else self.legal_actions()
        if action not in legal:
            raise self._violation(action) or _unlisted(action)
        self._legal = None
        first = len(self._events)
        entry: dict[str, Any] | None = None
        if self.log is not None:
            entry = {"kind": "decision", "player": self.current_player + 1, "action": self.format_action(action)}
            self.log.append(entry)
        self._do(action)
        if entry is not None:
            entry["events"] = [e.as_json() for e in self._events[self._mark:]]
            entry["hash"] = self.state_hash()
            self._mark = len(self._events)
        self._advance()
        self._legal = None
        return self._events[first:]

    def state_hash(self) -> str:
        return stable_hash(self.key())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and type(self) is type(other) and self.key() == other.key() \
            and self.rng.getstate() == other.rng.getstate()

    __hash__ = None  # type: ignore[assignment]  # states change; compare them, do not hash them

    @property
    def events(self) -> list[Event]:
        """Every event since the game began (empty in quiet batch mode)."""
        return self._events

    # -- for the game's rules code -------------------------------------------------------------
    def _emit(self, kind: str, secret: Iterable[str] = (), **data: Any) -> None:
        if not self.quiet:
            self._events.append(Event(kind, tuple(data.items()), frozenset(secret)))

    def _shuffle(self, items: list, what: str) -> None:
        """Shuffle `items` in place: by the RNG, or as the replayed file recorded it."""
        if self._forced is not None:
            if not self._forced:
                raise ChanceError(f"the game needs a chance outcome ({what}) but the file has none left")
            line, recorded = self._forced.popleft()
            outcome = recorded.get("outcome")
            if recorded.get("what") != what:
                raise ChanceError(f"the game shuffles '{what}' here, the file records '{recorded.get('what')}'", line)
            if not isinstance(outcome, list) or sorted(map(str, outcome)) != sorted(map(str, items)):
                raise ChanceError(f"{outcome!r} is not a possible order of the {len(items)} cards shuffled for "
                                  f"'{what}'", line)
            items[:] = outcome
        else:
            self.rng.shuffle(items)
        if self.log is not None:
            self.log.append({"kind": "chance", "what": what, "outcome": list(items), "hash": self.state_hash()})

    def _step(self, what: str) -> None:
        """Close an automatic step: log it with the events since the last entry."""
        if self.log is not None:
            self.log.append({"kind": "auto", "what": what,
                             "events": [e.as_json() for e in self._events[self._mark:]], "hash": self.state_hash()})
            self._mark = len(self._events)

    def _copy_base(self, other: "GameState") -> None:
        """Copy the base fields into a fresh clone (no log, same RNG state)."""
        other.seed = self.seed
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.log = None
        other.quiet = self.quiet
        other._forced = None
        other._events = []
        other._mark = 0
        other._legal = None


def _unlisted(action: Action) -> RuleError:
    return RuleError("unknown-action", {"de": f"„{action}“ ist in dieser Lage keine Aktion des Spiels.",
                                        "en": f"'{action}' is not an action of the game in this situation."})
