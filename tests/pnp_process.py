"""`pnp ARGS` as a process of its own, for the tests whose point is the real process: its exit status after
a signal or a crash, the children it forks, what it flushes before it dies, a hang. Everything else runs the
CLI in the test's process (tests.cli_in_process), which costs no Python start-up per command.

`pnp_process` starts a fresh Python, as a person's `pnp` starts; `pnp_forked` forks the test's own process, for
a test that needs the child to be a process of its own (a bomb, a runaway template or a crash must stop only
the child) but not a fresh one."""

from __future__ import annotations

import signal
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


def pnp_forked(*args: str, cwd: Path | str | None = None, stdin: str = "", env: Mapping[str, str] | None = None,
               ceiling: float = CEILING_S) -> subprocess.CompletedProcess[str]:
    """`pnp ARGS` in a child forked from this process, answered as `pnp_process` answers (`env` replaces the
    environment; a child still running at `ceiling` is killed and TimeoutExpired raised).

    A process of its own, so a runaway template, a bomb or a crash stops only the child and shows in its exit
    status, but without what a fresh `pnp` pays before it starts work (a Python and the package's imports: about
    0.9 s of CPU a command). For a test whose point is the process as a person starts it (its start-up imports,
    a signal from the terminal, what reaches the terminal), use `pnp_process`.
    """
    import os
    import tempfile
    import time

    with tempfile.TemporaryFile() as given, tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        given.write(stdin.encode("utf-8"))
        given.flush()
        given.seek(0)
        child = os.fork()
        if child == 0:  # pragma: no cover (the child ends in os._exit; its figures reach the parent as its status)
            os._exit(_run_forked(args, cwd, env, given.fileno(), out.fileno(), err.fileno()))
        deadline = time.monotonic() + ceiling
        pause = 0.001
        while (ended := os.waitpid(child, os.WNOHANG))[0] == 0:
            if time.monotonic() > deadline:
                os.kill(child, signal.SIGKILL)
                os.waitpid(child, 0)
                raise subprocess.TimeoutExpired(["pnp", *args], ceiling)
            time.sleep(pause)
            pause = min(pause * 2, 0.05)
        texts = []
        for stream in (out, err):
            stream.seek(0)
            texts.append(stream.read().decode("utf-8", "replace"))
    return subprocess.CompletedProcess(["pnp", *args], os.waitstatus_to_exitcode(ended[1]), texts[0], texts[1])


def _run_forked(args: tuple[str, ...], cwd: Path | str | None, env: Mapping[str, str] | None,
                given: int, out: int, err: int) -> int:
    """In the forked child: the three streams on the given files, then `pnp ARGS` as `main` runs it; its exit code
    as a process would give it (a SystemExit that carries a message prints it and gives 1)."""
    import os

    code: object = 3
    try:
        for source, target in ((given, 0), (out, 1), (err, 2)):
            os.dup2(source, target)
        sys.stdin = open(0, encoding="utf-8", closefd=False)  # noqa: SIM115 (open until os._exit)
        sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
        sys.stderr = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        if cwd is not None:
            os.chdir(cwd)
        if env is not None:
            os.environ.clear()
            os.environ.update(env)
        sys.argv = ["pnp", *args]
        from generator.cli import cli
        from generator.cli_report import run_cli

        try:
            run_cli(cli)
            code = 0
        except SystemExit as done:
            code = done.code
        if code is not None and not isinstance(code, int):
            print(code, file=sys.stderr)
            code = 1
    except BaseException:  # a bug of the helper itself: shown, and an exit status no pnp gives
        import traceback

        traceback.print_exc()
        code = 70
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:  # noqa: S110 (the status still tells)
                pass
    return code if isinstance(code, int) else 0
