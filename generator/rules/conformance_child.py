"""The conformance suite of a game's own engine module, run in a watched forked child with a time limit.

A module engine is the designer's code: one of its moves may loop forever or end the process, and
the suite plays thousands of them. As `pnp check` replays such an engine's examples
(generator.rules.engine_child) and `simulate` plays its games (generator.rules.batch_runner), the
suite runs in a forked child while this process watches: the child says what it starts (a seed,
the simulate comparison) through a pipe of its own, and each line gives it another time limit
(PNP_ENGINE_SECONDS, 60 s). A child that runs past it, or ends without its report, is
EngineStopped, naming what it was doing. The report comes back through generator.forked as the
plain data it is; a bug of pnp-forge in the child comes back as ChildFailed with its frames.

Installed engines (the bundled games) and machines without fork run the suite in this process.
"""

from __future__ import annotations

import json
import os
import selectors
import time
from collections.abc import Callable
from typing import Any

from generator.content.loader import GameContent
from generator.forked import Forked
from generator.rules.conformance import run_suite
from generator.rules.conformance_report import ConformanceReport, Settings, Tell
from generator.rules.engine_child import (
    EngineStopped,
    child_message,
    in_child,
    is_module_engine,
    time_limit,
)


def run_watched(content: GameContent, options: dict[str, Any], settings: Settings, repeat_flags: str = "",
                tell: Tell | None = None) -> ConformanceReport:
    """`run_suite`, in a watched child for a module engine; `tell(doing, games finished)` hears of its progress."""
    heard: Tell = tell or (lambda doing, done: None)
    if not in_child(content):
        try:
            return run_suite(content, options, settings, repeat_flags, heard)
        except SystemExit:  # the engine quit in the middle of a move (no fork here): an error, not a silent end of pnp
            if not is_module_engine(content):
                raise
            raise EngineStopped(content, "running its conformance suite", False, time_limit()) from None
    return _in_child(lambda told: run_suite(content, options, settings, repeat_flags, told), content, heard)


def _in_child(work: Callable[[Tell], ConformanceReport], content: GameContent, tell: Tell) -> ConformanceReport:
    seconds = time_limit()
    read, write = os.pipe()

    def child() -> ConformanceReport:
        os.close(read)
        out = os.fdopen(write, "w", encoding="utf-8")

        def told(doing: str, done: int) -> None:
            out.write(json.dumps({"at": doing, "done": done}) + "\n")
            out.flush()

        try:
            return work(told)
        except SystemExit:  # the engine quit: the parent hears no report and names what it was doing
            os._exit(1)

    try:
        forked: Forked[ConformanceReport] = Forked(child)
    finally:
        os.close(write)
    doing, pending = "running its conformance suite", b""
    deadline = time.monotonic() + seconds
    ended = False
    try:
        with selectors.DefaultSelector() as selector:
            selector.register(read, selectors.EVENT_READ, "progress")
            selector.register(forked.fd, selectors.EVENT_READ, "result")
            while not ended:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise EngineStopped(content, doing, True, seconds)
                for key, _ in selector.select(left):
                    if key.data == "result":
                        ended = True
                        continue
                    chunk = os.read(read, 1 << 16)
                    if not chunk:
                        selector.unregister(read)
                        continue
                    *lines, rest = (pending + chunk).split(b"\n")
                    pending = rest
                    for line in lines:
                        message = child_message(line)
                        if "at" in message:
                            doing = f"testing {message['at']}"
                            deadline = time.monotonic() + seconds
                            tell(str(message["at"]), int(message.get("done") or 0))
        forked.take()
    finally:
        os.close(read)
        forked.kill()
    if forked.answer is None:
        raise EngineStopped(content, doing, False, seconds)
    return forked.result()

