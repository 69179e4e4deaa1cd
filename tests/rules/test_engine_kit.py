"""The pieces the bundled engines share (generator.rules.engine_kit): each does what every engine did alone."""

from __future__ import annotations

import copy
import random
from types import SimpleNamespace
from typing import Any

import pytest

from generator.rules.ai_hooks import AIHooks, SearchSettings
from generator.rules.contract import Game, GameState
from generator.rules.core import Outcome, PlayerResult, RuleError
from generator.rules.engine_kit.content_game import AIParts, ContentAI, ContentGame, ContentPresentation
from generator.rules.engine_kit.greedy import TrialGreedy, against_best, rank_value, squash
from generator.rules.engine_kit.legality import checked_first
from generator.rules.engine_kit.notation import head_and_rest, named_values, written
from generator.rules.engine_kit.options import players_option
from generator.rules.engine_kit.rules_data import effect_steps, rules_digest
from generator.rules.engine_kit.table_words import TableWords, word
from generator.rules.escape_earth import greedy as escape_greedy
from generator.rules.escape_earth import notation as escape_notation
from generator.rules.escape_earth import summary as escape_summary
from generator.rules.escape_earth.game import EscapeEarthGame
from generator.rules.escape_earth.legality import RULE_IDS as ESCAPE_EARTH_RULES
from generator.rules.escape_earth.state import EscapeEarthState
from generator.rules.habitable.game import HabitableGame
from generator.rules.presentation import Presentation


class Table:
    """A state of a one-number game: an action adds its value; `resample_hidden` counts its calls."""

    def __init__(self, actions: list[tuple[Any, ...]], value: int = 0, log: list[str] | None = None):
        self.actions, self.value, self.quiet = actions, value, False
        self.current_player = 0
        self.log = log if log is not None else []

    def legal_actions(self) -> list[tuple[Any, ...]]:
        return list(self.actions)

    def resample_hidden(self, player: int, rng: random.Random) -> Table:
        self.log.append("resample")
        return Table(self.actions, self.value, self.log)

    def clone(self) -> Table:
        self.log.append("clone")
        return Table(self.actions, self.value, self.log)

    def apply(self, action: tuple[Any, ...]) -> list[Any]:
        assert self.quiet, "a trial is played quietly"
        self.value += action[1]
        return []


def by_value(trial: Table, me: int, action: tuple[Any, ...]) -> float:
    return float(trial.value)


def test_the_greedy_player_takes_the_action_its_judge_values_most_on_one_resampled_copy_per_action():
    table = Table([("add", 1), ("add", 5), ("add", 3)])
    assert TrialGreedy(by_value).choose(table, random.Random(1)) == ("add", 5)  # type: ignore[arg-type]
    assert table.log == ["resample"] * 3


def test_the_expert_form_draws_the_hidden_information_once_and_tries_each_action_on_a_clone_of_it():
    table = Table([("add", 1), ("add", 5), ("add", 3)])
    player = TrialGreedy(by_value, name="expert", resample_once=True)
    assert player.choose(table, random.Random(1)) == ("add", 5)  # type: ignore[arg-type]
    assert table.log == ["resample", "clone", "clone", "clone"]


def test_the_only_legal_action_is_taken_without_a_trial_and_ties_are_drawn_from_the_players_rng():
    table = Table([("add", 2)])
    assert TrialGreedy(by_value).choose(table, random.Random(1)) == ("add", 2)  # type: ignore[arg-type]
    assert table.log == []
    tied = Table([("add", 2), ("plus", 2), ("add", 1)])
    chosen = {TrialGreedy(by_value).choose(tied, random.Random(seed)) for seed in range(20)}  # type: ignore[arg-type]
    assert chosen == {("add", 2), ("plus", 2)}


