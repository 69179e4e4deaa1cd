"""Ctrl-C that a library wraps in its own error still ends a command as interrupted (130), never as a bug (3).

pydantic's serializer turns a KeyboardInterrupt raised inside it into PydanticSerializationError; a build
interrupted while it writes a model's JSON used to end with "internal error" and exit 3.
"""

from __future__ import annotations

import os
import signal

import click
import pytest
from pydantic import BaseModel, field_serializer

from generator.cli_report import run_cli


class Slow(BaseModel):
    value: int

    @field_serializer("value")
    def _interrupted_here(self, value: int) -> int:
        os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C arrives while pydantic serialises
        return value


def _run(body: click.Command, monkeypatch: pytest.MonkeyPatch) -> int:
    """The exit code of `pnp go` with `body` as the command, run as `main` runs it."""
    monkeypatch.setattr("sys.argv", ["pnp", "go"])
    with pytest.raises(SystemExit) as ended:
        run_cli(click.Group(commands={"go": body}))
    return int(ended.value.code or 0)


def test_ctrl_c_inside_pydantic_serialisation_exits_130(capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    @click.command()
    def go() -> None:
        Slow(value=1).model_dump(mode="json")

    assert _run(go, monkeypatch) == 130
    err = capsys.readouterr().err
    assert err.strip() == "interrupted" and "internal error" not in err


def test_a_real_bug_beside_it_still_exits_3(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    @click.command()
    def go() -> None:
        raise ValueError("a bug")

    assert _run(go, monkeypatch) == 3
    assert "internal error: ValueError: a bug" in capsys.readouterr().err
