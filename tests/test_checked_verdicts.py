"""A game checked clean by a command that only reads is remembered in the user's cache folder (commands.
checked_verdicts): the next `pnp info` or `pnp play` loads its model and engine and imports nothing that draws;
an edit is checked in full again and refused as before, and bad content never leaves a verdict."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from generator.commands.checked_verdicts import CheckedVerdicts, verdict_folder
from tests.cli_in_process import run_pnp
from tests.test_startup_imports import probe

REPO = Path(__file__).resolve().parent.parent
NOT_FOR_WORDS = {"reportlab", "PIL", "markdown", "matplotlib"}  # what a command that draws nothing never needs


def _game(tmp_path: Path) -> Path:
    shutil.copytree(REPO / "content" / "escape-earth", tmp_path / "content" / "escape-earth")
    return tmp_path / "content" / "escape-earth"


def _verdicts() -> set[str]:
    folder = verdict_folder()
    return set(os.listdir(folder)) if folder.is_dir() else set()


@pytest.mark.slow
def test_info_and_play_import_nothing_that_draws_once_the_game_was_checked(tmp_path: Path) -> None:
    _game(tmp_path)
    code, drawing, said = probe(tmp_path, "info", "escape-earth")
    assert code == 0, said
    assert "reportlab" in drawing  # the first command checks in full: layouts, icons and pictures draw
    code, drawing, said = probe(tmp_path, "info", "escape-earth")
    assert code == 0, said
    assert not NOT_FOR_WORDS & set(drawing), drawing
    code, drawing, said = probe(tmp_path, "play", "escape-earth", "--seed", "1", "--turns", "3")
    assert code == 0, said
    assert not NOT_FOR_WORDS & set(drawing), drawing
    assert not (tmp_path / "output").exists()  # a command that only reads writes nothing beside the content


def test_an_edit_after_a_clean_check_is_checked_again_and_refused(tmp_path: Path) -> None:
    game = _game(tmp_path)
    before = _verdicts()
    first = run_pnp("info", "escape-earth", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    made = _verdicts() - before
    assert len(made) == 1
    layout = game / "layouts" / "activity.yaml"
    layout.write_text(layout.read_text(encoding="utf-8") + "\nno_such_key: 1\n", encoding="utf-8")
    for _ in range(2):  # refused, and refused again: a failed check leaves no verdict
        again = run_pnp("info", "escape-earth", cwd=tmp_path)
        assert again.returncode == 1, again.stdout
        assert "activity.yaml" in again.stderr and "no_such_key" in again.stderr
    assert _verdicts() - before == made


def test_a_verdict_of_other_files_or_another_folder_does_not_count(tmp_path: Path, bundled_contents: dict) -> None:
    content = bundled_contents["escape-earth"]
    verdicts = CheckedVerdicts(tmp_path / "verdicts")
    assert not verdicts.checked(content)
    verdicts.mark_checked(content)
    assert verdicts.checked(content)
    original = content.content_hash
    try:
        content.content_hash = original[::-1]  # the same game with other files
        assert not verdicts.checked(content)
    finally:
        content.content_hash = original
    assert CheckedVerdicts(tmp_path / "elsewhere").checked(content) is False


def test_an_unwritable_cache_folder_only_means_a_full_check(tmp_path: Path, bundled_contents: dict) -> None:
    content = bundled_contents["escape-earth"]
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("", encoding="utf-8")
    verdicts = CheckedVerdicts(blocked / "checked")
    verdicts.mark_checked(content)  # refused by the disk: no error
    assert not verdicts.checked(content)


def test_a_link_is_not_a_verdict(tmp_path: Path, bundled_contents: dict) -> None:
    from generator.commands.checked_verdicts import verdict_key

    content = bundled_contents["escape-earth"]
    folder = tmp_path / "verdicts"
    folder.mkdir()
    (tmp_path / "elsewhere").write_text("", encoding="utf-8")
    (folder / verdict_key(content)).symlink_to(tmp_path / "elsewhere")
    assert not CheckedVerdicts(folder).checked(content)
