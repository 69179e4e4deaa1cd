"""Hostile or broken saved games: `pnp replay` answers exit 1 with the line, never a traceback or exit 3.

The six saved-game cases of the hostile-content report (invalid UTF-8, a seed of 1e400, and the
like) as tests, and a property-based test that mutates a real saved game at random.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.rules.log import ReplayError, dump_lines, header_of, replay_text
from generator.rules.registry import make_game
from generator.rules.transcript import play_transcript
from tests.pnp_process import pnp_forked

REPO = Path(__file__).resolve().parents[2]


def _saved() -> str:
    errors = ErrorList()
    [content] = load_checked(REPO / "content", ["escape-earth"], errors)
    game = make_game(content, {"variant": "expert"})
    played = play_transcript(game, 4, "random", turns=4, log=True)
    return dump_lines(header_of(played.state, game.options, "random"), played.state.log or [])


SAVED = _saved()


def replay_cli(path: Path, cwd: Path) -> subprocess.CompletedProcess:
    return pnp_forked("replay", str(path), "--content", str(REPO / "content"), cwd=cwd, ceiling=120)


def _case(name: str) -> bytes:
    head, rest = SAVED.split("\n", 1)
    lines = rest.splitlines()
    if name == "invalid-utf8":
        return (head + "\n" + "\n".join(lines[:3])).encode() + b"\n\xff\xfe broken\n" + "\n".join(lines[3:]).encode()
    if name == "seed-1e400":
        return (head.replace('"seed":4', '"seed":1e400') + "\n" + rest).encode()
    if name == "nan-seed":
        return (head.replace('"seed":4', '"seed":NaN') + "\n" + rest).encode()
    if name == "not-an-object":
        return (head + "\n[1, 2, 3]\n" + rest).encode()
    if name == "action-not-text":
        row = json.loads(lines[2]) if '"decision"' in lines[2] else None
        index = next(i for i, line in enumerate(lines) if '"kind":"decision"' in line)
        row = json.loads(lines[index])
        row["action"] = {"move": 3}
        lines[index] = json.dumps(row)
        return (head + "\n" + "\n".join(lines) + "\n").encode()
    if name == "huge-action":
        index = next(i for i, line in enumerate(lines) if '"kind":"decision"' in line)
        row = json.loads(lines[index])
        row["action"] = "x" * 5_000_000
        lines[index] = json.dumps(row)
        return (head + "\n" + "\n".join(lines) + "\n").encode()
    raise AssertionError(name)


@pytest.mark.parametrize("name", ["invalid-utf8", "seed-1e400", "nan-seed", "not-an-object", "action-not-text",
                                  "huge-action"])
@pytest.mark.slow
def test_a_broken_saved_game_is_exit_1_with_its_line(tmp_path: Path, name: str) -> None:
    path = tmp_path / "game.jsonl"
    path.write_bytes(_case(name))
    run = replay_cli(path, tmp_path)
    assert run.returncode == 1, (name, run.returncode, run.stderr[-2000:])
    assert "Traceback" not in run.stderr and "internal error" not in run.stderr
    first = run.stderr.splitlines()[0]
    assert first.startswith(f"{path}:") and ": replay failed: " in first, first[:300]
    assert len(run.stderr) < 4000                      # a huge value is cut, not echoed


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
@pytest.mark.slow
def test_a_randomly_mutated_saved_game_replays_or_names_a_line(data: st.DataObject) -> None:
    errors = ErrorList()
    [content] = load_checked(REPO / "content", ["escape-earth"], errors)
    lines = SAVED.splitlines()
    index = data.draw(st.integers(0, len(lines) - 1), label="line")
    row = json.loads(lines[index])
    key = data.draw(st.sampled_from(sorted(row)), label="key")
    row[key] = data.draw(st.one_of(st.none(), st.booleans(), st.integers(-10**30, 10**30), st.floats(allow_nan=False),
                                   st.text(max_size=30), st.lists(st.integers(-3, 20), max_size=5)), label="value")
    lines[index] = json.dumps(row)
    if data.draw(st.booleans(), label="drop a line"):
        del lines[data.draw(st.integers(1, len(lines) - 1), label="dropped")]
    text = "\n".join(lines) + "\n"
    try:
        replay_text(text, content)
    except ReplayError as exc:
        assert 1 <= exc.line <= len(lines) + 1 and exc.message
