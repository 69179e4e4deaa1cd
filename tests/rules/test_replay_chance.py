"""`pnp replay` and where a saved game's chance came from: a file that names a seed is checked against it whatever
its header's `chance` field says; a file that names none replays its recorded dice and says so in the verdict."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli_in_process import pnp


def _saved(capsys, monkeypatch, tmp_path: Path) -> tuple[Path, list[dict]]:
    path = tmp_path / "game.jsonl"
    code, _, err = pnp(capsys, monkeypatch, "play", "astronuts", "--seed", "3", "--save", str(path))
    assert code == 0, err
    return path, [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _write(path: Path, rows: list[dict]) -> None:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")


def _a_mid_game_roll(rows: list[dict]) -> int:
    """The index of a die roll made during play (after the first decision), so that a decision precedes it."""
    first = next(i for i, row in enumerate(rows) if row.get("kind") == "decision")
    return next(i for i, row in enumerate(rows) if i > first and row.get("kind") == "chance"
                and isinstance(row.get("outcome"), list) and all(isinstance(v, int) for v in row["outcome"]))


def test_replay_refuses_edited_dice_in_a_file_whose_header_lost_its_chance_field(capsys, monkeypatch, tmp_path):
    path, rows = _saved(capsys, monkeypatch, tmp_path)
    del rows[0]["chance"]
    index = _a_mid_game_roll(rows)
    rows[index]["outcome"][0] = 1 + rows[index]["outcome"][0] % 6
    _write(path, rows)
    before = path.read_bytes()
    code, out, err = pnp(capsys, monkeypatch, "replay", str(path))
    assert code == 1 and out == ""
    assert f"{path}:{index + 1}: replay failed: " in err  # the edited line itself, not the decision before it
    assert "is not what seed 3 gives for 'actions'" in err and "edited" in err
    assert path.read_bytes() == before


def test_replay_of_a_file_without_a_seed_takes_its_recorded_chance_and_says_so(capsys, monkeypatch, tmp_path):
    path, rows = _saved(capsys, monkeypatch, tmp_path)
    code, out, _ = pnp(capsys, monkeypatch, "replay", str(path), "--format", "json")
    assert code == 0 and json.loads(out)["chance"] == "seed"
    seeded_hash = json.loads(out)["state_hash"]
    del rows[0]["seed"], rows[0]["chance"]
    _write(path, rows)
    code, out, err = pnp(capsys, monkeypatch, "replay", str(path), "--format", "json")
    assert code == 0, err
    verdict = json.loads(out)
    assert verdict["chance"] == "recorded" and verdict["state_hash"] == seeded_hash
    code, out, _ = pnp(capsys, monkeypatch, "replay", str(path))
    assert code == 0 and "chance as recorded in the file" in " ".join(out.split())


@pytest.mark.parametrize("chance", ["seed", None])
def test_a_seeded_file_replays_with_or_without_its_chance_field(capsys, monkeypatch, tmp_path, chance):
    path, rows = _saved(capsys, monkeypatch, tmp_path)
    if chance is None:
        del rows[0]["chance"]
    _write(path, rows)
    code, out, err = pnp(capsys, monkeypatch, "replay", str(path), "--format", "json")
    assert code == 0, err
    assert json.loads(out)["chance"] == "seed"
