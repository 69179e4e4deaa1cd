"""The bundled Habitable content, loaded once for the tests of this folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.content.errors import ErrorList
from generator.checking import load_checked
from generator.content.loader import GameContent

CONTENT = Path(__file__).resolve().parents[2] / "content"


@pytest.fixture(scope="session")
def habitable() -> GameContent:
    errors = ErrorList()
    [content] = load_checked(CONTENT, ["habitable"], errors)
    assert not errors, errors.as_text()
    return content


def board(content: GameContent, board_id: str):
    return next(b for b in content.boards if b.id == board_id)
