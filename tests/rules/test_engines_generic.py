"""Every rules engine, bundled or kept in a game's folder, against the contract (OpenSpiel's random_sim_test).

The cases are found, not listed: every engine registered under the `pnp_forge.engines` entry
points (with the game under content/ that plays it) and every game under content/ and
tests/content/plugin/ whose game.yaml names a module of its own folder. A new engine gets every
test here by being registered or named. Each test plays seeded random games, so a failure
names the seed that shows it.

The engine conformance suite itself (determinism, clone independence, refusals, fixed data,
invariants, replays, fuzzing) lives in generator/rules/conformance.py, so that `pnp test` and
`pnp check` run on a designer's game exactly what these tests run on ours.
"""

from __future__ import annotations

import json
import math
import random
import re
import subprocess
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.content.loader import GameContent
from generator.content.schema import LANGUAGES
from generator.rules.conformance import run_suite
from generator.rules.conformance_report import ConformanceReport, Settings
from generator.rules.contract import Game, GameState
from generator.rules.examples import replay_examples
from generator.rules.invariants import check_many
from generator.rules.log import ReplayError, dump_lines, header_of, read_rows, replay_text
from generator.rules.registry import make_game, registered_engines
from tests.cli_in_process import run_pnp
from tests.scale import scale

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"
PLUGIN = ROOT / "tests" / "content" / "plugin"
UNFILLED = re.compile(r"\[[a-z][a-z0-9_.-]*\]")   # what Presentation.sentence leaves for a missing template or value
MAX_TURNS = 200
GREEDY_MAX_TURNS = 1000
SCALE = scale()       # the playouts are sized for the quick loop; PNP_TEST_SCALE=20 plays twenty times as many


@dataclass(frozen=True)
class EngineCase:
    """One engine with the game that plays it: where the content tree is and which game."""

    label: str
    content_dir: Path
    game: str


@cache
def _engine_named(folder: Path) -> Any:
    """The `engine` entry of a folder's game.yaml, read once per folder (collection asks once per engine)."""
    try:
        text = (folder / "game.yaml").read_text(encoding="utf-8")
        data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # libyaml where installed
    except (OSError, yaml.YAMLError):
        return None
    return data.get("engine") if isinstance(data, dict) else None


def _game_folders(tree: Path) -> list[Path]:
    return sorted(p for p in tree.iterdir() if (p / "game.yaml").is_file()) if tree.is_dir() else []


def _cases() -> list[Any]:
    cases: list[Any] = []
    for info in registered_engines():
        playing = [f for f in _game_folders(CONTENT) if _engine_named(f) == info.id]
        playing.sort(key=lambda f: f.name != info.id)        # content/<id> first
        if playing:
            cases.append(pytest.param(EngineCase(info.id, CONTENT, playing[0].name), id=info.id))
        else:
            cases.append(pytest.param(EngineCase(info.id, CONTENT, info.id), id=info.id, marks=pytest.mark.skip(
                reason=f"engine '{info.id}' is registered but no game under content/ plays it")))
    for tree in (CONTENT, PLUGIN):
        for folder in _game_folders(tree):
            if isinstance(_engine_named(folder), dict):
                label = f"{tree.name}/{folder.name}"
                cases.append(pytest.param(EngineCase(label, tree, folder.name), id=label))
    return cases


CASES = _cases()


@cache
def _content(case: EngineCase) -> GameContent:
    errors = ErrorList()
    loaded = load_checked(case.content_dir, [case.game], errors)
    assert not errors, "\n".join(e.one_line() for e in errors)
    return loaded[0]


@pytest.fixture(params=CASES)
def case(request) -> EngineCase:
    return request.param


@pytest.fixture
def content(case: EngineCase) -> GameContent:
    return _content(case)


@pytest.fixture
def game(content: GameContent) -> Game:
    return make_game(content, {})


