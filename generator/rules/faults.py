"""Telling a fault in a designer's engine (content: exit 1 at its file and line) from a bug of pnp-forge (exit 3).

A game's own engine is content: when its code raises while it plays, the designer needs the
file and line in their engine, not a traceback of pnp-forge. A fault in a bundled engine stays a
bug of pnp-forge.
"""

from __future__ import annotations

import re
import traceback
from pathlib import Path

from generator.content.errors import relative
from generator.content.loader import GameContent

_FRAME = re.compile(r'File "([^"]+)", line (\d+)')


def engine_fault(exc: BaseException, content: GameContent) -> tuple[str, int] | None:
    """Where in the game's own folder `exc` was raised (file as shown to people, line), or None."""
    if not content.game.engine or isinstance(content.game.engine, str):
        return None
    root = content.root.resolve()
    found: tuple[str, int] | None = None
    for frame in traceback.extract_tb(exc.__traceback__):
        found = _inside(frame.filename, frame.lineno or 0, root) or found
    remote = exc.__cause__  # a worker process's traceback comes back as text
    if found is None and remote is not None:
        for name, line in _FRAME.findall(str(remote)):
            found = _inside(name, int(line), root) or found
    return found


def _inside(filename: str, line: int, root: Path) -> tuple[str, int] | None:
    try:
        path = Path(filename).resolve()
    except (OSError, ValueError):
        return None
    return (relative(path), line) if path.is_relative_to(root) else None


def describe(exc: BaseException, limit: int = 300) -> str:
    """`KeyError: 'boom'`: the exception as one line (one a forked child raised reads as it did there)."""
    from generator.forked import ChildFailed

    text = str(exc).removesuffix(" (in a forked child)") if isinstance(exc, ChildFailed) else f"{type(exc).__name__}: {exc}"
    return text if len(text) <= limit else text[: limit - 1] + "…"
