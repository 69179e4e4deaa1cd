"""A game's own engine module replaying its examples and golden playthroughs in a forked child with a time limit.

A module engine is the designer's code: its `apply` may loop forever, or call `os._exit(0)` or
`sys.exit(0)` in the middle of a move. Replayed in pnp's own process, the first would hang
`pnp check` and the second end it with exit 0 and no word. So `pnp check` replays them in a
forked child (generator.forked, so it dies with pnp and never runs pnp's exit handlers): the
child tells the parent which example or playthrough it starts, and sends the errors found as
plain data (JSON through a pipe of its own, never pickles of engine objects). A child that runs
out of time, or ends without its answer, is one error at game.yaml's engine line naming what it
was replaying. The build replays a module engine's examples here first too, before it replays
them in its own process for the site's pages.

Installed engines (the bundled games) are pnp-forge's own code: they replay in-process, as fast
as before. Where there is no fork, everything replays in-process; an engine's `sys.exit` there is
still an error, only `os._exit` and a loop are not caught.
"""

from __future__ import annotations

import json
import os
import selectors
import time
import traceback
from collections.abc import Callable
from typing import Any

from generator.content.errors import ContentError, ErrorList, Mark
from generator.content.loader import GameContent
from generator.forked import ChildFailed, Forked, can_fork
from generator.rules.import_probe import seconds_from_environment

SECONDS_VARIABLE = "PNP_ENGINE_SECONDS"
DEFAULT_SECONDS = 60.0

Started = Callable[[str], None]  # told what is replayed next ("example 'opening'"), for the sentence if it never ends
Work = Callable[[ErrorList, Started], None]


def time_limit() -> float:
    """Seconds a module engine may take per game (its replays, or one simulated game): PNP_ENGINE_SECONDS, else 60."""
    return seconds_from_environment(SECONDS_VARIABLE, DEFAULT_SECONDS)


def is_module_engine(content: GameContent) -> bool:
    """Whether the game's engine is a module of its own folder (the designer's code, not an installed engine)."""
    engine = content.game.engine
    return engine is not None and not isinstance(engine, str)


def in_child(content: GameContent) -> bool:
    """Whether the game's engine replays in a forked child: a module engine, where there is fork."""
    return is_module_engine(content) and can_fork()


class EngineStopped(Exception):
    """The engine ran out of time or ended the process while it was `doing` something; the message is one sentence."""

    def __init__(self, content: GameContent, doing: str, timed_out: bool, seconds: float) -> None:
        self.content, self.doing, self.timed_out, self.seconds = content, doing, timed_out, seconds
        if timed_out:
            message = (f"the engine of game '{content.id}' did not finish {doing} within {seconds:g} s, so it was "
                       "stopped (does its apply or legal_actions loop?)")
            self.hint = f"a slow engine may take longer with {SECONDS_VARIABLE}=SECONDS"
        else:
            message = (f"the engine of game '{content.id}' ended the process while {doing} (it calls os._exit or "
                       "sys.exit, or it was killed)")
            self.hint = "an engine reports a problem by raising an exception, never by ending the process"
        super().__init__(message)
        self.message = message

    def mark(self) -> Mark:
        """game.yaml's `engine:` line."""
        return self.content.mark_of("game", self.content.id, "engine")

    def add_to(self, errors: ErrorList) -> None:
        errors.add(self.mark(), self.message, ("engine",), hint=self.hint, code="engine")


def replay_in_child(content: GameContent, errors: ErrorList, work: Work, what: str = "replaying its examples") -> None:
    """`work(errors, started)` for this game: in a forked child with a time limit for a module engine (its errors
    come back as data), else in this process. A child that never answers is one error at game.yaml's engine line."""
    if not in_child(content):
        doing = [what]
        try:
            work(errors, lambda step: doing.__setitem__(0, f"replaying {step}"))
        except SystemExit:  # the engine quit in the middle of a move: an error, not a silent end of pnp
            EngineStopped(content, doing[0], False, time_limit()).add_to(errors)
        return
    try:
        found = child_errors(work, content, what)
    except EngineStopped as stopped:
        stopped.add_to(errors)
        return
    errors.extend(found)


def child_errors(work: Work, content: GameContent, what: str) -> list[ContentError]:
    seconds = time_limit()
    read, write = os.pipe()

    def answer() -> None:
        os.close(read)
        with os.fdopen(write, "w", encoding="utf-8") as out:
            def started(step: str) -> None:
                out.write(json.dumps({"at": step}) + "\n")
                out.flush()

            found = ErrorList()
            try:
                work(found, started)
            except SystemExit:
                return  # the parent hears no answer: "ended the process while ..."
            except Exception:  # noqa: BLE001 - a bug of pnp-forge (an engine's fault is an error in `found`): raised in the parent
                out.write(json.dumps({"failed": traceback.format_exc()}) + "\n")
                return
            out.write(json.dumps({"errors": [_plain(e) for e in found.errors]}) + "\n")

    try:
        child: Forked[None] = Forked(answer)
    finally:
        os.close(write)
    doing, received, last = what, bytearray(), None
    deadline = time.monotonic() + seconds
    try:
        with selectors.DefaultSelector() as selector:
            selector.register(read, selectors.EVENT_READ)
            while last is None:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise EngineStopped(content, doing, True, seconds)
                if not selector.select(left):
                    continue
                chunk = os.read(read, 1 << 16)
                if not chunk:
                    raise EngineStopped(content, doing, False, seconds)
                received += chunk
                *lines, rest = bytes(received).split(b"\n")
                received = bytearray(rest)
                for line in lines:
                    message = child_message(line)
                    if "at" in message:
                        doing = f"replaying {message['at']}"
                    elif "errors" in message or "failed" in message:
                        last = message
    finally:
        os.close(read)
        child.kill()
    if "failed" in last:
        details = str(last["failed"])
        raise ChildFailed(details.strip().splitlines()[-1] + " (in a forked child)", details)
    return [_error(item) for item in last["errors"]]


def child_message(line: bytes) -> dict[str, Any]:
    """One JSON line a watched child wrote to its pipe, or {} for a line that is none (a child that died mid-line)."""
    try:
        message = json.loads(line)
    except ValueError:
        return {}
    return message if isinstance(message, dict) else {}


def _plain(error: ContentError) -> dict[str, Any]:
    return {"file": error.mark.file, "line": error.mark.line, "column": error.mark.column, "path": list(error.path),
            "message": error.message, "hint": error.hint, "code": error.code, "fault": error.fault}


def _error(item: dict[str, Any]) -> ContentError:
    return ContentError(Mark(str(item["file"]), int(item["line"]), int(item["column"])), str(item["message"]),
                        tuple(item["path"]), str(item["hint"]), str(item["code"]),
                        item["fault"] if isinstance(item.get("fault"), dict) else None)
