"""`pnp ARGS` as a process of its own, for the tests whose point is the real process: its exit status after
a signal or a crash, the children it forks, what it flushes before it dies, a hang. Everything else runs the
CLI in the test's process (tests.cli_in_process), which costs no Python start-up per command."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

# the package installed in the running venv (the worktree's own), as `pnp` would run it
PNP = [sys.executable, "-c", "from generator.cli import main; main()"]

CEILING_S = 900  # only catches a hang: a busy machine runs the same command, only slower


def pnp_process(*args: str, cwd: Path | str | None = None, stdin: str | None = None,
                env: Mapping[str, str] | None = None, ceiling: float = CEILING_S) -> subprocess.CompletedProcess[str]:
    """Run `pnp ARGS` in a subprocess from `cwd` and wait for it; `env` replaces the environment when given."""
    return subprocess.run([*PNP, *args], cwd=cwd, input=stdin, capture_output=True, text=True,
                          env=None if env is None else dict(env), timeout=ceiling)
