"""Which game folders the user trusts to run their engine: a list the user grants, kept outside the content.

Content data (YAML, Markdown, icons, templates) never runs code. A game's engine module is code
and runs with the user's rights, like a pytest conftest or an mkdocs plugin, so pnp-forge imports
it only from a folder the user trusts: `pnp trust DIR` records the folder's resolved path with
one sha256 of every file under it Python imports code from (a sibling module the engine imports
counts too), and a change to any of them asks for trust again. `--trust-engines` trusts every folder for one command.
Bundled games name installed engines (entry points), which are installed code and need no trust.

The list lives in the user's config folder ($XDG_CONFIG_HOME/pnp-forge/trusted.json, else
~/.config/pnp-forge/trusted.json), written whole into a temporary file and renamed over the old,
readable by its owner only, so a content folder can never grant itself trust.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import stat
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

TRUST_FILE = "trusted.json"
APP_FOLDER = "pnp-forge"
# every file Python imports code from: source, bytecode without source, extension modules; `__pycache__`
# aside, as a process that imports an engine reads no bytecode from a game's folder (keep_bytecode_private)
CODE_SUFFIXES = tuple(importlib.machinery.all_suffixes())
BYTECODE_FOLDER = "__pycache__"
_FOR_THIS_COMMAND: list[bool] = [False]
_REVISION_FOLDERS: dict[str, str] = {}  # resolved folder of an exported revision -> how it is named ("HEAD")
_COPIES: dict[str, str] = {}  # resolved folder of a sweep's variants -> the resolved game folder they copy
_READ: dict[str, tuple[tuple[int, int, int], dict[str, Grant]]] = {}  # list file -> (its stat, its grants)


class TrustListBroken(Exception):
    """The trust list exists but cannot be read as one (one sentence saying which file)."""


@dataclass(frozen=True)
class Grant:
    """One trusted folder: where it is, the digest of its engine files when it was trusted, how many there were."""

    path: str
    digest: str
    files: int
    granted: str

    def as_json(self) -> dict[str, Any]:
        return {"path": self.path, "engine_sha256": self.digest, "files": self.files, "granted": self.granted}


def config_folder() -> Path:
    """pnp-forge's folder in the user's config folder (XDG_CONFIG_HOME when it is an absolute path)."""
    return trust_file().parent


def trust_file() -> Path:
    return _trust_file(os.environ.get("XDG_CONFIG_HOME", ""), os.environ.get("HOME", ""))


@lru_cache(maxsize=8)
def _trust_file(base: str, _home: str) -> Path:
    """Worked out once per environment: every game a batch plays asks for it."""
    root = Path(base) if base and os.path.isabs(base) else Path.home() / ".config"
    return root / APP_FOLDER / TRUST_FILE


def engine_files(folder: Path) -> list[Path]:
    """Every file under the game folder Python could import code from, sorted (links to folders are not
    followed; links to files are read; `__pycache__` is never read, see keep_bytecode_private)."""
    found: list[Path] = []
    for here, dirs, files in os.walk(folder, followlinks=False):
        dirs[:] = sorted(name for name in dirs if name != BYTECODE_FOLDER)
        found.extend(Path(here) / name for name in files if name.endswith(CODE_SUFFIXES))
    return sorted(found)


def keep_bytecode_private() -> None:
    """From now on this process keeps Python's bytecode cache in the user's cache folder, not in `__pycache__`
    beside the modules: Python runs a module's cached bytecode instead of its text whenever the text's size
    and time match, whoever wrote it, so bytecode planted in a trusted game's folder would run though every
    engine file still hashes as it did when it was trusted. Called before an engine module is first imported."""
    if sys.pycache_prefix is None:
        base = os.environ.get("XDG_CACHE_HOME", "")
        root = Path(base) if base and os.path.isabs(base) else Path.home() / ".cache"
        sys.pycache_prefix = str(root / APP_FOLDER / "bytecode")


def engine_digest(folder: Path) -> tuple[str, int]:
    """The sha256 of the folder's code files (each file's path under the folder and its bytes), and their count."""
    total = hashlib.sha256()
    files = engine_files(folder)
    for path in files:
        total.update(path.relative_to(folder).as_posix().encode("utf-8", "surrogateescape") + b"\0")
        total.update(_file_digest(path).encode() + b"\n")
    return total.hexdigest(), len(files)


def _file_digest(path: Path) -> str:
    """The sha256 of a file's bytes, read in blocks; only a regular file (or a link to one) is opened, so a
    `.py` named fifo or a link to a device cannot stall it (those are hashed by what they are)."""
    try:
        if path.is_symlink() and not path.is_file():
            return "link:" + os.readlink(path)
        if not stat.S_ISREG(path.stat().st_mode):
            return "special"
        digest = hashlib.sha256()
        with path.open("rb") as source:
            for block in iter(lambda: source.read(1 << 20), b""):
                digest.update(block)
        return digest.hexdigest()
    except OSError:
        return "unreadable"


def _stat_key(path: Path) -> tuple[int, int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def _read(path: Path) -> dict[str, Grant]:
    """The grants in the list file (none when there is no file); read again only when the file changed."""
    key = _stat_key(path)
    if key is None:
        return {}
    cached = _READ.get(str(path))
    if cached is not None and cached[0] == key:
        return cached[1]
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        grants = {entry["path"]: Grant(str(entry["path"]), str(entry["engine_sha256"]), int(entry.get("files", 0)),
                                       str(entry.get("granted", "")))
                  for entry in data["folders"]}
    except FileNotFoundError:
        return {}
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise TrustListBroken(f"the trust list {path} cannot be read ({type(exc).__name__}); delete it and "
                              "trust your game folders again with `pnp trust DIR`") from None
    _READ[str(path)] = (key, grants)
    return grants


def _write(path: Path, grants: dict[str, Grant]) -> None:
    """The list written whole: a temporary file beside it (owner only), then renamed over it."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    text = json.dumps({"version": 1, "folders": [grants[key].as_json() for key in sorted(grants)]}, indent=2) + "\n"
    fd, temporary = tempfile.mkstemp(prefix=".trusted-", suffix=".json", dir=path.parent)
    try:
        os.fchmod(fd, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        with _suppressed():
            os.unlink(temporary)
        raise
    _READ.pop(str(path), None)


@contextmanager
def _suppressed() -> Iterator[None]:
    with suppress(OSError):
        yield


def resolved(folder: Path) -> str:
    return str(Path(os.path.abspath(folder)).resolve())


def grants() -> list[Grant]:
    """Every trusted folder, by path (TrustListBroken for a list that cannot be read)."""
    return [grant for _path, grant in sorted(_read(trust_file()).items())]


def grant(folder: Path) -> Grant:
    """Trust `folder`'s engine files as they are now (replacing an earlier grant of the same folder)."""
    path = resolved(folder)
    digest, count = engine_digest(Path(path))
    given = Grant(path, digest, count, datetime.now(UTC).replace(microsecond=0).isoformat())
    listed = dict(_read(trust_file()))
    listed[path] = given
    _write(trust_file(), listed)
    return given


def revoke(folder: Path) -> Grant | None:
    """Trust `folder` no longer; the grant that was removed (None when it was not trusted)."""
    path = resolved(folder)
    listed = dict(_read(trust_file()))
    removed = listed.pop(path, None)
    if removed is not None:
        _write(trust_file(), listed)
    return removed


def trust_for_this_command(on: bool = True) -> None:
    """`--trust-engines`: every folder's engine may run until the command ends (`on=False` ends it)."""
    _FOR_THIS_COMMAND[0] = on


def trusted_for_this_command() -> bool:
    return _FOR_THIS_COMMAND[0]


@contextmanager
def revision_folder(folder: Path, revision: str) -> Iterator[None]:
    """While `pnp diff` compares, `folder` holds revision `revision`'s content: its engines need --trust-engines."""
    key = resolved(folder)
    _REVISION_FOLDERS[key] = revision
    try:
        yield
    finally:
        _REVISION_FOLDERS.pop(key, None)


@contextmanager
def copies_of(folder: Path, original: Path) -> Iterator[None]:
    """While a sweep plays, the game folders under `folder` are variants of the game in `original`: only data
    changed, so an engine there may run when it is the original's, trusted, byte for byte (the same digest)."""
    key = resolved(folder)
    _COPIES[key] = resolved(original)
    try:
        yield
    finally:
        _COPIES.pop(key, None)


def _original_of(path: str) -> str | None:
    return next((original for root, original in _COPIES.items() if Path(path).is_relative_to(root)), None)


def revision_of(folder: Path) -> str | None:
    """The revision whose exported content holds `folder` (None for a folder of the working tree)."""
    if not _REVISION_FOLDERS:
        return None
    return _revision_of_resolved(resolved(folder))


def _revision_of_resolved(path: str) -> str | None:
    for root, revision in _REVISION_FOLDERS.items():
        if Path(path).is_relative_to(root):
            return revision
    return None


@dataclass(frozen=True)
class Verdict:
    """Whether a folder's engine may run; `changed` when it was trusted with other engine files."""

    trusted: bool
    digest: str = ""
    changed: bool = False
    revision: str | None = None


def verdict(folder: Path) -> Verdict:
    """May the engine files under `folder` run now? (Hashes them; a list that cannot be read trusts nothing.)"""
    if trusted_for_this_command():
        return Verdict(True)
    revision = revision_of(folder)
    if revision is not None:  # another revision's files: only --trust-engines lets them run
        return Verdict(False, revision=revision)
    path = resolved(folder)
    try:
        listed = _read(trust_file()).get(_original_of(path) or path) if _COPIES else _read(trust_file()).get(path)
    except TrustListBroken:
        listed = None
    if listed is None:
        return Verdict(False)
    digest, _count = engine_digest(Path(path))
    return Verdict(digest == listed.digest, digest, changed=digest != listed.digest)


def still_trusted(folder: str, digest: str) -> bool:
    """Is the resolved `folder` still trusted with the engine files it had (`digest`), without hashing them again?

    Cheap (one stat of the list), as every game a batch plays asks it.
    """
    if trusted_for_this_command():
        return True
    if _REVISION_FOLDERS and _revision_of_resolved(folder) is not None:
        return False
    try:
        listed = _read(trust_file()).get((_original_of(folder) or folder) if _COPIES else folder)
    except TrustListBroken:
        return False
    return listed is not None and bool(digest) and listed.digest == digest
