"""One call in a forked child that this process watches: an engine's replay, an import, a page read under a limit.

The callers (generator.rules.engine_child, import_probe, conformance_child, site.markdown_bounds)
watch the child's pipe with a time limit and kill it when it runs over; work shared out on many
cores goes to a standard pool instead (generator.pool), which raises failures the same way. The
child starts with everything this process has loaded and sends its result back pickled through a
pipe. Only Linux forks here.

A child is killed when this process dies, however it dies, and never runs the parent's exit
handlers (it leaves by `os._exit`), so it cannot touch what a build is assembling beyond the
files its call writes.

A child's failure is raised again in the parent the way the parent would have met it: an OSError
(a full disk, a read-only folder) as the same OSError, so the error reads the same sentence
wherever the unit was made; anything else as ChildFailed, one line, the child's traceback kept
in `details`.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import selectors
import signal
import sys
import traceback
from collections.abc import Callable, Sequence
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


def _last_line(details: str) -> str:
    lines = [line for line in details.strip().splitlines() if line.strip()]
    return f"{lines[-1].strip()} (in a forked child)" if lines else "a forked worker failed"


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


def raised(failure: Any) -> Exception:
    """The exception a child's failure (`failure`) is in this process."""
    if isinstance(failure, tuple) and failure and failure[0] == "os":
        _, number, strerror, filename, filename2, details = failure
        error = OSError(number, strerror, filename, None, filename2)  # FileNotFoundError etc., as in the child
        error.add_note(f"in the forked child:\n{details}")
        return error
    if not isinstance(failure, tuple):
        return ChildFailed(_last_line(str(failure)), str(failure))
    details, frames, moment = (tuple(failure[1:]) + ((), None))[:3]
    return ChildFailed(_last_line(details), details, frames, moment)


class Forked(Generic[Result]):
    """`work()` running in a forked child; `result()` once `done`."""

    def __init__(self, work: Callable[[], Result]) -> None:
        """Fork the child, Ctrl-C held back meanwhile: the child leaves it to the parent (`_run_child`)."""
        parent = os.getpid()
        read, write = os.pipe()
        held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            pid = os.fork()
            if pid == 0:  # the child: never returns
                os.close(read)
                _run_child(work, write, parent)
            os.close(write)
            self.pid, self.fd, self.data, self.done = pid, read, bytearray(), False
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)

    def read_some(self) -> bool:
        """Read what the child has sent; True at its end (then `finish`)."""
        chunk = os.read(self.fd, 1 << 20)
        self.data += chunk
        return not chunk

    def finish(self) -> None:
        """Close the pipe and reap the child."""
        os.close(self.fd)
        os.waitpid(self.pid, 0)
        self.done = True

    def result(self) -> Result:
        if not self.data:
            raise ChildFailed("a forked worker died before it answered (killed, or out of memory?)")
        ok, value = pickle.loads(bytes(self.data))
        if not ok:
            raise raised(value)
        return value  # what work() returned, through pickle

    def wait(self) -> Result:
        """Block until the child has answered; what `result()` returns."""
        with selectors.DefaultSelector() as selector:
            selector.register(self.fd, selectors.EVENT_READ)
            while not self.done:
                selector.select()
                if self.read_some():
                    self.finish()
        return self.result()

    def kill(self) -> None:
        if self.done:
            return
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGKILL)
        os.close(self.fd)
        os.waitpid(self.pid, 0)
        self.done = True


def _run_child(work: Callable[[], Any], pipe: int, parent: int) -> None:
    code = 0
    try:
        die_with_parent(parent)
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # Ctrl-C: the parent reports it, the child just goes
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        # fresh stream objects: another thread of the parent may have held the old ones' locks at the fork
        sys.stdout = open(1, "w", encoding="utf-8", errors="replace", closefd=False, buffering=1)  # noqa: SIM115
        sys.stderr = open(2, "w", encoding="utf-8", errors="replace", closefd=False, buffering=1)  # noqa: SIM115
        try:
            payload = pickle.dumps((True, work()))
        except BaseException as exc:  # noqa: BLE001 - every failure goes back to the parent, which raises it
            payload = pickle.dumps((False, failure(exc)))
        with os.fdopen(pipe, "wb") as out:
            out.write(payload)
    except BaseException:  # noqa: BLE001 - the parent sees no answer and says so
        code = 1
    finally:
        os._exit(code)
