"""Games checked clean, remembered as data in the user's cache folder: one record of "this content was
checked", for every command. `pnp build` and `pnp serve` check a game in full once and then, while neither
its files nor pnp-forge change, only load its model; `pnp info`, `play` and `simulate` too, after a build or
after their own first check. Its layouts, icons, rules pages and engine are not checked again (a fifth of a
no-edit rebuild's CPU; with their imports, two thirds of `pnp info`'s).

A verdict is an empty file named by the check's key (`verdict_key`: the game's id, folder and content hash,
and pnp-forge's code): nothing read from it runs code, and a game whose files changed has another key, so it
is checked in full and refused exactly as before. Only a clean check leaves a verdict. The folder is
$XDG_CACHE_HOME/pnp-forge/checked (else ~/.cache/...), never output/; verdicts unused for KEEP_SECONDS go.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from generator.content.loader import GameContent

APP_FOLDER = "pnp-forge"
VERDICTS = "checked"
KEEP_SECONDS = 7 * 24 * 3600  # a verdict unused for a week is removed when another is written


def verdict_folder() -> Path:
    """Where the verdicts live (XDG_CACHE_HOME when it is an absolute path, else ~/.cache)."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    root = Path(base) if base and os.path.isabs(base) else Path.home() / ".cache"
    return root / APP_FOLDER / VERDICTS


def verdict_key(content: GameContent) -> str:
    """The key of a clean check of this game, with these files (every byte, both languages), by this code."""
    from generator.build_cache import unit_key

    return unit_key("check", content.id, str(content.root.resolve()), content.content_hash)


class CheckInFull:
    """`pnp build --no-cache`: every game is checked in full, and nothing is remembered."""

    def checked(self, content: GameContent) -> bool:
        return False

    def mark_checked(self, content: GameContent) -> None:
        """Nothing is remembered."""


class CheckedVerdicts:
    """The user's verdicts; a folder that cannot be read or written only means every game is checked in full."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else verdict_folder()

    def checked(self, content: GameContent) -> bool:
        if not content.content_hash:
            return False
        path = self.folder / verdict_key(content)
        try:
            if not path.is_file() or path.is_symlink():
                return False
            os.utime(path)  # used now: kept another KEEP_SECONDS
        except OSError:
            return False
        return True

    def mark_checked(self, content: GameContent) -> None:
        if not content.content_hash:
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            (self.folder / verdict_key(content)).touch()
            self._prune()
        except OSError:  # a read-only home: the next command checks in full, as it would anyway
            pass

    def _prune(self) -> None:
        old = time.time() - KEEP_SECONDS
        with os.scandir(self.folder) as entries:
            for entry in entries:
                try:
                    if entry.stat(follow_symlinks=False).st_mtime < old:
                        os.unlink(entry.path)
                except OSError:
                    continue
