"""Input that is too big, too deep or endless is one sentence with its exit code, never exit 3.

`pnp replay` reads a saved game line by line with limits on a line, the file, nesting and a
number's length, whatever the file is (a device, a pipe); `pnp play` with a person refuses a
line that is too long, quoting only its start, and stops after a run of lines that decide
nothing; `play --save` and `simulate --out` try their file before the work. Each case runs the
command line in this process, and is bounded by counts and sizes, not by time.
"""

from __future__ import annotations

import io
import json
import os
import sys
import threading
from pathlib import Path

import pytest

from generator.cli import cli
from generator.cli_report import run_cli
from generator.commands.person import MAX_DECISION_CHARS, MAX_REFUSALS, LongLine, read_bounded
from generator.commands.play import STOPPED_EXIT
from generator.rules.log import MAX_NESTING, MAX_SAVED_GAME_BYTES, dump_lines, read_rows

REPO = Path(__file__).resolve().parents[2]
CONTENT = str(REPO / "content")


def pnp(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str,
        stdin: bytes = b"") -> tuple[int, str, str]:
    """Run `pnp ARGS` here, as `main` would, with `stdin` as standard input: (exit code, stdout, stderr)."""
    monkeypatch.setattr(sys, "argv", ["pnp", *args])
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    with pytest.raises(SystemExit) as done:
        run_cli(cli)
    out, err = capsys.readouterr()
    return done.value.code or 0, out, err


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The lines of a short saved game of Escape Earth."""
    path = tmp_path_factory.mktemp("saved") / "game.jsonl"
    mp = pytest.MonkeyPatch()
    try:
        mp.setattr(sys, "argv", ["pnp", "play", "escape-earth", "--seed", "4", "--policy", "random", "--turns", "3",
                                 "--save", str(path), "--content", CONTENT, "--format", "json"])
        with pytest.raises(SystemExit):
            run_cli(cli)
    finally:
        mp.undo()
    return path.read_text(encoding="utf-8").split("\n")[:-1]


def replay(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], path: Path | str) -> tuple[int, str]:
    code, out, err = pnp(monkeypatch, capsys, "replay", str(path), "--content", CONTENT)
    return code, err.strip()


# --- pnp replay ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("where", [1, 2])
def test_a_list_nested_100000_deep_is_refused_at_its_line(monkeypatch, capsys, tmp_path, saved, where) -> None:
    path = tmp_path / "deep.jsonl"
    deep = "[" * 100_000 + "]" * 100_000
    path.write_text("\n".join([deep] if where == 1 else [saved[0], deep]) + "\n", encoding="utf-8")
    code, err = replay(monkeypatch, capsys, path)
    assert code == 1
    assert err == f"{path}:{where}: replay failed: lists and objects nest more than {MAX_NESTING} deep"


def test_nesting_inside_a_string_is_text_not_depth(tmp_path) -> None:
    [(_, row)] = read_rows(json.dumps({"note": "[" * 10_000}) + "\n")
    assert row["note"] == "[" * 10_000


@pytest.mark.parametrize("where", ["header seed", "entry action", "entry fraction"])
def test_a_number_of_5001_digits_is_refused_at_its_line(monkeypatch, capsys, tmp_path, saved, where) -> None:
    path = tmp_path / "digits.jsonl"
    lines = list(saved)
    if where == "header seed":
        lines[0] = lines[0].replace('"seed":4', '"seed":' + "9" * 5001)
    elif where == "entry action":
        lines.insert(1, '{"kind":"decision","action":' + "9" * 5001 + "}")
    else:
        lines.insert(1, '{"kind":"decision","action":0.' + "9" * 4999 + "}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, err = replay(monkeypatch, capsys, path)
    line = 1 if where == "header seed" else 2
    assert code == 1
    assert err == f"{path}:{line}: replay failed: a number of 5,001 characters (at most 40)"


def test_dev_zero_is_refused_at_line_1_without_reading_it_all(monkeypatch, capsys) -> None:
    code, err = replay(monkeypatch, capsys, "/dev/zero")
    assert code == 1
    assert err == "/dev/zero:1: replay failed: line is longer than 1,000,000 characters"


def test_a_line_too_long_is_refused_naming_its_number(monkeypatch, capsys, tmp_path, saved) -> None:
    path = tmp_path / "long.jsonl"
    path.write_text("\n".join([*saved[:3], '{"kind":"' + "x" * 5_000_000 + '"}', *saved[3:]]) + "\n",
                    encoding="utf-8")
    code, err = replay(monkeypatch, capsys, path)
    assert code == 1 and err == f"{path}:4: replay failed: line is longer than 1,000,000 characters"


def test_a_huge_file_is_refused_unread(monkeypatch, capsys, tmp_path) -> None:
    path = tmp_path / "huge.jsonl"
    with open(path, "wb") as huge:
        huge.truncate(MAX_SAVED_GAME_BYTES + 1)  # sparse: no disk spent
    code, err = replay(monkeypatch, capsys, path)
    assert code == 1 and err == f"{path}:1: replay failed: the file is larger than 64 MiB"


def test_a_pipe_that_never_ends_is_cut_at_the_size_limit(monkeypatch, capsys, tmp_path) -> None:
    """A pipe has no size to look at first: the limit holds for what was read."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    line = (json.dumps({"kind": "x" * 900_000}) + "\n").encode()
    sent = [0]

    def write() -> None:
        try:
            with open(pipe, "wb") as out:
                while sent[0] < 4 * MAX_SAVED_GAME_BYTES:  # the reader stops long before: a broken pipe ends this
                    out.write(line)
                    sent[0] += len(line)
        except BrokenPipeError:
            pass

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    code, err = replay(monkeypatch, capsys, pipe)
    writer.join(timeout=120)
    assert code == 1
    assert err.startswith(f"{pipe}:") and err.endswith(": replay failed: the file is larger than 64 MiB"), err
    assert int(err.split(":")[1]) == MAX_SAVED_GAME_BYTES // len(line) + 1


