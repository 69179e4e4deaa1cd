"""The three parts of an engine that reads its content once into rules data and names its functions.

Every bundled engine keeps the same frame: the content read once per content object (its own
`RulesData`), a content hash of what the referee reads, a state class built from (game, seed),
and its presentation (notation, values in words, summary, picture) and AI hooks (greedy player,
evaluation, ranking, rollouts) done by functions of its own modules. `ContentGame` is that frame;
an engine names its functions in three dataclasses, one per part of the contract: `EngineParts`
(rules), `ShownParts` (presentation) and `AIParts` (AI hooks).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from generator.content.loader import GameContent
from generator.rules.ai_hooks import AIHooks, SearchSettings
from generator.rules.contract import Game, GameState
from generator.rules.core import Action, PerObject
from generator.rules.picture import StatePicture
from generator.rules.presentation import Presentation

S = TypeVar("S", bound=GameState)


class RulesData(Protocol):
    """An engine's reading of its content: frozen data and the hash of what the referee reads."""

    @property
    def content_hash(self) -> str: ...


class Notation(Protocol):
    """An engine's notation module: how its actions are written in saved games and example files."""

    def format_action(self, state: Any, action: Action) -> str: ...

    def parse_action(self, state: Any, text: str) -> Action: ...

    def action_values(self, state: Any, action: Action) -> Mapping[str, Any]: ...


D = TypeVar("D", bound=RulesData)
Rows = list[tuple[str, str]]
ValueWords = Callable[[str, Any, Any, str, Mapping[str, str], Callable[[str], str]], str]


@dataclass(frozen=True)
class EngineParts:
    """The rules core an engine plugs into `ContentGame`: its vocabulary, state and accounting.

    Attributes:
        state: the engine's state class (the contract's `Game.state_class`)
        events, rules, causes, actions: its event kinds, refusal rules, outcome causes and action kinds
            (the contract's `event_kinds`, `rule_ids`, `outcome_causes`, `action_kinds`)
        load_data: reads the content into the engine's rules data (kept while the content lives)
        invariants: state -> what is wrong with the table; None: nothing is checked
        operations: the effect operations it executes (the contract's `operations`, checked against game.yaml)
    """

    state: type[GameState]
    events: frozenset[str]
    rules: frozenset[str]
    causes: frozenset[str]
    actions: frozenset[str]
    load_data: Callable[[GameContent], Any]
    invariants: Callable[[Any], list[str]] | None = None
    operations: frozenset[str] = frozenset()


@dataclass(frozen=True)
class ShownParts:
    """The presentation an engine plugs into `ContentGame` (each state argument is the engine's state).

    Attributes:
        notation: the engine's notation module (`format_action`, `parse_action`, `action_values`)
        value_words: (key, value, data, lang, words, outcome sentence) -> a value in words
        summary: (state, lang) -> the table as (label, value) rows
        summary_for: (state, lang, viewer) -> the rows a viewer may see; None: the summary hides nothing
        picture: (state, lang) -> the table drawn; None: the engine draws none
    """

    notation: Notation
    value_words: ValueWords
    summary: Callable[[Any, str], Rows]
    summary_for: Callable[[Any, str, int | None], Rows] | None = None
    picture: Callable[[Any, str], StatePicture] | None = None


@dataclass(frozen=True)
class AIParts:
    """The AI hooks an engine plugs into `ContentGame`; None keeps the contract's default.

    Attributes:
        greedy: a fresh greedy policy; None: the generic one-step policy
        evaluate: (state, player) -> how good the table looks for player, in [0, 1]
        expert: a fresh `expert` policy; None: greedy plays under that name
        rank: (state, actions) -> the actions best first
        rollout: a fresh policy tree search plays ahead with; None: random decisions
        search: how `mcts:N` searches the game
    """

    greedy: Callable[[], Any] | None = None
    evaluate: Callable[[Any, int], float] | None = None
    expert: Callable[[], Any] | None = None
    rank: Callable[[Any, list[Action]], list[Action]] | None = None
    rollout: Callable[[], Any] | None = None
    search: SearchSettings = SearchSettings()


