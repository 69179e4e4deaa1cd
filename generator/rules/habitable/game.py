"""Habitable's `Game`: the content read once and the options (players, difficulty); its presentation and AI hooks."""

from __future__ import annotations

from functools import partial

from generator.rules.contract import Game, OptionSpec
from generator.rules.engine_kit.content_game import AIParts, ContentGame, EngineParts, ShownParts
from generator.rules.engine_kit.greedy import TrialGreedy
from generator.rules.engine_kit.options import players_option
from generator.rules.habitable import accounting, expert, greedy, notation, picture
from generator.rules.habitable.data import RulesData, load_rules_data
from generator.rules.habitable.decisions import ACTION_KINDS
from generator.rules.habitable.effects import OPERATIONS
from generator.rules.habitable.legality import RULE_IDS
from generator.rules.habitable.state import OUTCOME_CAUSES, HabitableState
from generator.rules.habitable.summary import summarize
from generator.rules.habitable.texts import value_words

EVENT_KINDS = frozenset({
    "setup", "drew", "reshuffled", "turn", "archived", "played", "bought", "bought-played", "paid", "changed",
    "habitable", "uninhabitable", "life-token", "trashed", "search-nothing", "rolled", "adjusted", "moved",
    "returned", "discovered", "left", "migrate-nothing", "migrated", "revealed", "set-off", "search-failed",
    "defended", "shielded", "goal-taken", "hand-discarded", "black-hole", "market-card", "event", "event-over",
    "market-exhausted", "end-of-turn", "game-over",
})

class HabitableGame(ContentGame[HabitableState, RulesData]):
    """The competitive deck-building game of the 2023 rulebook for 2-5 players."""

    engine_id = "habitable"
    engine_version = "1"
    option_specs = (
        players_option(2, 5, 4, "number of players (2-5)"),
        OptionSpec("variant", ("easy", "normal", "hard"), "normal",
                   "difficulty: event cards in Epoch I / II: easy 1/1, normal 1/2, hard 2/2"),
    )
    seat_keys = Game.seat_keys | {"planet[0]", "swapped[0]", "target[0]"}  # a planet is (owner seat, tile)
    parts = EngineParts(state=HabitableState, events=EVENT_KINDS, rules=RULE_IDS, causes=OUTCOME_CAUSES,
                        actions=ACTION_KINDS, load_data=load_rules_data, invariants=accounting.invariant_problems,
                        operations=OPERATIONS)
    shown = ShownParts(notation=notation, value_words=value_words, summary=summarize, summary_for=summarize,
                       picture=picture.draw)
    ai_parts = AIParts(greedy=partial(TrialGreedy, greedy.judge), evaluate=expert.settled_evaluate,
                       expert=partial(TrialGreedy, expert.planned, name="expert", resample_once=True),
                       rank=expert.rank, rollout=partial(TrialGreedy, expert.one_step, name="expert-quick",
                                                         resample_once=True))
