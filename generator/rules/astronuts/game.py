"""Astronuts' `Game`: the content read once, the options, and how its values read in words."""

from __future__ import annotations

from typing import Any

from generator.content.loader import GameContent
from generator.rules.astronuts import accounting, greedy, picture
from generator.rules.astronuts.data import RulesData, load_rules_data
from generator.rules.astronuts.decisions import ACTION_KINDS
from generator.rules.astronuts.effects import OPERATION_CODE
from generator.rules.astronuts.legality import RULE_IDS
from generator.rules.astronuts.state import OUTCOME_CAUSES, AstronutsState
from generator.rules.astronuts.summary import summarize
from generator.rules.astronuts.texts import value_words
from generator.rules.contract import Game, GameState, OptionSpec
from generator.rules.core import PerObject
from generator.rules.picture import StatePicture

EVENT_KINDS = frozenset({
    "setup", "nuts-placed", "nut-placed", "bank", "turn", "declared", "rolled", "time-warp", "actions", "moved",
    "jumped", "asteroids-survived", "ship-destroyed", "new-ship", "fate", "mined", "colonised", "colony-founded",
    "colony-lost", "colony-survives", "ship-built", "attack", "target-chosen", "duel", "technology",
    "trade-started", "trade-offered", "traded", "trade-refused", "turn-ends", "ship-stopped", "natives-leave",
    "actions-lost", "actions-gained", "nut-gained", "bank-empty", "bank-swap", "gift-lost", "teleported", "ship-given",
    "genie", "game-over",
})

_DATA: PerObject[RulesData] = PerObject()


def rules_data(content: GameContent) -> RulesData:
    """The engine's reading of `content`, cached while that content object lives."""
    return _DATA.get(content, lambda: load_rules_data(content))


class AstronutsGame(Game):
    """The space game for 2-4 players by Angelo Porazzi, with its two optional rules."""

    engine_id = "astronuts"
    engine_version = "2"          # 2: a trade starts with its own event (saved games of version 1 differ there)
    operations = frozenset(OPERATION_CODE)
    option_specs = (
        OptionSpec("players", ("2", "3", "4"), "4", "how many play: 2 sit in opposite corners, 3 leave the "
                   "south-west corner empty"),
        OptionSpec("placement", ("players", "random"), "players",
                   "players: the players place the nuts on the planets one at a time, in turn (the rulebook's "
                   "way); random: the quick start, each planet draws its colours"),
        OptionSpec("asteroids", ("off", "on"), "off", "on: the optional rule – crossing an asteroid field "
                   "survives on 2+, stopping on one on 3+"),
        OptionSpec("astroholes", ("off", "on"), "off", "on: the optional rule – a ship entering an AstroHole "
                   "may jump to another one, without an action"),
    )
    event_kinds = EVENT_KINDS
    seat_keys = Game.seat_keys | {"defender", "other"}
    rule_ids = RULE_IDS
    outcome_causes = OUTCOME_CAUSES
    action_kinds = ACTION_KINDS
    state_class = AstronutsState

    def __init__(self, content: GameContent, options: dict[str, Any] | None = None):
        super().__init__(content, options)
        self.data = rules_data(content)

    def new_initial_state(self, seed: int, *, log: bool = False, forced: list[Any] | None = None,
                          quiet: bool = False) -> AstronutsState:
        return AstronutsState(self, seed, log=log, forced=forced, quiet=quiet)

    def num_players(self) -> int:
        return int(self.options["players"])

    def content_hash(self) -> str:
        return self.data.content_hash

    def invariant_problems(self, state: GameState) -> list[str]:
        assert isinstance(state, AstronutsState)
        return accounting.invariant_problems(state)

    def greedy_policy(self) -> greedy.GreedyPolicy:
        return greedy.GreedyPolicy()

    def evaluate(self, state: GameState, player: int) -> float:
        assert isinstance(state, AstronutsState)
        return greedy.evaluate(state, player)

    def picture(self, state: GameState, lang: str) -> StatePicture:
        assert isinstance(state, AstronutsState)
        return picture.draw(state, lang)

    def summary(self, state: GameState, lang: str) -> list[tuple[str, str]]:
        assert isinstance(state, AstronutsState)
        return summarize(state, lang)

    def taken_name(self, item: str, lang: str) -> str:
        """Astronuts' players take technologies (`tech-red` is the red nut's, Power Laser), named in the sentences' words."""
        return self.words("technology", item.removeprefix("tech-"), lang)

    def words(self, key: str, value: Any, lang: str) -> str:
        words = self.content.sentences.get(lang, {}).get("words", {})
        return value_words(key, value, self.data, lang, words,
                           lambda cause: self.sentence("outcomes", cause, lang, {}))
