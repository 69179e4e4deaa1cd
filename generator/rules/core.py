"""Values every engine shares: refusals, typed events, explanations, results, hashes and caches.

The contract itself (`Game`, `GameState`) lives in `contract.py`; this module holds the small
value types that cross it, so tools can use them without importing any engine.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import random
import re
import weakref
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Generic, TypeVar

Action = tuple[Any, ...]  # every engine's actions are hashable tuples, e.g. ("improve", "food")
SeatKeys = frozenset[str]  # the data keys whose values are seats (`Game.seat_keys`; see `seat_paths`)
PLAYER_SEAT: SeatKeys = frozenset({"player"})  # `Game.seat_keys` unless a game names more


class RuleError(Exception):
    """An action the rules forbid: `rule` is a stable id, `params` the values its sentence names.

    Attributes:
        rule (str): the rule's id, a key of `refusals` in sentences.yaml (`dive.depth`)
        params (dict[str, Any]): the values the refusal's sentence names
        text (dict[str, str]): the sentence per language, once the game has filled it (`Presentation.render_refusal`)

    The sentence itself lives in the game's content (`rules/<lang>/sentences.yaml`, section
    `refusals`); `text` holds it once the game has rendered it, per language.
    """

    def __init__(self, rule: str, params: dict[str, Any] | None = None, text: dict[str, str] | None = None):
        self.rule = rule
        self.params = dict(params or {})
        self.text: dict[str, str] = dict(text or {})
        super().__init__(self.text.get("en", rule))

    def __str__(self) -> str:
        return self.text.get("en", self.rule)


class ChanceError(Exception):
    """A recorded chance outcome that the game could not have produced at that point.

    Attributes:
        line (int | None): the saved game's line that records it, when known
    """

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.line = line


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, typed by `kind`, rendered to a sentence from the game's content.

    Attributes:
        kind: the event's kind, a key of `events` in sentences.yaml; `Game.event_kinds` lists every one
        data: the values its sentence names, as (name, value) pairs in the order given
        secret: the names among `data` that players other than `private` do not see
        private: the player who alone sees the secret values (see below)

    `secret` names the data keys the players do not see (a card removed unseen); `private` is
    the player who alone sees them (a card drawn into a hand), None for nobody.

    Seats count from 0 here as everywhere in the API: `private`, and every value of `data` that
    the game's `Game.seat_keys` names a seat (`player=p`, not `p + 1`). People read them from 1:
    the event's sentence says "Player 1" for seat 0, and a saved game writes them from 1
    (`as_json`, read back by `from_json`), so games saved before seats counted from 0 in the API
    replay unchanged, byte for byte.
    """

    kind: str
    data: tuple[tuple[str, Any], ...] = ()
    secret: frozenset[str] = frozenset()
    private: int | None = None

    def get(self, key: str, default: Any = None) -> Any:
        """The value `key` of `data`, or `default`."""
        for k, v in self.data:
            if k == key:
                return v
        return default

    def as_json(self, seats: SeatKeys = PLAYER_SEAT) -> dict[str, Any]:
        """The event as a saved game writes it: `{"event": kind, name: value, ...}` plus its secret and private.

        The saved-game format counts seats from 1, as its decisions do: `private` and the values
        `seats` (the game's `seat_keys`) names are written one higher than the API holds them."""
        out: dict[str, Any] = {"event": self.kind}
        for k, v in self.data:
            out[k] = _jsonable(moved_seats(k, v, seats, 1))
        if self.secret:
            out["secret"] = sorted(self.secret)
        if self.private is not None:
            out["private"] = self.private + 1
        return out

    @classmethod
    def from_json(cls, row: Mapping[str, Any], seats: SeatKeys = PLAYER_SEAT) -> Event:
        """The event a saved game's `row` records (`as_json` read back): its seats from 0 again, lists as tuples."""
        data = tuple((k, moved_seats(k, _tupled(v), seats, -1)) for k, v in row.items()
                     if k not in ("event", "secret", "private"))
        private = row.get("private")
        return cls(str(row.get("event")), data, frozenset(row.get("secret") or ()),
                   private - 1 if isinstance(private, int) and _is_seat(private) else None)


_SEAT_KEY = re.compile(r"(?P<name>[A-Za-z_][A-Za-z0-9_]*)(?:\[(?P<index>[0-9]+)\])?")


def seat_paths(seats: SeatKeys) -> Mapping[str, int | None]:
    """`seat_keys` read: data key -> the item of its value that is a seat, None for the value itself.

    `"player"` names a value that is a seat (an int), a list or tuple of seats, or None;
    `"planet[0]"` a list or tuple whose item 0 is a seat and the rest not (Habitable's
    (owner, tile)). A key in neither form names nothing (`pnp test` says so)."""
    known = _SEAT_PATHS.get(seats)
    if known is not None:
        return known
    paths: dict[str, int | None] = {}
    for key in seats:
        found = _SEAT_KEY.fullmatch(key)
        if found:
            index = found.group("index")
            paths[found.group("name")] = None if index is None else int(index)
    if len(_SEAT_PATHS) < 64:  # a game declares one set; a bound keeps a tool that makes many from growing it
        _SEAT_PATHS[seats] = MappingProxyType(paths)
    return MappingProxyType(paths)


