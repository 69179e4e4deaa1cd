"""Random and greedy players play Astronuts to its end; the invariants hold at every step; the commands work."""

from __future__ import annotations

import json
import random
from concurrent.futures import ProcessPoolExecutor

import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.rules.invariants import InvariantReport, check_many
from generator.rules.policies import make_policy
from generator.rules.registry import make_game
from generator.rules.simulate import play_out
from tests.scale import games

from .conftest import CONTENT_DIR

COUNTS = [{"players": "2"}, {"players": "3", "asteroids": "on", "astroholes": "on"},
          {"players": "4", "placement": "random", "asteroids": "on", "astroholes": "on"}]


def run(*args: str):
    return CliRunner().invoke(cli, [*args, "--content", str(CONTENT_DIR)], catch_exceptions=False)


@pytest.mark.slow
@pytest.mark.parametrize("options", COUNTS)
def test_random_and_greedy_games_keep_every_invariant_and_replay(astro, options):
    game = make_game(astro, options)
    for policy, count in (("random", 6), ("greedy", 3)):
        report = check_many(game, games(count), batch_seed=7, policy=policy, max_turns=400, replay_every=2)
        assert report.problems == [] and report.games == games(count)
        assert set(report.outcomes) <= {"all-mined", "colonies"}, report.outcomes


def test_the_greedy_player_beats_random_players(astro):
    game = make_game(astro, {"players": "2", "placement": "random"})
    wins = 0
    for seed in range(12):
        state = game.new_initial_state(seed, quiet=True)
        policies = [make_policy("greedy", game), make_policy("random", game)]
        rng = random.Random(seed)
        while not state.is_terminal:
            state.apply(policies[state.current_player].choose(state, rng))
        wins += state.outcome().results[0].won
    assert wins >= 10


def test_evaluate_stays_in_0_1_and_prefers_the_player_ahead(table):
    state = table(colonies={"core": {1: 2}})
    game = state.game
    assert 0.5 < game.ai.evaluate(state, 0) <= 1 and 0 <= game.ai.evaluate(state, 1) < 0.5
    state.finish("colonies")
    assert game.ai.evaluate(state, 0) == 1.0 and game.ai.evaluate(state, 1) == 0.0


def test_play_out_finishes_a_four_player_game(astro):
    result = play_out(make_game(astro, {"players": "4"}), 11, "random")
    assert result.cause in ("all-mined", "colonies") and len(result.scores) == 4 and result.winners


def test_pnp_check_simulate_play_and_replay_work_for_astronuts(tmp_path):
    checked = run("check", "astronuts")
    assert checked.exit_code == 0, checked.output
    out = tmp_path / "sim.json"
    simulated = run("simulate", "astronuts", "--players", "4", "--games", "6", "--out", str(out))
    assert simulated.exit_code == 0, simulated.output
    figures = json.loads(out.read_text())
    assert figures["games"] == 6 and len(figures["seats"]) == 4 and figures["options"]["players"] == "4"
    saved = tmp_path / "game.jsonl"
    seed = figures["results"][0]["seed"]
    played = run("play", "astronuts", "--players", "4", "--seed", str(seed), "--save", str(saved))
    assert played.exit_code == 0 and "Round 1: player 1's turn." in played.output
    replayed = run("replay", str(saved))
    assert replayed.exit_code == 0 and "replayed" in replayed.output, replayed.output


def _chunk(args: tuple) -> InvariantReport:
    options, start, games = args
    from pathlib import Path

    from generator.checking import load_checked
    from generator.content.errors import ErrorList

    content = load_checked(Path(CONTENT_DIR), ["astronuts"], ErrorList())[0]
    return check_many(make_game(content, options), games, batch_seed=start, policy="random", max_turns=1000,
                      replay_every=25)


@pytest.mark.slow
@pytest.mark.parametrize("options", COUNTS)
def test_many_random_games_per_player_count_keep_every_invariant(options):
    chunks = [(options, seed, games(25)) for seed in range(4)]      # PNP_TEST_SCALE=20 for a deep run
    with ProcessPoolExecutor(max_workers=2) as pool:
        reports = list(pool.map(_chunk, chunks))
    assert sum(r.games for r in reports) == 4 * games(25)
    assert [p for r in reports for p in r.problems] == []
    causes = {cause for r in reports for cause in r.outcomes}
    assert causes <= {"all-mined", "colonies"}, causes