@pytest.mark.parametrize("char", ["\u2028", "\u2029", "\x85"])
def test_a_line_separator_inside_a_saved_entry_replays(monkeypatch, capsys, tmp_path, saved, char) -> None:
    lines = list(saved)
    index = next(i for i, line in enumerate(lines) if '"kind":"decision"' in line)
    row = json.loads(lines[index])
    lines[index] = json.dumps(row | {"note": f"before{char}after"}, ensure_ascii=False)  # as raw text in the line
    path = tmp_path / "separator.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = pnp(monkeypatch, capsys, "replay", str(path), "--content", CONTENT, "--format", "json")
    assert code == 0, err
    assert json.loads(out)["decisions"] == sum('"kind":"decision"' in line for line in saved)


def test_a_saved_game_writes_line_separators_escaped_and_reads_them_back() -> None:
    header = {"format": "pnp-forge-game/1", "note": "a\u2028b"}
    log = [{"kind": "auto", "events": ["x\u2029y", "z\x85w"]}]
    text = dump_lines(header, log)
    assert not {"\u2028", "\u2029", "\x85"} & set(text)
    assert len(text.splitlines()) == 2  # whatever splits the lines, a game keeps one line per row
    assert [row for _, row in read_rows(text)] == [header, *log]


# --- pnp play with a person ---------------------------------------------------------------------------------------

def play_you(monkeypatch, capsys, stdin: bytes, *more: str) -> tuple[int, str, str]:
    return pnp(monkeypatch, capsys, "play", "escape-earth", "--seed", "3", "--policy", "you,greedy",
               "--content", CONTENT, *more, stdin=stdin)


def test_200000_junk_lines_stop_the_game_after_a_run_of_refusals(monkeypatch, capsys) -> None:
    from generator.rulestext import rule_citations

    looked_up: list[str] = []
    original = rule_citations.cite

    def counted(*args, **kwargs):
        looked_up.append(args[1])
        return original(*args, **kwargs)

    monkeypatch.setattr(rule_citations, "cite", counted)
    junk = b"".join(b"improve nonsense\n" if i % 2 else b"junk %d\n" % i for i in range(200_000))
    code, out, err = play_you(monkeypatch, capsys, junk)
    assert code == STOPPED_EXIT
    assert out.count("Refused: ") == MAX_REFUSALS + 1  # each line that decided nothing, then the stop
    assert f"Refused: {MAX_REFUSALS} lines in a row decided nothing: the game stops as if your input had ended" in out
    assert f"{MAX_REFUSALS} lines in a row decided nothing: stopped unfinished at turn 1 (exit 4)" in err
    assert "input ended" not in err
    assert sorted(set(looked_up)) == sorted(looked_up)  # each refusal's rules section looked up once


def test_a_run_of_refusals_ends_when_a_decision_is_made(monkeypatch, capsys) -> None:
    lines = b"junk\n" * (MAX_REFUSALS - 1) + b"1\n" + b"junk\n" * (MAX_REFUSALS - 1)
    code, out, err = play_you(monkeypatch, capsys, lines)
    assert code == STOPPED_EXIT and "lines in a row decided nothing" not in out
    assert "input ended before the game did: stopped unfinished" in err
    assert "  > improve material" in out


