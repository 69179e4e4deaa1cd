"""Fixtures for the board tests: a tiny game with one board file, and the loaded Astronuts game."""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest

from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.content.loader import GameContent
from tests.cli_in_process import run_pnp

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"

GAME_YAML = """\
id: boardgame
title: {de: Brettspiel, en: Board game}
description: {de: Ein Testspiel., en: A test game.}
players: {min: 2, max: 4}
age: 8
play_time: {min: 10, max: 20}
components:
  - {id: marker, name: {de: Marker, en: Marker}, type: marker, count: 3, color: "#336699"}
"""


@dataclass
class Run:
    code: int
    out: str
    err: str


def pnp(*args: str) -> Run:
    """Run the `pnp` command line as a designer would, in this process (tests.cli_in_process)."""
    proc = run_pnp(*args)
    return Run(proc.returncode, proc.stdout, proc.stderr)


@pytest.fixture
def board_game(tmp_path: Path):
    """A function writing a tiny game whose only board is the given YAML; returns the content root."""

    def make(board_yaml: str, name: str = "test.yaml") -> Path:
        root = tmp_path / "content"
        game = root / "boardgame"
        (game / "boards").mkdir(parents=True)
        board_yaml = textwrap.dedent(board_yaml)
        board_id = re.search(r"^id:\s*([\w-]+)", board_yaml, re.MULTILINE)
        component = (f"  - {{id: {board_id.group(1)}, name: {{de: Spielplan, en: Board}}, type: board, count: 1}}\n"
                     if board_id else "")  # every board file is some component's board
        (game / "game.yaml").write_text(GAME_YAML + component, encoding="utf-8")
        (game / "boards" / name).write_text(board_yaml, encoding="utf-8")
        return root

    return make


def load(root: Path, game: str) -> tuple[GameContent | None, ErrorList]:
    errors = ErrorList()
    loaded = load_checked(root, [game], errors)
    return (loaded[0] if loaded else None), errors


@pytest.fixture(scope="session")
def astronuts() -> GameContent:
    content, errors = load(CONTENT, "astronuts")
    assert not errors, errors.as_text()
    assert content is not None
    return content
