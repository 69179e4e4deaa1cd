"""Who won, as people and tools read it: seats count from 0 in the API and show from 1; `pnp play`
and `pnp replay` end with a ranked table and one outcome sentence; a tie is a shared win, in play
and in `pnp simulate`, whose outright, shared and lost games add up to the games played."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.commands.results import result_rows, verdict
from generator.rules.core import Outcome, PlayerResult, seat_label
from generator.rules.simulate import GameResult, summarize

REPO = Path(__file__).resolve().parents[2]
CONTENT = REPO / "content"
GAMES = ("habitable", "astronuts", "escape-earth", "terraforming-mars")


def pnp(*args: str, content: Path = CONTENT) -> tuple[int, str]:
    run = CliRunner().invoke(cli, [*args, "--content", str(content)], catch_exceptions=False)
    return run.exit_code, run.output


def ending(text: str) -> list[str]:
    """The lines after the last decision: the game's last events, the outcome, the results."""
    lines = text.splitlines()
    last = max(i for i, line in enumerate(lines) if line.startswith("  > "))
    return lines[last + 1:]


def result_of(output: str) -> dict:
    rows = [json.loads(line) for line in output.splitlines() if line.strip()]
    assert rows[-1]["kind"] == "result"
    return rows[-1]


@pytest.fixture(scope="module")
def new_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A content folder holding one `pnp new` game."""
    content = tmp_path_factory.mktemp("designs")
    code, output = pnp("new", "harbour-days", content=content)
    assert code == 0, output
    return content


def check_play_ends_with_one_outcome_and_a_ranked_table(game: str, content: Path) -> None:
    code, text = pnp("play", game, "--seed", "1", content=content)
    assert code == 0, text
    code, output = pnp("play", game, "--seed", "1", "--format", "json", content=content)
    assert code == 0, output
    result = result_of(output)
    sentence = result["outcome_text"]
    assert result["finished"] and sentence
    assert text.count(sentence) == 1, f"the outcome sentence is printed {text.count(sentence)} times"
    tail = ending(text)
    assert tail.index(next(line for line in tail if sentence in line)) < tail.index("Result")
    header = next(line for line in tail if line.startswith("┃"))
    assert all(word in header for word in ("rank", "seat", "policy", "score", "won"))
    players = result["players"]
    seats = len(players)
    assert sorted(p["seat"] for p in players) == list(range(seats))                     # seats from 0
    assert [p["player"] for p in players] == [seat_label(p["seat"]) for p in players]   # shown from 1
    assert [p["rank"] for p in players] == sorted(p["rank"] for p in players)           # best first
    assert all(isinstance(p["score"], (int, float)) and p["policy"] == "random" for p in players)
    assert result["winners"] == [p["seat"] for p in players if p["won"]]
    shown = [line for line in tail if any(f"Player {n}" in line for n in range(1, seats + 1)) and "│" in line]
    assert [line.split("│")[2].strip() for line in shown] == [p["player"] for p in players]  # the ranked order


@pytest.mark.parametrize("game", GAMES)
def test_play_ends_with_a_ranked_score_table_and_one_outcome_sentence(game: str) -> None:
    check_play_ends_with_one_outcome_and_a_ranked_table(game, CONTENT)


def test_a_new_game_ends_with_a_ranked_score_table_and_one_outcome_sentence(new_game: Path) -> None:
    check_play_ends_with_one_outcome_and_a_ranked_table("harbour-days", new_game)


def test_a_tie_for_the_win_is_reported_as_shared() -> None:
    # Habitable seed 1, random players: nobody's planet comes alive, all four tie at 0 after every tie-break
    code, output = pnp("play", "habitable", "--seed", "1", "--format", "json")
    players = result_of(output)["players"]
    assert code == 0 and all(p["won"] and p["shared"] and p["rank"] == 1 for p in players)
    code, text = pnp("play", "habitable", "--seed", "1")
    assert "Player 1, Player 2, Player 3 and Player 4 share the win (tied after every tie-break)." in text
    assert text.count("won (shared)") == 4


def test_a_cooperative_table_has_one_shared_result() -> None:
    code, output = pnp("play", "escape-earth", "--seed", "1", "--format", "json")
    result = result_of(output)
    assert code == 0 and result["cooperative"] is True
    assert len({(p["score"], p["rank"], p["won"]) for p in result["players"]}) == 1   # the table's result
    code, text = pnp("play", "escape-earth", "--seed", "1")
    assert ("The table won together." if result["winners"] else "The table lost together.") in text
    assert "won (shared)" not in text


def test_result_rows_count_seats_from_0_and_name_them_from_1() -> None:
    outcome = Outcome("score", (PlayerResult(0, 4.0, 2, False), PlayerResult(1, 7.5, 1, True),
                                PlayerResult(2, 4.0, 2, False)))
    rows = result_rows(outcome, "expert,greedy,random", "de")
    assert [(r["seat"], r["player"], r["score"], r["rank"], r["policy"]) for r in rows] == \
        [(1, "Spieler 2", 7.5, 1, "greedy"), (0, "Spieler 1", 4, 2, "expert"), (2, "Spieler 3", 4, 2, "random")]
    assert outcome.winners == (1,) and verdict(rows, False, "de") == "Spieler 2 gewinnt."
    assert not any(r["shared"] for r in rows)


def test_replay_prints_the_results_once_at_the_end(tmp_path: Path) -> None:
    saved = tmp_path / "game.jsonl"
    code, text = pnp("play", "astronuts", "--seed", "2", "--players", "2", "--policy", "greedy,random",
                     "--save", str(saved))
    assert code == 0, text
    code, replayed = pnp("replay", str(saved))
    assert code == 0, replayed
    code, output = pnp("replay", str(saved), "--format", "json")
    report = json.loads(output)
    assert report["outcome_text"] and replayed.count(report["outcome_text"]) == 1
    assert replayed.index(report["outcome_text"]) < replayed.index("Result")
    assert [p["policy"] for p in sorted(report["players"], key=lambda p: p["seat"])] == ["greedy", "random"]
    assert report["winners"] == [p["seat"] for p in report["players"] if p["won"]]


def test_view_n_is_player_n_as_people_count_and_seat_n_minus_1_in_the_api() -> None:
    code, mine = pnp("play", "habitable", "--seed", "2", "--turns", "1", "--view", "1")
    code2, theirs = pnp("play", "habitable", "--seed", "2", "--turns", "1", "--view", "2")
    assert code == code2 == 0
    drew = [line for line in mine.splitlines() if line.startswith("  Player 1 draws ")]
    assert drew and all(":" in line for line in drew)                                  # player 1 sees their cards
    assert all(":" not in line for line in theirs.splitlines() if line.startswith("  Player 1 draws "))
    code, refused = pnp("play", "habitable", "--seed", "2", "--view", "0")
    assert code == 2 and "choose referee, public or a player 1-4" in refused


def games(*winners: tuple[int, ...], seats: int = 3) -> list[GameResult]:
    return [GameResult(i, bool(w), "score" if w else "unfinished", 10, 30, w, (1.0,) * seats if w else ())
            for i, w in enumerate(winners)]


def test_simulate_counts_a_tie_as_shared_and_outright_shared_and_lost_add_up_to_the_games() -> None:
    results = games((0,), (0, 1), (2,), (1,), (0, 1, 2), ())
    summary = summarize("g", "random", {}, 0, results, cooperative=False)
    assert (summary.outright, summary.shared, summary.no_winner) == (3, 2, 1)
    assert summary.outright + summary.shared + summary.no_winner == summary.games == 6
    by_seat = {s["seat"]: s for s in summary.seats}
    assert [(s["outright"], s["shared"], s["lost"]) for s in summary.seats] == [(1, 2, 3), (1, 2, 3), (1, 1, 4)]
    assert all(s["outright"] + s["shared"] + s["lost"] == 6 for s in summary.seats)
    assert sum(s["outright_rate"] for s in summary.seats) <= 1.0 < sum(s["rate"] for s in summary.seats)
    assert by_seat[0]["player"] == "Player 1" and by_seat[0]["wins"] == 3 and summary.ties == "shared"


def test_simulate_says_how_ties_count_in_text_and_json(tmp_path: Path) -> None:
    out = tmp_path / "figures.json"
    code, text = pnp("simulate", "habitable", "--games", "6", "--policy", "random", "--out", str(out))
    assert code == 0, text
    assert "A tie after every tie-break is a shared win for each tied seat" in text
    assert "outright" in text and "shared" in text and "lost" in text
    figures = json.loads(out.read_text(encoding="utf-8"))
    assert figures["ties"] == "shared" and [s["seat"] for s in figures["seats"]] == [0, 1, 2, 3]
    assert figures["outright"] + figures["shared"] + figures["no_winner"] == figures["games"] == 6
    assert all(s["outright"] + s["shared"] + s["lost"] == 6 for s in figures["seats"])
    assert [r["winners"] for r in figures["results"]] and all(
        all(0 <= w < 4 for w in r["winners"]) for r in figures["results"])