def option_sets(game_cls: type[Game]) -> list[dict[str, str]]:
    """The defaults, then each departing choice of each option on its own (options are named variants)."""
    sets: list[dict[str, str]] = [{}]
    for spec in game_cls.option_specs:
        sets += [{spec.name: choice} for choice in spec.choices if choice != spec.default]
    return sets


def random_game(game: Game, seed: int, log: bool = False) -> tuple[GameState, list[GameState]]:
    """One random playout from `seed`: its final state and clones of every state it passed."""
    state = game.new_initial_state(seed, log=log)
    rng = random.Random(seed)
    seen = []
    while not state.is_terminal and state.turn <= MAX_TURNS:
        seen.append(state.clone())
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    seen.append(state.clone())
    return state, seen


def sampled_states(game: Game, games: int = 12, per_game: int = 8, seed: int = 0) -> list[GameState]:
    """Random states of random playouts, the finished tables among them."""
    rng = random.Random(seed)
    states: list[GameState] = []
    for i in range(games):
        final, seen = random_game(game, 1000 + i)
        states += rng.sample(seen[:-1], min(per_game, len(seen) - 1)) + [final]
    return states


def assert_rendered(text: dict[str, str], what: str) -> None:
    """A sentence exists in every language and every template field was filled."""
    for lang in LANGUAGES:
        assert text.get(lang, "").strip(), f"{what}: no '{lang}' sentence"
        assert not UNFILLED.search(text[lang]), f"{what}: unfilled template field in {text[lang]!r}"


def assert_conforms(content: GameContent, options: dict[str, str], settings: Settings) -> ConformanceReport:
    """The conformance suite finds nothing: every finding's sentence is shown when it does."""
    report = run_suite(content, options, settings)
    assert [finding.text() for finding in report.findings] == []
    return report


# -- the conformance suite (`pnp test`) ------------------------------------------------------------------
def test_the_conformance_suite_passes(content: GameContent, game: Game) -> None:
    report = assert_conforms(content, {}, Settings(games=3 * SCALE, budget=3000 * SCALE, jobs=False))
    checked = {check.name: check.done for check in report.checks}
    assert all(checked.values()), checked
    assert report.games == 3 * SCALE


@pytest.mark.slow
def test_the_conformance_suite_passes_with_every_option(content: GameContent, game: Game) -> None:
    for options in option_sets(type(game)):
        report = assert_conforms(content, options, Settings(games=10 * SCALE, budget=20_000 * SCALE, batch_seed=5,
                                                            replays=False))
        assert report.games == 10 * SCALE, options


# -- invariant fuzzing ---------------------------------------------------------------------------------
@pytest.mark.slow
def test_invariants_hold_over_random_playouts(game: Game) -> None:
    report = check_many(game, 60 * SCALE, batch_seed=1, max_turns=MAX_TURNS, replay_every=10)
    assert report.problems == []
    assert report.games == 60 * SCALE and report.steps > 0
    assert "unfinished" not in report.outcomes
    assert set(report.outcomes) <= game.outcome_causes


@pytest.mark.slow
def test_invariants_hold_with_every_option_and_the_greedy_player(content: GameContent, game: Game) -> None:
    for options in option_sets(type(game)):
        variant = make_game(content, options)
        report = check_many(variant, 20 * SCALE, batch_seed=5, max_turns=MAX_TURNS, replay_every=10)
        assert report.problems == [], options
        if "unfinished" not in type(game).outcome_causes:   # an engine may declare a cap option that stops games
            assert "unfinished" not in report.outcomes, options
    # a cautious greedy player may take many more turns than random play (Terraforming Mars: some
    # greedy games pass 200 player turns); the bound still catches a game that never ends
    greedy = check_many(game, 2 * SCALE, batch_seed=9, policy="greedy", max_turns=GREEDY_MAX_TURNS, replay_every=2)
    assert greedy.problems == []
    assert "unfinished" not in greedy.outcomes


