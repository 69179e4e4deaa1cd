"""`pnp diff` on the change it exists for: one building's cost raised in a game kept in git.

A copy of Escape Earth is committed in a new repository, the space lab's build cost is raised
from 3 to 5 in the working tree, and `pnp diff` runs once through the real command line. The
tests read what it printed, the diff.json and the HTML report it wrote, and the pictures.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

from generator.diff.faces import FACE_DPI, HIGHLIGHT
from tests.authoring.conftest import pnp
from tests.diff.conftest import CARD, GAME, NEW_COST, OLD_COST, game_repository, git, raise_lab_cost

BALANCE_GAMES = 40


@pytest.fixture(scope="module")
def reviewed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    repo = game_repository(tmp_path_factory.mktemp("designer"))
    raise_lab_cost(repo)
    status, head = git(repo, "status", "--porcelain"), git(repo, "rev-parse", "HEAD")
    run = pnp("diff", "--games", str(BALANCE_GAMES), "--out", "review", cwd=repo)
    report = repo / "review"
    data = json.loads((report / "diff.json").read_text(encoding="utf-8")) if (report / "diff.json").is_file() else {}
    return {"repo": repo, "run": run, "report": report, "data": data,
            "status": status, "head": head}


def game_of(reviewed: dict[str, Any]) -> dict[str, Any]:
    [game] = [g for g in reviewed["data"]["games"] if g["game"] == GAME]
    return game


@pytest.mark.slow
def test_a_broken_example_makes_the_exit_code_1_and_the_report_is_written(reviewed: dict[str, Any]) -> None:
    run = reviewed["run"]
    assert run.code == 1, run.err
    assert reviewed["data"]["exit_code"] == 1 and reviewed["data"]["broken_examples"] == 1
    assert reviewed["data"]["old"]["revision"] == "HEAD" and reviewed["data"]["new"]["label"] == "working tree"
    assert "1 example turn(s) refused by the engine in working tree" in run.out


def test_the_working_tree_and_the_repository_are_untouched(reviewed: dict[str, Any]) -> None:
    repo = reviewed["repo"]
    assert git(repo, "status", "--porcelain", "--", "content") == reviewed["status"]
    assert git(repo, "rev-parse", "HEAD") == reviewed["head"]
    assert git(repo, "worktree", "list").count("\n") == 1
    assert git(repo, "stash", "list") == ""


def test_the_changed_card_is_named_with_its_value_before_and_after(reviewed: dict[str, Any]) -> None:
    game = game_of(reviewed)
    assert game["files"] == [{"path": "cards/buildings.yaml", "change": "changed"}]
    [card] = game["cards"]
    assert card["id"] == CARD and card["change"] == "changed" and card["name"]["en"] == "Space lab"
    assert card["fields"] == [{"path": "fields.build_cost", "old": OLD_COST, "new": NEW_COST}]
    out = reviewed["run"].out
    assert "fields.build_cost" in out and "Space lab" in out


def test_the_changed_faces_are_pictured_before_and_after_with_the_change_boxed(reviewed: dict[str, Any]) -> None:
    [card] = game_of(reviewed)["cards"]
    faces = card["faces"]
    assert {(f["lang"], f["side"]) for f in faces} == {("de", "front"), ("en", "front")}  # the back shows no cost
    poker_with_bleed = (round(69 / 25.4 * FACE_DPI), round(94 / 25.4 * FACE_DPI))
    for face in faces:
        before = Image.open(reviewed["report"] / face["before"]).convert("RGB")
        after = Image.open(reviewed["report"] / face["after"]).convert("RGB")
        assert before.size == after.size == tuple(face["size"]) == poker_with_bleed
        left, top, right, bottom = face["box"]
        # the cost badge sits in the top-left corner: the box holds the digit and nothing far from it
        assert right < before.width / 3 and bottom < before.height / 4 and right - left < 60 and bottom - top < 60
        pixels = after.load()
        assert pixels[left - 8, (top + bottom) // 2] == HIGHLIGHT  # the outline, a little outside the change
        assert HIGHLIGHT not in {before.getpixel((x, y)) for x in range(0, before.width, 3)
                                 for y in range(0, before.height, 3)}
        # outside the box and its outline, before and after are the same picture: nothing else changed
        changed = ImageChops.difference(before, after).getbbox()
        assert changed is not None
        assert changed[0] >= left - 8 - 3 and changed[1] >= top - 8 - 3
        assert changed[2] <= right + 8 + 3 and changed[3] <= bottom + 8 + 3


def test_the_rules_sentences_quoting_the_cost_changed_in_both_languages(reviewed: dict[str, Any]) -> None:
    pages = {(p["lang"], p["page"]): p for p in game_of(reviewed)["rules_pages"]}
    actions = pages[("en", "40-actions.md")]
    assert actions["change"] == "changed" and actions["title"] == "Actions"
    assert actions["removed"] == [f"- **Space lab**: build cost {OLD_COST}"]
    assert actions["added"] == [f"- **Space lab**: build cost {NEW_COST}"]
    assert pages[("de", "40-actions.md")]["added"] == [f"- **Weltraumlabor**: Baukosten {NEW_COST}"]
    assert ("en", "30-turn.md") not in pages  # a page that does not quote the cost is not listed
    assert f"+- **Space lab**: build cost {NEW_COST}" in reviewed["run"].out


def test_the_example_that_broke_is_named_at_its_step(reviewed: dict[str, Any]) -> None:
    examples = {e["id"]: e for e in game_of(reviewed)["examples"]}
    broke = examples["beginner-opening"]
    assert broke["status"] == "broke" and broke["step"] == 1 and broke["action"] == "build lab"
    assert f"Space lab costs {NEW_COST} build points" in broke["message"]
    assert {e["status"] for i, e in examples.items() if i != "beginner-opening"} == {"unchanged"}
    assert "beginner-opening" in reviewed["run"].out and "broke" in reviewed["run"].out


def test_the_balance_delta_plays_the_same_seeds_under_both_revisions(reviewed: dict[str, Any]) -> None:
    balance = game_of(reviewed)["balance"]
    assert balance["games"] == BALANCE_GAMES and balance["policy"] == "random" and balance["cooperative"]
    rows = {r["label"]: r for r in balance["rows"]}
    assert {"won", "turns per game"} <= set(rows) and any(label.startswith("ends: ") for label in rows)
    for row in rows.values():
        low, high = row["before_interval"]
        assert low <= row["before"] <= high and isinstance(row["significant"], bool) and 0 <= row["p_value"] <= 1
    assert rows["won"]["test"].startswith("McNemar's exact test")
    assert rows["turns per game"]["test"].startswith("paired t-test")
    assert balance["statement"] and 0 < balance["games_changed"] <= BALANCE_GAMES  # a dearer lab changes some games
    assert "balance: 40 games per revision" in reviewed["run"].out


def test_the_html_report_shows_the_pictures_the_rules_diff_and_the_broken_example(reviewed: dict[str, Any]) -> None:
    page = (reviewed["report"] / "index.html").read_text(encoding="utf-8")
    [card] = game_of(reviewed)["cards"]
    for face in card["faces"]:
        assert f'src="{face["before"]}"' in page and f'src="{face["after"]}"' in page
    assert f"+- **Space lab**: build cost {NEW_COST}" in page
    assert "beginner-opening" in page and "broke" in page
    assert "McNemar&#39;s exact test on the seeds whose outcome changed" in page
    assert "<script" not in page


def test_no_change_shows_no_card_no_picture_and_exits_0(reviewed: dict[str, Any]) -> None:
    run = pnp("diff", "HEAD..HEAD", "--format", "json", "--out", "unchanged", cwd=reviewed["repo"])
    assert run.code == 0, run.err
    data = json.loads(run.out)
    assert [(g["game"], g["status"], g["cards"]) for g in data["games"]] == [(GAME, "unchanged", [])]
    assert data == json.loads((reviewed["repo"] / "unchanged" / "diff.json").read_text(encoding="utf-8"))
    assert not (reviewed["repo"] / "unchanged" / "images").exists()


@pytest.mark.slow
def test_content_errors_in_either_revision_are_listed_with_it_and_exit_1(tmp_path: Path) -> None:
    repo = game_repository(tmp_path)
    cards = repo / "content" / GAME / "cards" / "buildings.yaml"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace("capacity: 0, planet_only", "capacity: -1, planet_only", 1), encoding="utf-8")
    git(repo, "commit", "-q", "-am", "a capacity below its minimum")
    cards.write_text(text.replace("build_cost: 4", "bild_cost: 4", 1), encoding="utf-8")
    run = pnp("diff", "--games", "0", cwd=repo)
    assert run.code == 1 and run.out == ""
    lines = run.err.splitlines()
    old_at, new_at = lines.index(next(x for x in lines if x.startswith("errors in HEAD ("))), \
        lines.index("errors in working tree:")
    assert lines[old_at + 1].startswith(f"HEAD:content/{GAME}/cards/buildings.yaml:11:")
    assert "-1 is below the minimum 0" in lines[old_at + 1]
    assert any(x.startswith(f"content/{GAME}/cards/buildings.yaml:") and "did you mean 'build_cost'?" in x
               for x in lines[new_at + 1:])
    assert not (repo / "output").exists()  # no report (nor an empty output folder) from content that does not load
    as_json = json.loads(pnp("diff", "--games", "0", "--format", "json", cwd=repo).out)
    assert {e["revision"] for e in as_json["errors"]} == {"working tree", as_json["errors"][0]["revision"]}
    assert any(e["revision"].startswith("HEAD (") for e in as_json["errors"])
