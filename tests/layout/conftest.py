"""Fixtures for layout tests: Escape Earth loaded once, and editable copies of it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.content.errors import ErrorList
from generator.content.loader import GameContent
from generator.content.loader import load_game as load_folder

REPO = Path(__file__).resolve().parents[2]
CONTENT = REPO / "content"


def load_game(content_dir: Path, game: str, expect_cards: bool = True) -> GameContent:
    """Load a game's model (cards, kinds, icons); cross-checks of other parts (rules pages) are not ours."""
    errors = ErrorList()
    content = load_folder(content_dir / game, errors)
    assert content is not None and (content.cards or not expect_cards), errors.as_text()
    return content


@pytest.fixture(scope="session")
def escape_earth() -> GameContent:
    return load_game(CONTENT, "escape-earth")


@pytest.fixture
def game_copy(tmp_path: Path) -> Path:
    """A writable copy of Escape Earth in a temporary content tree; returns the game folder."""
    target = tmp_path / "content" / "escape-earth"
    shutil.copytree(CONTENT / "escape-earth", target)
    return target
