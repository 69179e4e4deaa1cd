"""`pnp diff` plays the golden playthroughs (saved games in playthroughs/) under both revisions and
plays its balance games with the options given."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from generator.content.loader import GameContent
from generator.diff.examples import BROKE, DIFFERS
from generator.diff.playthroughs import first_parting
from generator.rules.playthroughs import play_through
from tests.authoring.conftest import pnp
from tests.diff.conftest import GAME, game_repository, git, raise_lab_cost

GOLDEN = Path(__file__).resolve().parents[1] / "rules" / "golden"
WON = "greedy-beginner-frontier-won"     # builds a space lab with 3 build points at its 21st decision
LOST = "greedy-beginner-4"               # never builds a lab


def test_a_playthrough_plays_the_same_under_the_same_rules(escape_earth: GameContent) -> None:
    text = (GOLDEN / f"{WON}.jsonl").read_text(encoding="utf-8")
    played = play_through(escape_earth, text)
    assert played.refused is None and len(played.steps) == 30
    assert played.outcome == "Won: every ship has reached the ocean planet."
    assert first_parting(played, play_through(escape_earth, text)) is None


def test_a_dearer_lab_refuses_the_decision_that_builds_it(escape_earth: GameContent,
                                                          dearer_lab: GameContent) -> None:
    text = (GOLDEN / f"{WON}.jsonl").read_text(encoding="utf-8")
    before, after = play_through(escape_earth, text), play_through(dearer_lab, text)
    assert before.steps[:20] == after.steps and after.refused is not None
    step, why = after.refused
    assert step == 21 and why.startswith("Space lab costs 5 build points; your Build card gives only 3")


def test_a_changed_outcome_is_the_parting_of_two_plays(escape_earth: GameContent) -> None:
    text = (GOLDEN / f"{LOST}.jsonl").read_text(encoding="utf-8")
    before = play_through(escape_earth, text)
    shortened = play_through(escape_earth, "\n".join(text.splitlines()[:-3]) + "\n")
    step, what, old, new = first_parting(before, shortened) or (None, "", [], [])
    assert what == "the game ends otherwise" and old == [before.outcome] and new == ["unfinished"]
    assert step == len(shortened.steps)


@pytest.fixture(scope="module")
def repo_with_playthroughs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    repo = tmp_path_factory.mktemp("designer")
    shutil.copytree(Path(__file__).resolve().parents[2] / "content" / GAME, repo / "content" / GAME)
    folder = repo / "content" / GAME / "playthroughs"
    shutil.rmtree(folder, ignore_errors=True)  # the game's own playthrough aside: these tests bring theirs
    folder.mkdir()
    for name in (WON, LOST):
        shutil.copy(GOLDEN / f"{name}.jsonl", folder / f"{name}.jsonl")
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Escape Earth with two golden playthroughs")
    raise_lab_cost(repo)
    return repo


@pytest.mark.slow
def test_pnp_diff_names_the_playthrough_the_change_broke_and_its_step(repo_with_playthroughs: Path) -> None:
    run = pnp("diff", "--games", "0", "--format", "json", "--out", "review", cwd=repo_with_playthroughs)
    assert run.code == 1, run.err  # an example turn broke, too (tests/diff/test_diff_command.py)
    [game] = json.loads(run.out)["games"]
    by_id = {p["id"]: p for p in game["playthroughs"]}
    assert by_id[LOST]["status"] == "unchanged"
    won = by_id[WON]
    assert won["status"] == BROKE and won["step"] == 21 and won["action"] == "build lab"
    assert "Space lab costs 5 build points" in won["message"]
    text = pnp("diff", "--games", "0", "--out", "review", cwd=repo_with_playthroughs)
    assert "golden playthroughs" in text.out and WON in text.out and "broke" in text.out
    page = (repo_with_playthroughs / "review" / "index.html").read_text(encoding="utf-8")
    assert "<h3>Golden playthroughs</h3>" in page and f"<code>{WON}</code>" in page


@pytest.mark.slow
def test_a_playthrough_whose_decisions_stay_legal_but_play_otherwise(tmp_path: Path) -> None:
    repo = game_repository(tmp_path)
    folder = repo / "content" / GAME / "playthroughs"
    shutil.rmtree(folder, ignore_errors=True)  # the game's own playthrough aside: these tests bring theirs
    folder.mkdir()
    shutil.copy(GOLDEN / f"{LOST}.jsonl", folder / "lost.jsonl")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "a golden playthrough")
    saved = (folder / "lost.jsonl").read_text(encoding="utf-8").splitlines()
    (folder / "lost.jsonl").write_text("\n".join(saved[:-3]) + "\n", encoding="utf-8")  # the last decisions gone
    run = pnp("diff", "--games", "0", "--format", "json", "--out", "review", cwd=repo)
    assert run.code == 0, run.err
    [change] = json.loads(run.out)["games"][0]["playthroughs"]
    assert change["status"] == DIFFERS and change["message"] == "the game ends otherwise"
    assert change["before"][0].startswith("Lost: ") and change["after"] == ["unfinished"]


@pytest.mark.slow
def test_pnp_diff_plays_its_balance_games_with_the_options_given(repo_with_playthroughs: Path) -> None:
    run = pnp("diff", "--games", "6", "--option", "outposts=frontier", "--variant", "beginner", "--format", "json",
              "--out", "review", cwd=repo_with_playthroughs)
    balance = json.loads(run.out)["games"][0]["balance"]
    assert balance["options"]["outposts"] == "frontier" and balance["options"]["variant"] == "beginner"
    assert balance["games"] == 6
    refused = pnp("diff", "--games", "6", "--option", "outposts=nowhere", "--format", "json", "--out", "review",
                  cwd=repo_with_playthroughs)
    game = json.loads(refused.out)["games"][0]
    assert game["balance"] is None and "refuses the options" in game["balance_note"] and "nowhere" in \
        game["balance_note"]
    malformed = pnp("diff", "--games", "6", "--option", "outposts", "--format", "json", cwd=repo_with_playthroughs)
    assert malformed.code == 2 and "--option takes NAME=VALUE" in json.loads(malformed.out)["message"]


def test_check_names_the_line_of_the_bundled_playthroughs_first_refused_decision(escape_earth: GameContent,
                                                                                 dearer_lab: GameContent) -> None:
    from generator.content.errors import ErrorList
    from generator.rules.playthroughs import check_playthroughs

    bundled = escape_earth.root / "playthroughs" / "greedy-frontier-won.jsonl"
    assert bundled.read_bytes() == (GOLDEN / f"{WON}.jsonl").read_bytes()
    clean = ErrorList()
    check_playthroughs(escape_earth, clean)
    assert not clean
    errors = ErrorList()
    check_playthroughs(dearer_lab, errors)
    [error] = list(errors)
    rows = [json.loads(line) for line in bundled.read_text(encoding="utf-8").splitlines()]
    decision_lines = [number for number, row in enumerate(rows, 1) if row.get("kind") == "decision"]
    assert error.mark.line == decision_lines[20] and error.mark.file.endswith("playthroughs/greedy-frontier-won.jsonl")
    assert (
        "golden playthrough greedy-frontier-won.jsonl: decision 21 no longer plays: Space lab costs 5" in error.message
    )
    assert "pnp play --save" in error.hint
