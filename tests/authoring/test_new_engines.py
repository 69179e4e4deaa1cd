"""`pnp new GAME --engine minimal|full`: both starters check, play, simulate and keep the engine contract.

The minimal starter is the worked example of docs/engines.md, so it ships inside the package
(generator/authoring/starters/minimal/), not under tests/; the page's excerpts of its engine are
held to the file here. The generic engine tests of tests/rules/test_engines_generic.py run on it as
they run on the full starter (tests/authoring/test_new_engine.py).
"""

from __future__ import annotations

import inspect
import json
import re
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

import tests.rules.test_engines_generic as generic
from generator.authoring.starter import STARTERS, starter_files, write_starter
from generator.cli import cli
from generator.rules import trust
from generator.rules.registry import make_game
from tests.authoring.conftest import REPO
from tests.authoring.test_new_engine import _generic_tests

ENGINE = Path("engine") / "rules.py"


def run(*args: str, cwd: Path) -> Result:
    """The command line in this process, from `cwd` (the files it names are relative to it)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(cwd)
        return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.fixture(scope="module", params=["minimal", "full"])
def made(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path, Result]:
    """(the engine asked for, the working folder, the `pnp new` run), written once per engine."""
    work = tmp_path_factory.mktemp(f"new-{request.param}")
    return request.param, work, run("new", "sea-dive", "--engine", request.param, "--content", "games", cwd=work)


def test_new_writes_the_starter_asked_for(made: tuple[str, Path, Result]) -> None:
    engine, work, result = made
    assert result.exit_code == 0, result.output
    game = work / "games" / "sea-dive"
    written = sorted(p.relative_to(game).as_posix() for p in game.rglob("*") if p.is_file() and "schema" not in p.parts)
    assert written == [str(p) for p in starter_files(engine)]
    source = (game / ENGINE).read_text(encoding="utf-8")
    assert 'engine_id = "sea-dive"' in source and "__GAME__" not in source and "__TITLE__" not in source
    assert "wrote games/sea-dive" in result.output and "pnp play sea-dive --seed 1 --content games" in result.output
    shown = run("new", "other-dive", "--engine", engine, "--format", "json", "--content", "games", cwd=work)
    assert shown.exit_code == 0 and json.loads(shown.output)["engine"] == engine


def test_each_starter_checks_plays_and_simulates(made: tuple[str, Path, Result]) -> None:
    _, work, _ = made
    checked = run("check", "--trust-engines", "--content", "games", cwd=work)
    assert checked.exit_code == 0, checked.output
    assert re.search(r"✓ sea-dive: \d+ card designs, \d+ cards, \d+ boards, 1 examples — no problems", checked.output)
    played = run("play", "sea-dive", "--seed", "1", "--content", "games", cwd=work)
    assert played.exit_code == 0, played.output
    game = make_game(generic._content(generic.EngineCase("new", work / "games", "sea-dive")), {})
    endings = {game.presentation.sentence("outcomes", cause, "en", {}) for cause in game.outcome_causes}
    said = [line for line in played.output.splitlines() if line.strip() in endings]
    assert len(said) == 1, played.output  # the outcome once, then the ranked results
    assert played.output.rstrip().splitlines()[-1].endswith(("wins.", "share the win (tied after every tie-break)."))
    simulated = run("simulate", "sea-dive", "--games", "6", "--format", "json", "--content", "games", cwd=work)
    assert simulated.exit_code == 0, simulated.output
    figures = json.loads(simulated.output)
    assert figures["games"] == 6 and sum(cause["games"] for cause in figures["causes"].values()) == 6


def test_the_minimal_starter_seats_players_from_the_players_option(minimal: generic.EngineCase) -> None:
    where = ("--content", str(minimal.content_dir))
    played = run("play", minimal.game, "--seed", "2", "--players", "3", "--variant", "short", *where,
                 cwd=minimal.content_dir)
    assert played.exit_code == 0, played.output
    assert "Turn 3: player 3 dives." in played.output and "Turn 4: player 1 dives." in played.output
    assert "The 10 treasures are shuffled" in played.output  # the short variant's setting, read from game.yaml
    refused = run("play", minimal.game, "--seed", "1", "--players", "5", *where, cwd=minimal.content_dir)
    assert refused.exit_code == 2 and "option players: '5' is not one of 2, 3, 4" in refused.output


def test_an_unknown_engine_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    result = run("new", "sea-dive", "--engine", "tiny", "--content", "games", cwd=tmp_path)
    assert result.exit_code == 2 and "'tiny' is not one of 'minimal', 'full'" in result.output
    assert not (tmp_path / "games").exists()


def test_an_engine_and_a_sheet_at_once_are_refused_and_nothing_is_written(tmp_path: Path) -> None:
    (tmp_path / "cards.csv").write_text("id,count,name\nshell,2,Shell\n", encoding="utf-8")
    result = run("new", "sea-dive", "--engine", "minimal", "--from-sheet", "cards.csv", "--content", "games",
                 cwd=tmp_path)
    assert result.exit_code == 2 and "--from-sheet makes a game without an engine" in result.output
    assert not (tmp_path / "games").exists()


def test_the_minimal_engine_is_about_a_hundred_lines() -> None:
    source = (STARTERS["minimal"] / ENGINE).read_text(encoding="utf-8")
    code = [line for line in source.splitlines() if line.strip() and not line.strip().startswith("#")]
    assert len(code) <= 145, len(code)
    full = (STARTERS["full"] / ENGINE).read_text(encoding="utf-8")
    assert len(full.splitlines()) > 2 * len(code)


def test_the_minimal_starter_ships_with_the_package() -> None:
    """It lies inside the package, and pyproject.toml lists every file of it as package data."""
    folder = STARTERS["minimal"]
    assert folder.is_relative_to(REPO / "generator")
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["generator.authoring"]
    package = REPO / "generator" / "authoring"
    shipped = {p.relative_to(folder).as_posix() for pattern in patterns for p in package.glob(pattern) if p.is_file()
               and p.is_relative_to(folder)}
    assert {str(p) for p in starter_files("minimal")} <= shipped


def test_the_pages_excerpts_of_the_minimal_engine_are_its_own_lines() -> None:
    """Each ```python block of docs/engines.md marked `<!-- from: minimal engine -->` is a piece of the file."""
    page = (REPO / "docs" / "engines.md").read_text(encoding="utf-8")
    excerpts = re.findall(r"<!-- from: minimal engine -->\n```python\n(.*?)\n```", page, re.DOTALL)
    assert len(excerpts) >= 4
    source = (STARTERS["minimal"] / ENGINE).read_text(encoding="utf-8")
    for excerpt in excerpts:
        body = "\n".join(line for line in excerpt.splitlines() if line.strip() != "...")
        for piece in body.split("\n\n"):
            assert piece in source, piece


@pytest.fixture(scope="module")
def minimal(tmp_path_factory: pytest.TempPathFactory) -> generic.EngineCase:
    content = tmp_path_factory.mktemp("minimal") / "content"
    write_starter(content, "minimal-game", "minimal")
    trust.grant(content / "minimal-game")
    return generic.EngineCase("new/minimal-game", content, "minimal-game")


@pytest.mark.parametrize("check", _generic_tests())
def test_the_minimal_engine_passes(check: Callable[..., None], minimal: generic.EngineCase, tmp_path: Path) -> None:
    content = generic._content(minimal)
    available: dict[str, Any] = {"case": minimal, "content": content, "game": make_game(content, {}),
                                 "tmp_path": tmp_path}
    check(**{name: available[name] for name in inspect.signature(check).parameters})
