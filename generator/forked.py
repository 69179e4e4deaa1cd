"""One call in a forked child that this process watches: an engine's replay, an import, a page read under a limit.

A standard fork-context `multiprocessing.Process` with a pipe for its answer: the callers
(generator.rules.engine_child, import_probe, conformance_child, rulestext.markdown_bounds) watch
`fd` with a time limit and `kill()` the child when it runs over, which a pool (generator.pool)
does not offer. The child dies with this process and never runs its exit handlers. Only Linux
forks here. A failure is raised in the parent as it was met: an OSError (a full disk) as the same
OSError, anything else as ChildFailed, one line, the child's traceback kept in `details`.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import traceback
from collections.abc import Callable, Sequence
from contextlib import suppress
from multiprocessing.connection import Connection
from typing import Any, Generic, TypeVar

Result = TypeVar("Result")
JOBS_VARIABLE = "PNP_JOBS"  # at most this many children at once (1: no child, everything in the build's process)


PACKAGE_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def own_code_env(**extra: str) -> dict[str, str]:
    """The environment of a started (not forked) Python child that must import this very pnp-forge, also when
    it runs from a checkout through PYTHONPATH: this package's folder first. `extra` variables are set too."""
    env = {**os.environ, **extra}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (PACKAGE_ROOT, env.get("PYTHONPATH", "")) if p)
    return env


def cores() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def can_fork() -> bool:
    """Whether children are forked here: Linux only (macOS's system libraries are not safe to use in a forked child)."""
    return sys.platform.startswith("linux") and hasattr(os, "fork")


def children_allowed() -> int:
    """How many forked children may run at once: one per core, `PNP_JOBS` if set; 0 where there is no fork."""
    if not can_fork():
        return 0
    wanted = os.environ.get(JOBS_VARIABLE, "").strip()
    limit = int(wanted) if wanted.isdigit() else cores()
    return limit if limit > 1 else 0


def die_with_parent(parent: int) -> None:
    """In a child: be killed when process `parent` dies, however it dies (Linux; elsewhere a no-op).

    If the parent died between the fork and this call, the signal will never come: the child
    then sees another parent and leaves at once.
    """
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:
        os._exit(1)


def forked_child(parent: int) -> None:
    """In a child (a pool's worker, a `Forked` call): die with `parent` and leave Ctrl-C to it (the parent reports it,
    the child just goes); new stream objects, since another thread of the parent may have held the old ones' locks."""
    die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    sys.stdout = open(1, "w", encoding="utf-8", errors="replace", closefd=False, buffering=1)  # noqa: SIM115
    sys.stderr = open(2, "w", encoding="utf-8", errors="replace", closefd=False, buffering=1)  # noqa: SIM115


class ChildFailed(RuntimeError):
    """A forked call raised, or its child died before it could answer.

    The message is the exception's last line ("ValueError: ..."), so that a report of it stays one
    sentence; `details` holds the child's whole traceback (PNP_DEBUG=1 shows it as a note), `frames`
    its frames as (file, line, function, source) and `moment` where a game stood when it failed
    (generator.rules.faults), so a fault is blamed and reported in the parent as if raised there."""

    def __init__(self, message: str, details: str = "", frames: Sequence[tuple[str, int, str, str]] = (),
                 moment: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.details = details
        self.frames = list(frames)
        self.moment = moment
        if details:
            self.add_note(f"in the forked child:\n{details}")


def outcome(work: Callable[..., Any], *args: Any) -> tuple[bool, Any]:
    """In a child: (True, what `work(*args)` returned), or (False, its failure as plain data: `failure`)."""
    try:
        return True, work(*args)
    except BaseException as exc:  # noqa: BLE001 - every failure goes back to the parent, which raises it
        return False, failure(exc)


def failure(exc: BaseException) -> tuple[Any, ...]:
    """What the parent needs to raise a child's exception again: a refusal of the system (disk full,
    read-only, permission denied) as the same OSError, anything else as ChildFailed with the traceback."""
    details = traceback.format_exc()
    if isinstance(exc, OSError) and exc.errno is not None:
        return ("os", exc.errno, exc.strerror, _path(exc.filename), _path(exc.filename2), details)
    frames = [(f.filename, f.lineno or 0, f.name, f.line or "") for f in traceback.extract_tb(exc.__traceback__)]
    moment = getattr(exc, "pnp_moment", None)  # plain data set by generator.rules.faults.remember
    return ("other", details, frames, moment if isinstance(moment, dict) else None)


def _path(name: object) -> str | None:
    return None if name is None else os.fsdecode(name) if isinstance(name, (str, bytes, os.PathLike)) else str(name)


def answered(answer: tuple[bool, Any] | None) -> Any:
    """What a child's answer `(ok, value)` holds: its value, or its failure (`failure`) raised in this process as
    it was met; None: the child died before it answered."""
    if answer is None:
        raise ChildFailed("a forked worker died before it answered (killed, or out of memory?)")
    ok, value = answer
    if ok:
        return value
    if value[0] == "os":
        _, number, strerror, filename, filename2, details = value
        error = OSError(number, strerror, filename, None, filename2)  # FileNotFoundError etc., as in the child
        error.add_note(f"in the forked child:\n{details}")
        raise error
    _, details, frames, moment = value
    lines = [line for line in details.strip().splitlines() if line.strip()]
    raise ChildFailed(f"{lines[-1].strip()} (in a forked child)" if lines else "a forked worker failed",
                      details, frames, moment)


class Forked(Generic[Result]):
    """`work()` running in a forked child; `result()` once `done`."""

    def __init__(self, work: Callable[[], Result]) -> None:
        """Start the child, Ctrl-C held back meanwhile: the child leaves it to the parent (`_run_child`)."""
        self.answers, sender = multiprocessing.get_context("fork").Pipe(duplex=False)
        self.process = multiprocessing.get_context("fork").Process(
            target=_run_child, args=(work, sender, os.getpid()))
        held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            self.process.start()
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)
            sender.close()
        self.fd, self.answer, self.done = self.answers.fileno(), None, False

    def take(self) -> None:
        """Once `fd` is readable (or at its end): take the child's answer (None: it died first); the child goes."""
        with suppress(EOFError, OSError):
            self.answer = self.answers.recv()
        self.kill()

    def result(self) -> Result:
        return answered(self.answer)  # what work() returned, through pickle

    def kill(self) -> None:
        """End the child (at once: an answered child has nothing left to do), close the pipe and reap it."""
        if not self.done:
            self.process.kill()
            self.answers.close()
            self.process.join()
            self.done = True


def _run_child(work: Callable[[], Any], answers: Connection, parent: int) -> None:
    forked_child(parent)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    answers.send(outcome(work))
