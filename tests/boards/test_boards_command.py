"""`pnp boards`: board outputs only, their ink-saver versions on request, everything else carried over."""

from __future__ import annotations

from pathlib import Path

from generator.authoring.starter import write_starter
from tests.cli_in_process import pnp

GAME = "board-test"


def test_boards_replace_only_the_board_files_and_honour_the_ink_setting(tmp_path, capsys, monkeypatch):
    content, out = tmp_path / "content", tmp_path / "out"
    write_starter(content, GAME)
    args = ("--content", str(content), "--output", str(out), "--lang", "en", "--paper", "a4")
    assert pnp(capsys, monkeypatch, "cards", GAME, *args)[0] == 0
    sheets = (out / GAME / "cards-en-a4.pdf").read_bytes()
    code, _, err = pnp(capsys, monkeypatch, "boards", GAME, *args, "--ink", "saver")
    assert code == 0, err
    game = out / GAME
    assert (game / "boards" / "scoreboard-en-full.pdf").is_file() and (game / "tokens-en-a4.pdf").is_file()
    light = sorted(p.relative_to(game / "ink-saver").as_posix() for p in (game / "ink-saver").rglob("*.pdf"))
    assert light == ["boards/scoreboard-en-a4-tiled.pdf", "boards/scoreboard-en-full.pdf", "tokens-en-a4.pdf"]
    assert (game / "cards-en-a4.pdf").read_bytes() == sheets  # the cards' files are carried over
    assert not (game / "boards" / "scoreboard-de-full.pdf").exists()  # only the language asked for
    code, _, err = pnp(capsys, monkeypatch, "boards", GAME, *args)
    assert code == 0, err
    assert not (game / "ink-saver").exists() or not list((game / "ink-saver").rglob("*.pdf"))
    assert (game / "cards-en-a4.pdf").read_bytes() == sheets


def test_boards_refuse_an_unknown_ink_and_leave_the_output_alone(tmp_path, capsys, monkeypatch):
    content, out = tmp_path / "content", tmp_path / "out"
    write_starter(content, GAME)
    code, _, err = pnp(capsys, monkeypatch, "boards", GAME, "--content", str(content), "--output", str(out),
                       "--ink", "light")
    assert code == 2 and "'light' is not one of 'designed', 'saver'" in err
    assert not out.exists()


def test_boards_of_broken_content_fail_at_the_line_and_write_nothing(tmp_path, capsys, monkeypatch):
    content, out = tmp_path / "content", tmp_path / "out"
    write_starter(content, GAME)
    game_yaml: Path = content / GAME / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    game_yaml.write_text(text + "print: {ink: sometimes}\n", encoding="utf-8")
    code, out_text, err = pnp(capsys, monkeypatch, "boards", GAME, "--content", str(content), "--output", str(out))
    assert code == 1
    assert f"game.yaml:{len(text.splitlines()) + 1}" in out_text + err
    assert not (out / GAME).exists()