# -- saved games ---------------------------------------------------------------------------------------
def test_a_saved_game_replays_and_an_edited_chance_outcome_is_refused(content: GameContent, game: Game) -> None:
    state, _ = random_game(game, 77, log=True)
    assert state.is_terminal
    text = dump_lines(header_of(state, game.options, "random"), state.log or [])
    result = replay_text(text, content)
    assert result.final_hash == state.state_hash()
    assert result.decisions == sum(1 for e in state.log or [] if e["kind"] == "decision")
    lines = text.splitlines()
    chance = [(number, row) for number, row in read_rows(text)[1:] if row["kind"] == "chance"
              and isinstance(row.get("outcome"), list) and row["outcome"]]
    shuffles = [(n, r) for n, r in chance if r["outcome"][::-1] != r["outcome"]]
    rolls = [(n, r) for n, r in chance if all(isinstance(v, int) for v in r["outcome"])]
    if shuffles:       # a possible order, but not the one the seed gives
        number, row = shuffles[0]
        forged = row["outcome"][::-1]
    elif rolls:        # a possible roll, but not the one the seed gives
        number, row = rolls[0]
        first = row["outcome"][0]
        forged = [first - 1 if first > 1 else first + 1, *row["outcome"][1:]]
    else:
        pytest.fail("no shuffle or roll in the whole game")
    lines[number - 1] = json.dumps({**row, "outcome": forged}, sort_keys=True, separators=(",", ":"))
    with pytest.raises(ReplayError) as refused:
        replay_text("\n".join(lines) + "\n", content)
    assert refused.value.line == number


# -- example turns -------------------------------------------------------------------------------------
def test_every_example_turn_replays_in_both_languages(content: GameContent) -> None:
    errors = ErrorList()
    replays = replay_examples(content, errors)
    assert [e.one_line() for e in errors] == []
    assert content.examples, "an engine's game shows at least one example turn"
    assert sorted(replays) == sorted(e.id for e in content.examples)
    for replay in replays.values():
        assert replay.steps
        for step in replay.steps:
            assert_rendered(step.action_text, f"{replay.example_id} step {step.index}")
            for lang in LANGUAGES:
                assert step.events_text[lang], f"{replay.example_id} step {step.index} caused no event"
                for sentence in step.events_text[lang]:
                    assert sentence and not UNFILLED.search(sentence), sentence


# -- legal set versus refusals ------------------------------------------------------------------------
@pytest.mark.slow
def test_legal_actions_are_explained_as_legal_and_everything_else_is_refused_in_words(content: GameContent) -> None:
    """The suite's fuzzing and refusals checks: every legal action explained as legal and read back from its notation,
    actions of other states refused by explain and apply alike, in words, the table left as it was."""
    report = assert_conforms(content, {}, Settings(games=12, budget=12_000, jobs=False, replays=False))
    done = {check.name: check.done for check in report.checks}
    assert done["refusals"] > 20 and done["fuzzing"] > 20, done


# -- what each player sees ------------------------------------------------------------------------------
@pytest.mark.slow
def test_an_observation_is_json_and_the_same_in_every_resample_of_what_its_player_cannot_see(game: Game) -> None:
    rng = random.Random(11)
    hides = type(game.new_initial_state(0)).resample_hidden is not GameState.resample_hidden
    redrawn = 0
    for state in sampled_states(game, games=8, per_game=6):
        before = state.state_hash()
        for player in range(game.num_players()):
            seen = state.observation(player)
            assert json.loads(json.dumps(seen)) == seen, "an observation is plain JSON data"
            for _ in range(3):
                twin = state.resample_hidden(player, rng)
                assert twin.observation(player) == seen, f"player {player + 1} could tell a resample apart"
                if player == state.current_player:
                    assert twin.legal_actions() == state.legal_actions()
                redrawn += twin.key() != state.key()
        assert state.state_hash() == before, "resampling changed the original"
    if hides:
        assert redrawn > 0, "resample_hidden never redrew anything hidden"


