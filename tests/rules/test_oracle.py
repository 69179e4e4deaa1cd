"""The clairvoyant policy: it plans on the true future, wins where greedy loses, never sits at `pnp play`."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from generator.commands.failure import CommandRefused
from generator.content.errors import ErrorList
from generator.content.loader import read_folder
from generator.content.schema import BalanceRun
from generator.rules.oracle import OraclePolicy, parse_oracle
from generator.rules.policies import check_policy_name, make_policy
from generator.rules.registry import make_game
from generator.rules.simulate import game_seed, play_out, policy_seed
from tests.cli_in_process import run_pnp

REPO = Path(__file__).resolve().parents[2]
FRONTIER = {"variant": "beginner", "outposts": "frontier", "free-cubes": "anywhere"}


@pytest.fixture(scope="module")
def escape_earth():
    content = read_folder(REPO / "content" / "escape-earth", ErrorList())
    assert content is not None
    return content


def test_the_oracle_wins_a_seeded_game_that_greedy_loses(escape_earth):
    game = make_game(escape_earth, FRONTIER)
    seed = game_seed(1, 5)
    greedy = play_out(game, seed, "greedy")
    oracle = play_out(game, seed, "oracle:4")
    assert (greedy.won, greedy.cause) == (False, "aliens")
    assert (oracle.won, oracle.cause) == (True, "ocean-planet")
    assert play_out(game, seed, "oracle:4") == oracle             # the same seed plays the same game


def test_the_oracle_reads_the_true_state_and_leaves_the_real_game_and_its_dice_as_they_were(escape_earth):
    game = make_game(escape_earth, FRONTIER)
    seed = game_seed(1, 5)
    state = game.new_initial_state(seed, quiet=True)
    oracle, rng = OraclePolicy(game, 4), random.Random(policy_seed(seed))
    plan: list[object] = []
    while not state.is_terminal:
        before, dice = state.key(), state.rng.getstate()
        action = oracle.choose(state, rng)
        assert state.key() == before and state.rng.getstate() == dice    # it plans on clones only
        if plan:
            assert action == plan.pop(0)                                  # the real game goes as the line went
        elif oracle._value >= 1e9:                                        # a winning line found on the true future
            plan = [a for _, a in oracle._line_kept]
        state.apply(action)
    assert state.outcome().won and not plan                            # type: ignore[union-attr]


def test_an_honest_sample_of_the_same_table_is_not_what_the_oracle_plans_on(escape_earth):
    """The oracle's line holds only on the true deal: on a table whose hidden cards were drawn anew (what
    tree search plays on) the kept line is dropped at the first step, as its fingerprint differs."""
    game = make_game(escape_earth, FRONTIER)
    state = game.new_initial_state(game_seed(1, 5), quiet=True)
    oracle = OraclePolicy(game, 4)
    action = oracle.choose(state, random.Random(0))
    sample = state.resample_hidden(0, random.Random(7))
    sample.apply(action)
    assert oracle._kept(sample, sample.legal_actions()) is None


def test_pnp_play_refuses_the_oracle_in_a_sentence(tmp_path: Path):
    for policy in ("oracle", "oracle:8", "you,oracle"):
        run = run_pnp("play", "escape-earth", "--policy", policy, "--content", str(REPO / "content"), cwd=tmp_path)
        assert run.returncode == 2, run.stdout
        assert "sees the hidden order of the decks" in run.stderr
        assert "never plays at `pnp play`" in run.stderr and "Traceback" not in run.stderr
        assert not list(tmp_path.iterdir())                              # nothing written


def test_the_play_command_refuses_the_oracle_however_it_is_called(tmp_path: Path):
    from generator.commands.play import play

    with pytest.raises(CommandRefused, match="never plays at `pnp play`"):
        play(REPO / "content", "escape-earth", 1, "oracle")


def test_simulate_and_balance_accept_the_oracle_by_name_and_budget(escape_earth):
    assert check_policy_name("oracle") == "oracle" and check_policy_name("oracle:32") == "oracle:32"
    assert parse_oracle("oracle") == 16 and parse_oracle("oracle:32") == 32
    for bad in ("oracle:0", "oracle:x", "oracle:100000"):
        with pytest.raises(ValueError, match="whole number"):
            check_policy_name(bad)
    with pytest.raises(ValueError, match="never plays at `pnp play`"):
        check_policy_name("oracle", person=True)
    game = make_game(escape_earth, {})
    assert make_policy("oracle:8", game).name == "oracle:8"
    with pytest.raises(ValueError, match="never plays at `pnp play`"):
        make_policy("oracle", game, person=make_policy("random", game))
    run = {"id": "x", "label": {"de": "x", "en": "x"}, "games": 10}
    assert BalanceRun.model_validate({**run, "policy": "oracle"}).policy == "oracle"
    assert BalanceRun.model_validate({**run, "policy": "oracle:64"}).policy == "oracle:64"
    with pytest.raises(ValueError):
        BalanceRun.model_validate({**run, "policy": "oracle:0"})
