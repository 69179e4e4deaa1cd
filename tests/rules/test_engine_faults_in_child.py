"""A game's own engine that loops or ends the process in the middle of a move is one sentence, not a hang or exit 0.

Each game here is `pnp new`'s starter (its engine module is trusted) with one line put at the
start of its engine's `_do`, which every `apply` runs: the example turn's first step, every
golden playthrough's and every simulated game's first decision run into it. The time limit is
short (PNP_ENGINE_SECONDS); a hang is bounded only by the subprocess's generous timeout.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from generator.cli import cli
from generator.content.errors import ErrorList
from generator.content.loader import load_game
from generator.rules import batch_runner
from generator.rules.engine_child import in_child
from tests.pnp_process import pnp_forked

ROOT = Path(__file__).resolve().parents[2]
ENGINE = Path("content/demo/engine/rules.py")
EXAMPLE = Path("content/demo/examples/first-orders.yaml")
MOVE = "    def _do(self, action: Action) -> None:\n        kind, card = action\n"
LOOPS = "while True:\n    pass"
EXITS = "import os\nos._exit(0)"
QUITS = "import sys\nsys.exit(0)"
STOPPED = "the engine of game 'demo' did not finish replaying example 'first-orders' within 1 s, so it was stopped"
ENDED = "the engine of game 'demo' ended the process while replaying example 'first-orders'"


@pytest.fixture(autouse=True)
def own_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.chdir(tmp_path)
    assert pnp("new", "demo").exit_code == 0  # the starter game, its folder trusted
    return tmp_path


def pnp(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def run_pnp(*args: str) -> subprocess.CompletedProcess[str]:
    """pnp in a process of its own, with a short time limit for the engine (a hang would hang the tests' process)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PNP_ENGINE_SECONDS": "1"}
    return pnp_forked(*args, env=env, ceiling=300)


def break_moves(payload: str, when: str = "True") -> None:
    """Put `payload` at the start of every move the engine applies (while `when` holds), and trust the folder again."""
    source = ENGINE.read_text(encoding="utf-8")
    assert MOVE in source
    body = "".join(f"            {line}\n" for line in payload.splitlines())
    ENGINE.write_text(source.replace(MOVE, f"{MOVE}        if {when}:\n{body}"), encoding="utf-8")
    assert pnp("trust", "content/demo").exit_code == 0


def engine_line(tmp_path: Path) -> str:
    """Where game.yaml names the engine, as errors name it."""
    number = next(i for i, line in enumerate((tmp_path / "content/demo/game.yaml").read_text(encoding="utf-8")
                                            .splitlines(), 1) if line.startswith("engine:"))
    return f"content/demo/game.yaml:{number}:"


def assert_one_sentence(run: subprocess.CompletedProcess[str], where: str, words: str) -> None:
    assert run.returncode == 1, (run.stdout, run.stderr)
    assert f"{where}" in run.stderr and words in run.stderr, run.stderr
    assert "Traceback" not in run.stderr and "Traceback" not in run.stdout


@pytest.mark.parametrize("payload, words", [(LOOPS, STOPPED), (EXITS, ENDED), (QUITS, ENDED)])
def test_check_names_an_engine_that_loops_or_ends_the_process_in_an_example(tmp_path: Path, payload: str,
                                                                            words: str) -> None:
    break_moves(payload)
    checked = run_pnp("check")
    assert_one_sentence(checked, engine_line(tmp_path), words)
    assert "PNP_ENGINE_SECONDS" in checked.stderr or payload != LOOPS  # the hint says how to allow more time
    assert checked.stderr.count("error") == 1 + checked.stderr.count("error(s)"), checked.stderr  # one error


@pytest.mark.parametrize("payload, words", [(LOOPS, STOPPED), (EXITS, ENDED)])
def test_build_fails_with_the_sentence_and_writes_nothing(tmp_path: Path, payload: str, words: str) -> None:
    break_moves(payload)
    built = run_pnp("build", "demo", "--lang", "en", "--paper", "a4")
    assert_one_sentence(built, engine_line(tmp_path), words)
    assert not (tmp_path / "output" / "demo").exists()


def save_playthrough() -> Path:
    """A whole game of the starter, saved as a golden playthrough (it plays past the example's six turns)."""
    folder = Path("content/demo/playthroughs")
    folder.mkdir()
    saved = pnp("play", "demo", "--seed", "7", "--policy", "random", "--save", str(folder / "whole.jsonl"))
    assert saved.exit_code == 0, saved.output
    return folder / "whole.jsonl"


def test_check_names_the_golden_playthrough_an_engine_loops_in(tmp_path: Path) -> None:
    save_playthrough()
    break_moves(LOOPS, when="self.turn > 8")  # the example (six turns) replays; the whole game does not
    checked = run_pnp("check")
    assert_one_sentence(checked, engine_line(tmp_path), "the engine of game 'demo' did not finish replaying golden "
                                                        "playthrough whole.jsonl within 1 s")


@pytest.mark.parametrize("payload, words", [(LOOPS, "did not finish playing game "),
                                            (EXITS, "ended the process while playing game ")])
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_simulate_names_the_game_an_engine_loops_in_or_ends_the_process_in(tmp_path: Path, payload: str, words: str,
                                                                           jobs: str) -> None:
    break_moves(payload, when="self.turn > 3")
    simulated = run_pnp("simulate", "demo", "--games", "6", "--jobs", jobs, "--out", "figures.json")
    assert_one_sentence(simulated, engine_line(tmp_path), f"the engine of game 'demo' {words}")
    assert re.search(r"game \d+ of the batch \(seed \d+\)", simulated.stderr), simulated.stderr
    assert not (tmp_path / "figures.json").exists()


def test_simulate_with_a_well_behaved_module_engine_plays_every_game(tmp_path: Path) -> None:
    simulated = pnp("simulate", "demo", "--games", "12", "--jobs", "2", "--out", "figures.json", "--format", "json")
    assert simulated.exit_code == 0, simulated.output
    assert '"games": 12' in (tmp_path / "figures.json").read_text(encoding="utf-8")


def test_a_well_behaved_module_engine_checks_clean_and_its_errors_keep_their_file_and_line(tmp_path: Path) -> None:
    assert pnp("check").exit_code == 0
    playthrough = save_playthrough()
    assert pnp("check").exit_code == 0
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    step = next(i for i, line in enumerate(lines, 1) if 'action: "take mine"' in line)
    lines[step - 1] = lines[step - 1].replace("take mine", "take crown")  # a job not in the row: refused
    EXAMPLE.write_text("\n".join(lines) + "\n", encoding="utf-8")
    rows = playthrough.read_text(encoding="utf-8").splitlines()
    decision = next(i for i, row in enumerate(rows, 1) if '"kind":"decision"' in row)
    rows[decision - 1] = re.sub(r'"action":"[^"]*"', '"action":"fill nothing"', rows[decision - 1])
    playthrough.write_text("\n".join(rows) + "\n", encoding="utf-8")
    checked = pnp("check")
    assert checked.exit_code == 1, checked.output
    assert f"{EXAMPLE}:{step}:" in checked.stderr and "step 4 (`take crown`) is refused by the engine" \
        in checked.stderr, checked.stderr
    assert f"{playthrough}:{decision}:" in checked.stderr and "decision 1 no longer plays" in checked.stderr


def test_a_fault_the_engine_raises_is_still_named_at_its_line(tmp_path: Path) -> None:
    break_moves("raise ValueError('no moves today')")
    checked = pnp("check")
    assert checked.exit_code == 1
    line = next(i for i, text in enumerate(ENGINE.read_text(encoding="utf-8").splitlines(), 1) if "no moves" in text)
    assert f"{ENGINE}:{line}:" in checked.stderr and "ValueError: no moves today" in checked.stderr, checked.stderr


def test_installed_engines_replay_in_this_process(tmp_path: Path) -> None:
    bundled = load_game(ROOT / "content" / "escape-earth", ErrorList())
    starter = load_game(tmp_path / "content" / "demo", ErrorList())
    assert bundled is not None and starter is not None
    assert not in_child(bundled)
    assert in_child(starter) == sys.platform.startswith("linux")


def test_a_watched_batch_plays_every_game_in_order_in_children() -> None:
    progress: list[int] = []
    results = batch_runner.play_watched(lambda i: (i, os.getpid()), 300, 2, 60.0, progress.append)
    assert [i for i, _ in results] == list(range(300))
    assert os.getpid() not in {pid for _, pid in results}  # this process only watched
    assert sum(progress) == 300


@pytest.mark.parametrize("fault, timed_out", [("loop", True), ("exit", False), ("quit", False)])
def test_a_watched_batch_names_the_game_that_hangs_or_ends_its_process(fault: str, timed_out: bool) -> None:
    def play(i: int) -> int:
        if i == 7:
            if fault == "loop":
                while True:
                    pass
            if fault == "exit":
                os._exit(0)
            sys.exit(0)
        return i

    with pytest.raises(batch_runner.GameStopped) as stopped:
        batch_runner.play_watched(play, 20, 2, 0.5)
    assert stopped.value.index == 7 and stopped.value.timed_out is timed_out


def test_diff_names_a_balance_game_the_engine_loops_in(tmp_path: Path) -> None:
    for args in (["init", "-q"], ["add", "content"], ["commit", "-qm", "the game"]):
        subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], check=True, capture_output=True)
    break_moves(LOOPS, when="self.turn > 8")  # the example replays; every balance game of the new revision loops
    compared = run_pnp("diff", "HEAD", "--games", "4", "--trust-engines")
    assert_one_sentence(compared, engine_line(tmp_path), "the engine of game 'demo' did not finish playing game ")


@pytest.mark.parametrize(("payload", "words"), [(LOOPS, STOPPED), (EXITS, ENDED)])
def test_diff_names_an_example_the_engine_loops_in_or_ends_the_process_in(tmp_path: Path, payload: str,
                                                                          words: str) -> None:
    for args in (["init", "-q"], ["add", "content"], ["commit", "-qm", "the game"]):
        subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], check=True, capture_output=True)
    break_moves(payload)  # the working tree's engine: its example never ends (or ends pnp)
    compared = run_pnp("diff", "HEAD", "--games", "4", "--trust-engines")
    assert_one_sentence(compared, engine_line(tmp_path), words)


def test_without_fork_a_module_engine_replays_here_and_its_sys_exit_is_still_an_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.rules import engine_child

    monkeypatch.setattr(engine_child, "can_fork", lambda: False)
    break_moves(QUITS)
    checked = pnp("check")
    assert checked.exit_code == 1, checked.output
    assert f"{engine_line(tmp_path)}" in checked.stderr and ENDED in checked.stderr, checked.stderr
