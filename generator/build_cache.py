"""The build cache: each build unit's files kept under a key of everything they are made from.

A build is made of units (a print step of one game in one language, one game's site in one
language). A unit's key hashes the code that makes it (every file of the generator, the site
template, the fonts, and the versions of the libraries that draw), the game's content as that
language sees it (`language_fingerprint`: a German-only edit leaves the English key alone), the
build options and the keys of the units it reads. A unit whose key is in the cache is copied
from it instead of being made again, so a one-card edit redoes the cards, rulebook and site of
that card's game and language and nothing else.

Lives in `output/.pnp/cache/` and is safe to delete: the next build makes it again. Nothing there is
trusted: an entry holds data only (files and JSON, nothing that runs code when read), its manifest
records its own key and every file's sha256, and an entry that was moved under another key, a file
edited by hand or anything that is not a regular file (a link planted in an entry) is a miss: the
unit is made again, and no link is ever followed out of an entry. Entries and
outputs share files by hard links, as the output's generations already do (generator.output_folder):
a rebuild then writes and frees only what changed, which matters where freeing blocks is slow
(a disk mounted with `discard`). Builds never write into a file in place: a restored file is never
written again in that build (restores skip paths a fresh unit already wrote, and the one file
rewritten later, the site's game.json, is unlinked first).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import stat
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from contextvars import ContextVar
from functools import wraps
from importlib import metadata
from pathlib import Path
from typing import Any, TypeVar

import yaml

from generator.content.loader import GameContent
from generator.content.schema import LANGUAGES
from generator.memos import forget_all, per_build, per_build_dict
from generator.output_folder import copy_regular

PACKAGE_ROOT = Path(__file__).resolve().parents[1]
# what makes the outputs besides the content: the generator itself, the site's committed parts, fonts, templates
CODE_PARTS = ("generator", "site/assets", "site/hooks", "site/overrides", "site/mkdocs.base.yml", "fonts", "templates")
# libraries whose version changes what is drawn or written
LIBRARIES = ("reportlab", "svgwrite", "Pillow", "matplotlib", "mkdocs", "mkdocs-material", "Markdown",
             "pymdown-extensions", "PyYAML", "pydantic")
CACHE_FORMAT = "2"  # 2: manifests record their key and every file's sha256
STATE, CACHE = ".pnp", "cache"  # output/.pnp/cache (generator.output_folder keeps its state in output/.pnp)
MANIFEST = "files.json"
BLOB = "bytes"
FILES = "files"
TRASH = ".trash-"  # entries being deleted in the background (BuildCache.prune)
# the only names pnp writes in the cache folder, and so the only ones pruning may delete
ENTRY_NAME = re.compile(r"[0-9a-f]{32}")
SCRATCH_NAME = re.compile(r"\.new-[0-9a-f]{32}-[0-9]+")
TRASH_NAME = re.compile(r"\.trash-[0-9]+-[0-9]+")
MANIFEST_LIMIT = 64 * 1024 * 1024  # a manifest larger than this was not written by pnp
KEEP_SECONDS = 7 * 24 * 3600  # entries unused for a week go, whatever the count
KEEP_SPARE = 2.0              # besides this build's entries, keep up to this many times as many recent ones


Known = dict[tuple[int, int], tuple[int, int, str]]  # (device, inode) -> (size, mtime in ns, sha256)


def _code_files(root: Path) -> Iterable[Path]:
    for part in CODE_PARTS:
        path = root / part
        if path.is_file():
            yield path
        elif path.is_dir():
            yield from sorted(p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts
                              and p.suffix != ".pyc")


@per_build(maxsize=1)
def code_version() -> str:
    """A hash of the code and libraries that turn content into outputs (about 30 ms, once per build: `pnp serve`
    watches the templates and the site's parts, and an edit there changes every key)."""
    digest = hashlib.sha256(CACHE_FORMAT.encode())
    for path in _code_files(PACKAGE_ROOT):
        digest.update(str(path.relative_to(PACKAGE_ROOT)).encode() + b"\0")
        digest.update(path.read_bytes())
    for library in LIBRARIES:
        try:
            version = metadata.version(library)
        except metadata.PackageNotFoundError:
            version = "-"
        digest.update(f"{library}={version}\0".encode())
    return digest.hexdigest()[:24]


def _project(value: Any, lang: str) -> Any:
    """`value` as language `lang` sees it: every {de: ..., en: ...} mapping becomes its `lang` entry."""
    if isinstance(value, dict):
        if value and set(value) == set(LANGUAGES):
            return _project(value[lang], lang)
        return {str(k): _project(v, lang) for k, v in value.items()}
    if isinstance(value, list):
        return [_project(v, lang) for v in value]
    return value


# What a kind of output reads of a game folder, by what it leaves out (top folders, and rules pages).
# Card sheets never read the rules pages, examples, recorded balance or playthroughs; boards and
# token sheets not the cards or their layouts either. Everything else reads all of it.
SCOPES: dict[str, tuple[frozenset[str], bool]] = {
    "all": (frozenset(), False),
    "print": (frozenset({"examples", "balance", "playthroughs"}), True),
    "boards": (frozenset({"examples", "balance", "playthroughs", "cards", "layouts"}), True),
}
_FINGERPRINTS: dict[tuple[str, str], dict[tuple[str, str], str]] = per_build_dict()


def language_fingerprint(content: GameContent, lang: str, scope: str = "all") -> str:
    """A hash of the game's folder as language `lang` sees it, limited to what `scope` (SCOPES) reads.

    YAML files count by their data in that language (text in the other language and comments do
    not count), the other language's rules pages not at all, every other file by its bytes.
    Only what the outputs show counts: a YAML edit that moves lines or comments leaves it alone.
    Every language's and scope's fingerprint is made in one pass (each YAML file parsed once).
    """
    memo = (str(content.root), content.content_hash)
    found = _FINGERPRINTS.get(memo)
    if found is None:
        found = _FINGERPRINTS[memo] = _fingerprints(content.root)
    return found[(scope, lang)]


def _seen_by(relative: Path, lang: str, scope: str) -> bool:
    left_out, without_pages = SCOPES[scope]
    parts = relative.parts
    if len(parts) > 1 and parts[0] in left_out:
        return False
    if len(parts) > 2 and parts[0] == "rules" and parts[1] in LANGUAGES:
        if parts[1] != lang:
            return False  # the other language's rules pages and sentences
        if without_pages and relative.suffix == ".md":
            return False
    return True


def _fingerprints(root: Path) -> dict[tuple[str, str], str]:
    """Every scope's and language's fingerprint of the folder."""
    paths: list[Path] = []
    for folder, _dirs, names in os.walk(root, followlinks=False):
        paths += [Path(folder) / name for name in names]
    digests = {(scope, lang): hashlib.sha256(f"{scope}/{lang}".encode() + b"\0")
               for scope in SCOPES for lang in LANGUAGES}
    for path in sorted(paths):
        if path.is_symlink() or not path.is_file():
            continue
        relative = path.relative_to(root)
        data = path.read_bytes()
        by_bytes = hashlib.sha256(data).hexdigest()
        yaml_file = path.suffix in (".yaml", ".yml")
        seen = _yaml_digests(data, by_bytes) if yaml_file else [by_bytes] * len(LANGUAGES)
        for lang, digest in zip(LANGUAGES, seen, strict=False):
            record = str(relative).encode() + b"\0" + bytes.fromhex(digest)
            for scope in SCOPES:
                if _seen_by(relative, lang, scope):
                    digests[(scope, lang)].update(record)
    return {key: digest.hexdigest()[:24] for key, digest in digests.items()}


HEX_DIGITS = frozenset("0123456789abcdef")


def _yaml_digests(data: bytes, by_bytes: str) -> list[str]:
    """The hash of a YAML file as each language sees it (its data projected on the language), in LANGUAGES'
    order; a file that does not parse counts by its bytes (`by_bytes`)."""
    try:
        loaded = yaml.load(data, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError:
        return [by_bytes] * len(LANGUAGES)
    return [hashlib.sha256(json.dumps(_project(loaded, lang), sort_keys=True, ensure_ascii=False,
                                      default=str).encode()).hexdigest() for lang in LANGUAGES]


def unit_key(*parts: Any) -> str:
    """The key of a unit from everything it is made from (strings, numbers, tuples, other keys)."""
    text = json.dumps([code_version(), *parts], sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


class BuildCache:
    """Units' files by key, in one folder; a disabled cache (folder None) stores and finds nothing.

    One cache object is one build: making it empties the memos of what files held (generator.memos),
    so a build in a long-lived `pnp serve` reads again what an edit may have changed."""

    def __init__(self, folder: Path | None) -> None:
        forget_all()
        self.folder = folder
        self.used: set[str] = set()
        self.reused: list[str] = []  # the units this build copied, by name (game/step/lang)
        self.made: list[str] = []    # the units it made (and stored)
        self._pending: dict[str, Path] = {}  # key -> its new entry, until the build commits or fails
        # what this build hashed (one cache object per build: a later build hashes everything again):
        # a file's digest by its inode, size and time, and a file in the cache by the digest of its bytes
        self._hashed: Known = {}
        self._by_digest: dict[str, str] = {}
        self._prefetch: Any = None  # the child hashing ahead (`prefetch`), and the process that started it
        self._prefetch_owner = 0

    @classmethod
    def of_output(cls, output: Path) -> BuildCache:
        """The cache of an output folder: output/.pnp/cache, which must be a folder of its own there.

        A link (or a file) at `.pnp/cache` is removed, never followed: the cache is made anew in its
        place. A `.pnp` that is not a real folder disables the cache (the build refuses it, with a
        sentence: generator.output_folder)."""
        state, folder = output / STATE, output / STATE / CACHE
        if _kind(state) not in (None, stat.S_IFDIR):
            return cls(None)
        if _kind(folder) not in (None, stat.S_IFDIR):
            try:
                os.unlink(folder)
            except OSError:
                return cls(None)
        return cls(folder)

    def _entry(self, key: str) -> Path:
        assert self.folder is not None
        return self.folder / key

    def has(self, key: str) -> bool:
        """Whether an entry for `key` is there (`restore` verifies it before using it)."""
        return (self.folder is not None and _kind(self._entry(key)) == stat.S_IFDIR
                and _kind(self._entry(key) / MANIFEST) == stat.S_IFREG)

    def _manifest(self, key: str) -> dict[str, Any] | None:
        """The entry's manifest, when the entry is a real folder, the manifest a regular file and the key
        it records the entry's own name; else None (a moved, foreign or damaged entry is a miss)."""
        if self.folder is None or not ENTRY_NAME.fullmatch(key):
            return None
        entry = self._entry(key)
        if _kind(entry) != stat.S_IFDIR:
            return None
        data = _read_regular(entry / MANIFEST, MANIFEST_LIMIT)
        if data is None:
            return None
        try:
            manifest = json.loads(data)
        except (ValueError, RecursionError):
            return None
        if not isinstance(manifest, dict) or manifest.get("key") != key:
            return None
        return manifest

    def prefetch(self) -> None:
        """Hash the files of the entries the last build used, in a forked child, while this process loads
        and checks the games on one core (a rebuild restores most of them, and verifies every file;
        a no-edit rebuild of the bundled games hashes 2,854 files, 107 MB).

        The child's digests, by inode, size and time, are the digests this build took (`_hashed`): what a
        restore compares with the entry's manifest is still the bytes as this build found them, read by
        its own child a moment earlier; a file changed since (in size or time) is read again."""
        from generator.forked import Forked, children_allowed

        if self.folder is None or self._prefetch is not None or not children_allowed():
            return
        if _kind(self.folder) != stat.S_IFDIR:
            return
        folder = os.fspath(self.folder)
        self._prefetch, self._prefetch_owner = Forked(lambda: _hash_recent_entries(folder)), os.getpid()

    def _take_prefetched(self) -> None:
        """The digests the prefetching child took (waiting for it to finish), if this process started one."""
        from generator.forked import ChildFailed

        child, self._prefetch = self._prefetch, None
        if child is None or self._prefetch_owner != os.getpid():  # a forked unit's copy: not its child
            return
        try:
            while not child.read_some():
                pass
            child.finish()
            found = child.result()
        except (OSError, ChildFailed):
            child.kill()
            return
        for inode, known in found.items():
            self._hashed.setdefault(inode, known)

    def _stop_prefetch(self) -> None:
        child, self._prefetch = self._prefetch, None
        if child is not None and self._prefetch_owner == os.getpid():
            child.kill()

    def restore(self, key: str, base: Path, unit: str | None) -> list[Path] | None:
        """Link the unit's files under `base` (a path that exists already is left as it is) and return them;
        None when the cache does not have the unit whole and intact (then nothing was placed)."""
        if self._prefetch is not None:
            self._take_prefetched()
        manifest = self._manifest(key)
        digests = manifest.get("files") if manifest is not None else None
        if not isinstance(digests, dict) or not all(_relative(name) and _hex_digest(digest)
                                                    for name, digest in digests.items()):
            return None  # a manifest not written by this code; make the unit again
        entry = self._entry(key)
        names = sorted(digests)
        if names and not set(names) <= (_regular_files(entry / FILES) or set()):
            return None  # a file missing, or a link (or anything but a regular file) in the entry
        files, root = os.path.join(entry, FILES), os.fspath(base)
        folders: set[str] = set()
        placed: list[str] = []
        for name in names:
            target = os.path.join(root, name)
            try:
                if _link_file(os.path.join(files, name), target, folders):
                    placed.append(target)
                    # what was linked, not what the path named a moment before: a regular file with these bytes
                    if _digest_regular(target, self._hashed) != digests[name]:
                        raise OSError(f"{name} differs from the entry's manifest")
                    self._by_digest.setdefault(digests[name], os.path.join(files, name))
            except OSError:  # the entry lost or changed a file: take back what this call placed
                for path in placed:
                    os.unlink(path)
                return None
        written = [base / name for name in names]
        self.used.add(key)
        # the parts (remembered_files, kept bytes) the unit was made with are in use while the unit is: a no-edit
        # rebuild that only restores units must not prune what the next edit's remade unit restores
        parts = manifest.get("parts") if manifest is not None else None
        if isinstance(parts, list):
            self.used.update(part for part in parts if isinstance(part, str) and ENTRY_NAME.fullmatch(part))
        if unit is not None:  # a part of a unit (remembered_files) is not reported on its own
            self.reused.append(unit)
        os.utime(entry)
        return written

    def store(self, key: str, base: Path, files: Iterable[Path], unit: str | None, parts: Iterable[str] = ()) -> None:
        """Keep `files` (under `base`) as the unit `key`: hard links into a new entry, which takes its place
        when the build succeeds (`commit`); a failed build leaves the cache as it found it (`discard`).
        `parts`: the entries the unit was made with, kept in use whenever the unit is restored."""
        if unit is not None:
            self.made.append(unit)
        if self.folder is None:
            return
        scratch = self._scratch(key)
        digests: dict[str, str] = {}
        folders: set[str] = set()
        root, into = os.fspath(base) + os.sep, os.path.join(scratch, FILES)
        for path in files:
            source = os.fspath(path)
            if not source.startswith(root):
                raise ValueError(f"{path} is not under {base}")
            name = source[len(root):].replace(os.sep, "/")
            target = os.path.join(into, name)
            _link_file(source, target, folders)
            digest = _digest_regular(target, self._hashed)
            if digest is None:  # not a regular file: never kept
                os.unlink(target)
                continue
            digests[name] = digest
            self._share(digest, target)
        manifest: dict[str, Any] = {"key": key, "files": dict(sorted(digests.items()))}
        if kept := sorted({part for part in parts if part != key}):
            manifest["parts"] = kept
        _write_manifest(scratch, manifest)
        self._pending[key] = scratch

    def _share(self, digest: str, target: str) -> None:
        """Make the new entry's file `target` a link to a file of the cache with the same bytes, when this
        build verified one (a site offers the print files, in its built pages and in its docs tree): a
        later build then reads and hashes those bytes once, not three times (`_digest_regular`)."""
        same = self._by_digest.setdefault(digest, target)
        if same == target:
            return
        if _digest_regular(same, self._hashed) != digest:  # gone or changed since: this file stands for the bytes
            self._by_digest[digest] = target
            return
        spare = f"{target}.share-{os.getpid()}"
        try:
            os.link(same, spare, follow_symlinks=False)
        except OSError:  # too many links to one file, or another file system: the file stays its own copy
            return
        try:
            os.replace(spare, target)
        except OSError:
            with suppress(OSError):
                os.unlink(spare)

    def _scratch(self, key: str) -> Path:
        assert self.folder is not None
        self.folder.mkdir(parents=True, exist_ok=True)
        scratch = self.folder / f".new-{key}-{os.getpid()}"
        if os.path.islink(scratch):
            os.unlink(scratch)
        shutil.rmtree(scratch, ignore_errors=True)
        scratch.mkdir()
        return scratch

    def commit(self) -> None:
        """The build succeeded: what it stored becomes part of the cache."""
        for key, scratch in self._pending.items():
            entry = self._entry(key)
            if os.path.islink(entry):
                os.unlink(entry)
            shutil.rmtree(entry, ignore_errors=True)
            try:
                scratch.rename(entry)
            except OSError:
                shutil.rmtree(scratch, ignore_errors=True)
                continue
            self.used.add(key)
        self._pending.clear()
        # every entry this build used bears the same time: the next build hashes their files ahead (`prefetch`)
        stamp = time.time_ns()
        for key in self.used:
            with suppress(OSError):
                os.utime(self._entry(key), ns=(stamp, stamp), follow_symlinks=False)

    def discard(self) -> None:
        """The build failed (or was not committed): forget what it stored, leaving the cache as it was."""
        self._stop_prefetch()
        for scratch in self._pending.values():
            shutil.rmtree(scratch, ignore_errors=True)
        self._pending.clear()
        if self.folder is not None and self.folder.is_dir() and not any(self.folder.iterdir()):
            self.folder.rmdir()

    def snapshot(self) -> tuple[frozenset[str], frozenset[str], int, int]:
        """Where this cache's records stand (for `changes_since`)."""
        return frozenset(self._pending), frozenset(self.used), len(self.reused), len(self.made)

    def changes_since(self, snapshot: tuple[frozenset[str], frozenset[str], int, int]) -> dict[str, Any]:
        """What was stored, used, copied and made since `snapshot`: a forked child's share of the build
        (generator.forked), for the parent's cache to `absorb`."""
        pending, used, reused, made = snapshot
        return {"pending": {key: path for key, path in self._pending.items() if key not in pending},
                "used": sorted(self.used - used), "reused": self.reused[reused:], "made": self.made[made:]}

    def absorb(self, changes: dict[str, Any]) -> None:
        """Take on what a forked child stored and used (its new entries join at `commit` like ours)."""
        self._pending.update(changes["pending"])
        self.used.update(changes["used"])
        self.reused += changes["reused"]
        self.made += changes["made"]

    def checked(self, content: GameContent) -> bool:
        """Whether this game, with these very files, was checked clean by this code before.
        (Its entry holds no files: nothing is ever placed in a game's folder from the cache.)"""
        key = self._check_key(content)
        manifest = self._manifest(key)
        if manifest is None or manifest.get("files") != {}:
            return False
        self.used.add(key)
        self.reused.append(f"{content.id}/check")
        os.utime(self._entry(key))
        return True

    def mark_checked(self, content: GameContent) -> None:
        self.store(self._check_key(content), content.root, [], f"{content.id}/check")

    @staticmethod
    def _check_key(content: GameContent) -> str:
        # every byte of the game folder, both languages: a check reads all of it
        return unit_key("check", content.id, str(content.root.resolve()), content.content_hash)

    def remembered_bytes(self, key: str, make: Callable[[], bytes]) -> bytes:
        """The bytes `make` gives for `key`, made once and kept (for costly pictures such as charts)."""
        kept = self.kept_bytes(key)
        if kept is not None:
            return kept
        made = make()
        self.keep_bytes(key, made)
        return made

    def kept_bytes(self, key: str) -> bytes | None:
        """The bytes kept under `key` (by an earlier build, or by this one), or None."""
        if self.folder is None:
            return None
        if key in self._pending:  # written by this build
            data = _read_regular(self._pending[key] / BLOB)
        else:
            manifest = self._manifest(key)
            digest = manifest.get("bytes") if manifest is not None else None
            data = _read_regular(self._entry(key) / BLOB) if _hex_digest(digest) else None
            if data is not None and hashlib.sha256(data).hexdigest() != digest:
                data = None  # changed since it was kept: made again
        if data is None:
            return None
        self.used.add(key)
        return data

    def keep_bytes(self, key: str, data: bytes) -> None:
        """Keep `data` under `key`; it joins the cache when the build succeeds (`commit`)."""
        if self.folder is None:
            return
        scratch = self._scratch(key)
        (scratch / BLOB).write_bytes(data)
        _write_manifest(scratch, {"key": key, "bytes": hashlib.sha256(data).hexdigest()})
        self._pending[key] = scratch

    @contextmanager
    def active(self) -> Iterator[None]:
        """Functions marked `@remembered` keep their results in this cache while the block runs."""
        token = _ACTIVE.set(self)
        try:
            yield
        finally:
            _ACTIVE.reset(token)

    def prune(self) -> None:
        """Remove half-written entries, entries unused for a week, and the oldest beyond a spare count.
        Only names pnp writes here are ever removed (an entry's key, a half-written `.new-<key>-<pid>`,
        a `.trash-<pid>-<ns>`); anything else in the folder is left as it is.

        The entries to go are renamed into one trash folder and deleted by a detached process
        (generator.output_folder.remove_later): deleting hundreds of files can take longer than
        the rebuild itself. The next prune removes what such a process left."""
        from generator.output_folder import remove_later

        if self.folder is None or not self.folder.is_dir():
            return
        now = time.time()
        entries: list[tuple[float, Path]] = []
        doomed: list[Path] = []
        if _kind(self.folder) != stat.S_IFDIR:
            return
        for entry in self.folder.iterdir():
            if SCRATCH_NAME.fullmatch(entry.name) or TRASH_NAME.fullmatch(entry.name):
                doomed.append(entry)
                continue
            if not ENTRY_NAME.fullmatch(entry.name) or entry.name in self.used:
                continue
            mtime = entry.lstat().st_mtime
            if now - mtime > KEEP_SECONDS:
                doomed.append(entry)
            else:
                entries.append((mtime, entry))
        spare = int(KEEP_SPARE * max(1, len(self.used)))
        entries.sort(reverse=True)
        doomed += [entry for _, entry in entries[spare:]]
        if not doomed:
            return
        trash = self.folder / f"{TRASH}{os.getpid()}-{time.time_ns()}"
        try:
            trash.mkdir()
            for entry in doomed:
                entry.rename(trash / entry.name)
        except OSError:  # a folder we cannot rename in: delete here
            for entry in doomed:
                if entry.is_symlink():
                    entry.unlink(missing_ok=True)
                else:
                    shutil.rmtree(entry, ignore_errors=True)
        remove_later(trash)


def _link_file(source: str, target: str, folders: set[str]) -> bool:
    """Hard link (else copy) `source` at `target`; False when `target` exists already (it is left as it is).
    Raises OSError when `source` is missing. `folders`: the folders known to exist (made once each).
    A link at `source` is linked as itself, never followed (os.link does not follow it): callers check
    what landed at `target` (`_digest_regular`); the copy refuses a link outright."""
    folder = os.path.dirname(target)
    if folder not in folders:
        os.makedirs(folder, exist_ok=True)
        folders.add(folder)
    try:
        os.link(source, target, follow_symlinks=False)
    except FileExistsError:
        return False
    except FileNotFoundError:
        raise
    except OSError:  # no hard links here (another file system): a copy
        if os.path.lexists(target):
            return False
        copy_regular(source, target)
    return True


def _kind(path: str | Path) -> int | None:
    """The file type of `path` itself (a link is a link: never followed), or None when nothing is there."""
    try:
        return stat.S_IFMT(os.lstat(path).st_mode)
    except OSError:
        return None


@contextmanager
def _opened_regular(path: str | Path) -> Iterator[tuple[int, os.stat_result] | None]:
    """A descriptor of the regular file at `path` and its stat, not reached through a link; None for anything else
    (a link, a folder, a device, a missing file). Closed when the block ends."""
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        yield None
        return
    try:
        info = os.fstat(handle)
        yield (handle, info) if stat.S_ISREG(info.st_mode) else None
    finally:
        os.close(handle)


def _read_regular(path: str | Path, limit: int | None = None) -> bytes | None:
    """The bytes of a regular file, not reached through a link at `path`; None for anything else."""
    try:
        with _opened_regular(path) as opened:
            if opened is None or (limit is not None and opened[1].st_size > limit):
                return None
            with open(opened[0], "rb", closefd=False) as reading:
                return reading.read()
    except OSError:
        return None


DIGEST_BLOCK = 4 * 1024 * 1024  # bytes read at once: all but the largest files (PDFs of a few MB) in one read


def _digest_regular(path: str | Path, known: Known | None = None) -> str | None:
    """The sha256 of a regular file at `path` (not through a link), or None for anything else.

    `known`: the digests one build took so far, by inode: a file linked from several entries (`_share`)
    is read once per build. A later build starts without them and reads every file again.
    Read with `os.read` straight into the hash, most files in one call: cheaper than a buffered reader
    per file (`hashlib.file_digest`) over the thousands of files a rebuild restores."""
    try:
        with _opened_regular(path) as opened:
            if opened is None:
                return None
            handle, info = opened
            inode, seen = (info.st_dev, info.st_ino), (info.st_size, info.st_mtime_ns)
            found = known.get(inode) if known is not None else None
            if found is not None and found[:2] == seen:
                return found[2]
            digest = hashlib.sha256(os.read(handle, min(info.st_size + 1, DIGEST_BLOCK)))
            while chunk := os.read(handle, DIGEST_BLOCK):  # a file that grew, or one larger than a block
                digest.update(chunk)
            hexdigest = digest.hexdigest()
            after = os.fstat(handle)
            if known is not None and (after.st_size, after.st_mtime_ns) == seen:  # not written while it was read
                known[inode] = (*seen, hexdigest)
            return hexdigest
    except OSError:
        return None


def _hash_recent_entries(folder: str) -> Known:
    """In the prefetching child: the digests of the regular files of the entries the last build used (the
    newest time, which `commit` gave them all), by inode (links are not followed, nor read)."""
    entries: list[tuple[int, str]] = []
    with os.scandir(folder) as found:
        for entry in found:
            if ENTRY_NAME.fullmatch(entry.name) and entry.is_dir(follow_symlinks=False):
                entries.append((entry.stat(follow_symlinks=False).st_mtime_ns, entry.path))
    known: Known = {}
    newest = max((mtime for mtime, _ in entries), default=0)
    for path in [path for mtime, path in entries if mtime == newest]:
        pending = [os.path.join(path, FILES)]
        while pending:
            try:
                with os.scandir(pending.pop()) as inside:
                    for item in inside:
                        if item.is_dir(follow_symlinks=False):
                            pending.append(item.path)
                        elif item.is_file(follow_symlinks=False):
                            _digest_regular(item.path, known)
            except OSError:
                continue
    return known


def _regular_files(folder: Path) -> set[str] | None:
    """The regular files under `folder` by their '/'-separated names; None when the folder is not a real
    folder or holds a link or anything else but folders and regular files."""
    if _kind(folder) != stat.S_IFDIR:
        return None
    found: set[str] = set()
    pending = [("", os.fspath(folder))]
    while pending:
        prefix, path = pending.pop()
        with os.scandir(path) as entries:
            for entry in entries:
                if entry.is_symlink():
                    return None
                if entry.is_dir(follow_symlinks=False):
                    pending.append((f"{prefix}{entry.name}/", entry.path))
                elif entry.is_file(follow_symlinks=False):
                    found.add(prefix + entry.name)
                else:
                    return None
    return found


def _write_manifest(scratch: Path, manifest: dict[str, Any]) -> None:
    (scratch / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")


def _hex_digest(value: Any) -> bool:
    return isinstance(value, str) and len(value) == 64 and set(value) <= HEX_DIGITS


def _relative(name: Any) -> bool:
    """A manifest entry that stays below the folder it is restored into."""
    return isinstance(name, str) and bool(name) and not name.startswith("/") and ".." not in name.split("/")


_ACTIVE: ContextVar[BuildCache | None] = ContextVar("pnp_build_cache", default=None)


def cache_active() -> bool:
    """Whether a build's cache is keeping `@remembered` results now (what a forked child stores there is lost)."""
    return _ACTIVE.get() is not None


def active_cache() -> BuildCache | None:
    """The build cache of the unit being made now, if any (for a hint kept across builds: generator.rulebook.step)."""
    return _ACTIVE.get()


Maker = TypeVar("Maker", bound=Callable[..., bytes])


def remembered(function: Maker) -> Maker:
    """Keep what a pure, costly bytes-making function (a chart) returns in the active build cache,
    by its arguments (plain data: dicts, lists, strings, numbers). Outside a build it just runs."""
    name = f"{function.__module__}.{function.__qualname__}"

    @wraps(function)
    def cached(*args: Any) -> bytes:
        cache = _ACTIVE.get()
        if cache is None:
            return function(*args)
        return cache.remembered_bytes(unit_key("bytes", name, args), lambda: function(*args))

    return cached  # type: ignore[return-value]  # same signature as `function`


def remembered_files(parts: Any, base: Path, make: Callable[[], list[Path]]) -> list[Path]:
    """The files `make` writes under `base`, kept in the active build cache by `parts` (plain data that
    names everything they are drawn from); outside a build, or when not kept yet, `make` runs.

    For a part of a unit that a typical edit leaves alone: one deck's Tabletop Simulator sheets
    when another deck's card changed."""
    cache = _ACTIVE.get()
    if cache is None:
        return make()
    key = unit_key("files", parts)
    found = cache.restore(key, base, None)
    if found is not None:
        return found
    made = make()
    cache.store(key, base, made, None)
    return made


_ASSETS: dict[tuple[str, str], str] = per_build_dict()


def icons_digest(content: GameContent) -> str:
    """A hash of the game's icon files: a drawing names its icons, this says what they look like."""
    memo = (str(content.root), content.content_hash)
    if memo not in _ASSETS:
        digest = hashlib.sha256()
        for name, path in sorted(content.icons.items()):
            digest.update(name.encode() + b"\0")
            try:
                digest.update(hashlib.sha256(path.read_bytes()).digest())
            except OSError:
                digest.update(b"unreadable")
        _ASSETS[memo] = digest.hexdigest()[:24]
    return _ASSETS[memo]