def test_a_finished_game_is_worth_1_won_and_half_to_nothing_by_rank_and_a_running_one_is_squashed():
    results = tuple(PlayerResult(p, 0.0, rank, rank == 1) for p, rank in enumerate((2, 1, 3)))
    outcome = Outcome("score", results)
    assert [rank_value(outcome, p, 3) for p in range(3)] == [0.25, 1.0, 0.0]
    assert squash(0.0, 15.0) == 0.5 and 0.5 < squash(15.0, 15.0) < squash(30.0, 15.0) < 1.0


def refusing(rule: str, **params: Any) -> RuleError:
    return RuleError(rule, params)


def test_a_table_is_judged_against_the_best_other_player_and_alone_against_nothing():
    values = {0: 5.0, 1: 7.0, 2: 2.0}

    def value(state: Any, player: int) -> float:
        return values[player]

    table = SimpleNamespace(n=3)
    assert against_best(value, table, 0) == -2.0       # 5 against the best other, 7
    assert against_best(value, table, 1) == 2.0        # 7 against 5, not against 2
    assert against_best(value, SimpleNamespace(n=1), 0) == 5.0


def test_checked_first_refuses_a_finished_game_and_passes_over_a_value_that_is_no_action():
    seen: list[Any] = []

    @checked_first()
    def violation(state: Any, action: Any) -> RuleError | None:
        seen.append(action)
        return None

    over = SimpleNamespace(result="score", _refuse=refusing)
    error = violation(over, ("move",))
    assert error is not None and error.rule == "game-over"
    running = SimpleNamespace(result=None, _refuse=refusing)
    assert violation(running, ()) is None and violation(running, "move") is None
    assert violation(running, ("move", 1)) is None
    assert seen == [("move", 1)]


def test_checked_first_with_a_form_rule_refuses_a_malformed_action_under_it():
    @checked_first("form")
    def violation(state: Any, action: Any) -> RuleError | None:
        return None

    running = SimpleNamespace(result=None, _refuse=refusing)
    for bad in ((), [("play",)], (3, "card")):
        error = violation(running, bad)
        assert error is not None and error.rule == "form", bad


def test_checked_first_with_legal_first_lets_a_legal_action_pass_before_the_engines_rules():
    @checked_first(legal_first=True)
    def violation(state: Any, action: Any) -> RuleError | None:
        return refusing("move.far")

    running = SimpleNamespace(result=None, _refuse=refusing, legal_actions=lambda: [("move", 1)])
    assert violation(running, ("move", 1)) is None
    error = violation(running, ("move", 2))
    assert error is not None and error.rule == "move.far"


def test_named_values_names_an_actions_items_by_position_per_kind():
    names = {"move": ("activity", "to"), "pass": ()}
    assert named_values(("move", "food", 3), names) == {"activity": "food", "to": 3}
    assert named_values(("pass",), names) == {} and named_values(("unknown", 1), names) == {}


def test_an_action_is_written_by_its_kinds_writer_and_every_other_kind_as_its_items():
    writers = {"move": lambda state, action: f"move {action[1]} {action[2] + 1}"}
    assert written(None, ("move", "food", 2), writers) == "move food 3"      # cards as people count them
    assert written(None, ("improve", "food"), writers) == "improve food" and written(None, ("pass",), writers) == "pass"


def test_a_written_action_splits_into_its_first_word_and_the_rest_and_no_words_are_refused(content):
    state = EscapeEarthGame.new_game(content, 1)
    assert head_and_rest(state, "  fight  hungersnot pay food@2 ") == ("fight", ["hungersnot", "pay", "food@2"])
    with pytest.raises(RuleError) as refused:
        head_and_rest(state, "   ")
    assert refused.value.rule == "notation.empty" and refused.value.text["en"]   # its sentence from the content


def test_the_players_option_offers_every_count_from_the_fewest_to_the_most():
    option = players_option(2, 5, 4, "how many")
    assert (option.name, option.choices, option.default) == ("players", ("2", "3", "4", "5"), "4")


