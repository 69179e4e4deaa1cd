"""A disk that fills (or a folder that refuses) while a build's units are made: one sentence, exit 1.

A unit is made in this process or in a pool's forked worker (generator.pool); the worker's OSError
comes back as the same OSError, so the one reporter (generator.cli_report) words it the same either way
and no child's traceback reaches the message.
"""

from __future__ import annotations

import errno
import os
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from generator import build, forked
from generator.cli import cli
from generator.cli_report import run_cli
from generator.forked import ChildFailed
from generator.pool import run_all
from tests.content.conftest import TINY, edit

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the build forks on Linux only")


def finished(call: Any) -> Any:
    """What `call()` returns, run in a pool's worker (beside a second call that does nothing)."""
    return run_all([call, lambda: None], 2)[0]


def test_a_full_disk_in_a_child_comes_back_as_the_same_oserror() -> None:
    def fill() -> None:
        with open("/dev/full", "wb") as full:  # every write to /dev/full fails: no space left on device
            full.write(b"x" * 100_000)

    with pytest.raises(OSError) as raised:
        finished(fill)
    assert raised.value.errno == errno.ENOSPC and not isinstance(raised.value, ChildFailed)
    assert "Traceback" not in str(raised.value)


@pytest.mark.parametrize("number, kind", [(errno.EROFS, OSError), (errno.EACCES, PermissionError),
                                          (errno.ENOENT, FileNotFoundError)])
def test_an_oserror_in_a_child_keeps_its_number_kind_and_file(number: int, kind: type) -> None:
    def refuse() -> None:
        raise OSError(number, os.strerror(number), "/some/where/sheet.pdf")

    with pytest.raises(kind) as raised:
        finished(refuse)
    assert raised.value.errno == number and raised.value.filename == "/some/where/sheet.pdf"


def test_a_bug_in_a_child_is_its_last_line_with_the_traceback_kept_apart() -> None:
    def broken() -> None:
        raise ValueError("a step that fails")

    with pytest.raises(ChildFailed) as raised:
        finished(broken)
    assert str(raised.value) == "ValueError: a step that fails (in a forked child)"
    assert "Traceback (most recent call last)" in raised.value.details and "\n" not in str(raised.value)


def _build(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    monkeypatch.setattr(sys, "argv", ["pnp", "build", "tiny", "--content", "content", "--output", "output",
                                      "--tts-url", "https://tts.example.org/tiny"])
    with pytest.raises(SystemExit) as done:
        run_cli(cli)
    return done.value.code or 0, capsys.readouterr().err


def _build_failing(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                   where: str, rebuild: bool = False) -> tuple[int, str]:
    """`pnp build` of the tiny game whose card sheets find the disk full, in this process or in a child;
    `rebuild`: after a build that worked and an edit of a card."""
    shutil.copytree(TINY, tmp_path / "content" / "tiny")
    monkeypatch.chdir(tmp_path)
    if rebuild:
        assert _build(monkeypatch, capsys)[0] == 0
        edit(tmp_path / "content/tiny/cards/events.yaml", "name: {de: Sturm, en: Storm}",
             "name: {de: Orkan, en: Hurricane}")
    parent = os.getpid()
    steps = dict(build.STEPS)
    making = steps["cards"]

    def cards(*args: Any, **kwargs: Any) -> Any:
        if (os.getpid() == parent) == (where == "parent"):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(tmp_path / "output" / "tiny" / "cards.pdf"))
        return making(*args, **kwargs)

    monkeypatch.setattr(build, "STEPS", [(name, cards if name == "cards" else step) for name, step in build.STEPS])
    monkeypatch.setenv(forked.JOBS_VARIABLE, "1" if where == "parent" else "4")
    return _build(monkeypatch, capsys)


@pytest.mark.parametrize("where", ["parent", "child"])
def test_a_full_disk_while_building_is_one_sentence_wherever_the_unit_is_made(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str) -> None:
    code, err = _build_failing(monkeypatch, tmp_path, capsys, where)
    assert code == 1, err
    assert err.strip().splitlines() == [f"pnp: cannot write or read {tmp_path}/output/tiny/cards.pdf: the disk is full"]


@pytest.mark.slow
@pytest.mark.parametrize("where", ["parent", "child"])
def test_a_full_disk_during_a_rebuild_is_one_sentence_and_leaves_the_last_build(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str) -> None:
    code, err = _build_failing(monkeypatch, tmp_path, capsys, where, rebuild=True)
    assert code == 1, err
    assert err.strip().splitlines() == [f"pnp: cannot write or read {tmp_path}/output/tiny/cards.pdf: the disk is full"]
    last = (tmp_path / "output/tiny/game.json").read_text(encoding="utf-8")
    assert "Storm" in last and "Hurricane" not in last  # the last build, whole


def test_an_oserror_naming_no_file_is_still_one_sentence(monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """A write to an open file (reportlab saving a PDF) fails with no file name."""
    import click

    @click.command()
    def full() -> None:
        finished(lambda: open("/dev/full", "wb").write(b"x" * 100_000) and None)  # noqa: SIM115

    monkeypatch.setattr(sys, "argv", ["pnp"])
    with pytest.raises(SystemExit) as done:
        run_cli(full)  # type: ignore[arg-type]
    assert done.value.code == 1
    assert capsys.readouterr().err.strip() == "pnp: cannot write or read a file: the disk is full"
