"""Escape Earth's `Game`: the content read once, the options, and how its values read in words."""

from __future__ import annotations

from typing import Any

from generator.content.loader import GameContent
from generator.rules.contract import Game, GameState, OptionSpec, SearchSettings
from generator.rules.core import Action, PerObject
from generator.rules.escape_earth import accounting, greedy, picture
from generator.rules.escape_earth.data import RulesData, load_rules_data
from generator.rules.escape_earth.decisions import ACTION_KINDS
from generator.rules.escape_earth.effects import OPERATION_CODE
from generator.rules.escape_earth.legality import RULE_IDS
from generator.rules.escape_earth.state import OUTCOME_CAUSES, VARIANTS, EscapeEarthState
from generator.rules.escape_earth.summary import summarize
from generator.rules.escape_earth.texts import value_words
from generator.rules.picture import StatePicture

EVENT_KINDS = frozenset({
    "setup", "revealed", "discovery-cube", "turn", "time-card", "time-passes", "time-starts", "time-shuffled",
    "aliens-moved", "ship-pushed", "event-drawn", "event-active", "event-fought", "event-removed", "no-cube-to-lose",
    "cube-lost", "anomaly-placed", "anomaly-moved", "anomaly-removed", "card-to-first", "passed", "improved",
    "ship-moved", "building-removed", "built", "upgraded", "produced", "aliens-pushed", "game-over",
})

_DATA: PerObject[RulesData] = PerObject()


def rules_data(content: GameContent) -> RulesData:
    """The engine's reading of `content`, cached while that content object lives."""
    return _DATA.get(content, lambda: load_rules_data(content))


class EscapeEarthGame(Game):
    """The cooperative game of the 2019 rulebook for 2 players."""

    engine_id = "escape-earth"
    engine_version = "2"
    operations = frozenset(OPERATION_CODE)
    cooperative = True
    option_specs = (
        OptionSpec("variant", VARIANTS, "expert", "beginner: time cards from the 2nd building; expert: from turn 1, "
                   "aliens pushed back only onto face-up cards"),
        OptionSpec("outposts", ("rulebook", "frontier"), "rulebook",
                   "rulebook: an outpost reveals the 2 (3) cards after its own card; frontier: the next 2 (3) "
                   "face-down cards anywhere"),
        OptionSpec("free-cubes", ("buildings", "anywhere"), "buildings",
                   "buildings: a planet's free cube pays only where a building stands on it (cubes come 'from your "
                   "buildings'); anywhere: it pays from the bare planet too"),
        OptionSpec("anomaly", ("blocks-all", "blocks-moves"), "blocks-all",
                   "blocks-all: the anomaly's card is blocked like the aliens' (no ship onto or over it, its building "
                   "gives no cubes and cannot be upgraded); blocks-moves: it blocks moves only"),
    )
    event_kinds = EVENT_KINDS
    rule_ids = RULE_IDS
    outcome_causes = OUTCOME_CAUSES
    action_kinds = ACTION_KINDS
    state_class = EscapeEarthState

    def __init__(self, content: GameContent, options: dict[str, Any] | None = None):
        super().__init__(content, options)
        self.data = rules_data(content)

    def new_initial_state(self, seed: int, *, log: bool = False, forced: list[Any] | None = None,
                          quiet: bool = False) -> EscapeEarthState:
        return EscapeEarthState(self, seed, log=log, forced=forced, quiet=quiet)

    def num_players(self) -> int:
        return self.data.players

    def content_hash(self) -> str:
        return self.data.content_hash

    def invariant_problems(self, state: GameState) -> list[str]:
        assert isinstance(state, EscapeEarthState)
        return accounting.invariant_problems(state)

    def greedy_policy(self) -> greedy.GreedyPolicy:
        return greedy.GreedyPolicy()

    def evaluate(self, state: GameState, player: int) -> float:
        assert isinstance(state, EscapeEarthState)
        return greedy.evaluate(state)

    def picture(self, state: GameState, lang: str) -> StatePicture:
        assert isinstance(state, EscapeEarthState)
        return picture.draw(state, lang)

    def rank_actions(self, state: GameState, actions: list[Action]) -> list[Action]:
        assert isinstance(state, EscapeEarthState)
        return greedy.rank(state, actions)

    def rollout_policy(self) -> greedy.GreedyPolicy:
        return greedy.GreedyPolicy()

    def search_settings(self) -> SearchSettings:
        """Flat and paired: a win needs a plan of many turns (a lab, knowledge, upgraded outposts,
        events fought in time) that no judgement a turn ahead sees, but greedy games played to the
        end do (measured in docs/engines.md)."""
        return SearchSettings(paired=True, candidates=4)

    def summary(self, state: GameState, lang: str) -> list[tuple[str, str]]:
        assert isinstance(state, EscapeEarthState)
        return summarize(state, lang)

    def words(self, key: str, value: Any, lang: str) -> str:
        words = self.content.sentences.get(lang, {}).get("words", {})
        return value_words(key, value, self.data, lang, words,
                           lambda cause: self.sentence("outcomes", cause, lang, {}))