_SEAT_PATHS: dict[SeatKeys, Mapping[str, int | None]] = {}


def _is_seat(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def seat_values(key: str, value: Any, seats: SeatKeys) -> list[Any]:
    """The items of `value` (data key `key`) that `seats` says are seats, None left out: what must be in
    range(num_players)."""
    paths = seat_paths(seats)
    if key not in paths:
        return []
    index = paths[key]
    if index is None:
        items = list(value) if isinstance(value, (list, tuple)) else [value]
    else:
        items = [value[index]] if isinstance(value, (list, tuple)) and len(value) > index else []
    return [item for item in items if item is not None]


def moved_seats(key: str, value: Any, seats: SeatKeys, by: int) -> Any:
    """`value` (data key `key`) with every seat `seats` names in it moved by `by`: +1 to people's count (a
    sentence, a saved game), -1 back. Values that are no ints (a forged action's, an unseen secret) stay."""
    paths = seat_paths(seats)
    if key not in paths:
        return value
    index = paths[key]
    if _is_seat(value) and index is None:
        return value + by
    if not isinstance(value, (list, tuple)):
        return value
    items = [item + by if _is_seat(item) and index in (None, position) else item
             for position, item in enumerate(value)]
    return tuple(items) if isinstance(value, tuple) else items


def seats_for_people(values: Mapping[str, Any], seats: SeatKeys) -> dict[str, Any]:
    """`values` with the seats `seats` names counted from 1, as a sentence shows them."""
    return {key: moved_seats(key, value, seats, 1) for key, value in values.items()}


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


def event(kind: str, secret: Iterable[str] = (), **data: Any) -> Event:
    """An `Event` from keyword values, for tests and tools (an engine calls `GameState._emit`)."""
    return Event(kind, tuple(data.items()), frozenset(secret))


@dataclass(frozen=True)
class Explanation:
    """Why an action is or is not legal, without applying it.

    Attributes:
        legal: True when the action is legal
        rule: the refusal's rule id (`legal` when legal)
        text: the refusal's sentence per language
    """

    legal: bool
    rule: str
    text: dict[str, str]


@dataclass(frozen=True)
class PlayerResult:
    """One player's result: score, rank (1 = best; tied players share a rank), won, and where the score came from.

    `player` is the seat, 0-based like `current_player` and `observation(player)`; people read it
    as "Player 1" (`seat_label`). Every engine fills `score` and `rank` meaningfully: a
    competitive game its scoring, a cooperative one the table's shared result (every seat the
    same score, rank 1, and `won` the table's result).

    Attributes:
        player: the seat, 0-based
        score: the player's final score (victory points, or what the game counts)
        rank: 1 for the best; tied players share a rank, the next counts the players ahead (1, 1, 3);
            `ranked` turns score tuples with tie-breaks into ranks
        won: True for every winner (several on a shared victory; all or none in a cooperative game)
        breakdown: where the score came from, as (source, points) pairs that add up to `score`
    """

    player: int                                  # the seat, 0-based
    score: float
    rank: int
    won: bool
    breakdown: tuple[tuple[str, float], ...] = ()
    taken: tuple[str, ...] = ()                  # content ids of the cards this player took (bought, played):
                                                 # balance figures say how their takers fare


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: the cause id (e.g. 'ocean-planet', 'score') and every player's result.

    Attributes:
        cause: how the game ended, a key of `outcomes` in sentences.yaml; `Game.outcome_causes` lists every one
        results: one `PlayerResult` per player, in seat order
        text: the cause's sentence per language (`Presentation.render_outcome`)

    A cooperative game is the case where all players share one result; `won` is then the
    table's result. The sentence for `cause` lives in the content (`outcomes` in sentences.yaml).
    """

    cause: str
    results: tuple[PlayerResult, ...]
    text: dict[str, str] = field(default_factory=dict, compare=False)

    @property
    def won(self) -> bool:
        """True when some player won (for a cooperative game: the table won)."""
        return any(r.won for r in self.results)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats (0-based) that won; more than one is a shared win (a tie, or a cooperative table)."""
        return tuple(r.player for r in self.results if r.won)

    def ranking(self) -> tuple[PlayerResult, ...]:
        """The results best first (by rank, then seat), as a results table lists them."""
        return tuple(sorted(self.results, key=lambda r: (r.rank, r.player)))


@dataclass(frozen=True, slots=True)
class Chance:
    """A chance step a state declares: what it is called, its outcomes and their probabilities.

    Attributes:
        what: its name in the saved game's chance line (`distance-dice`), as `_roll` and `_pick` name theirs
        kind: `roll` (dice: every outcome a tuple of faces from 1) or `pick` (one of some choices)
        args: (sides, dice) of a roll; the choices of a pick (a choice listed twice is twice as likely)
        step: the engine's own note of what the outcome completes, handed back to `GameState._after_chance`

    OpenSpiel's chance node: an engine that declares its chance this way (`GameState._await_chance`)
    lets tree search branch on the outcomes, each as likely as `outcomes()` says, instead of only
    reseeding the RNG. Every other tool goes on as before: the state draws the outcome from its seeded
    RNG, or takes the saved game's, exactly as `_roll` or `_pick` would, and records it the same way.
    A declared outcome is public: every player sees it (dice, a card turned face up); a secret draw
    stays a plain `_pick` or `_shuffle`, which search redraws through `resample_hidden`.
    """

    what: str
    kind: str
    args: tuple[Any, ...]
    step: tuple[Any, ...] = ()

    @classmethod
    def roll(cls, what: str, sides: int = 6, dice: int = 1, step: tuple[Any, ...] = ()) -> Chance:
        """`dice` dice of `sides` sides; the outcome is the tuple of their faces, in the order rolled."""
        return cls(what, "roll", (sides, dice), step)

    @classmethod
    def pick(cls, what: str, choices: Sequence[Any], step: tuple[Any, ...] = ()) -> Chance:
        """One of `choices` at random (each listed choice as likely as the others); the outcome is the choice."""
        return cls(what, "pick", tuple(choices), step)

    def outcomes(self) -> list[tuple[Any, float]]:
        """Every outcome with its probability (they sum to 1), in a fixed order."""
        if self.kind == "roll":
            return list(_roll_outcomes(*self.args))
        counts: dict[Any, int] = {}
        for choice in self.args:
            counts[choice] = counts.get(choice, 0) + 1
        return [(choice, n / len(self.args)) for choice, n in counts.items()]

    def problem(self, outcome: Any) -> str | None:
        """Why `outcome` cannot come of this step (None when it can)."""
        if self.kind == "roll":
            sides, dice = self.args
            if isinstance(outcome, tuple) and len(outcome) == dice and all(
                    isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= sides for v in outcome):
                return None
            return f"{outcome!r} is not a roll of {dice} d{sides} for '{self.what}'"
        return None if outcome in self.args else f"{outcome!r} is not one of the choices for '{self.what}'"


@functools.lru_cache(maxsize=32)
def _roll_outcomes(sides: int, dice: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every ordered roll of `dice` dice of `sides` sides, each as likely as the others."""
    p = 1.0 / sides ** dice
    return tuple((faces, p) for faces in itertools.product(range(1, sides + 1), repeat=dice))


SEAT_WORDS = {"en": "Player {n}", "de": "Spieler {n}"}  # a seat as people count it, from 1


def seat_label(seat: int, lang: str = "en") -> str:
    """How people read a 0-based seat: "Player 1" for seat 0 (the command line's views; a game's
    own pages and sentences use the content's words)."""
    return SEAT_WORDS.get(lang, SEAT_WORDS["en"]).format(n=seat + 1)


def ranked(scores: Sequence[tuple[float, ...]]) -> list[int]:
    """Ranks (1 = best) of players by score tuples compared in order (the game's tie-breaks).

    Players whose whole tuples are equal share a rank: (10, 2), (10, 2), (9, 5) -> 1, 1, 3.
    """
    return [1 + sum(1 for other in scores if other > mine) for mine in scores]


T = TypeVar("T")


class PerObject(Generic[T]):
    """A cache of values computed from an object, kept while that object lives.

    Keyed by identity (content objects are not hashable) and checked through a weak reference,
    so a reloaded content never meets a value computed from an earlier one at the same address.
    """

    def __init__(self) -> None:
        self._items: dict[int, tuple[weakref.ref[Any], T]] = {}

    def get(self, owner: object, make: Callable[[], T]) -> T:
        """The value kept for `owner`, made by `make()` the first time it is asked for."""
        key = id(owner)
        item = self._items.get(key)
        if item is not None and item[0]() is owner:
            return item[1]
        value = make()
        def forget(_ref: weakref.ref[Any], key: int = key) -> None:
            self._items.pop(key, None)

        self._items[key] = (weakref.ref(owner, forget), value)
        return value


def best_action(actions: Sequence[Action], value_of: Callable[[Action], float], rng: random.Random,
                tolerance: float = 1e-9) -> Action:
    """The action `value_of` values highest, ties (within `tolerance`) broken by one draw from `rng`.

    Every greedy player judges actions this way; `value_of` is called once per action in their
    order (it may draw from `rng` itself, as a resampled trial does), then the tie is drawn, so a
    seeded game plays the same whichever player module asks."""
    best: list[Action] = []
    best_value = float("-inf")
    for action in actions:
        value = value_of(action)
        if value > best_value + tolerance:
            best, best_value = [action], value
        elif abs(value - best_value) <= tolerance:
            best.append(action)
    return best[rng.randrange(len(best))]


def stable_hash(key: Hashable) -> str:
    """A hash of a canonical state key that is the same in every process and on every run."""
    return hashlib.blake2b(repr(key).encode(), digest_size=8).hexdigest()
