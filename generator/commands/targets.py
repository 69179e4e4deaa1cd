"""A file the user names for a command's result (`play --save`, `simulate --out`), tried before the work.

A game played for half an hour or a batch of a million games must not end in a write that was
bound to fail: the place is tried first, and a refusal is one sentence. A folder that does not
exist is bad usage (exit 2: the option names a place that is not there), a place the system
refuses (read-only, /proc, permissions, a full disk) is the machine's refusal (exit 1).
"""

from __future__ import annotations

import os
from pathlib import Path

from generator.commands.failure import CommandRefused, cannot_write


def try_target(path: Path, option: str, make_folder: bool = False) -> None:
    """Refuse `path` now if it cannot be written; `make_folder` makes its missing folders first.

    Writes nothing: a file made to try the place is removed again, one that was there is left as it was."""
    folder = path.parent
    if make_folder:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise cannot_write(path, exc) from None
    if not folder.is_dir():
        raise CommandRefused(f"{option} {path}: the folder {folder} does not exist, so nothing was done; "
                             "make the folder first or name another")
    if path.is_dir():
        raise CommandRefused(f"{option} {path}: that is a folder; name a file")
    existed = path.exists()
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644))
    except OSError as exc:
        raise cannot_write(path, exc) from None
    if not existed:
        path.unlink(missing_ok=True)


def write_target(path: Path, text: str) -> None:
    """Write the result; a refusal (a full disk) is one sentence, exit 1."""
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise cannot_write(path, exc) from None
