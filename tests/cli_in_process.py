"""`pnp ARGS` run in the test's own process, as `main` runs it (through generator.cli_report.run_cli), so exit
codes and the two output streams are the ones a person sees, without starting a Python per command."""

from __future__ import annotations

import sys

import pytest

from generator.cli import cli
from generator.cli_report import run_cli


def pnp(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of `pnp ARGS`; stderr without the blank line a progress bar ends in."""
    capsys.readouterr()
    monkeypatch.setattr(sys, "argv", ["pnp", *args])
    with pytest.raises(SystemExit) as done:
        run_cli(cli)
    out, err = capsys.readouterr()
    code = done.value.code
    return (code if isinstance(code, int) else 0), out, err.lstrip("\n")
