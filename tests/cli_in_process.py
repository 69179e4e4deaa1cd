"""`pnp ARGS` run in the test's own process, as `main` runs it (through generator.cli_report.run_cli), so exit
codes and the two output streams are the ones a person sees, without starting a Python per command.

`pnp` reads the streams through pytest's capsys; `run_pnp` needs no fixture and answers as `subprocess.run`
does (a CompletedProcess), so a helper that started `pnp` as a subprocess can switch to it unchanged. A test
whose point is the real process (its exit on a signal, its children, what reaches the terminal from
forked children, a hang) keeps a subprocess: tests.pnp_process.
"""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest

from generator import cli_report
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


def _stream(text: str = "") -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(text.encode("utf-8")), encoding="utf-8")


def _text(stream: io.TextIOWrapper) -> str:
    stream.flush()
    buffer = stream.buffer
    assert isinstance(buffer, io.BytesIO)
    return buffer.getvalue().decode("utf-8", "replace")


def run_pnp(*args: str, cwd: Path | str | None = None, stdin: str = "",
            env: Mapping[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """`pnp ARGS` in this process from folder `cwd`, with `stdin` as its input and `env` added to its environment;
    everything the command changes in the process (folder, streams, environment, signal handlers) is put back."""
    saved_streams = sys.argv, sys.stdin, sys.stdout, sys.stderr
    saved_folder, saved_env, saved_prefix = os.getcwd(), dict(os.environ), sys.pycache_prefix
    saved_signals = {number: signal.getsignal(number) for number in (signal.SIGINT, signal.SIGTERM)}
    saved_format = cli_report._format[0]
    out, err = _stream(), _stream()
    code: object = 0
    try:
        sys.argv, sys.stdin, sys.stdout, sys.stderr = ["pnp", *args], _stream(stdin), out, err
        if cwd is not None:
            os.chdir(cwd)
        os.environ.update(env or {})
        try:
            run_cli(cli)
        except SystemExit as done:
            code = done.code
    finally:
        sys.argv, sys.stdin, sys.stdout, sys.stderr = saved_streams
        os.chdir(saved_folder)
        os.environ.clear()
        os.environ.update(saved_env)
        sys.pycache_prefix = saved_prefix
        for number, handler in saved_signals.items():
            signal.signal(number, handler)
        cli_report._format[0] = saved_format
    returncode = code if isinstance(code, int) else (0 if code is None else 1)
    return subprocess.CompletedProcess(["pnp", *args], returncode, _text(out), _text(err))
