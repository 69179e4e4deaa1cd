"""Which files of a game folder a change added, removed or changed: the first answer of `pnp diff`.

A game whose files are all the same in both revisions needs nothing else compared. Links are
compared as links (never followed); caches Python leaves beside a game's engine are ignored.
"""

from __future__ import annotations

import hashlib
import os
import stat
from dataclasses import asdict, dataclass
from pathlib import Path, PurePosixPath


@dataclass(frozen=True)
class FileChange:
    path: str      # inside the game folder, with '/' (`cards/buildings.yaml`)
    change: str    # added, removed, changed

    def as_json(self) -> dict[str, str]:
        return asdict(self)


def _ignored(name: str) -> bool:
    return name.startswith(".") or name == "__pycache__" or name.endswith(".pyc")


def fingerprints(root: Path | None) -> dict[str, str]:
    """Every file below `root` (path with '/') and a hash of what it holds (a link: where it points)."""
    found: dict[str, str] = {}
    if root is None or not root.is_dir() or root.is_symlink():
        return found
    for folder, dirs, files in os.walk(root, followlinks=False):
        dirs[:] = sorted(d for d in dirs if not _ignored(d))
        for name in sorted(files) + [d for d in dirs if (Path(folder) / d).is_symlink()]:
            if _ignored(name):
                continue
            path = Path(folder) / name
            key = PurePosixPath(*path.relative_to(root).parts).as_posix()
            info = path.lstat()
            if stat.S_ISLNK(info.st_mode):
                found[key] = "link:" + os.readlink(path)
            elif stat.S_ISREG(info.st_mode):
                digest = hashlib.sha256()
                with open(path, "rb") as handle:
                    for block in iter(lambda: handle.read(1 << 20), b""):
                        digest.update(block)
                found[key] = digest.hexdigest()
            else:
                found[key] = f"special:{stat.S_IFMT(info.st_mode)}"
    return found


def file_changes(old_root: Path | None, new_root: Path | None) -> list[FileChange]:
    """The files that differ between two folders of the same game, by path."""
    old, new = fingerprints(old_root), fingerprints(new_root)
    changes = [FileChange(path, "removed") for path in old.keys() - new.keys()]
    changes += [FileChange(path, "added") for path in new.keys() - old.keys()]
    changes += [FileChange(path, "changed") for path in old.keys() & new.keys() if old[path] != new[path]]
    return sorted(changes, key=lambda c: c.path)
