"""A rebuild takes the games an edit left alone from the build cache, sealed, instead of parsing them again."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from generator import checking, loaded_games
from generator.build import BuildOptions
from generator.build_cache import BuildCache
from generator.commands.build import build
from generator.content.errors import ErrorList
from tests.test_build_cache import GAME, OPTIONS, rename_field_card, starter, tree_digest  # noqa: F401


@pytest.fixture
def own_secret(tmp_path: Path, monkeypatch) -> Path:
    """This test's user cache folder (where the sealing secret lives)."""
    folder = tmp_path / "user-cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder))
    loaded_games.secret.cache_clear()
    yield folder
    loaded_games.secret.cache_clear()


@pytest.fixture
def parsed(monkeypatch) -> list[str]:
    """The game folders parsed from YAML (not taken from the cache)."""
    names: list[str] = []
    real = checking.load_game

    def counting(root: Path, errors: ErrorList):
        names.append(root.name)
        return real(root, errors)

    monkeypatch.setattr(checking, "load_game", counting)
    return names


def load(content: Path, cache: BuildCache):
    errors = ErrorList()
    [game] = checking.load_checked(content, [GAME], errors, cache)
    assert not errors, errors.as_text()
    cache.commit()
    return game


def test_an_unchanged_game_comes_from_the_cache_and_an_edited_one_is_parsed(starter: Path, tmp_path: Path,
                                                                           own_secret: Path, parsed: list[str]):
    folder = tmp_path / "cache"
    first = load(starter, BuildCache(folder))
    again = load(starter, BuildCache(folder))
    assert parsed == [GAME]  # the second load took the model from the cache
    assert again is not first and again.cards == first.cards and again.game == first.game
    assert again.content_hash == first.content_hash
    assert again.mark_of("card", first.cards[0].id) == first.mark_of("card", first.cards[0].id)
    rename_field_card(starter)
    edited = load(starter, BuildCache(folder))
    assert parsed == [GAME, GAME] and "Meadow" in [card.name.en for card in edited.cards]
    secret_file = own_secret / "pnp-forge" / "cache-seal.key"
    assert secret_file.stat().st_mode & 0o777 == 0o600


def test_a_tampered_entry_or_another_users_secret_means_parsing(starter: Path, tmp_path: Path, own_secret: Path,
                                                                parsed: list[str], monkeypatch):
    folder = tmp_path / "cache"
    load(starter, BuildCache(folder))
    [entry] = [path for path in folder.glob("*/bytes")]
    sealed = entry.read_bytes()
    entry.write_bytes(sealed[:-1] + bytes([sealed[-1] ^ 1]))  # one bit of the pickle changed
    load(starter, BuildCache(folder))
    assert parsed == [GAME, GAME]

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "someone-else"))  # the entry was sealed by another key
    loaded_games.secret.cache_clear()
    load(starter, BuildCache(folder))
    assert parsed == [GAME, GAME, GAME]


def test_a_secret_others_may_read_is_not_used(own_secret: Path):
    assert loaded_games.secret() is not None
    key = own_secret / "pnp-forge" / "cache-seal.key"
    os.chmod(key, 0o644)
    loaded_games.secret.cache_clear()
    assert loaded_games.secret() is None


@pytest.mark.slow
def test_units_made_from_a_game_taken_from_the_cache_equal_a_build_without_cache(starter: Path, tmp_path: Path,
                                                                                 own_secret: Path, parsed: list[str]):
    cache = tmp_path / "cache"
    build(starter, [GAME], tmp_path / "first", OPTIONS, cache=BuildCache(cache))
    other = BuildOptions(tts_url="https://example.org/elsewhere")  # every unit's key differs: all made again
    build(starter, [GAME], tmp_path / "from-cache", other, cache=BuildCache(cache))
    assert parsed == [GAME]
    build(starter, [GAME], tmp_path / "plain", other, cache=BuildCache(None))
    assert tree_digest(tmp_path / "from-cache") == tree_digest(tmp_path / "plain")


def test_a_game_a_pickle_cannot_carry_is_parsed_next_time(starter: Path, tmp_path: Path, own_secret: Path,
                                                          parsed: list[str], monkeypatch):
    def refuse(*args, **kwargs):
        raise TypeError("cannot pickle 'module' object")

    monkeypatch.setattr(loaded_games.pickle, "dumps", refuse)
    folder = tmp_path / "cache"
    load(starter, BuildCache(folder))
    load(starter, BuildCache(folder))
    assert parsed == [GAME, GAME]
