"""The bundled Terraforming Mars content, loaded and checked once per test module."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.content.errors import ErrorList
from generator.checking import load_checked
from generator.content.loader import GameContent

CONTENT = Path(__file__).resolve().parents[2] / "content"
GAME = "terraforming-mars"
PROJECT_KINDS = ("automated", "active", "event")


@pytest.fixture(scope="module")
def tm() -> GameContent:
    errors = ErrorList()
    [content] = load_checked(CONTENT, [GAME], errors)
    assert not errors, errors.as_text()
    return content


@pytest.fixture(scope="module")
def deck(tm):
    """The project cards (green, blue, red): the deck players draw from."""
    return [c for c in tm.cards if c.kind in PROJECT_KINDS]