# -- results -------------------------------------------------------------------------------------------
@pytest.mark.slow
def test_a_finished_game_has_one_ranked_result_per_player_with_its_breakdown(game: Game) -> None:
    n = game.num_players()
    for seed in range(30):
        state, seen = random_game(game, 500 + seed)
        assert seen[0].results() == () and seen[0].outcome() is None
        outcome = state.outcome()
        assert outcome is not None and outcome.cause in game.outcome_causes
        assert_rendered(outcome.text, f"outcome {outcome.cause}")
        results = state.results()
        assert [r.player for r in results] == list(range(n)), "one result per seat, seats from 0"
        ranks = [r.rank for r in results]
        assert min(ranks) == 1
        assert all(a.score >= b.score for a in results for b in results if a.rank < b.rank), \
            "a better rank never has a lower score (the score is what the rank is ranked by first)"
        for r in results:
            assert r.rank == 1 + sum(other < r.rank for other in ranks), "ranks count the players ahead"
            if r.breakdown:
                assert math.isclose(sum(v for _, v in r.breakdown), r.score), "the breakdown adds up to the score"
            if r.won and not game.cooperative:
                assert r.rank == 1
        if game.cooperative:
            assert len({(r.score, r.rank, r.won) for r in results}) == 1, "a cooperative table shares one result"


def test_card_groups_name_cards_of_the_content_and_every_group_has_a_name(content: GameContent, game: Game) -> None:
    groups = game.card_groups()
    assert set(groups) <= {card.id for card in content.cards}, "card_groups maps content card ids"
    for card, names in groups.items():
        assert isinstance(names, tuple) and all(isinstance(g, str) and g for g in names), card
    for group in {g for names in groups.values() for g in names}:
        for lang in content.sentences:
            assert game.presentation.group_name(group, lang).strip(), f"group {group} has no name in {lang}"


# -- the real command line -------------------------------------------------------------------------------
def pnp(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return run_pnp(*args, cwd=cwd)


def test_pnp_play_replay_and_simulate_run_the_engine(case: EngineCase, game: Game, tmp_path: Path) -> None:
    content_dir = str(case.content_dir)
    saved = tmp_path / "game.jsonl"
    played = pnp("play", case.game, "--seed", "4", "--content", content_dir, "--save", str(saved), cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    outcomes = {game.presentation.sentence("outcomes", cause, "en", {}) for cause in game.outcome_causes}
    assert [line for line in played.stdout.splitlines() if line.strip() in outcomes] != [], "no outcome sentence"
    assert sum(played.stdout.count(sentence) for sentence in outcomes) == 1, "the outcome is said once"
    assert "Result" in played.stdout.split(next(s for s in outcomes if s in played.stdout))[1], "then the results"
    shown = pnp("play", case.game, "--seed", "4", "--content", content_dir, "--lang", "de", "--view", "1",
                cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    endings = [game.presentation.sentence("outcomes", c, "de", {}) for c in game.outcome_causes]
    assert sum(shown.stdout.count(ending) for ending in endings) == 1
    replayed = pnp("replay", str(saved), "--content", content_dir, cwd=tmp_path)
    assert replayed.returncode == 0, replayed.stderr
    assert "decisions replayed" in replayed.stdout
    figures = tmp_path / "figures.json"
    simulated = pnp("simulate", case.game, "--games", "20", "--content", content_dir, "--out", str(figures),
                    cwd=tmp_path)
    assert simulated.returncode == 0, simulated.stderr
    summary = json.loads(figures.read_text(encoding="utf-8"))
    assert summary["games"] == 20 and len(summary["results"]) == 20
    assert set(summary["causes"]) <= game.outcome_causes
    for run in (played, shown, replayed, simulated):
        assert "Traceback" not in run.stderr
