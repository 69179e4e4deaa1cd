"""A game's engine that raises while it is played is blamed on the engine (exit 1) with what repeats the fault;
a fault in pnp-forge's own code stays exit 3.

The game is `pnp new`'s starter (its folder trusted) whose engine's `_do` calls a helper that
raises KeyError at turn 3 of every game. Commands run in this process through the CLI's own
runner (tests.cli_in_process), so the exit codes are the ones a person sees.
"""

from __future__ import annotations

import json
import random
import re
import shlex
import subprocess
from pathlib import Path

import pytest

from generator import rules as rules_package
from generator.content.errors import ErrorList
from generator.content.loader import load_game
from generator.rules import trust
from generator.rules.faults import blame
from tests.cli_in_process import pnp

ENGINE = Path("content/demo/engine/rules.py")
MOVE = "    def _do(self, action: Action) -> None:\n        kind, card = action\n"
HELPER = "\n\ndef _price_of(card: str) -> int:\n    return {}[card + '-x']\n"
FAULT_LINE = "    return {}[card + '-x']"
SHARED_CLONE = ("other.job_stack, other.job_row = list(self.job_stack), list(self.job_row)",
                "other.job_stack, other.job_row = self.job_stack, self.job_row")


@pytest.fixture(autouse=True)
def own_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Path:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.delenv("PNP_DEBUG", raising=False)
    monkeypatch.chdir(tmp_path)
    assert pnp(capsys, monkeypatch, "new", "demo")[0] == 0
    return tmp_path


def edit_engine(old: str, new: str, tail: str = "") -> None:
    source = ENGINE.read_text(encoding="utf-8")
    assert old in source
    ENGINE.write_text(source.replace(old, new) + tail, encoding="utf-8")
    trust.grant(Path("content/demo"))  # as the designer trusts their changed engine


def break_turn_three(when: str = "True") -> int:
    """Make every game's first move of turn 3 raise KeyError in a helper of the engine (while `when` holds);
    the helper's line."""
    edit_engine(MOVE, f"{MOVE}        if self.turn == 3 and {when}:\n            _price_of(card)\n", HELPER)
    lines = ENGINE.read_text(encoding="utf-8").splitlines()
    return lines.index(FAULT_LINE) + 1


def do_line() -> int:
    lines = ENGINE.read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if line.strip() == "_price_of(card)")


def assert_engine_block(code: int, err: str, line: int) -> str:
    """One error block blamed on the engine: its line, its frames (and no frame of pnp-forge), when, how to repeat;
    returns the command that repeats it."""
    assert code == 1, err
    assert re.match(rf"{re.escape(str(ENGINE))}:{line}: error: the game's engine fails: KeyError: '[\w-]+-x'\n", err), (
        err
    )
    assert f"  {ENGINE}:{do_line()} in _do: _price_of(card)" in err, err
    assert f"  {ENGINE}:{line} in _price_of: {FAULT_LINE.strip()}" in err, err
    assert "generator/" not in err and "Traceback" not in err and "internal error" not in err, err
    assert re.search(r"  at seed \d+, turn 3, player [12], action \"(take|fill) \w+\"", err), err
    found = re.search(r"to repeat it: (pnp play demo --seed \d+ --policy \S+ --option variant=standard --turns 3)",
                      err)
    assert found, err
    return found.group(1)


def fault_lines(err: str) -> list[str]:
    """The first line and the `at` line of a fault block: what must be the same when the fault is repeated."""
    return [row for row in err.splitlines() if ": error: " in row or row.startswith("  at ")]


def assert_repeats(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: str,
                   err: str) -> None:
    """The reproducing command, run, fails with the same fault at the same moment."""
    code, _, again = pnp(capsys, monkeypatch, *shlex.split(command)[1:])
    assert code == 1, again
    assert fault_lines(again) == fault_lines(err), (again, err)


