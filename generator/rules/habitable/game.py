"""Habitable's `Game`: the content read once, the options (players, difficulty), and values in words."""

from __future__ import annotations

from typing import Any

from generator.content.loader import GameContent
from generator.rules.contract import Game, GameState, OptionSpec
from generator.rules.core import Action, PerObject
from generator.rules.habitable import accounting, expert, greedy, picture
from generator.rules.habitable.data import RulesData, load_rules_data
from generator.rules.habitable.decisions import ACTION_KINDS
from generator.rules.habitable.effects import OPERATIONS
from generator.rules.habitable.legality import RULE_IDS
from generator.rules.habitable.state import OUTCOME_CAUSES, HabitableState
from generator.rules.habitable.summary import summarize
from generator.rules.habitable.texts import value_words
from generator.rules.picture import StatePicture

EVENT_KINDS = frozenset({
    "setup", "drew", "reshuffled", "turn", "archived", "played", "bought", "bought-played", "paid", "changed",
    "habitable", "uninhabitable", "life-token", "trashed", "search-nothing", "rolled", "adjusted", "moved",
    "returned", "discovered", "left", "migrate-nothing", "migrated", "revealed", "set-off", "search-failed",
    "defended", "shielded", "goal-taken", "hand-discarded", "black-hole", "market-card", "event", "event-over",
    "market-exhausted", "end-of-turn", "game-over",
})

_DATA: PerObject[RulesData] = PerObject()


def rules_data(content: GameContent) -> RulesData:
    """The engine's reading of `content`, cached while that content object lives."""
    return _DATA.get(content, lambda: load_rules_data(content))


class HabitableGame(Game):
    """The competitive deck-building game of the 2023 rulebook for 2-5 players."""

    engine_id = "habitable"
    engine_version = "1"
    operations = OPERATIONS
    option_specs = (
        OptionSpec("players", ("2", "3", "4", "5"), "4", "number of players (2-5)"),
        OptionSpec("variant", ("easy", "normal", "hard"), "normal",
                   "difficulty: event cards in Epoch I / II: easy 1/1, normal 1/2, hard 2/2"),
    )
    event_kinds = EVENT_KINDS
    seat_keys = Game.seat_keys | {"planet[0]", "swapped[0]", "target[0]"}  # a planet is (owner seat, tile)
    rule_ids = RULE_IDS
    outcome_causes = OUTCOME_CAUSES
    action_kinds = ACTION_KINDS
    state_class = HabitableState

    def __init__(self, content: GameContent, options: dict[str, Any] | None = None):
        super().__init__(content, options)
        self.data = rules_data(content)
        self.players = int(self.options["players"])
        # (sorted hand, cost) -> the payments decisions.payments found for it
        self.payment_cache: dict[tuple[tuple[str, ...], int], list[tuple[str, ...]]] = {}

    def new_initial_state(self, seed: int, *, log: bool = False, forced: list[Any] | None = None,
                          quiet: bool = False) -> HabitableState:
        return HabitableState(self, seed, log=log, forced=forced, quiet=quiet)

    def num_players(self) -> int:
        return self.players

    def content_hash(self) -> str:
        return self.data.content_hash

    def invariant_problems(self, state: GameState) -> list[str]:
        assert isinstance(state, HabitableState)
        return accounting.invariant_problems(state)

    def greedy_policy(self) -> greedy.GreedyPolicy:
        return greedy.GreedyPolicy()

    def expert_policy(self) -> expert.ExpertPolicy:
        return expert.ExpertPolicy()

    def evaluate(self, state: GameState, player: int) -> float:
        assert isinstance(state, HabitableState)
        return expert.evaluate(expert.settled(state), player)

    def rank_actions(self, state: GameState, actions: list[Action]) -> list[Action]:
        assert isinstance(state, HabitableState)
        return expert.rank(state, actions)

    def rollout_policy(self) -> expert.QuickPolicy:
        return expert.QuickPolicy()

    def picture(self, state: GameState, lang: str) -> StatePicture:
        assert isinstance(state, HabitableState)
        return picture.draw(state, lang)

    def summary(self, state: GameState, lang: str) -> list[tuple[str, str]]:
        assert isinstance(state, HabitableState)
        return summarize(state, lang)

    def summary_for(self, state: GameState, lang: str, viewer: int | None) -> list[tuple[str, str]]:
        """Other players' hands as counts of face-down cards."""
        assert isinstance(state, HabitableState)
        return summarize(state, lang, viewer)

    def words(self, key: str, value: Any, lang: str) -> str:
        words = self.content.sentences.get(lang, {}).get("words", {})
        return value_words(key, value, self.data, lang, words, lambda cause: self.sentence("outcomes", cause, lang, {}))