class ContentPresentation(Presentation):
    """The presentation of a `ContentGame`, done by the functions its `shown` names."""

    game: ContentGame[Any, Any]

    def format_action(self, state: GameState, action: Action) -> str:
        return self.game.shown.notation.format_action(state, action)

    def parse_action(self, state: GameState, text: str) -> Action:
        return self.game.shown.notation.parse_action(state, text)

    def action_values(self, state: GameState, action: Action) -> Mapping[str, Any]:
        return self.game.shown.notation.action_values(state, action)

    def picture(self, state: GameState, lang: str) -> StatePicture | None:
        draw = self.game.shown.picture
        return draw(self.game._own(state), lang) if draw is not None else None

    def summary(self, state: GameState, lang: str) -> Rows:
        return self.game.shown.summary(self.game._own(state), lang)

    def summary_for(self, state: GameState, lang: str, viewer: int | None) -> Rows:
        rows_for = self.game.shown.summary_for
        return rows_for(self.game._own(state), lang, viewer) if rows_for is not None else self.summary(state, lang)

    def words(self, key: str, value: Any, lang: str) -> str:
        words = self.game.content.sentences.get(lang, {}).get("words", {})
        return self.game.shown.value_words(key, value, self.game.data, lang, words,
                                           lambda cause: self.sentence("outcomes", cause, lang, {}))


class ContentAI(AIHooks):
    """The AI hooks of a `ContentGame`, done by the functions its `ai_parts` names."""

    game: ContentGame[Any, Any]

    def evaluate(self, state: GameState, player: int) -> float:
        judge = self.game.ai_parts.evaluate
        return judge(self.game._own(state), player) if judge is not None else super().evaluate(state, player)

    def rank_actions(self, state: GameState, actions: list[Action]) -> list[Action]:
        rank = self.game.ai_parts.rank
        return rank(self.game._own(state), actions) if rank is not None else list(actions)

    def rollout_policy(self) -> Any:
        make = self.game.ai_parts.rollout
        return make() if make is not None else None

    def search_settings(self) -> SearchSettings:
        return self.game.ai_parts.search

    def greedy_policy(self) -> Any:
        make = self.game.ai_parts.greedy
        return make() if make is not None else None

    def expert_policy(self) -> Any:
        make = self.game.ai_parts.expert
        return make() if make is not None else None


class ContentGame(Game, Generic[S, D]):
    """A `Game` whose rules data (`D`) is read from the content once and whose work is done by its parts.

    Subclasses set `engine_id`, `engine_version`, `option_specs`, `parts`, `shown` and (optionally)
    `ai_parts`; the contract's vocabulary, `operations` and `state_class` (built as
    `state_class(game, seed, log=, forced=, quiet=)`) come from `parts`, the presentation from
    `shown`, the AI hooks from `ai_parts`. `num_players` reads the `players` option unless overridden.
    """

    parts: ClassVar[EngineParts]
    shown: ClassVar[ShownParts]
    ai_parts: ClassVar[AIParts] = AIParts()
    presentation_class = ContentPresentation
    ai_class = ContentAI
    state_class: type[S]
    data: D
    _data: ClassVar[PerObject[Any]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._data = PerObject()
        parts = cls.__dict__.get("parts")
        if parts is not None:
            cls.state_class = parts.state
            cls.event_kinds, cls.rule_ids = parts.events, parts.rules
            cls.outcome_causes, cls.action_kinds = parts.causes, parts.actions
            cls.operations = parts.operations or cls.operations

    def __init__(self, content: GameContent, options: Mapping[str, Any] | None = None):
        super().__init__(content, options)
        self.data = self.rules_data(content)

    @classmethod
    def new_game(cls, content: GameContent, seed: int, options: Mapping[str, Any] | None = None, log: bool = False,
                 forced: list[Any] | None = None, quiet: bool = False) -> S:
        """Set up a new table from `content` (a shortcut for tests: `cls(content, options).new_initial_state(...)`)."""
        return cls(content, options).new_initial_state(seed, log=log, forced=forced, quiet=quiet)

    @classmethod
    def rules_data(cls, content: GameContent) -> D:
        """The engine's reading of `content`, cached while that content object lives."""
        data: D = cls._data.get(content, lambda: cls.parts.load_data(content))
        return data

    def new_initial_state(self, seed: int, *, log: bool = False, forced: list[Any] | None = None,
                          quiet: bool = False) -> S:
        return self.state_class(self, seed, log=log, forced=forced, quiet=quiet)

    def num_players(self) -> int:
        return int(self.options["players"])

    def content_hash(self) -> str:
        return self.data.content_hash

    def invariant_problems(self, state: GameState) -> list[str]:
        check = self.parts.invariants
        return check(self._own(state)) if check is not None else []

    def _own(self, state: GameState) -> S:
        assert isinstance(state, self.state_class), f"{type(state).__name__} is not a {self.state_class.__name__}"
        return state
