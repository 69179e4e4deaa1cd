"""`pnp play`, `pnp replay` and `pnp simulate` as a user runs them: output, files, exit codes."""

from __future__ import annotations

import json

from click.testing import CliRunner

from generator.cli import cli
from tests.rules.conftest import CONTENT_DIR, forge_first_decision


def run(*args: str):
    return CliRunner().invoke(cli, [*args, "--content", str(CONTENT_DIR)], catch_exceptions=False)


def test_play_prints_the_turns_and_saves_a_game_that_replays(tmp_path):
    saved = tmp_path / "game.jsonl"
    result = run("play", "escape-earth", "--seed", "3", "--turns", "2", "--save", str(saved))
    assert result.exit_code == 0, result.output
    assert "Turn 1: player 1 plays." in result.output and "  > " in result.output
    replayed = run("replay", str(saved))
    assert replayed.exit_code == 0 and "replayed" in replayed.output


def test_play_speaks_german_and_hides_unseen_cards_in_the_player_view():
    result = run("play", "escape-earth", "--seed", "3", "--lang", "de", "--view", "player", "--policy", "greedy")
    assert result.exit_code == 0
    assert "Zug 1: Spieler 1 ist am Zug." in result.output
    # a removed event leaves unseen: the player view names no card for it
    removed = [line for line in result.output.splitlines() if "verlässt das Spiel ungesehen" in line]
    assert all("die oberste Karte verlässt" in line for line in removed)


def test_replay_names_the_line_of_a_tampered_entry(tmp_path):
    saved = tmp_path / "game.jsonl"
    run("play", "escape-earth", "--seed", "5", "--turns", "3", "--save", str(saved))
    line = forge_first_decision(saved, "improve nonsense")
    result = run("replay", str(saved))
    assert result.exit_code == 1
    assert f"game.jsonl:{line}: replay failed: illegal decision 'improve nonsense'" in result.output


def test_simulate_prints_rates_with_intervals_and_writes_json(tmp_path):
    out = tmp_path / "figures.json"
    result = run("simulate", "escape-earth", "--games", "40", "--variant", "beginner", "--seed", "2",
                 "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "95 % interval" in result.output and "won (all)" in result.output
    figures = json.loads(out.read_text())
    assert figures["games"] == 40 and figures["options"] == {
        "variant": "beginner",
        "outposts": "rulebook",
        "free-cubes": "buildings",
        "anomaly": "blocks-moves",
    }
    assert sum(c["games"] for c in figures["causes"].values()) == 40
    assert 0 <= figures["win_interval"][0] <= figures["win_rate"] <= figures["win_interval"][1] <= 1


def test_simulate_is_the_same_in_one_or_two_processes(tmp_path):
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    run("simulate", "escape-earth", "--games", "30", "--seed", "4", "--out", str(one))
    run("simulate", "escape-earth", "--games", "30", "--seed", "4", "--jobs", "2", "--out", str(two))
    assert one.read_text() == two.read_text()


def test_usage_errors_exit_2():
    assert run("play", "no-such-game", "--seed", "1").exit_code == 2
    assert run("play", "escape-earth", "--seed", "1", "--variant", "heroic").exit_code == 2


def test_any_game_of_a_batch_plays_again_from_its_seed(tmp_path):
    out = tmp_path / "figures.json"
    run("simulate", "escape-earth", "--games", "6", "--seed", "9", "--policy", "greedy", "--variant", "beginner",
        "--out", str(out))
    game = json.loads(out.read_text())["results"][4]
    again = run("play", "escape-earth", "--seed", str(game["seed"]), "--policy", "greedy", "--variant", "beginner")
    turns = [line for line in again.output.splitlines() if line.startswith("Turn ")]
    assert len(turns) == game["turns"]