def test_a_50_mb_line_is_refused_quoting_its_start_and_the_next_line_plays(monkeypatch, capsys) -> None:
    code, out, _ = play_you(monkeypatch, capsys, b"x" * 50_000_000 + b"\nimprove material\n")
    assert code == STOPPED_EXIT
    refused = next(line for line in out.splitlines() if line.startswith("Refused: "))
    assert refused == ("Refused: a decision is one line of at most 1,000 characters; this one is longer ('"
                       + "x" * 40 + "…')")
    assert "  > improve material" in out
    assert len(out) < 20_000  # the line is not echoed whole


def test_a_long_line_in_json_mode_is_one_refused_object(monkeypatch, capsys) -> None:
    code, out, _ = play_you(monkeypatch, capsys, "é".encode() * 3000 + b"\n", "--format", "json")
    rows = [json.loads(line) for line in out.splitlines()]
    refused = next(row for row in rows if row["kind"] == "refused")
    assert code == STOPPED_EXIT
    assert refused["rule"] == "input.too-long" and refused["action"] == "é" * 40 + "…"
    assert refused["section"] is None and len(json.dumps(refused, ensure_ascii=False)) < 400


@pytest.mark.parametrize("written, answer", [("²", "Refused: '²': unknown action"), ("٣", "  > improve food"),
                                             ("1" * 900, "There is no action 111")])
def test_a_number_in_any_script_is_a_number_or_a_refusal(monkeypatch, capsys, written, answer) -> None:
    """"²" is a digit to str.isdigit but no number to int(): it was exit 3. "٣" is 3 in Arabic-Indic digits."""
    code, out, err = play_you(monkeypatch, capsys, written.encode() + b"\n")
    assert code == STOPPED_EXIT and "internal error" not in err, err
    assert answer in out


def test_a_bounded_line_is_read_whole_and_a_longer_one_cut_and_dropped() -> None:
    stream = io.BytesIO(b"a" * MAX_DECISION_CHARS + b"\n" + b"b" * 10_000_000 + b"\n" + b"\xff\xfe c\n")
    assert read_bounded(stream) == "a" * MAX_DECISION_CHARS + "\n"
    long = read_bounded(stream)
    assert isinstance(long, LongLine) and long == "b" * (MAX_DECISION_CHARS + 1)
    assert read_bounded(stream) == "\ufffd\ufffd c\n"  # not UTF-8: read, not a traceback
    assert read_bounded(stream) is None


# --- pnp play --save and pnp simulate --out ------------------------------------------------------------------

def test_play_save_into_a_missing_folder_is_refused_before_the_game(monkeypatch, capsys, tmp_path) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = pnp(monkeypatch, capsys, "play", "escape-earth", "--seed", "3", "--policy", "random",
                         "--save", "missing/folder/game.jsonl", "--content", CONTENT, "--format", "json")
    assert code == 2 and "Turn" not in out
    assert json.loads(out)["message"] == ("--save missing/folder/game.jsonl: the folder missing/folder does not "
                                          "exist, so nothing was done; make the folder first or name another")
    assert not (tmp_path / "missing").exists()


def test_play_save_where_nothing_can_be_written_is_one_sentence_before_the_game(monkeypatch, capsys) -> None:
    code, out, err = pnp(monkeypatch, capsys, "play", "escape-earth", "--seed", "3", "--policy", "random",
                         "--save", "/proc/x", "--content", CONTENT)
    assert code == 1 and "Turn" not in out
    assert err.strip() == "pnp: cannot write /proc/x: no such file or directory"


def test_play_save_onto_a_full_disk_is_one_sentence(monkeypatch, capsys) -> None:
    code, _, err = pnp(monkeypatch, capsys, "play", "escape-earth", "--seed", "3", "--policy", "random",
                       "--turns", "2", "--save", "/dev/full", "--content", CONTENT)
    assert code == 1 and err.strip() == "pnp: cannot write /dev/full: the disk is full"


# --- pnp simulate -------------------------------------------------------------------------------------------------

def test_simulate_out_into_proc_is_one_sentence_before_any_game(monkeypatch, capsys) -> None:
    from generator.rules import simulate as simulation

    def never(*args, **kwargs):
        raise AssertionError("the games were played")

    monkeypatch.setattr(simulation, "simulate", never)
    code, _, err = pnp(monkeypatch, capsys, "simulate", "escape-earth", "--games", "3", "--out", "/proc/x",
                       "--content", CONTENT)
    assert code == 1 and err.strip() == "pnp: cannot write /proc/x: no such file or directory"


def test_simulate_out_onto_a_full_disk_is_one_sentence(monkeypatch, capsys) -> None:
    code, _, err = pnp(monkeypatch, capsys, "simulate", "escape-earth", "--games", "3", "--out", "/dev/full",
                       "--content", CONTENT)
    assert code == 1 and err.strip() == "pnp: cannot write /dev/full: the disk is full"
