"""A bundled game moved from YAML to a sheet (`pnp export`), and from the sheet back to YAML, builds
byte-identical card PDFs."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator import build_cache
from generator.cli import cli

REPO = Path(__file__).resolve().parents[2]
GAMES = sorted(p.name for p in (REPO / "content").iterdir() if (p / "game.yaml").is_file())


def card_pdfs(content: Path, game: str, output: Path) -> dict[str, bytes]:
    result = CliRunner().invoke(cli, ["cards", game, "--content", str(content), "--output", str(output)])
    assert result.exit_code == 0, result.output
    return {str(p.relative_to(output)): p.read_bytes() for p in sorted(output.rglob("*.pdf"))}


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_a_game_moved_to_a_sheet_and_back_builds_the_same_card_pdfs(game, tmp_path, monkeypatch):
    # a printed sheet names the hash of the game folder's files, which differ by design (a sheet, not
    # YAML files): both builds are given one hash, so any other difference shows
    monkeypatch.setattr(build_cache, "language_fingerprint", lambda content, lang, scope="all": "0" * 24)
    original = tmp_path / "original" / "content"
    shutil.copytree(REPO / "content" / game, original / game)
    expected = card_pdfs(original, game, tmp_path / "original" / "output")
    assert expected or game == "astronuts", "the game has card PDFs to compare"
    for suffix, source in ((".csv", original), (".xlsx", original), (".yaml", tmp_path / "csv" / "content")):
        # the YAML file is written from the game moved to the CSV sheet: YAML -> sheet -> YAML
        sheet = tmp_path / f"cards{suffix}"
        exported = CliRunner().invoke(cli, ["export", game, "--cards", str(sheet), "--content", str(source)])
        assert exported.exit_code == 0, exported.output
        moved = tmp_path / suffix[1:] / "content"
        shutil.copytree(original / game, moved / game)
        (moved / game / "cards").mkdir(exist_ok=True)
        for path in (moved / game / "cards").iterdir():
            path.unlink()
        shutil.copy(sheet, moved / game / "cards" / sheet.name)
        built = card_pdfs(moved, game, tmp_path / suffix[1:] / "output")
        assert built.keys() == expected.keys()
        different = [name for name in expected if built[name] != expected[name]]
        assert not different, f"{suffix}: {different}"
