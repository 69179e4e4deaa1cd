"""Reading a game's files: only regular files inside the game folder, never through a link, bounded.

Content may come from collaborators, so a file of the game folder could be a symbolic link to
a file elsewhere (which would then be published), a FIFO or a device (which would hang a read
or never end), a folder named like a page, or simply huge. Every content read goes through
`read_bytes`/`read_text`: the file is opened without following a link, must be a regular file,
and may not be larger than the limit of its type. Problems are errors naming the file.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from generator.content.errors import ErrorList, Mark

MB = 1024 * 1024
SIZE_LIMITS = {".yaml": 2 * MB, ".yml": 2 * MB, ".md": 1 * MB, ".svg": 256 * 1024, ".png": 20 * MB,
               ".jpg": 20 * MB, ".jpeg": 20 * MB}
DEFAULT_LIMIT = 2 * MB


class Unreadable(Exception):
    """A content file that may not be read; the message says why, in words for the designer."""


def _size(limit: int) -> str:
    return f"{limit // MB} MB" if limit >= MB else f"{limit // 1024} KB"


def limit_of(path: Path) -> int:
    return SIZE_LIMITS.get(path.suffix.lower(), DEFAULT_LIMIT)


def linked_part(path: Path, root: Path | None) -> Path | None:
    """The first symbolic link on the way from `root` down to `path` (the file itself included)."""
    if root is None:
        return path if path.is_symlink() else None
    try:
        parts = path.relative_to(root).parts
    except ValueError:
        return path
    current = root
    for part in parts:
        current = current / part
        if current.is_symlink():
            return current
    return None


def read_bytes(path: Path, root: Path | None = None, limit: int | None = None) -> bytes:
    """The bytes of a regular file under `root`, opened without following links; at most `limit` bytes."""
    limit = limit_of(path) if limit is None else limit
    link = linked_part(path, root)
    if link is not None:
        where = "is" if link == path else f"lies in '{link.name}', which is"
        raise Unreadable(f"{where} a symbolic link; pnp reads only files inside the game folder")
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        if exc.errno == 40:  # ELOOP: the file is a link (raced in after the check above)
            raise Unreadable("is a symbolic link; pnp reads only files inside the game folder") from None
        raise Unreadable(f"cannot be read: {exc.strerror}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise Unreadable("is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise Unreadable("is not a regular file (a FIFO, device or socket)")
        if info.st_size > limit:
            raise Unreadable(
                f"is {info.st_size / MB:.1f} MB, over the {_size(limit)} limit for {path.suffix or 'such'} files"
            )
        chunks = []
        remaining = limit + 1
        while remaining > 0:
            chunk = os.read(fd, min(remaining, MB))
            if not chunk:
                break
            chunks.append(chunk)
            remaining -= len(chunk)
        data = b"".join(chunks)
        if len(data) > limit:
            raise Unreadable(f"is over the {_size(limit)} limit for {path.suffix or 'such'} files")
        return data
    finally:
        os.close(fd)


def check_regular(path: Path, root: Path | None = None) -> None:
    """Raise Unreadable unless `path` is a regular file under `root`, reached without links, within its limit.

    For files other code opens itself (images a PDF library embeds): the same rules, no read.
    """
    link = linked_part(path, root)
    if link is not None:
        raise Unreadable("is a symbolic link; pnp reads only files inside the game folder")
    try:
        info = os.lstat(path)
    except OSError as exc:
        raise Unreadable(f"cannot be read: {exc.strerror}") from None
    if not stat.S_ISREG(info.st_mode):
        raise Unreadable("is a folder, not a file" if stat.S_ISDIR(info.st_mode) else "is not a regular file")
    if info.st_size > limit_of(path):
        raise Unreadable(f"is {info.st_size / MB:.1f} MB, over the {_size(limit_of(path))} limit for "
                         f"{path.suffix} files")


def decode(data: bytes, display: str, errors: ErrorList) -> str | None:
    """UTF-8 text, or an error at the line and column of the first byte that is not UTF-8."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[:exc.start]
        line = before.count(b"\n") + 1
        column = exc.start - (before.rfind(b"\n") + 1) + 1
        errors.add(Mark(display, line, column), f"file is not UTF-8 text (byte 0x{data[exc.start]:02x})",
                   hint="save the file as UTF-8", code="syntax")
        return None


def read_text(path: Path, display: str, errors: ErrorList, root: Path | None = None) -> str | None:
    """A content file as text; None (with an error naming the file) when it may not be read."""
    try:
        data = read_bytes(path, root)
    except Unreadable as exc:
        errors.add(Mark(display, 1, 1) if path.suffix else Mark(display), f"'{path.name}' {exc}",
                   hint="keep the game's files as plain files inside its folder", code="file")
        return None
    return decode(data, display, errors)


def entries(folder: Path, suffixes: tuple[str, ...], display: str, errors: ErrorList,
            root: Path | None = None) -> list[Path]:
    """The entries of `folder` whose names end in `suffixes`, in name order (files or not: reading tells).

    A folder that is a link is refused here, so nothing below it is read.
    """
    if not folder.exists() and not folder.is_symlink():
        return []
    link = linked_part(folder, root)
    if link is not None:
        errors.add(Mark(display), f"'{link.name}' is a symbolic link; pnp reads only files inside the game folder",
                   hint="copy the files into the game folder", code="file")
        return []
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.name.lower().endswith(suffixes))
