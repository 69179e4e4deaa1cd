"""Fixtures for render tests: Escape Earth's cards built once into a temporary output folder."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from generator.build import BuildOptions
from generator.content.errors import ErrorList
from generator.content.loader import GameContent
from generator.layout.engine import CardLayouts
from generator.render.cards_step import ordered_cards, render_cards
from tests.layout.conftest import CONTENT, game_copy, load_game  # noqa: F401  (shared fixture)
from tests.once import once_per_run


@dataclass
class BuiltCards:
    content: GameContent
    out: Path
    files: list[Path]
    layouts: CardLayouts


def build_cards(content: GameContent, out: Path, **options) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    errors = ErrorList()
    files = render_cards(content, out, BuildOptions(**options), errors)
    assert not errors, errors.as_text()
    return files


@pytest.fixture(scope="session")
def escape_earth_content() -> GameContent:
    return load_game(CONTENT, "escape-earth")


@pytest.fixture(scope="session")
def built(escape_earth_content, tmp_path_factory) -> BuiltCards:
    """Escape Earth's cards rendered once per test run (tests.once, also across pytest-xdist's workers); tests only
    read the files."""

    def make(folder: Path) -> dict:
        files = build_cards(escape_earth_content, folder / "escape-earth")
        return {"files": [str(path.relative_to(folder)) for path in files]}

    folder, facts = once_per_run(tmp_path_factory, "escape-earth-cards", make)
    files = [folder / name for name in facts["files"]]
    return BuiltCards(escape_earth_content, folder / "escape-earth", files, CardLayouts(escape_earth_content,
                                                                                       ErrorList()))


def deck(content: GameContent) -> list[str]:
    """Card ids in print order, each as often as the box holds it."""
    return [card.id for card in ordered_cards(content) for _ in range(card.count)]


def decks_of(content: GameContent) -> list[str]:
    """The deck of each card of `deck(content)`: what the sheet plan keeps apart."""
    return [content.game.deck_of(card.kind).id for card in ordered_cards(content) for _ in range(card.count)]
