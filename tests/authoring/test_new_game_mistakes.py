"""The five ways a new game once passed `pnp check` and then failed `pnp build`, planted in a game
`pnp new` wrote: `pnp check` now reports each, at its file, with exit 1."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.rules import trust
from tests.authoring.conftest import pnp

GAME = "reed-market"


@pytest.fixture(scope="module")
def starter(tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("starter")
    run = pnp("new", GAME, "--content", "content", cwd=work)
    assert run.code == 0, run.err
    assert pnp("check", "--content", "content", cwd=work).code == 0
    return work


def replace_once(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, (path, old)
    path.write_text(text.replace(old, new), encoding="utf-8")


def no_engine(game: Path) -> None:
    replace_once(game / "game.yaml", "engine: {module: engine/rules.py}", "")


def layout_template_error(game: Path) -> None:
    (game / "layouts").mkdir()
    (game / "layouts" / "card.yaml").write_text(
        "extends: card\nfront:\n  content:\n    - {id: title, text: \"{{ face.nmae }}\"}\n", encoding="utf-8")


def misspelt_name_in_rules(game: Path) -> None:
    replace_once(game / "rules" / "en" / "30-turn.md", "{% for c in cards_of('job') %}",
                 "{{ count('job-crads') }}\n{% for c in cards_of('job') %}")


def text_too_long(game: Path) -> None:
    replace_once(
        game / "cards" / "jobs.yaml",
        'flavor: {de: "Früh raus, früh geerntet.", en: "Early up, early harvest."}',
        'flavor: {de: "Früh raus, früh geerntet.", en: "' + "Early up, early harvest, and again. " * 12 + '"}',
    )


def resource_without_icon(game: Path) -> None:
    replace_once(game / "game.yaml", '{id: gold, name: {de: Gold, en: Gold}, icon: gold, color: "#f2c94c"}',
                 '{id: gold, name: {de: Gold, en: Gold}, icon: ingot, color: "#f2c94c"}')


@pytest.mark.parametrize("plant, said", [
    (no_engine, "has no rules engine to replay examples with"),
    (layout_template_error, "nmae"),
    (misspelt_name_in_rules, "job-crads"),
    (text_too_long, "flavor"),
    (resource_without_icon, "ingot"),
])
@pytest.mark.slow
def test_check_reports_each_mistake_build_used_to_find_first(starter: Path, tmp_path: Path, plant, said: str) -> None:
    work = tmp_path / "work"
    shutil.copytree(starter / "content", work / "content")
    plant(work / "content" / GAME)
    trust.grant(work / "content" / GAME)  # the copy's engine, as its designer would trust it
    run = pnp("check", "--content", "content", cwd=work)
    assert run.code == 1, (run.out, run.err)
    errors = [line for line in run.err.splitlines() if f"{GAME}/" in line and "error" in line]
    assert errors and any(said in line for line in errors), run.err
