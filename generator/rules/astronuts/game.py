"""Astronuts' `Game`: the content read once and the options; its presentation and AI hooks."""

from __future__ import annotations

from generator.rules.astronuts import accounting, greedy, notation, picture
from generator.rules.astronuts.data import RulesData, load_rules_data
from generator.rules.astronuts.decisions import ACTION_KINDS
from generator.rules.astronuts.effects import OPERATION_CODE
from generator.rules.astronuts.legality import RULE_IDS
from generator.rules.astronuts.state import OUTCOME_CAUSES, AstronutsState
from generator.rules.astronuts.summary import summarize
from generator.rules.astronuts.texts import value_words
from generator.rules.contract import Game, OptionSpec
from generator.rules.engine_kit.content_game import AIParts, ContentGame, ContentPresentation, EngineParts, ShownParts
from generator.rules.engine_kit.options import players_option

EVENT_KINDS = frozenset({
    "setup", "nuts-placed", "nut-placed", "bank", "turn", "declared", "rolled", "time-warp", "actions", "moved",
    "jumped", "asteroids-survived", "ship-destroyed", "new-ship", "fate", "mined", "colonised", "colony-founded",
    "colony-lost", "colony-survives", "ship-built", "attack", "target-chosen", "duel", "technology",
    "trade-started", "trade-offered", "traded", "trade-refused", "turn-ends", "ship-stopped", "natives-leave",
    "actions-lost", "actions-gained", "nut-gained", "bank-empty", "bank-swap", "gift-lost", "teleported", "ship-given",
    "genie", "game-over", "pass-asked", "pass-allowed", "pass-refused", "passed",
})

class AstronutsPresentation(ContentPresentation):
    """Astronuts' players take technologies (`tech-red` is the red nut's, Power Laser), named in the sentences'
    words."""

    def taken_name(self, item: str, lang: str) -> str:
        return self.words("technology", item.removeprefix("tech-"), lang)


class AstronutsGame(ContentGame[AstronutsState, RulesData]):
    """The space game for 2-4 players by Angelo Porazzi, with its two optional rules."""

    engine_id = "astronuts"
    engine_version = "3"          # 3: a move may pass an occupied space, its owner asked (2: a trade's own event)
    operations = frozenset(OPERATION_CODE)
    option_specs = (
        players_option(2, 4, 4, "how many play: 2 sit in opposite corners, 3 leave the south-west corner empty"),
        OptionSpec("placement", ("players", "random"), "players",
                   "players: the players place the nuts on the planets one at a time, in turn (the rulebook's "
                   "way); random: the quick start, each planet draws its colours"),
        OptionSpec("asteroids", ("off", "on"), "off", "on: the optional rule – crossing an asteroid field "
                   "survives on 2+, stopping on one on 3+"),
        OptionSpec("astroholes", ("off", "on"), "off", "on: the optional rule – a ship entering an AstroHole "
                   "may jump to another one, without an action"),
    )
    seat_keys = Game.seat_keys | {"defender", "other"}
    parts = EngineParts(state=AstronutsState, events=EVENT_KINDS, rules=RULE_IDS, causes=OUTCOME_CAUSES,
                        actions=ACTION_KINDS, load_data=load_rules_data, invariants=accounting.invariant_problems)
    shown = ShownParts(notation=notation, value_words=value_words, summary=summarize, picture=picture.draw)
    presentation_class = AstronutsPresentation
    ai_parts = AIParts(greedy=greedy.GreedyPolicy, evaluate=greedy.evaluate)


rules_data = AstronutsGame.rules_data
