"""The engine contract: what every rules engine gives, bundled or a designer's own, in three parts.

1. The rules core, here. OpenSpiel's split: a `Game` holds what does not change during play (the
   content, the chosen options), a `GameState` the table as it is now. A state offers
   `legal_actions()`; `apply(action)` refuses anything else with a `RuleError` and returns the
   typed events it caused. Chance (shuffles, dice, random draws) goes through `_shuffle`, `_roll`
   and `_pick`, which take the outcome from the state's own seeded RNG or, on replay, from the
   saved game, and record it in the log. An engine may also declare a chance step
   (`_await_chance` with a `Chance`: its outcomes and their probabilities, OpenSpiel's chance
   node): tree search then stops there (`is_chance_node`, `chance_outcomes`, `apply_chance`) and
   branches on the outcomes, while every other tool sees the same draw as `_roll` or `_pick` made
   inside `apply`, so saved games replay unchanged. A finished game's value for each seat is
   `returns()`; what a seat may see, `observation(p)`; an independent copy, `clone()`.
2. The presentation adapter, `Game.presentation` (presentation.py): sentences, summaries,
   pictures and the notation actions are written in. Sentences players read are not in Python:
   events, refusals, outcomes and action descriptions are templates in the game's content
   (`rules/<lang>/sentences.yaml`), filled with values put into words by `Presentation.words`.
3. The optional AI hooks, `Game.ai` (ai_hooks.py): evaluation, ranking, rollouts and search
   settings for the generic players; a game without its own gets defaults.

Every generic tool (`pnp play/replay/simulate`, example replay, invariant fuzzing, the policies,
the site) talks to engines through these parts only, each tool through the part it needs.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from generator.content.loader import GameContent
from generator.rules.ai_hooks import AIHooks
from generator.rules.core import (
    PLAYER_SEAT,
    Action,
    Chance,
    ChanceError,
    Event,
    Explanation,
    Outcome,
    PlayerResult,
    RuleError,
    SeatKeys,
    stable_hash,
)
from generator.rules.presentation import Presentation

TERMINAL = -1  # `current_player` of a finished game
ONLOOKER = -1  # a `viewer` who sits at no seat: sees what every player sees, no hand


@dataclass(frozen=True)
class OptionSpec:
    """One option a game is played with: `--option name=value`, `options:` of an example.

    Attributes:
        name: the option's name (`players` is the one `--players N` sets; `variant` the one `--variant` sets)
        choices: every value it may take, as strings (the command line and examples give strings)
        default: the value when nobody chooses one; `Game.options` holds it then
        help: one line for `pnp info` and the error that lists the choices

    A reading of the rulebook that departs from its words is a named option whose default is
    the rulebook's wording (e.g. outposts: rulebook | frontier).
    """

    name: str
    choices: tuple[str, ...]
    default: str
    help: str


class OptionsError(ValueError):
    """Options a game does not know or values it does not offer."""


class Game(ABC):
    """The static part of a game: content and options, with its presentation and AI hooks. One object per
    (content, options).

    Attributes:
        engine_id (str): the engine's name; saved games carry it
        engine_version (str): raise it when the rules change: a saved game of another version is refused, not misread
        option_specs (tuple[OptionSpec, ...]): the options the game is played with, one `OptionSpec` each
        cooperative (bool): True when the table wins or loses together; results and `pnp simulate` read wins so
        seat_keys (frozenset[str]): the event data, action values and refusal values that are seats: 0-based in
            the API, shown and saved from 1 (see below)
        state_class (type[GameState]): the engine's `GameState` subclass; `pnp check` checks it keeps the contract too
        content (GameContent): the game's folder as `pnp check` read it (cards, boards, variants, sentences)
        options (dict[str, str]): every option's value, the defaults filled in (`check_options`); values are strings
        presentation_class (type[Presentation]): the engine's `Presentation` subclass (default: the defaults)
        ai_class (type[AIHooks]): the engine's `AIHooks` subclass (default: the defaults)
        presentation (Presentation): how the game reads to people, an instance of `presentation_class`
        ai (AIHooks): what the generic players may ask beyond the rules, an instance of `ai_class`

    Subclasses set the class attributes and implement `new_initial_state`; the rest has
    sound defaults an engine may refine. An engine that shows more than the defaults (names in
    sentences, a summary, a picture, a notation of its own) names its `Presentation` subclass in
    `presentation_class`; one that helps the players, its `AIHooks` subclass in `ai_class`.

    Seats count from 0 in every value an engine hands over: `current_player`, `observation(p)`,
    `PlayerResult.player`, and the values of events (`_emit(..., player=p)`), of `Presentation.action_values`
    and of refusals (`_refuse(..., player=q)`). `seat_keys` names which of those values are seats,
    so the generic code can show them as people count, from 1: a sentence says "Player 1" for
    seat 0 (`Presentation.words` is handed the value so counted), and a saved game writes them from 1 as it
    always has. `"player"` names a value that is a seat, a list or tuple of seats, or None;
    `"planet[0]"` a tuple whose item 0 is a seat (an owner beside a tile). The default names
    `player` only; a game with more writes `seat_keys = Game.seat_keys | {"defender", "other"}`.
    `pnp test` checks every seat an event or action value names is in range(num_players).
    """

    engine_id: ClassVar[str]
    engine_version: ClassVar[str]
    operations: ClassVar[frozenset[str]] = frozenset()     # effect operations it executes (checked against game.yaml)
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    event_kinds: ClassVar[frozenset[str]] = frozenset()    # every Event.kind it emits
    rule_ids: ClassVar[frozenset[str]] = frozenset()       # every RuleError.rule it raises
    outcome_causes: ClassVar[frozenset[str]] = frozenset() # every Outcome.cause
    action_kinds: ClassVar[frozenset[str]] = frozenset()   # action[0] of every action (for describe)
    cooperative: ClassVar[bool] = False
    seat_keys: ClassVar[SeatKeys] = PLAYER_SEAT           # event, action and refusal values that are seats
    presentation_class: ClassVar[type[Presentation]] = Presentation
    ai_class: ClassVar[type[AIHooks]] = AIHooks

    def __init__(self, content: GameContent, options: Mapping[str, Any] | None = None):
        self.content = content
        self.options: dict[str, str] = self.check_options(options or {})
        self.presentation = self.presentation_class(self)
        self.ai = self.ai_class(self)

    # -- what an engine implements -------------------------------------------------------------
    @abstractmethod
    def new_initial_state(self, seed: int, *, log: bool = False, forced: list[Any] | None = None,
                          quiet: bool = False) -> GameState:
        """The table after set-up, its RNG seeded by `seed` (or chance taken from `forced` on replay)."""

    @abstractmethod
    def num_players(self) -> int:
        """How many players this game (with these options) seats."""

    def content_hash(self) -> str:
        """Hash of the content the referee reads (saved games carry it); default: the whole folder."""
        return self.content.content_hash

    def invariant_problems(self, state: GameState) -> list[str]:
        """What is wrong with the table (the engine's accounting); empty when all is well."""
        return []

    # -- options -------------------------------------------------------------------------------
    @classmethod
    def check_options(cls, options: Mapping[str, Any]) -> dict[str, str]:
        """Complete `options` with defaults; raise OptionsError naming the unknown ones."""
        known = {spec.name: spec for spec in cls.option_specs}
        merged = {spec.name: spec.default for spec in cls.option_specs}
        for name, value in options.items():
            spec = known.get(name)
            if spec is None:
                raise OptionsError(f"unknown option '{name}'; this game knows: {', '.join(known) or 'none'}")
            if str(value) not in spec.choices:
                raise OptionsError(f"option {name}: '{value}' is not one of {', '.join(spec.choices)}")
            merged[name] = str(value)
        return merged

    def card_groups(self) -> Mapping[str, tuple[str, ...]]:
        """Card id -> the groups it belongs to (Terraforming Mars: its tags), so the balance page can
        say which groups winners played besides which cards. The default groups nothing."""
        return {}

    def sentence_keys(self) -> dict[str, frozenset[str]]:
        """Which templates the content must hold, per section (`pnp check` asks)."""
        return {"events": self.event_kinds, "refusals": self.rule_ids | {"unknown-action", "game-over"},
                "outcomes": self.outcome_causes, "actions": self.action_kinds, "words": frozenset({"unfinished"})}


def _result_values(outcome: Outcome, players: int, cooperative: bool) -> list[float]:
    """Each seat's value of a finished game, as `GameState.returns` documents it."""
    values = [0.0] * players
    for result in outcome.results:
        if 0 <= result.player < players:
            if result.won:
                values[result.player] = 1.0
            elif not cooperative and players > 1:
                values[result.player] = 0.5 * (players - result.rank) / (players - 1)
    return values


class GameState(ABC):
    """The dynamic part of a game; the base class makes the contract hold for every engine.

    Attributes:
        game (Game): the game this state is a table of: `self.game.content`, `self.game.options`
        seed (int): the seed the game was set up with (repeat lines and saved games name it)
        turn (int): the engine's count of turns (or rounds), from 1; playouts and `--turns N` stop on it
        rng (Random): the seeded RNG behind `_shuffle`, `_roll` and `_pick`; an engine draws through those, never
            from `rng` itself, so every outcome is recorded and a saved game replays
        log (list[dict[str, Any]] | None): the record of decisions, chance and steps a saved game is written from
            (None when not logging); the base writes it
        quiet (bool): True in batch playouts: `_emit` builds no events
        explicit_chance (bool): True when the state stops at the chance steps the engine declares
            (`_await_chance`) until `apply_chance` gives the outcome; False (every tool but tree search)
            draws them at once as `_roll` or `_pick` would

    An engine implements the abstract methods; the base gives a cached, complete legal set,
    `apply` that refuses what is not legal, the log of decisions, chance and automatic steps
    (each with the hash of the state after it), and the recorded chance API.
    """

    def __init__(self, game: Game, seed: int, *, log: bool = False, forced: list[Any] | None = None,
                 quiet: bool = False):
        self.game = game
        self.seed = seed
        self.turn = 1                        # the engine counts turns (or rounds); playouts cap on it
        self.rng = random.Random(seed)
        self.log: list[dict[str, Any]] | None = [] if log else None
        self.quiet = quiet                   # batch playouts: no events are built
        self._forced: deque[Any] | None = deque(forced) if forced is not None else None
        self.check_seed = bool(getattr(forced, "check_seed", False))  # replay: outcomes must be the seed's own
        self._events: list[Event] = []
        self._mark = 0                       # index into _events of the first not yet logged event
        self._legal: list[Action] | None = None
        self.explicit_chance = False
        self._chance: Chance | None = None   # the declared chance step the state waits on (explicit_chance only)
        self._advance_due = False            # ... and whether the automatic steps of a decision follow it

    # -- what an engine implements -------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int:
        """The player (0-based) who decides now, or TERMINAL when the game is over."""

    @abstractmethod
    def _legal_now(self) -> list[Action]:
        """Every legal action of this state (no duplicates; empty exactly when the game is over)."""

    @abstractmethod
    def _violation(self, action: Action) -> RuleError | None:
        """Why `action` is not legal here (None when it is): the rule and the values its sentence needs."""

    @abstractmethod
    def _do(self, action: Action) -> None:
        """The decision's own effects (the action is known to be legal)."""

    def _advance(self) -> None:  # noqa: B027 (optional: most games have steps of their own, some none)
        """Automatic steps after a decision (end of turn, next time card, ...); default none."""

    @abstractmethod
    def key(self) -> tuple[Any, ...]:
        """A canonical, hashable description of everything that makes this state what it is."""

    @abstractmethod
    def clone(self) -> GameState:
        """An independent copy with the same RNG state and no log (use `_copy_base`)."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended, with every player's result; None while it runs.

        One `PlayerResult` per seat (0-based `player`), each with a score and a rank (1 = best,
        tied players share it) and `won`; a cooperative game gives every seat the table's shared
        result. `pnp play` and `pnp replay` print them as a ranked table, `pnp simulate` counts
        outright and shared wins from them."""

    @abstractmethod
    def observation(self, player: int) -> dict[str, Any]:
        """What `player` (0-based) may see, as JSON-able data: other hands and face-down decks masked."""

    def resample_hidden(self, player: int, rng: random.Random) -> GameState:
        """A clone in which everything `player` cannot see is drawn anew from what they can see.

        Tree search plays on such samples so it cannot peek at hidden cards or at the RNG. The
        default (a game of open information) reseeds the clone's RNG only.
        """
        twin = self.clone()
        twin.rng.seed(rng.getrandbits(64))
        return twin

    def returns(self) -> list[float]:
        """Each seat's value of the game (one per seat, from 0), in [0, 1]; all 0 while it runs.

        A finished game is worth 1 to every winner (a shared win too: tied winners, or a cooperative
        table that won), and otherwise, by rank, from 0.5 for second place down to 0 for the last; a
        cooperative table that lost is worth 0 to every seat. Tree search judges every finished game
        it reaches by these values, and a game's `AIHooks.evaluate` of a running one is on the same scale.
        The default reads `outcome()`; an engine may give the same values more cheaply.
        """
        outcome = self.outcome()
        players = self.num_players
        if outcome is None:
            return [0.0] * players
        return _result_values(outcome, players, self.game.cooperative)

    def _after_chance(self, chance: Chance, outcome: Any) -> None:
        """What the outcome of a chance step the engine declared (`_await_chance`) does: the rest of
        that step. Only an engine that declares chance implements it."""
        raise NotImplementedError(f"{type(self).__name__} declares the chance step '{chance.what}' "
                                  "but does not say what its outcome does (_after_chance)")

    # -- the contract ------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        """How many players the game seats (the game's `num_players()`)."""
        return self.game.num_players()

    @property
    def is_terminal(self) -> bool:
        """True once the game is over: `outcome()` is not None."""
        return self.outcome() is not None

    @property
    def is_over(self) -> bool:
        """The same as `is_terminal`, in the words tools use."""
        return self.is_terminal

    def results(self) -> tuple[PlayerResult, ...]:
        """Every player's result; empty while the game runs."""
        outcome = self.outcome()
        return outcome.results if outcome else ()

    def is_chance_node(self) -> bool:
        """True while the state waits on a declared chance step (only with `explicit_chance`): ask
        `chance_outcomes()` and go on with `apply_chance(outcome)`; it has no legal actions meanwhile."""
        return self._chance is not None

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        """The outcomes of the chance step the state waits on, each with its probability (they sum to 1)."""
        if self._chance is None:
            raise RuntimeError("not a chance node: the state waits on a decision (legal_actions)")
        return self._chance.outcomes()

    def apply_chance(self, outcome: Any) -> list[Event]:
        """Go on from a chance node with `outcome` (one of `chance_outcomes()`); return the events it caused,
        the automatic steps after the decision that led here included."""
        chance = self._chance
        if chance is None:
            raise RuntimeError("not a chance node: the state waits on a decision (legal_actions)")
        problem = chance.problem(outcome)
        if problem:
            raise ChanceError(problem)
        first = len(self._events)
        self._chance = None
        self._legal = None
        self._log_chance(chance.what, list(outcome) if chance.kind == "roll" else outcome)
        self._after_chance(chance, outcome)
        if self._chance is None and self._advance_due:
            self._advance_due = False
            self._advance()
        self._legal = None
        return self._events[first:]

    def legal_actions(self) -> list[Action]:
        """Every legal action of this state and nothing else (empty exactly when the game is over)."""
        if self._legal is None:
            self._legal = self._legal_now()
        return self._legal

    def explain(self, action: Action) -> Explanation:
        """Whether `action` is legal here and, if not, the rule and its sentence in every language; changes nothing."""
        if action in self.legal_actions():
            return Explanation(True, "legal", {"de": "Diese Aktion ist erlaubt.", "en": "This action is legal."})
        refusal = self._violation(action) or self._refuse("unknown-action", action=action)
        error = self.game.presentation.render_refusal(refusal)
        return Explanation(False, error.rule, error.text)

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action; return the events it caused, automatic steps after it included."""
        if self._chance is not None:
            raise RuntimeError(f"a chance node ('{self._chance.what}'): go on with apply_chance, not a decision")
        legal = self._legal if self._legal is not None else self.legal_actions()
        if action not in legal:
            refusal = self._violation(action) or self._refuse("unknown-action", action=action)
            raise self.game.presentation.render_refusal(refusal)
        self._legal = None
        first = len(self._events)
        entry: dict[str, Any] | None = None
        if self.log is not None:
            # the saved-game format counts seats from 1, as people do (saved games replay unchanged)
            written = self.game.presentation.format_action(self, action)
            entry = {"kind": "decision", "player": self.current_player + 1, "action": written}
            self.log.append(entry)
        self._do(action)
        if entry is not None:
            entry["events"] = [e.as_json(self.game.seat_keys) for e in self._events[self._mark:]]
            entry["hash"] = self.state_hash()
            self._mark = len(self._events)
        if self._chance is not None:     # explicit chance: the automatic steps follow the outcome
            self._advance_due = True
            return self._events[first:]
        self._advance()
        self._legal = None
        return self._events[first:]

    def state_hash(self) -> str:
        """A short hash of `key()`, the same in every process: saved games and replays compare states by it."""
        return stable_hash(self.key())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and type(self) is type(other) and self.key() == other.key() \
            and self.rng.getstate() == other.rng.getstate() and self._chance == other._chance

    __hash__ = None  # type: ignore[assignment]  # states change; compare them, do not hash them

    @property
    def events(self) -> list[Event]:
        """Every event since the game began (empty in quiet batch mode)."""
        return self._events

    # -- for the engine's rules code -------------------------------------------------------------
    def _refuse(self, rule: str, **params: Any) -> RuleError:
        """A refusal of `rule`, its sentence filled in every language from the content (seats in `params`
        0-based, as `Game.seat_keys` names them)."""
        return self.game.presentation.render_refusal(RuleError(rule, params))

    def _emit(self, kind: str, secret: Iterable[str] = (), private: int | None = None, **data: Any) -> None:
        """Record that `kind` happened with `data` (the values its sentence names; seats among them 0-based, as
        `Game.seat_keys` names them); `secret` names the values only the seat `private` (0-based; None: nobody)
        may see. Nothing is built in quiet batch playouts, so emitting costs a simulation nothing."""
        if not self.quiet:
            self._events.append(Event(kind, tuple(data.items()), frozenset(secret), private))

    def _recorded(self, what: str, drawn: Any, check: Any) -> Any:
        """The outcome of one chance step: the RNG's `drawn`, or the saved game's, checked by `check`."""
        if self._forced is not None:
            if not self._forced:
                raise ChanceError(f"the game needs a chance outcome ({what}) but the file has none left")
            line, recorded = self._forced.popleft()
            if recorded.get("what") != what:
                raise ChanceError(f"the game draws '{what}' here, the file records '{recorded.get('what')}'", line)
            outcome = recorded.get("outcome")
            problem = check(outcome)
            if problem:
                raise ChanceError(problem, line)
            if self.check_seed and outcome != drawn:
                raise ChanceError(f"{_short(outcome)} is not what seed {self.seed} gives for '{what}' "
                                  f"({_short(drawn)}): the chance outcome was edited", line)
            return outcome
        return drawn

    def _log_chance(self, what: str, outcome: Any) -> None:
        if self.log is not None:
            self.log.append({"kind": "chance", "what": what, "outcome": outcome, "hash": self.state_hash()})

    def _shuffle(self, items: list[Any], what: str) -> None:
        """Shuffle `items` in place: by the RNG, or as the replayed file recorded it."""
        drawn = list(items)
        self.rng.shuffle(drawn)

        def check(outcome: Any) -> str | None:
            if not isinstance(outcome, list) or sorted(map(str, outcome)) != sorted(map(str, items)):
                return f"{_short(outcome)} is not a possible order of the {len(items)} items shuffled for '{what}'"
            return None

        items[:] = self._recorded(what, drawn, check)
        self._log_chance(what, list(items))

    def _roll(self, what: str, sides: int = 6, dice: int = 1) -> tuple[int, ...]:
        """Roll `dice` dice of `sides` sides: by the RNG, or as the replayed file recorded them."""
        drawn = [self.rng.randint(1, sides) for _ in range(dice)]

        def check(outcome: Any) -> str | None:
            if not isinstance(outcome, list) or len(outcome) != dice or \
                    not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= sides for v in outcome):
                return f"{_short(outcome)} is not a roll of {dice} d{sides} for '{what}'"
            return None

        outcome = self._recorded(what, drawn, check)
        self._log_chance(what, list(outcome))
        return tuple(outcome)

    def _pick(self, what: str, choices: Sequence[Any]) -> Any:
        """Draw one of `choices` at random (a card from a face-down stack): by the RNG or the file."""
        drawn = choices[self.rng.randrange(len(choices))]

        def check(outcome: Any) -> str | None:
            return None if outcome in list(choices) else f"{_short(outcome)} is not one of the choices for '{what}'"

        outcome = self._recorded(what, drawn, check)
        self._log_chance(what, outcome)
        return outcome

    def _await_chance(self, chance: Chance) -> None:
        """Declare that the step goes on by chance: `chance` lists its outcomes, `_after_chance` does the rest.

        Call it last in the step (nothing may follow it there). With `explicit_chance` (tree search)
        the state stops here, a chance node, until `apply_chance`; otherwise the outcome is drawn at
        once as `_roll` or `_pick` draws it (the seeded RNG, or the saved game on replay, recorded the
        same way) and `_after_chance` runs, so play, saved games and replays are what they were."""
        if self.explicit_chance:
            self._chance = chance
            return
        if chance.kind == "roll":
            sides, dice = chance.args
            outcome: Any = self._roll(chance.what, sides, dice)
        else:
            outcome = self._pick(chance.what, chance.args)
        self._after_chance(chance, outcome)

    def _step(self, what: str) -> None:
        """Close an automatic step: log it with the events since the last entry."""
        if self.log is not None:
            self.log.append({"kind": "auto", "what": what,
                             "events": [e.as_json(self.game.seat_keys) for e in self._events[self._mark:]],
                             "hash": self.state_hash()})
            self._mark = len(self._events)

    def _copy_base(self, other: GameState) -> None:
        """Copy the base fields into a fresh clone (no log, same RNG state)."""
        other.game = self.game
        other.seed = self.seed
        other.turn = self.turn
        other.rng = copy_rng(self.rng)
        other.log = None
        other.quiet = self.quiet
        other._forced = None
        other.check_seed = False
        other._events = []
        other._mark = 0
        other._legal = None
        other.explicit_chance = self.explicit_chance
        other._chance = self._chance
        other._advance_due = self._advance_due


def copy_rng(rng: random.Random) -> random.Random:
    """An independent RNG in the same state as `rng`.

    `random.Random()` would first seed itself from os.urandom only to be overwritten by setstate;
    a clone made per decision (greedy trials, tree search) paid that system call every time."""
    other = random.Random.__new__(random.Random)
    other.setstate(rng.getstate())
    return other


def _short(value: Any, limit: int = 120) -> str:
    """A value for a message, cut so that a huge forged value cannot flood the terminal."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"
