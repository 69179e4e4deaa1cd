"""Escape Earth's `Game`: the content read once and the options; its presentation and AI hooks."""

from __future__ import annotations

from generator.rules.ai_hooks import SearchSettings
from generator.rules.contract import OptionSpec
from generator.rules.engine_kit.content_game import AIParts, ContentGame, EngineParts, ShownParts
from generator.rules.escape_earth import accounting, greedy, notation, picture
from generator.rules.escape_earth.data import RulesData, load_rules_data
from generator.rules.escape_earth.decisions import ACTION_KINDS
from generator.rules.escape_earth.effects import OPERATION_CODE
from generator.rules.escape_earth.legality import RULE_IDS
from generator.rules.escape_earth.state import OUTCOME_CAUSES, VARIANTS, EscapeEarthState
from generator.rules.escape_earth.summary import summarize
from generator.rules.escape_earth.texts import value_words

EVENT_KINDS = frozenset({
    "setup", "revealed", "discovery-cube", "turn", "time-card", "time-passes", "time-starts", "time-shuffled",
    "aliens-moved", "ship-pushed", "event-drawn", "event-active", "event-fought", "event-removed", "no-cube-to-lose",
    "cube-lost", "anomaly-placed", "anomaly-moved", "anomaly-removed", "card-to-first", "passed", "improved",
    "ship-moved", "building-removed", "built", "upgraded", "produced", "aliens-pushed", "game-over",
})

class EscapeEarthGame(ContentGame[EscapeEarthState, RulesData]):
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
        OptionSpec("anomaly", ("blocks-moves", "blocks-all"), "blocks-moves",
                   "blocks-moves: the anomaly blocks ships only; buildings next to or behind it may be upgraded and "
                   "give their cubes (the rulebook: 'Gebäude neben oder hinter der Anomalie können verbessert und "
                   "ihre Aktivitätswürfel genutzt werden'); blocks-all: a variant, its card blocked like the aliens'"),
    )
    parts = EngineParts(state=EscapeEarthState, events=EVENT_KINDS, rules=RULE_IDS, causes=OUTCOME_CAUSES,
                        actions=ACTION_KINDS, load_data=load_rules_data, invariants=accounting.invariant_problems)
    shown = ShownParts(notation=notation, value_words=value_words, summary=summarize, picture=picture.draw)
    # tree search flat and paired: a win needs a plan of many turns (a lab, knowledge, upgraded outposts, events
    # fought in time) that no judgement a turn ahead sees, but greedy games played to the end do (docs/engines.md)
    ai_parts = AIParts(greedy=greedy.GreedyPolicy, evaluate=lambda state, player: greedy.evaluate(state),
                       rank=greedy.rank, rollout=greedy.GreedyPolicy, search=SearchSettings(paired=True, candidates=4))

    def num_players(self) -> int:
        return self.data.players


rules_data = EscapeEarthGame.rules_data
