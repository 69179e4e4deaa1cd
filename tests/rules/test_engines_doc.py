"""docs/engines.md is enough: its minimal game, copied out of the page, passes `pnp check` and plays.

Every fenced block preceded by `<!-- file: PATH -->` is written to PATH under a fresh content
folder, exactly as a designer following the page would.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.rules import trust
from generator.rules.invariants import check_many
from generator.rules.registry import make_game
from tests.cli_in_process import run_pnp

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "engines.md"
BLOCK = re.compile(r"<!-- file: (?P<path>[^ ]+) -->\n```[a-z]*\n(?P<body>.*?)\n```\n", re.DOTALL)


def write_page_files(root: Path) -> list[str]:
    written = []
    for match in BLOCK.finditer(PAGE.read_text(encoding="utf-8")):
        target = root / match["path"]
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(match["body"] + "\n", encoding="utf-8")
        written.append(match["path"])
    return written


def pnp(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return run_pnp(*args, cwd=cwd)


def test_the_pages_minimal_game_passes_pnp_check_and_replays_its_example(tmp_path: Path) -> None:
    assert write_page_files(tmp_path / "mygames") == [
        "pearl-dive/game.yaml", "pearl-dive/engine/rules.py", "pearl-dive/rules/en/sentences.yaml",
        "pearl-dive/rules/de/sentences.yaml", "pearl-dive/examples/first-dive.yaml"]
    run = pnp(tmp_path, "check", "--content", "mygames")
    assert run.returncode == 1 and "pnp trust mygames/pearl-dive" in run.stderr  # its engine runs once trusted
    assert pnp(tmp_path, "trust", "mygames/pearl-dive").returncode == 0  # as the page says
    run = pnp(tmp_path, "check", "--content", "mygames")
    assert run.returncode == 0, run.stderr
    assert "pearl-dive: 0 card designs, 0 cards, 0 boards, 1 examples — no problems" in run.stdout
    example = tmp_path / "mygames/pearl-dive/examples/first-dive.yaml"
    example.write_text(example.read_text(encoding="utf-8").replace('"dive 2"', '"dive 9"'), encoding="utf-8")
    run = pnp(tmp_path, "check", "--content", "mygames")
    assert run.returncode == 1
    assert "step 1 (`dive 9`) is refused by the engine: You can dive 1, 2 or 3 deep, not 9." in run.stderr


def test_the_pages_minimal_game_keeps_the_contract_over_random_playouts(tmp_path: Path) -> None:
    write_page_files(tmp_path / "mygames")
    trust.grant(tmp_path / "mygames" / "pearl-dive")
    errors = ErrorList()
    content = load_checked(tmp_path / "mygames", ["pearl-dive"], errors)[0]
    assert not errors
    for options in ({}, {"rounds": "5"}):
        report = check_many(make_game(content, options), 100, batch_seed=2, replay_every=5)
        assert report.problems == []
        assert report.outcomes == {"rounds-over": 100}
        assert report.longest == 2 * int(options.get("rounds", 3))
