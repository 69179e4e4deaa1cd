"""The cards step inside `pnp build`: failures leave old output, games without cards write nothing."""

from __future__ import annotations

import subprocess
from pathlib import Path

from generator.build import STEPS, BuildOptions
from generator.content.errors import ErrorList
from generator.render.cards_step import render_cards
from tests.cli_in_process import run_pnp
from tests.layout.conftest import load_game


def pnp(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return run_pnp(*args, cwd=cwd)


def test_the_cards_step_is_registered():
    assert ("cards", render_cards) in STEPS


def test_far_too_long_text_fails_the_build_naming_card_and_field_and_keeps_old_output(game_copy):
    root = game_copy.parent.parent
    out = root / "output"
    generation = out / ".pnp" / "generations" / "1" / "escape-earth"  # a previous build, as pnp lays it out
    generation.mkdir(parents=True)
    (generation / "cards-en-a4.pdf").write_bytes(b"previous build")
    (out / ".pnp" / "current").symlink_to("generations/1")
    (out / "escape-earth").symlink_to(".pnp/current/escape-earth")
    old = out / "escape-earth" / "cards-en-a4.pdf"
    events = game_copy / "cards" / "events.yaml"
    text = events.read_text(encoding="utf-8")
    long = "Endlos langer Text. " * 60
    text = text.replace('text: {de: "Kein weiterer Effekt', f'text: {{de: "{long}Kein weiterer Effekt', 1)
    events.write_text(text, encoding="utf-8")
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "Endlos" in t)

    run = pnp("build", "escape-earth", "--content", "content", "--output", "output", "--lang", "de", "--paper", "a4",
              cwd=root)
    assert run.returncode == 1, run.stderr
    [message] = [ln for ln in run.stderr.splitlines() if "hungersnot" in ln]
    assert f"events.yaml:{line}:" in message
    assert "field 'text'" in message and ", de:" in message and "mm taller" in message
    assert old.read_bytes() == b"previous build"


def test_a_game_without_cards_writes_no_card_files(game_copy, tmp_path):
    for path in (game_copy / "cards").iterdir():
        path.unlink()
    content = load_game(game_copy.parent, "escape-earth", expect_cards=False)
    assert content.cards == []
    out = tmp_path / "out"
    out.mkdir()
    errors = ErrorList()
    assert render_cards(content, out, BuildOptions(), errors) == []
    assert not errors and list(out.iterdir()) == []


def test_a_kind_back_that_does_not_fit_points_at_the_kind_in_game_yaml(game_copy, tmp_path):
    game = game_copy / "game.yaml"
    text = game.read_text(encoding="utf-8")
    text = text.replace("back: {title: {de: Ereignis, en: Event}",
                        "back: {title: {de: Ereignis, en: Event of a length no card back can hold}", 1)
    game.write_text(text, encoding="utf-8")
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "no card back can hold" in t)
    content = load_game(game_copy.parent, "escape-earth")
    errors = ErrorList()
    out = tmp_path / "out"
    out.mkdir()
    assert render_cards(content, out, BuildOptions(languages=("en",)), errors) == []
    [error] = errors.sorted()
    assert error.mark.file.endswith("game.yaml") and error.mark.line == line
    assert "back of kind 'event'" in error.message and "field 'back.title', en" in error.message
    assert list(out.iterdir()) == []
