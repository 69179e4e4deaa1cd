"""Fixtures for `pnp diff`: Escape Earth loaded once, the same content with one card changed, git repositories.

The change every part is tested on is the one the command exists for: the space lab's build cost
raised from 3 to 5. The rules pages quote it through a template, the beginner's opening builds a
lab with 4 build points in its first step, and the printed cost sits in the card's corner badge.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.content.loader import GameContent

REPO = Path(__file__).resolve().parents[2]
GAME = "escape-earth"
CARD = "weltraumlabor"          # the space lab: build cost 3
OLD_COST, NEW_COST = 3, 5
CARD_FILE = "cards/buildings.yaml"


@pytest.fixture(scope="session")
def escape_earth() -> GameContent:
    errors = ErrorList()
    [content] = load_checked(REPO / "content", [GAME], errors)
    assert not errors, errors.as_text()
    return content


def with_card_fields(content: GameContent, card_id: str, **fields: object) -> GameContent:
    """A copy of `content` whose card `card_id` has these field values (the rest of the game shared)."""
    cards = [card.model_copy(update={"fields": {**card.fields, **fields}}) if card.id == card_id else card
             for card in content.cards]
    return dataclasses.replace(content, cards=cards)


@pytest.fixture(scope="session")
def dearer_lab(escape_earth: GameContent) -> GameContent:
    return with_card_fields(escape_earth, CARD, build_cost=NEW_COST)


def git(repo: Path, *args: str) -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(GIT_AUTHOR_NAME="Designer", GIT_AUTHOR_EMAIL="designer@example.org", GIT_COMMITTER_NAME="Designer",
               GIT_COMMITTER_EMAIL="designer@example.org")
    done = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, env=env, check=True)
    return done.stdout


def game_repository(where: Path) -> Path:
    """A git repository holding a copy of Escape Earth under content/, committed once."""
    shutil.copytree(REPO / "content" / GAME, where / "content" / GAME)
    git(where, "init", "-q", "-b", "main")
    git(where, "add", "-A")
    git(where, "commit", "-q", "-m", "Escape Earth as bundled")
    return where


def raise_lab_cost(repo: Path) -> None:
    """The change under review: the space lab's build cost 3 -> 5 in its card file (front side only)."""
    path = repo / "content" / GAME / CARD_FILE
    text = path.read_text(encoding="utf-8")
    start = text.index(f"id: {CARD}")
    end = text.index("back:", start)
    old = f"build_cost: {OLD_COST}"
    assert text[start:end].count(old) == 1
    path.write_text(text[:start] + text[start:end].replace(old, f"build_cost: {NEW_COST}") + text[end:],
                    encoding="utf-8")
