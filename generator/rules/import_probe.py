"""A game's engine module imported first in a forked child with a time limit, so importing it cannot hang or end pnp.

A module that loops at import would hang `pnp check`, and one that calls `os._exit(0)` would end
it with exit 0 and no word. The child (generator.forked, so it dies with pnp and never runs its
exit handlers) imports the module and answers; a child that runs out of time is killed, and one
that ends without answering is reported, both as one sentence naming the module. Only then is
the module imported in pnp's own process. Where there is no fork, the module is imported in-process
only.
"""

from __future__ import annotations

import json
import os
import selectors
import time
from collections.abc import Callable
from typing import Any

from generator.forked import Forked, can_fork

SECONDS_VARIABLE = "PNP_ENGINE_IMPORT_SECONDS"
DEFAULT_SECONDS = 20.0


class ProbeFailed(Exception):
    """The child importing the module ran out of time (`timed_out`) or ended without answering."""

    def __init__(self, timed_out: bool, seconds: float) -> None:
        super().__init__("timed out" if timed_out else "no answer")
        self.timed_out = timed_out
        self.seconds = seconds


def seconds_from_environment(variable: str, default: float) -> float:
    """A time limit a user may set: the environment variable when it is a positive number (below a million), else
    `default`."""
    try:
        wanted = float(os.environ.get(variable, ""))
    except ValueError:
        return default
    return wanted if 0 < wanted < 1e6 else default


def time_limit() -> float:
    """Seconds an import may take: PNP_ENGINE_IMPORT_SECONDS when it is a positive number, else 20."""
    return seconds_from_environment(SECONDS_VARIABLE, DEFAULT_SECONDS)


def available() -> bool:
    return can_fork()


def probe(work: Callable[[], Any]) -> Any:
    """What `work()` returned (as JSON) in a forked child; ProbeFailed when it took longer than the limit or gave no
    answer. The answer comes through a pipe of its own, so nothing the module does to pickle can garble it."""
    seconds = time_limit()
    read, write = os.pipe()

    def answer() -> None:
        os.close(read)
        data = json.dumps(work()).encode()
        with os.fdopen(write, "wb") as out:
            out.write(data)

    try:
        child: Forked[None] = Forked(answer)
    finally:
        os.close(write)
    received = bytearray()
    deadline = time.monotonic() + seconds
    try:
        with selectors.DefaultSelector() as selector:
            selector.register(read, selectors.EVENT_READ)
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise ProbeFailed(True, seconds)
                if selector.select(left):
                    chunk = os.read(read, 1 << 16)
                    if not chunk:
                        break
                    received += chunk
    finally:
        os.close(read)
        child.kill()
    try:
        return json.loads(bytes(received))
    except ValueError:  # nothing (the child ended first) or a part of an answer
        raise ProbeFailed(False, seconds) from None
