"""`pnp cards`: card outputs only, the cut-line option, and all-or-nothing replacement."""

from __future__ import annotations

import pdfplumber
import pytest
from click.testing import CliRunner
from reportlab.lib.units import mm

from generator.cli import cli
from generator.render.imposition import fit_grid


def run(*args: str):
    return CliRunner().invoke(cli, ["cards", *args], catch_exceptions=False)


@pytest.mark.slow
def test_cut_lines_draw_a_dashed_grid_along_every_cut(game_copy):
    out = game_copy.parent.parent / "out"
    result = run("escape-earth", "--content", str(game_copy.parent), "--output", str(out), "--lang", "en",
                 "--paper", "a4", "--cut-lines")
    assert result.exit_code == 0, result.output
    grid = fit_grid("a4", 63, 88)
    xs, _ = grid.trim_lines()
    left, bottom, right, top = grid.block
    with pdfplumber.open(out / "escape-earth" / "cards-en-a4.pdf") as pdf:
        page = pdf.pages[0]
        dashed = [ln for ln in page.lines if ln.get("dash") and abs(ln["x0"] - ln["x1"]) < 0.01]
    assert sorted({round(ln["x0"] / mm, 2) for ln in dashed}) == [round(x, 2) for x in xs]
    assert all(abs((ln["bottom"] - ln["top"]) / mm - (top - bottom)) < 0.01 for ln in dashed)  # full block height
    assert sorted(p.name for p in (out / "escape-earth").iterdir()) == [
        "cards",
        "cards-en-a4-gutterfold.pdf",
        "cards-en-a4.pdf",
        "cards-en-pod.pdf",
        "duplex-calibration-en-a4.pdf",
        "pod",  # the print-on-demand files per deck and size
    ]


@pytest.mark.slow
def test_tabletop_decks_are_made_only_with_tts_and_kept_without_it(game_copy):
    out = game_copy.parent.parent / "out"
    args = ("escape-earth", "--content", str(game_copy.parent), "--output", str(out), "--lang", "en", "--paper", "a4")
    assert run(*args, "--tts").exit_code == 0
    tts = out / "escape-earth" / "tts" / "en"
    made = {p.name: p.read_bytes() for p in tts.iterdir()}
    assert any(name.endswith(".png") for name in made) and any(name.endswith(".json") for name in made)
    (tts / "note.txt").write_text("mine", encoding="utf-8")  # anything in tts/ stays as it was without --tts
    sheets = (out / "escape-earth" / "cards-en-a4.pdf").read_bytes()
    (out / "escape-earth" / "cards-en-a4.pdf").write_bytes(b"old")
    assert run(*args).exit_code == 0
    assert {p.name: p.read_bytes() for p in tts.iterdir()} == {**made, "note.txt": b"mine"}
    assert (out / "escape-earth" / "cards-en-a4.pdf").read_bytes() == sheets  # the sheets were made again


def test_a_failing_game_leaves_the_previous_card_files(game_copy):
    out = game_copy.parent.parent / "out"
    generation = out / ".pnp" / "generations" / "1" / "escape-earth"  # a previous build, as pnp lays it out
    generation.mkdir(parents=True)
    (generation / "cards-de-a4.pdf").write_bytes(b"old")
    (out / ".pnp" / "current").symlink_to("generations/1")
    (out / "escape-earth").symlink_to(".pnp/current/escape-earth")
    old = out / "escape-earth" / "cards-de-a4.pdf"
    galaxy = game_copy / "cards" / "galaxy.yaml"
    galaxy.write_text(
        galaxy.read_text(encoding="utf-8").replace(
            "name: {de: Erde, en: Earth}", "name: {de: Erde ☃☃ und noch viel mehr Text, en: Earth}"
        ),
        encoding="utf-8",
    )
    result = run("escape-earth", "--content", str(game_copy.parent), "--output", str(out), "--lang", "de")
    assert result.exit_code == 1
    assert "card 'erde'" in result.output and "field 'name'" in result.output
    assert old.read_bytes() == b"old"
    assert sorted(p.name for p in out.iterdir()) == [".pnp", "escape-earth"]
    assert not [p for p in (out / ".pnp").iterdir() if p.name.startswith("staging-")]  # nothing left behind


@pytest.mark.slow
def test_build_passes_cut_lines_to_the_card_sheets(game_copy):
    out = game_copy.parent.parent / "out"
    result = CliRunner().invoke(cli, ["build", "escape-earth", "--content", str(game_copy.parent), "--output", str(out),
                                      "--lang", "en", "--paper", "a4", "--cut-lines"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    with pdfplumber.open(out / "escape-earth" / "cards-en-a4.pdf") as pdf:
        dashed = [ln for ln in pdf.pages[0].lines if ln.get("dash")]
    assert len(dashed) == 4 + 4  # 3x3 poker cards sharing their cuts: four lines each way


def test_the_tabletop_folder_is_replaced_only_when_the_run_makes_it():
    from pathlib import Path

    from generator.commands.cards import card_outputs

    deck = Path("tts/en/galaxy-faces-1.png")
    assert card_outputs(("en",), ("a4",), tts=True)(deck)
    assert not card_outputs(("en",), ("a4",), tts=False)(deck)
    assert card_outputs(("en",), ("a4",), tts=False)(Path("cards-en-a4.pdf"))
    assert not card_outputs(("en",), ("a4",), tts=True)(Path("tts/de/galaxy-faces-1.png"))  # another language's