def test_an_engine_state_is_over_once_its_result_names_a_cause_and_scores_its_outcome_then(content):
    state = EscapeEarthGame.new_game(content, 3)
    assert not state.is_terminal and state.current_player == state.player and state.outcome() is None
    state.result = "ocean-planet"
    outcome = state.outcome()
    assert state.is_terminal and state.current_player == -1 and outcome is not None
    assert outcome.cause == "ocean-planet" and outcome.text["en"] and len(outcome.results) == 2


def test_effect_steps_reads_models_and_plain_mappings_alike_and_the_digest_is_canonical():
    steps = effect_steps([{"op": "gain", "resource": "food", "amount": 2}])
    assert steps == (("gain", (("amount", 2), ("resource", "food"))),)
    assert rules_digest({"a": 1, "b": [2]}) == rules_digest({"b": [2], "a": 1})
    assert len(rules_digest({"a": "ä"})) == 16
    assert rules_digest({"a": "ä"}) != rules_digest({"a": "ä"}, ensure_ascii=True)


def test_table_words_fill_the_contents_labels_and_a_missing_key_reads_as_itself(content):
    table = TableWords(content, "en")
    assert table.label("no-such-label") == "no-such-label"
    assert word({"player": "Player {p}"}, "player", p=2) == "Player 2"
    assert table.words is content.sentences["en"]["words"]


def test_a_content_game_reads_its_rules_data_once_per_content_and_per_engine(content):
    game = EscapeEarthGame(content, {})
    assert game.data is EscapeEarthGame.rules_data(content)
    assert game.content_hash() == game.data.content_hash
    assert EscapeEarthGame.rules_data(copy.copy(content)) is not game.data
    assert EscapeEarthGame._data is not HabitableGame._data  # each engine keeps its own cache


def test_a_content_game_takes_the_contracts_vocabulary_and_state_class_from_its_parts(content):
    assert EscapeEarthGame.state_class is EscapeEarthState
    assert EscapeEarthGame.rule_ids == ESCAPE_EARTH_RULES
    assert "game-over" in EscapeEarthGame.event_kinds
    state = EscapeEarthGame(content, {}).new_initial_state(3)
    assert isinstance(state, EscapeEarthState) and state.data is state.game.data
    with pytest.raises(AssertionError):
        EscapeEarthGame(content, {}).presentation.summary(object(), "en")  # type: ignore[arg-type]


def test_a_content_game_without_parts_of_its_own_keeps_the_contracts_defaults():
    class Bare(ContentGame):  # type: ignore[type-arg]
        engine_id = "bare"
        engine_version = "1"

    assert Bare.event_kinds == frozenset() and not hasattr(Bare, "state_class")
    assert Bare.ai_parts == AIParts()   # no AI hooks of its own: every hook keeps the contract's default


def test_a_content_game_shows_and_plays_through_the_parts_it_names(content):
    game = EscapeEarthGame(content, {})
    assert isinstance(game.presentation, ContentPresentation) and isinstance(game.ai, ContentAI)
    state = game.new_initial_state(3)
    action = state.legal_actions()[0]
    assert game.presentation.format_action(state, action) == escape_notation.format_action(state, action)
    assert game.presentation.summary(state, "en") == escape_summary.summarize(state, "en")
    assert game.ai.search_settings() == SearchSettings(paired=True, candidates=4)
    assert type(game.ai.greedy_policy()) is type(game.ai.rollout_policy())   # the greedy player plays ahead too
    assert game.ai.rank_actions(state, state.legal_actions()) == escape_greedy.rank(state, state.legal_actions())


def test_the_rules_core_keeps_no_presentation_or_ai_hook_of_its_own():
    shown = {"summary", "summary_for", "picture", "words", "sentence", "render_event", "describe", "taken_name",
             "group_name"}
    hooks = {"evaluate", "rank_actions", "rollout_policy", "search_settings", "greedy_policy", "expert_policy"}
    assert not (shown | hooks) & set(dir(Game))
    assert not {"format_action", "parse_action", "action_values"} & set(dir(GameState))
    assert shown <= set(dir(Presentation)) and hooks <= set(dir(AIHooks))
