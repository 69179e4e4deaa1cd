"""The starter's rules engine keeps the engine contract: every generic engine test runs on it.

`pnp new` hands designers an engine to grow their own from, so it must be a sound one. The
tests of tests/rules/test_engines_generic.py are called here on a freshly written starter game
(they find only games kept in the repository), slow ones marked slow as there.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import tests.rules.test_engines_generic as generic
from generator.authoring.starter import write_starter
from generator.rules import trust
from generator.rules.registry import make_game


def _generic_tests() -> list[Any]:
    found = []
    for name, check in vars(generic).items():
        if name.startswith("test_") and callable(check):
            slow = any(mark.name == "slow" for mark in getattr(check, "pytestmark", []))
            found.append(pytest.param(check, id=name, marks=[pytest.mark.slow] if slow else []))
    return found


@pytest.fixture(scope="module")
def starter(tmp_path_factory: pytest.TempPathFactory) -> generic.EngineCase:
    content = tmp_path_factory.mktemp("starter") / "content"
    write_starter(content, "starter-game")
    trust.grant(content / "starter-game")  # as `pnp new` does: its engine runs at once
    return generic.EngineCase("new/starter-game", content, "starter-game")


def test_every_generic_engine_test_is_found() -> None:
    names = {p.id for p in _generic_tests()}
    assert {"test_invariants_hold_over_random_playouts", "test_every_example_turn_replays_in_both_languages",
            "test_a_saved_game_replays_and_an_edited_chance_outcome_is_refused",
            "test_pnp_play_replay_and_simulate_run_the_engine"} <= names


@pytest.mark.slow
@pytest.mark.parametrize("check", _generic_tests())
def test_the_starter_engine_passes(check: Callable[..., None], starter: generic.EngineCase, tmp_path: Path) -> None:
    content = generic._content(starter)
    available = {"case": starter, "content": content, "game": make_game(content, {}), "tmp_path": tmp_path}
    check(**{name: available[name] for name in inspect.signature(check).parameters})
