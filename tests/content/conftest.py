"""Fixtures: a tiny game copied into a temporary content tree, and a CLI runner."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.cli_in_process import run_pnp
from tests.pnp_process import pnp_forked

TINY = Path(__file__).parent / "tiny"


@dataclass
class Run:
    code: int
    out: str
    err: str


@pytest.fixture
def content(tmp_path: Path) -> Path:
    """A content tree holding a copy of the tiny test game; tests edit it freely."""
    root = tmp_path / "content"
    shutil.copytree(TINY, root / "tiny")
    return root


def pnp(*args: str, cwd: Path | None = None) -> Run:
    """Run the `pnp` command line as a designer would, in this process (tests.cli_in_process)."""
    proc = run_pnp(*args, cwd=cwd)
    return Run(proc.returncode, proc.stdout, proc.stderr)


def pnp_child(*args: str, cwd: Path | None = None) -> Run:
    """`pnp` as a process of its own, for a file that could make it hang or crash: only the child would (forked
    from the test's process: a child of its own without a fresh Python's start-up)."""
    proc = pnp_forked(*args, cwd=cwd)
    return Run(proc.returncode, proc.stdout, proc.stderr)


def edit(path: Path, old: str, new: str) -> None:
    """Replace exactly one occurrence of `old` in a file (fails loudly if the fixture changed)."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"fixture text {old!r} not found once in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def line_of(path: Path, needle: str) -> int:
    """1-based line number of the first line containing `needle`."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} not in {path}")
