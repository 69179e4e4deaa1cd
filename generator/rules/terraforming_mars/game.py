"""Terraforming Mars's `Game`: the content read once and the options; its presentation and AI hooks."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial

from generator.rules.contract import Game, OptionSpec
from generator.rules.engine_kit.content_game import AIParts, ContentGame, ContentPresentation, EngineParts, ShownParts
from generator.rules.engine_kit.greedy import TrialGreedy
from generator.rules.engine_kit.options import players_option
from generator.rules.terraforming_mars import accounting, greedy, notation, picture
from generator.rules.terraforming_mars.data import RulesData, load_rules_data
from generator.rules.terraforming_mars.decisions import ACTION_KINDS
from generator.rules.terraforming_mars.effects import OPERATIONS
from generator.rules.terraforming_mars.legality import RULE_IDS
from generator.rules.terraforming_mars.state import OUTCOME_CAUSES, TerraformingMarsState
from generator.rules.terraforming_mars.summary import summarize, summarize_for
from generator.rules.terraforming_mars.texts import value_words

EVENT_KINDS = frozenset({
    "setup", "research", "bought", "research-done", "turn", "generation", "passed", "turn-ended", "played",
    "project", "milestone", "award", "card-action", "converted", "tile", "ocean-neighbours", "ocean", "temperature",
    "oxygen", "at-goal", "no-space", "tr", "gained", "spent", "drew", "reshuffled", "deck-empty", "card-resource",
    "card-resource-removed", "card-resource-taken", "nothing-to-collect", "production", "production-lowered",
    "removed", "no-target", "skipped", "effect-first", "patents-sold", "produced", "last-generation", "conversion-done",
    "scored",
    "game-over",
})

class TerraformingMarsPresentation(ContentPresentation):
    """The balance page names tags by the content's words."""

    def group_name(self, group: str, lang: str) -> str:
        """The content's word for the tag (`tag-jovian`: Jupiter); a tag without one reads as its id."""
        words = self.game.content.sentences.get(lang, {}).get("words", {})
        return str(words.get(f"tag-{group}", group))


class TerraformingMarsGame(ContentGame[TerraformingMarsState, RulesData]):
    """The competitive game of the rules summary for 2 to 5 players."""

    engine_id = "terraforming-mars"
    engine_version = "2"
    option_specs = (
        players_option(2, 5, 3, "how many players sit at the table"),
        OptionSpec("generations", ("none", "10", "20", "30", "50", "100"), "none",
                   "none: the game ends only when all three global parameters have reached their goals (the summary); "
                   "N: stop after generation N as 'unfinished' (for batch playouts, never a rule)"),
        OptionSpec("project-greenery", ("next-to-own", "anywhere"), "next-to-own",
                   "next-to-own: the greenery standard project goes next to your own tile when possible, as the "
                   "summary's 'Platzg. mögl. an eig. Plättchen' and the conversion's 'angrenzend an eigenes "
                   "Plättchen ..., wenn möglich' say; anywhere: on any free land space (a variant)"),
    )
    seat_keys = Game.seat_keys | {"target", "first", "owner"}
    parts = EngineParts(state=TerraformingMarsState, events=EVENT_KINDS, rules=RULE_IDS, causes=OUTCOME_CAUSES,
                        actions=ACTION_KINDS, load_data=load_rules_data, invariants=accounting.invariant_problems,
                        operations=OPERATIONS)
    shown = ShownParts(notation=notation, value_words=value_words, summary=summarize, summary_for=summarize_for,
                       picture=picture.draw)
    presentation_class = TerraformingMarsPresentation
    ai_parts = AIParts(greedy=partial(TrialGreedy, greedy.judge), evaluate=greedy.evaluate)

    def card_groups(self) -> Mapping[str, tuple[str, ...]]:
        """Each project card's tags (building, space, Jupiter ...): the balance page weighs the tags
        winners played, as a player weighs a card by its tags."""
        return {card.id: card.tags for card in self.data.cards.values()}
