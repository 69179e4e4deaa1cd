"""Games loaded and checked clean by an earlier build, kept in the build cache so a rebuild need not parse them.

Parsing a game's YAML and validating it is most of what a rebuild spends on the games an edit left
alone (Terraforming Mars: 80 ms; all four bundled games: 0.17 s; their pickles load in 0.03 s).
After a game loads and checks clean, its model is pickled into the build cache under a key of its
folder, every byte of its files (`content_hash_of`) and the code (`unit_key`); the next build that
finds the same key takes the model from there, and the game counts as checked (it was, with these
very files and this code).

A pickle runs code when it loads, so only what this user's own pnp-forge wrote is loaded: each
entry is sealed with an HMAC under a secret kept in the user's cache folder (created once, readable
by the user alone). An output folder copied from someone else (or a tampered entry) fails the seal
and the game is parsed as usual. Without a usable secret nothing is kept.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import pickle
from functools import lru_cache
from pathlib import Path
from typing import Protocol

from generator.content.loader import GameContent, content_hash_of

SECRET_BYTES = 32
SEAL_BYTES = 32  # HMAC-SHA256


class KeepsBytes(Protocol):
    """Where sealed games are kept (the build cache)."""

    def kept_bytes(self, key: str) -> bytes | None: ...

    def keep_bytes(self, key: str, data: bytes) -> None: ...


def _secret_file() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "pnp-forge" / "cache-seal.key"


@lru_cache(maxsize=1)
def secret() -> bytes | None:
    """This user's sealing secret, made on first use; None where it cannot be kept safely."""
    path = _secret_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        try:
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass
        else:
            with os.fdopen(descriptor, "wb") as made:
                made.write(os.urandom(SECRET_BYTES))
        info = os.stat(path, follow_symlinks=False)
        if info.st_uid != os.getuid() or info.st_mode & 0o077 or not path.is_file():
            return None  # someone else's, or readable by others: not a secret
        data = path.read_bytes()
    except (OSError, AttributeError):  # no home, a read-only disk, no getuid (not POSIX)
        return None
    return data if len(data) == SECRET_BYTES else None


def _seal(data: bytes, key: bytes) -> bytes:
    return hmac.new(key, data, hashlib.sha256).digest()


def _key(root: Path, content_hash: str) -> str:
    from generator.build_cache import unit_key

    return unit_key("loaded-game", str(root.resolve()), content_hash)


def remembered_game(store: KeepsBytes, root: Path, content_hash: str | None = None) -> GameContent | None:
    """The game in `root` as an earlier build loaded and checked it, if its files and the code are the same.
    `content_hash`: `content_hash_of(root)` when the caller has it already (it reads every file)."""
    key = secret()
    if key is None:
        return None
    sealed = store.kept_bytes(_key(root, content_hash or content_hash_of(root)))
    if sealed is None or len(sealed) <= SEAL_BYTES:
        return None
    seal, data = sealed[:SEAL_BYTES], sealed[SEAL_BYTES:]
    if not hmac.compare_digest(seal, _seal(data, key)):
        return None
    try:
        content = pickle.loads(data)
    except Exception:  # noqa: BLE001 - an entry this code cannot read is parsed again, like a missing one
        return None
    return content if isinstance(content, GameContent) else None


def remember_game(store: KeepsBytes, content: GameContent) -> None:
    """Keep a game that loaded and checked clean, for the next build."""
    key = secret()
    if key is None:
        return
    try:
        data = pickle.dumps(content, protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):  # holds something of its own
        return  # that a pickle cannot carry (a game's engine module, say): it is parsed next time
    store.keep_bytes(_key(content.root, content.content_hash), _seal(data, key) + data)