def test_play_blames_the_engine_with_its_frames_the_moment_and_a_command_that_repeats_it(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    line = break_turn_three()
    code, out, err = pnp(capsys, monkeypatch, "play", "demo", "--seed", "5")
    command = assert_engine_block(code, err, line)
    assert "--seed 5 --policy random" in command
    assert "> " in out  # the decisions played before the fault were shown
    assert_repeats(capsys, monkeypatch, command, err)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_simulate_blames_the_engine_with_the_failing_games_seed_from_a_forked_worker(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, jobs: str) -> None:
    line = break_turn_three()
    code, _, err = pnp(capsys, monkeypatch, "simulate", "demo", "--games", "4", "--jobs", jobs,
                       "--out", "figures.json")
    command = assert_engine_block(code, err, line)
    assert not (tmp_path / "figures.json").exists()
    assert_repeats(capsys, monkeypatch, command, err)


def test_simulate_json_carries_the_fault_as_fields(capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    line = break_turn_three()
    code, out, _ = pnp(capsys, monkeypatch, "simulate", "demo", "--games", "2", "--jobs", "2", "--out", "f.json",
                       "--format", "json")
    assert code == 1
    report = json.loads(out)
    fault = report["fault"]
    assert report["exit_code"] == 1 and report["errors"][0]["file"] == str(ENGINE)
    assert (fault["file"], fault["line"], fault["turn"], fault["policy"]) == (str(ENGINE), line, 3, "random")
    assert fault["exception"].startswith("KeyError: ") and fault["seat"] in (
        0,
        1,
    )  # 0-based; the text says "player 1" or "player 2"
    assert [frame["function"] for frame in fault["frames"]] == ["_do", "_price_of"]
    assert fault["repeat"] == (f"pnp play demo --seed {fault['seed']} --policy random --option variant=standard "
                               "--turns 3")
    assert re.fullmatch(r"(take|fill) \w+", fault["action"])


def test_replay_blames_the_engine_at_the_saved_games_line(capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    line = break_turn_three(when="__import__('os').environ.get('DEMO_FAULT')")  # the engine's content hash is kept
    assert pnp(capsys, monkeypatch, "play", "demo", "--seed", "2", "--save", "game.jsonl")[0] == 0
    monkeypatch.setenv("DEMO_FAULT", "1")
    code, _, err = pnp(capsys, monkeypatch, "replay", "game.jsonl")
    assert code == 1, err
    assert err.startswith(f"{ENGINE}:{line}: error: the game's engine fails: KeyError: "), err
    assert f"  {ENGINE}:{do_line()} in _do: _price_of(card)" in err, err
    rows = Path("game.jsonl").read_text(encoding="utf-8").splitlines()
    turn_three = [i for i, row in enumerate(rows, 1) if '"kind":"decision"' in row.replace(" ", "")][2]  # 2 players
    assert f"  at game.jsonl:{turn_three} (seed 2, turn 3, player 1, action " in err, err
    assert "to repeat it: pnp replay game.jsonl" in err, err
    again = pnp(capsys, monkeypatch, "replay", "game.jsonl")
    assert again[0] == 1 and fault_lines(again[2]) == fault_lines(err)


def test_a_clone_that_shares_a_list_is_blamed_on_the_engine_under_greedy_search(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    edit_engine(*SHARED_CLONE)
    code, _, err = pnp(capsys, monkeypatch, "simulate", "demo", "--games", "3", "--policy", "greedy",
                       "--out", "f.json")
    assert code == 1, err  # not 3, "a bug in pnp-forge"
    lines = ENGINE.read_text(encoding="utf-8").splitlines()
    remove = next(i for i, row in enumerate(lines, 1) if row.strip() == "self.job_row.remove(card)")
    assert err.startswith(f"{ENGINE}:{remove}: error: the game's engine fails: ValueError: "), err
    assert "--policy greedy" in err and "internal error" not in err, err


def test_pnp_debug_shows_every_frame(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    line = break_turn_three()
    monkeypatch.setenv("PNP_DEBUG", "1")
    code, _, err = pnp(capsys, monkeypatch, "play", "demo", "--seed", "5")
    assert code == 1, err
    assert err.startswith(f"{ENGINE}:{line}: error: the game's engine fails: KeyError: "), err
    assert "Traceback (most recent call last)" in err, err
    assert re.search(r'File ".*generator/rules/contract\.py", line \d+, in apply', err), err  # pnp's frames too
    assert re.search(r"at seed 5, turn 3", err), err


@pytest.mark.parametrize("args", [("play", "demo", "--seed", "5"),
                                  ("simulate", "demo", "--games", "4", "--jobs", "2", "--out", "f.json")])
def test_a_bug_in_pnp_forge_stays_exit_3(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                         args: tuple[str, ...]) -> None:
    from generator.rules import policies

    def broken(self: object, state: object, rng: random.Random) -> object:
        raise RuntimeError("a policy of pnp-forge is broken")

    monkeypatch.setattr(policies.RandomPolicy, "choose", broken)  # forked workers inherit it
    code, _, err = pnp(capsys, monkeypatch, *args)
    assert code == 3, err
    assert err.startswith("internal error: ") and "RuntimeError: a policy of pnp-forge is broken" in err, err
    assert "the game's engine fails" not in err


def _raised_in(file: Path, code: str) -> BaseException:
    """The exception `code` raises, compiled as if it were a line of `file`."""
    try:
        exec(compile(code, str(file), "exec"), {"random": random})  # noqa: S102 - a frame placed in `file`
    except Exception as exc:  # noqa: BLE001
        return exc
    raise AssertionError("no exception")


@pytest.mark.parametrize("where, code, blamed", [
    ("habitable/game.py", "{}['x']", True),                    # a bundled engine's own package is the engine
    ("habitable/game.py", "random.choice([])", True),          # the standard library's frame is passed over
    ("policies.py", "{}['x']", False),                         # pnp-forge's own module: its bug
])
def test_blame_goes_by_the_innermost_frame_of_the_engine_or_pnp_forge(where: str, code: str, blamed: bool) -> None:
    root = Path(__file__).resolve().parents[2]
    content = load_game(root / "content" / "habitable", ErrorList())
    assert content is not None
    exc = _raised_in(Path(rules_package.__file__).parent / where, code)
    fault = blame(exc, content)
    assert (fault is not None) == blamed
    if fault is not None:
        assert fault.file.endswith("generator/rules/habitable/game.py") and fault.line == 1


# -- a fault while an example replays (`pnp check`, `build`, `diff`): the example's step is the moment ----------------

def assert_example_block(code: int, err: str, line: int, debug: bool = False) -> None:
    """One error line at the engine's line: the example and step, the engine's frames, the command that repeats it."""
    assert code == 1, err
    found = re.search(rf"^{re.escape(str(ENGINE))}:{line}:1: error: the engine fails while replaying example "
                      r"'first-orders', step (\d) \(action \"(take|fill) \w+\"\): KeyError: '[\w-]+-x' \(hint: (.*)\)$",
                      err, re.MULTILINE)
    assert found, err
    hint = found.group(3)
    assert f"{ENGINE}:{do_line()} in _do: _price_of(card); {ENGINE}:{line} in _price_of: {FAULT_LINE.strip()}" in hint
    assert "to repeat it: pnp check demo" in hint, hint
    if debug:
        assert re.search(r"generator/rules/contract\.py:\d+ in apply", hint), hint  # pnp-forge's frames too
        assert "PNP_DEBUG=1 shows" not in hint
    else:
        assert "generator/" not in hint and "(PNP_DEBUG=1 shows every frame)" in hint, hint
    assert "internal error" not in err and "Traceback" not in err, err


def test_check_blames_the_engine_at_its_line_with_its_frames_and_the_examples_step(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    line = break_turn_three()  # every game faults at turn 3, the example's too (replayed in a forked child)
    code, _, err = pnp(capsys, monkeypatch, "check", "demo")
    assert_example_block(code, err, line)
    again = pnp(capsys, monkeypatch, "check", "demo")  # the repeat line: an example replays the same way every time
    assert again[0] == 1 and again[2] == err


def test_check_with_pnp_debug_lists_every_frame(capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    line = break_turn_three()
    monkeypatch.setenv("PNP_DEBUG", "1")
    code, _, err = pnp(capsys, monkeypatch, "check", "demo")
    assert_example_block(code, err, line, debug=True)


def test_check_without_fork_reports_the_same_fault(capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.rules import engine_child

    line = break_turn_three()
    code, _, forked = pnp(capsys, monkeypatch, "check", "demo")
    monkeypatch.setattr(engine_child, "can_fork", lambda: False)  # replayed in this process
    assert pnp(capsys, monkeypatch, "check", "demo") == (code, "", forked)
    assert_example_block(code, forked, line)


def test_diff_blames_the_engine_at_the_examples_step_with_its_frames(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    for args in (["init", "-q"], ["add", "content"], ["commit", "-qm", "the game"]):
        subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], check=True, capture_output=True)
    line = break_turn_three()
    code, _, err = pnp(capsys, monkeypatch, "diff", "HEAD", "--games", "2", "--trust-engines")
    assert_example_block(code, err, line)


def test_a_bug_in_pnp_forge_while_an_example_replays_stays_exit_3(capsys: pytest.CaptureFixture[str],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.rules import examples

    def broken(state: object, lang: str) -> object:
        raise RuntimeError("a summary of pnp-forge is broken")

    monkeypatch.setattr(examples, "summarize", broken)  # the forked child inherits it
    code, _, err = pnp(capsys, monkeypatch, "check", "demo")
    assert code == 3, err
    assert err.startswith("internal error: ") and "RuntimeError: a summary of pnp-forge is broken" in err, err
    assert "the engine fails" not in err


def test_check_blames_the_engine_at_the_golden_playthroughs_line(capsys: pytest.CaptureFixture[str],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    line = break_turn_three(when="__import__('os').environ.get('DEMO_FAULT')")
    Path("content/demo/playthroughs").mkdir()
    saved = Path("content/demo/playthroughs/opening.jsonl")
    assert pnp(capsys, monkeypatch, "play", "demo", "--seed", "2", "--save", str(saved))[0] == 0
    monkeypatch.setenv("DEMO_FAULT", "1")
    code, _, err = pnp(capsys, monkeypatch, "check", "demo")
    assert code == 1, err
    rows = saved.read_text(encoding="utf-8").splitlines()
    turn_three = [i for i, row in enumerate(rows, 1) if '"kind":"decision"' in row.replace(" ", "")][2]  # 2 players
    found = re.search(
        rf"^{re.escape(str(ENGINE))}:{line}:1: error: the engine fails while playing "
        rf"{re.escape(str(saved))}:{turn_three} \(action \"(take|fill) \w+\"\): KeyError: .* \(hint: (.*)\)$",
        err,
        re.MULTILINE,
    )
    assert found, err
    assert f"{ENGINE}:{do_line()} in _do: _price_of(card)" in found.group(2), err
    assert "to repeat it: pnp check demo" in found.group(2), err


def test_diff_blames_the_engine_in_a_balance_game_with_its_seed_and_the_play_line_that_repeats_it(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    for args in (["init", "-q"], ["add", "content"], ["commit", "-qm", "the game"]):
        subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], check=True, capture_output=True)
    edit_engine(MOVE, f"{MOVE}        if self.turn == 9:\n            _price_of(card)\n", HELPER)  # past the example
    line = ENGINE.read_text(encoding="utf-8").splitlines().index(FAULT_LINE) + 1
    code, _, err = pnp(capsys, monkeypatch, "diff", "HEAD", "--games", "2", "--trust-engines")
    assert code == 1, err
    found = re.search(rf"^{re.escape(str(ENGINE))}:{line}:1: error: the engine fails while playing the balance games: "
                      r"KeyError: .* \(hint: (.*)\)$", err, re.MULTILINE)
    assert found, err
    hint = found.group(1)
    assert f"{ENGINE}:{do_line()} in _do: _price_of(card)" in hint, hint
    assert re.search(r"at seed \d+, turn 9, player [12], action \"(take|fill) \w+\"", hint), hint
    command = re.search(r"to repeat it: (pnp play demo --seed \d+ --policy \S+ .*--turns 9) \(", hint)
    assert command, hint
    again = pnp(capsys, monkeypatch, *shlex.split(command.group(1))[1:])  # the working tree's game, that seed
    assert again[0] == 1 and again[2].startswith(f"{ENGINE}:{line}: error: the game's engine fails: KeyError"), again


def test_check_json_carries_each_fault_as_fields(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    line = break_turn_three()
    code, out, _ = pnp(capsys, monkeypatch, "check", "demo", "--format", "json")
    assert code == 1
    errors = [error for error in json.loads(out)["errors"] if error["code"] == "engine"]
    assert len(errors) == 1, errors
    fault = errors[0]["fault"]
    assert (fault["file"], fault["line"]) == (str(ENGINE), line)
    assert fault["exception"].startswith("KeyError: ")
    assert re.fullmatch(r"replaying example 'first-orders', step \d \(action \"(take|fill) \w+\"\)", fault["doing"])
    assert [frame["function"] for frame in fault["frames"]] == ["_do", "_price_of"]
    assert fault["frames"][-1] == {"file": str(ENGINE), "line": line, "function": "_price_of",
                                   "source": FAULT_LINE.strip()}
    assert fault["repeat"] == "pnp check demo"
    code, out, _ = pnp(capsys, monkeypatch, "check", "demo", "--format", "json")
    assert [error.get("fault") for error in json.loads(out)["errors"] if error["code"] == "engine"] == [fault]


def test_diff_names_an_old_revisions_engine_frames_by_revision_not_by_a_temporary_folder(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    subprocess.run(["git", "init", "-q"], check=True, capture_output=True)
    original = ENGINE.read_text(encoding="utf-8")
    line = break_turn_three()  # the committed revision's engine is the broken one
    for args in (["add", "content"], ["commit", "-qm", "the game"]):
        subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], check=True, capture_output=True)
    ENGINE.write_text(original, encoding="utf-8")
    trust.grant(Path("content/demo"))
    code, _, err = pnp(capsys, monkeypatch, "diff", "HEAD", "--games", "2", "--trust-engines")
    assert code == 1, err
    shown = f"HEAD:{ENGINE.as_posix()}"
    assert f"{shown}:{line}:1: error: the engine fails while replaying example" in err, err
    assert f"{shown}:{line} in _price_of: {FAULT_LINE.strip()}" in err, err
    assert re.search(rf"{re.escape(shown)}:\d+ in _do: _price_of\(card\)", err), err
    assert "pnp-diff-" not in err and "/tmp/" not in err, err
    assert "to repeat it" not in err, err  # `pnp check` checks the working tree, where the engine is fixed
    code, out, _ = pnp(capsys, monkeypatch, "diff", "HEAD", "--games", "2", "--trust-engines", "--format", "json")
    assert code == 1 and "pnp-diff-" not in out, out
