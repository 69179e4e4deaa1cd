"""A designer's engine in the game's own folder: `pnp check` replays its example, and a broken one is named.

The example game is tests/content/plugin/reef-keepers (engine/rules.py). Each test works on a
copy and runs the real command line from the copy's parent, so the file names in the messages
are the ones an editor opens from there.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.cli_in_process import run_pnp
from tests.content.conftest import edit, line_of

ROOT = Path(__file__).resolve().parents[2]
PLUGIN = ROOT / "tests" / "content" / "plugin"
ENGINE = "c/reef-keepers/engine/rules.py"
GAME_YAML = "c/reef-keepers/game.yaml"


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """tmp/c is a copy of the plugin content tree; commands run in tmp."""
    shutil.copytree(PLUGIN, tmp_path / "c")
    return tmp_path


def pnp(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    """The command line on the copy, whose engine each test edits: trusted for the command (--trust-engines)."""
    return run_pnp("--trust-engines", *args, cwd=cwd)


def check(cwd: Path) -> subprocess.CompletedProcess:
    return pnp(cwd, "check", "--content", "c")


def assert_named_failure(run: subprocess.CompletedProcess, where: str, *words: str) -> None:
    assert run.returncode == 1, run.stdout + run.stderr
    assert "Traceback" not in run.stdout + run.stderr
    assert run.stderr.startswith(where), run.stderr
    for word in words:
        assert word in run.stderr, run.stderr


def test_pnp_check_passes_and_replays_the_example_turn(tree: Path) -> None:
    run = check(tree)
    assert run.returncode == 0, run.stderr
    assert "reef-keepers: 16 card designs, 24 cards, 0 boards, 1 examples — no problems" in run.stdout
    # the example really is replayed: a step the engine refuses fails the check at that step
    example = tree / "c/reef-keepers/examples/first-round.yaml"
    edit(example, '"play hammerhead"', '"play blue-whale"')
    run = check(tree)
    line = line_of(example, "play blue-whale")
    assert_named_failure(run, f"c/reef-keepers/examples/first-round.yaml:{line}:",
                         "step 3 (`play blue-whale`) is refused by the engine: Blue whale is not in your hand.")


def test_a_syntax_error_names_the_file_and_line(tree: Path) -> None:
    module = tree / ENGINE
    line = line_of(module, "def observation(")
    edit(module, "    def observation(self, player: int)", "    def observation(self, player: int(")
    assert_named_failure(check(tree), f"{ENGINE}:{line}:", "syntax error")


@pytest.mark.parametrize("method, owner", [("num_players", "Game"), ("observation", "GameState")])
def test_a_missing_contract_method_names_the_file_the_class_and_the_method(tree: Path, method: str, owner: str) -> None:
    module = tree / ENGINE
    edit(module, f"    def {method}(self", f"    def {method}_renamed(self")
    line = line_of(module, "class ReefKeepersGame(Game)")
    assert_named_failure(check(tree), f"{ENGINE}:{line}:", "ReefKeepersGame does not keep the engine contract",
                         f"{owner} method(s)", method)


@pytest.mark.parametrize("statement, shown", [('raise RuntimeError("tide tables missing")',
                                               "RuntimeError: tide tables missing"),
                                              ("import sys; sys.exit(0)", "SystemExit: 0")])
def test_a_module_that_fails_while_loading_is_named_with_its_line(tree: Path, statement: str, shown: str) -> None:
    module = tree / ENGINE
    text = module.read_text(encoding="utf-8")
    module.write_text(text + statement + "\n", encoding="utf-8")
    line = len(text.splitlines()) + 1
    assert_named_failure(check(tree), f"{ENGINE}:{line}:", "fails while it is loaded", shown)
    # every command that loads the game stops the same way
    assert_named_failure(pnp(tree, "play", "reef-keepers", "--seed", "1", "--content", "c"), f"{ENGINE}:{line}:",
                         shown)


def test_a_module_path_that_leaves_the_game_folder_is_refused_at_game_yaml(tree: Path) -> None:
    shutil.copy(tree / ENGINE, tree / "c" / "outside.py")
    game = tree / GAME_YAML
    edit(game, "engine: {module: engine/rules.py}", "engine: {module: engine/../../outside.py}")
    line = line_of(game, "engine:")
    assert_named_failure(check(tree), f"{GAME_YAML}:{line}:", "a .py file inside the game's folder (no '..'")


def test_a_symlinked_module_is_refused(tree: Path) -> None:
    module = tree / ENGINE
    shutil.move(module, tree / "elsewhere.py")
    module.symlink_to(tree / "elsewhere.py")
    assert_named_failure(check(tree), f"{ENGINE}:1:", "is a symbolic link")


def test_a_symlinked_folder_that_leads_out_of_the_game_is_refused(tree: Path) -> None:
    folder = tree / "c/reef-keepers/engine"
    shutil.move(folder, tree / "engine-elsewhere")
    folder.symlink_to(tree / "engine-elsewhere", target_is_directory=True)
    line = line_of(tree / GAME_YAML, "engine:")
    assert_named_failure(check(tree), f"{GAME_YAML}:{line}:", "lies outside the game's folder")


def test_a_fault_while_the_engine_plays_names_its_line_in_every_command(tree: Path) -> None:
    engine = tree / ENGINE
    edit(engine, "    def _do(self, action: Action) -> None:\n        p = self.player\n",
         "    def _do(self, action: Action) -> None:\n        p = self.player\n        {}['boom']\n")
    line = line_of(engine, "{}['boom']")
    assert_named_failure(check(tree), f"{ENGINE}:{line}:", "the engine fails while replaying example", "KeyError")
    for args in (("play", "reef-keepers", "--seed", "1"),
                 ("simulate", "reef-keepers", "--games", "8", "--out", "f.json"),
                 ("simulate", "reef-keepers", "--games", "8", "--jobs", "2", "--out", "f.json")):
        run = pnp(tree, *args, "--content", "c")
        assert run.returncode == 1, (args, run.stderr)
        assert f"{ENGINE}:{line}: error: the game's engine fails: KeyError: 'boom'" in run.stderr, (args, run.stderr)
        assert "Traceback" not in run.stderr


def test_a_module_path_leaving_the_folder_is_one_clear_schema_error(tree: Path) -> None:
    edit(tree / GAME_YAML, "engine: {module: engine/rules.py}", "engine: {module: ../x.py}")
    run = check(tree)
    assert_named_failure(run, f"{GAME_YAML}:{line_of(tree / GAME_YAML, 'engine:')}:", "inside the game's folder")
    assert run.stderr.count("error") == 2   # one error line and the count line
