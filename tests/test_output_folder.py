"""Atomic, self-cleaning builds: output/ holds a complete old or new build whenever a build is killed.

A test hook (PNP_TEST_KILL_AT, generator.output_folder.checkpoint) kills `pnp build` with SIGKILL
at every point between its first write and its last; after each kill, output/<game> and
output/site are read back and must be exactly the old build or exactly the new one, agreeing
with each other. The next build removes whatever the killed ones left.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.content.conftest import TINY, edit

KILL_POINTS = ["steps", "mkdocs", "site", "staged", "generation", "linked", "swapped", "cleaned"]


def pnp(*args: str, cwd: Path, kill_at: str | None = None) -> subprocess.CompletedProcess:
    if args and args[0] == "build":  # Tabletop Simulator files name where their images are: one fixed place
        args = (*args, "--tts-url", "https://tts.example.org/tiny")
    env = dict(os.environ)
    env.pop("PNP_TEST_KILL_AT", None)
    if kill_at:
        env["PNP_TEST_KILL_AT"] = kill_at
    return subprocess.run([sys.executable, "-c", "from generator.cli import main; main()", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def snapshot(output: Path) -> dict[str, bytes]:
    """Every file reachable under output/tiny and output/site (through the links), by path."""
    files: dict[str, bytes] = {}
    for name in ("tiny", "site"):
        root = output / name
        for path in sorted(root.rglob("*")):
            if path.is_file():
                files[f"{name}/{path.relative_to(root)}"] = path.read_bytes()
    return files


def _mkdocs_children(marker: str) -> list[int]:
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if "mkdocs" in cmdline and marker in cmdline:
            found.append(int(proc.name))
    return found


def _children_after(marker: str, seconds: float) -> list[int]:
    """The mkdocs children still there after `seconds`: the death signal is sent at once, the exit takes a moment."""
    deadline = time.monotonic() + seconds
    while (left := _mkdocs_children(marker)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    shutil.copytree(TINY, tmp_path / "content" / "tiny")
    return tmp_path


@pytest.mark.slow
def test_a_build_killed_anywhere_leaves_a_complete_old_or_new_output(tree: Path) -> None:
    first = pnp("build", "--content", "content", "--output", "output", cwd=tree)
    assert first.returncode == 0, first.stderr
    old = snapshot(tree / "output")
    assert "tiny/game.json" in old and "site/index.html" in old and "site/tiny/en/cards.html" in old
    edit(tree / "content/tiny/cards/events.yaml", "name: {de: Sturm, en: Storm}", "name: {de: Orkan, en: Hurricane}")
    reference = tree / "reference"
    reference.mkdir()
    shutil.copytree(tree / "content", reference / "content")
    assert pnp("build", "--content", "content", "--output", "output", cwd=reference).returncode == 0
    new = snapshot(reference / "output")
    assert old != new
    for point in KILL_POINTS:
        killed = pnp("build", "--content", "content", "--output", "output", cwd=tree, kill_at=point)
        assert killed.returncode == -signal.SIGKILL, (point, killed.returncode, killed.stderr)
        now = snapshot(tree / "output")
        assert now in (old, new), f"after a kill at {point!r} output/ is neither the old nor the new build"
        if point == "mkdocs":
            assert not _children_after(str(tree), seconds=120.0), "the mkdocs child outlived its killed parent"
        old = now  # a kill after the swap leaves the new build: the next kill starts from it
    finished = pnp("build", "--content", "content", "--output", "output", cwd=tree)
    assert finished.returncode == 0, finished.stderr
    assert snapshot(tree / "output") == new
    state = tree / "output" / ".pnp"
    assert not [p.name for p in state.iterdir() if p.name.startswith("staging-")]
    assert len(list((state / "generations").iterdir())) == 1


@pytest.mark.slow
def test_a_partial_cards_run_keeps_other_languages_and_papers(tree: Path) -> None:
    assert pnp("cards", "--content", "content", "--output", "output", cwd=tree).returncode == 0
    before = sorted(p.name for p in (tree / "output/tiny").iterdir())
    assert {"cards-de-a4.pdf", "cards-de-letter.pdf", "cards-en-a4.pdf", "cards-en-letter.pdf"} <= set(before)
    german = (tree / "output/tiny/cards-de-letter.pdf").read_bytes()
    run = pnp("cards", "--content", "content", "--output", "output", "--lang", "en", "--paper", "a4", cwd=tree)
    assert run.returncode == 0, run.stderr
    assert sorted(p.name for p in (tree / "output/tiny").iterdir()) == before
    assert (tree / "output/tiny/cards-de-letter.pdf").read_bytes() == german
    assert sorted(p.name for p in (tree / "output/tiny/cards").iterdir()) == ["de", "en"]


@pytest.mark.slow
def test_a_build_writes_nothing_beside_its_output_folder(tree: Path) -> None:
    mine = tree / "x" / "site" / "docs"
    mine.mkdir(parents=True)
    (mine / "notes.md").write_text("my own notes\n", encoding="utf-8")
    run = pnp("build", "--content", "content", "--output", "x/out", cwd=tree)
    assert run.returncode == 0, run.stderr
    assert sorted(p.relative_to(tree / "x").as_posix() for p in (tree / "x").rglob("*")
                  if not p.is_relative_to(tree / "x" / "out")) == ["site", "site/docs", "site/docs/notes.md"]
    assert (mine / "notes.md").read_text(encoding="utf-8") == "my own notes\n"
    assert (tree / "x" / "out" / ".pnp" / "project" / "docs" / "tiny" / "mkdocs.en.yml").is_file()


@pytest.mark.slow
def test_simulation_figures_survive_builds_and_a_game_may_not_take_their_name(tree: Path) -> None:
    figures = tree / "output" / "simulations" / "tiny.json"
    figures.parent.mkdir(parents=True)
    figures.write_text("{}\n", encoding="utf-8")
    assert pnp("build", "--content", "content", "--output", "output", cwd=tree).returncode == 0
    assert figures.read_text(encoding="utf-8") == "{}\n"
    edit(tree / "content/tiny/game.yaml", "id: tiny", "id: simulations")
    run = pnp("build", "--content", "content", "--output", "output", cwd=tree)
    assert run.returncode == 1 and "tiny/game.yaml:1:5" in run.stderr and "cannot be called 'simulations'" in run.stderr
    assert figures.read_text(encoding="utf-8") == "{}\n"


@pytest.mark.slow
@pytest.mark.parametrize("what", ["file", "foreign-link"])
def test_an_output_entry_the_build_did_not_make_is_refused_before_anything_changes(tree: Path, what: str) -> None:
    assert pnp("build", "--content", "content", "--output", "output", cwd=tree).returncode == 0
    before = snapshot(tree / "output")
    site = tree / "output" / "site"
    site.unlink()
    if what == "file":
        site.write_text("mine\n", encoding="utf-8")
    else:
        (tree / "elsewhere").mkdir()
        site.symlink_to(tree / "elsewhere")
    run = pnp("build", "--content", "content", "--output", "output", cwd=tree)
    assert run.returncode == 1, run.stderr
    assert "that pnp did not make; move it away" in run.stderr and "Traceback" not in run.stderr
    assert snapshot(tree / "output")["tiny/game.json"] == before["tiny/game.json"]


@pytest.mark.slow
def test_an_older_output_layout_is_refused_untouched_then_built_from_scratch(tree: Path) -> None:
    """Older versions wrote real folders output/<game> and output/site; they are not migrated: the build
    refuses them in one sentence and changes nothing, and once they are moved away it builds from scratch."""
    from tests.cli_in_process import run_pnp

    output = tree / "output"
    for name in ("tiny", "site"):
        (output / name).mkdir(parents=True)
        (output / name / "notes.txt").write_text(f"{name}, kept\n", encoding="utf-8")
    run = run_pnp("build", "--content", "content", "--output", "output", "--tts-url", "https://tts.example.org/tiny",
                  cwd=tree)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert "is a folder that pnp did not make; move it away" in run.stderr, run.stderr
    assert sorted(p.relative_to(output).as_posix() for p in output.rglob("*")) == [
        "site", "site/notes.txt", "tiny", "tiny/notes.txt"], "nothing written, nothing removed"
    (output / "tiny").rename(tree / "old-tiny")
    (output / "site").rename(tree / "old-site")
    run = run_pnp("build", "--content", "content", "--output", "output", "--tts-url", "https://tts.example.org/tiny",
                  cwd=tree)
    assert run.returncode == 0, run.stderr
    assert "the build cache held none of them yet" in run.stdout
    assert (output / "tiny").is_symlink() and not (output / "tiny" / "notes.txt").exists()
    assert (tree / "old-tiny" / "notes.txt").read_text(encoding="utf-8") == "tiny, kept\n"


def test_an_output_folder_that_cannot_be_written_is_one_sentence_and_exit_1(tree: Path) -> None:
    """/sys refuses new folders to everyone, root included: the same path a read-only disk takes."""
    run = pnp("build", "--content", "content", "--output", "/sys/pnp-forge-output", cwd=tree)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert run.stderr.strip().splitlines() == ["pnp: cannot write or read /sys/pnp-forge-output: not permitted"] or \
        run.stderr.strip().splitlines() == ["pnp: cannot write or read /sys/pnp-forge-output: permission denied"], \
        run.stderr


@pytest.mark.slow
def test_ctrl_c_during_a_build_exits_130_and_leaves_nothing_behind(tree: Path) -> None:
    assert pnp("build", "--content", "content", "--output", "output", cwd=tree).returncode == 0
    before = snapshot(tree / "output")
    edit(tree / "content/tiny/cards/events.yaml", "name: {de: Sturm, en: Storm}", "name: {de: Orkan, en: Hurricane}")
    process = subprocess.Popen([sys.executable, "-c", "from generator.cli import main; main()", "build", "--content",
                                "content", "--output", "output"], cwd=tree, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    state = tree / "output" / ".pnp"
    deadline = time.monotonic() + 300  # only waits for the build to start staging
    while time.monotonic() < deadline and not any(p.name.startswith("staging-") for p in state.iterdir()):
        time.sleep(0.02)
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=300)  # only catches a hang
    if process.returncode == 0:
        pytest.skip("the build finished before the interrupt arrived")
    assert process.returncode == 130, err
    assert "Traceback" not in err
    assert snapshot(tree / "output") == before
    assert not [p.name for p in state.iterdir() if p.name.startswith("staging-")]
