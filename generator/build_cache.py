"""The build cache: each build unit's files kept under a key of everything they are made from.

A build is made of units (a print step of one game in one language, one game's site in one
language). A unit's key hashes the code that makes it (every file of the generator, the site
template, the fonts, and the versions of the libraries that draw), the game's content as that
language sees it (`language_fingerprint`: a German-only edit leaves the English key alone), the
build options and the keys of the units it reads. A unit whose key is in the cache is linked
from it instead of being made again, so a one-card edit redoes the cards, rulebook and site of
that card's game and language and nothing else.

Lives in `output/.pnp/cache/` and is safe to delete: the next build makes it again. Nothing there is
trusted: an entry holds data only (files and JSON, nothing that runs code when read), its manifest
records its own key and every file's sha256, and an entry that was moved under another key, a file
edited by hand or anything that is not a regular file (a link planted in an entry) is a miss: the
unit is made again, and no link is ever followed out of an entry. Entries and outputs share files
by hard links, and entries share one file for the same bytes (`store`: half the disk). Builds never
write into a file in place (restores skip paths a fresh unit already wrote, and the one file
rewritten later, the site's game.json, is unlinked first).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from contextvars import ContextVar
from importlib import metadata
from pathlib import Path
from typing import Any

import yaml

from generator.content.loader import GameContent
from generator.content.schema import LANGUAGES
from generator.memos import forget_all, per_build
from generator.output_folder import CACHE, STATE, kind, link_or_copy, remove

PACKAGE_ROOT = Path(__file__).resolve().parents[1]
# what makes the outputs besides the content: the generator itself, the site's committed parts, fonts, templates
CODE_PARTS = ("generator", "site/assets", "site/hooks", "site/overrides", "site/mkdocs.base.yml", "fonts", "templates")
# libraries whose version changes what is drawn or written
LIBRARIES = ("reportlab", "svgwrite", "Pillow", "matplotlib", "mkdocs", "mkdocs-material", "Markdown",
             "pymdown-extensions", "PyYAML", "pydantic")
CACHE_FORMAT = "2"  # 2: manifests record their key and every file's sha256
MANIFEST, BLOB, FILES = "files.json", "bytes", "files"
# the only names pnp writes in the cache folder, and so the only ones pruning may delete
ENTRY_NAME = re.compile(r"[0-9a-f]{32}")
LEFTOVER_NAME = re.compile(r"\.new-[0-9a-f]{32}-[0-9]+")  # half-written
MANIFEST_LIMIT = 64 * 1024 * 1024  # a manifest larger than this was not written by pnp
KEEP_SECONDS = 7 * 24 * 3600  # entries unused for a week go, whatever the count
KEEP_SPARE = 2.0              # besides this build's entries, keep up to this many times as many recent ones
HEX_DIGEST = re.compile(r"[0-9a-f]{64}")


@per_build(maxsize=1)
def code_version() -> str:
    """A hash of the code and libraries that turn content into outputs (about 30 ms, once per build: `pnp serve`
    watches the templates and the site's parts, and an edit there changes every key)."""
    digest = hashlib.sha256(CACHE_FORMAT.encode())
    for part in CODE_PARTS:
        path = PACKAGE_ROOT / part
        for file in [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file()
                                                         and "__pycache__" not in p.parts and p.suffix != ".pyc"):
            digest.update(str(file.relative_to(PACKAGE_ROOT)).encode() + b"\0" + file.read_bytes())
    for library in LIBRARIES:
        with suppress(metadata.PackageNotFoundError):  # one not installed adds nothing
            digest.update(f"{library}={metadata.version(library)}\0".encode())
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


def language_fingerprint(content: GameContent, lang: str, scope: str = "all") -> str:
    """A hash of the game's folder as language `lang` sees it, limited to what `scope` (SCOPES) reads.

    YAML files count by their data in that language (text in the other language and comments do
    not count), the other language's rules pages not at all, every other file by its bytes.
    Only what the outputs show counts: a YAML edit that moves lines or comments leaves it alone.
    Every language's and scope's fingerprint is made in one pass (each YAML file parsed once).
    """
    return _fingerprints(content.root, content.content_hash)[(scope, lang)]


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


@per_build(maxsize=None)
def _fingerprints(root: Path, content_hash: str) -> dict[tuple[str, str], str]:
    """Every scope's and language's fingerprint of the folder (with these files: `content_hash`)."""
    digests = {(scope, lang): hashlib.sha256(f"{scope}/{lang}".encode() + b"\0")
               for scope in SCOPES for lang in LANGUAGES}
    for path in sorted(Path(folder, name) for folder, _dirs, names in os.walk(root) for name in names):
        if kind(path) != stat.S_IFREG:
            continue
        relative = path.relative_to(root)
        data = path.read_bytes()
        by_bytes = hashlib.sha256(data).hexdigest()
        seen = _yaml_digests(data, by_bytes) if path.suffix in (".yaml", ".yml") else [by_bytes] * len(LANGUAGES)
        for lang, digest in zip(LANGUAGES, seen, strict=False):
            record = str(relative).encode() + b"\0" + bytes.fromhex(digest)
            for scope in SCOPES:
                if _seen_by(relative, lang, scope):
                    digests[(scope, lang)].update(record)
    return {key: digest.hexdigest()[:24] for key, digest in digests.items()}


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

    An entry is a folder named by its key: `files.json` (its key, and either every file's sha256 or the
    sha256 of its `bytes`) and the files. One cache object is one build: making it empties the memos of
    what files held (generator.memos), so a build in a long-lived `pnp serve` reads again what changed."""

    def __init__(self, folder: Path | None) -> None:
        forget_all()
        self.folder = folder
        self.used: set[str] = set()
        self.reused: list[str] = []  # the units this build copied, by name (game/step/lang)
        self.made: list[str] = []    # the units it made (and stored)
        self._pending: dict[str, Path] = {}  # key -> its new entry, until the build commits or fails
        self._by_digest: dict[str, str] = {}  # a file of the cache with these bytes, verified by this build

    @classmethod
    def of_output(cls, output: Path) -> BuildCache:
        """The cache of an output folder, output/.pnp/cache, read and written only under the output folder's lock
        (which refuses a `.pnp` that is not a real folder and removes a link at `.pnp/cache`, never followed)."""
        return cls(output / STATE / CACHE)

    def has(self, key: str) -> bool:
        """Whether an entry for `key` is there (`restore` verifies it before using it)."""
        return self._manifest(key) is not None

    def _manifest(self, key: str) -> dict[str, Any] | None:
        """The entry's manifest when it records the entry's own key; else None (a moved, foreign or damaged
        entry is a miss). The entry must be a real folder, the manifest a regular file."""
        if self.folder is None or not ENTRY_NAME.fullmatch(key) or kind(self.folder / key) != stat.S_IFDIR:
            return None
        data = _read_regular(self.folder / key / MANIFEST, MANIFEST_LIMIT)
        try:
            manifest = json.loads(data) if data is not None else None
        except (ValueError, RecursionError):
            return None
        return manifest if isinstance(manifest, dict) and manifest.get("key") == key else None

    def restore(self, key: str, base: Path, unit: str | None) -> list[Path] | None:
        """Link the unit's files under `base` (a path that exists already is left as it is) and return them;
        None when the cache does not have the unit whole and intact (then nothing was placed)."""
        manifest = self._manifest(key) or {}
        digests = manifest.get("files")
        if not isinstance(digests, dict) or not all(_relative(name) and _hex_digest(digest)
                                                    for name, digest in digests.items()):
            return None  # a manifest not written by this code; make the unit again
        files = os.path.join(os.path.realpath(self.folder or ""), key, FILES)
        if any(os.path.realpath(folder) != folder for folder in {os.path.dirname(os.path.join(files, name))
                                                                 for name in digests}):
            return None  # a folder of the entry is a link (out of it, maybe): never followed
        folders: set[str] = set()
        placed: list[str] = []
        for name, digest in sorted(digests.items()):
            target = os.path.join(base, name)
            try:
                if link_or_copy(os.path.join(files, name), target, folders):
                    placed.append(target)
                    # what was linked (never through a link), not what the path named before: a regular file
                    if _digest_regular(target) != digest:  # with these bytes (a missing file raised already)
                        raise OSError(f"{name} differs from the entry's manifest")
                    self._by_digest.setdefault(digest, os.path.join(files, name))
            except OSError:  # the entry lost or changed a file: take back what this call placed
                for path in placed:
                    os.unlink(path)
                return None
        self.used.add(key)
        # the parts (remembered_files, kept bytes) the unit was made with are in use while the unit is: a no-edit
        # rebuild that only restores units must not prune what the next edit's remade unit restores
        parts = manifest.get("parts")
        if isinstance(parts, list):
            self.used.update(part for part in parts if isinstance(part, str) and ENTRY_NAME.fullmatch(part))
        if unit is not None:  # a part of a unit (remembered_files) is not reported on its own
            self.reused.append(unit)
        return [base / name for name in sorted(digests)]

    def store(self, key: str, base: Path, files: Iterable[Path], unit: str | None, parts: Iterable[str] = ()) -> None:
        """Keep `files` (under `base`) as the unit `key`: hard links into a new entry, which takes its place
        when the build succeeds (`commit`); a failed build leaves the cache as it found it (`discard`).
        `parts`: the entries the unit was made with, kept in use whenever the unit is restored.
        A file with the bytes of a file of the cache this build verified is linked to that one (a site offers
        the print files, in its pages and its docs tree): the cache and the output hold those bytes once."""
        if unit is not None:
            self.made.append(unit)
        if self.folder is None:
            return
        scratch = self._scratch(key)
        digests: dict[str, str] = {}
        folders: set[str] = set()
        for path in files:
            name = Path(path).relative_to(base).as_posix()  # a path not under `base`: ValueError
            target = os.path.join(scratch, FILES, name)
            link_or_copy(path, target, folders)
            digest = _digest_regular(target)
            if digest is None:  # not a regular file: never kept
                os.unlink(target)
                continue
            digests[name] = digest
            same = self._by_digest.setdefault(digest, target)
            if same != target and _digest_regular(same) == digest:
                with suppress(OSError):  # too many links to one file, or another file system: a copy of its own
                    os.link(same, f"{target}.share-{os.getpid()}", follow_symlinks=False)
                    os.replace(f"{target}.share-{os.getpid()}", target)
            else:  # gone or changed since: this file stands for the bytes
                self._by_digest[digest] = target
        manifest: dict[str, Any] = {"key": key, "files": dict(sorted(digests.items()))}
        if kept := sorted({part for part in parts if part != key}):
            manifest["parts"] = kept
        self._write_manifest(scratch, manifest)

    def _scratch(self, key: str) -> Path:
        assert self.folder is not None
        self.folder.mkdir(parents=True, exist_ok=True)
        scratch = self.folder / f".new-{key}-{os.getpid()}"
        remove(scratch)
        scratch.mkdir()
        return scratch

    def _write_manifest(self, scratch: Path, manifest: dict[str, Any]) -> None:
        (scratch / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
        self._pending[manifest["key"]] = scratch

    def commit(self) -> None:
        """The build succeeded: what it stored becomes part of the cache, and what it used is recent."""
        if self.folder is None:
            return
        for key, scratch in self._pending.items():
            remove(self.folder / key)
            try:
                scratch.rename(self.folder / key)
                self.used.add(key)
            except OSError:
                remove(scratch)
        self._pending.clear()
        for key in self.used:
            with suppress(OSError):
                os.utime(self.folder / key, follow_symlinks=False)

    def discard(self) -> None:
        """The build failed (or was not committed): forget what it stored, leaving the cache as it was."""
        for scratch in self._pending.values():
            remove(scratch)
        self._pending.clear()
        if self.folder is not None and kind(self.folder.parent) == kind(self.folder) == stat.S_IFDIR:
            with suppress(OSError):  # an empty folder only; never through a link (a build refused before its lock)
                self.folder.rmdir()

    def absorb(self, share: dict[str, Any]) -> None:
        """Take in a unit's share (`active`), as a forked worker made it: its entries join at `commit` like these."""
        self._pending.update(share["pending"])
        self.used.update(share["used"])

    def remembered_bytes(self, key: str, make: Callable[[], bytes]) -> bytes:
        """The bytes kept under `key` (by an earlier build, or by this one), else what `make` gives, kept from now on
        (a costly result such as a changelog; a hint for the next build, which `keep_bytes` replaces)."""
        data = None
        if self.folder is not None and key in self._pending:  # written by this build
            data = _read_regular(self._pending[key] / BLOB)
        elif self.folder is not None:
            digest = (self._manifest(key) or {}).get("bytes")
            data = _read_regular(self.folder / key / BLOB) if _hex_digest(digest) else None
            if data is not None and hashlib.sha256(data).hexdigest() != digest:
                data = None  # changed since it was kept: made again
        if data is None:
            data = make()
            self.keep_bytes(key, data)
        else:
            self.used.add(key)
        return data

    def keep_bytes(self, key: str, data: bytes) -> None:
        """Keep `data` under `key`; it joins the cache when the build succeeds (`commit`)."""
        if self.folder is not None:
            scratch = self._scratch(key)
            (scratch / BLOB).write_bytes(data)
            self._write_manifest(scratch, {"key": key, "bytes": hashlib.sha256(data).hexdigest()})

    @contextmanager
    def active(self) -> Iterator[dict[str, Any]]:
        """`remembered_files` (and `active_cache`'s callers) keep their results in this cache while the block runs;
        what it stored and used is yielded apart, filled when it ends: a unit's share, for the parts it was made
        with, which a forked worker hands back to be `absorb`ed."""
        token, pending, used, share = _ACTIVE.set(self), set(self._pending), set(self.used), dict[str, Any]()
        try:
            yield share
        finally:
            _ACTIVE.reset(token)
            share.update(pending={key: path for key, path in self._pending.items() if key not in pending},
                         used=self.used - used)

    def prune(self) -> None:
        """Remove half-written entries, entries unused for a week, and the oldest beyond a spare count.
        Only names pnp writes here are ever removed (an entry's key, a half-written `.new-<key>-<pid>`);
        anything else in the folder is left as it is."""
        if self.folder is None or kind(self.folder) != stat.S_IFDIR:
            return
        doomed = [entry for entry in self.folder.iterdir() if LEFTOVER_NAME.fullmatch(entry.name)]
        recent = sorted(((entry.lstat().st_mtime, entry) for entry in self.folder.iterdir()
                         if ENTRY_NAME.fullmatch(entry.name) and entry.name not in self.used), reverse=True)
        spare, now = int(KEEP_SPARE * max(1, len(self.used))), time.time()
        doomed += [entry for number, (mtime, entry) in enumerate(recent)
                   if number >= spare or now - mtime > KEEP_SECONDS]
        for entry in doomed:
            remove(entry)


def _read_regular(path: str | Path, limit: int | None = None) -> bytes | None:
    """The bytes of the regular file at `path`, not reached through a link (at most `limit`); None for anything
    else (O_NONBLOCK: a planted FIFO is refused, not waited on)."""
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return None
    with open(handle, "rb") as reading:
        found = os.fstat(handle)
        if not stat.S_ISREG(found.st_mode) or (limit is not None and found.st_size > limit):
            return None
        return reading.read()


def _digest_regular(path: str | Path) -> str | None:
    """The sha256 of the regular file at `path` (not through a link), or None for anything else."""
    data = _read_regular(path)
    return hashlib.sha256(data).hexdigest() if data is not None else None


def _hex_digest(value: Any) -> bool:
    return isinstance(value, str) and HEX_DIGEST.fullmatch(value) is not None


def _relative(name: Any) -> bool:
    """A manifest entry that stays below the folder it is restored into."""
    return isinstance(name, str) and bool(name) and not name.startswith("/") and ".." not in name.split("/")


_ACTIVE: ContextVar[BuildCache | None] = ContextVar("pnp_build_cache", default=None)


def active_cache() -> BuildCache | None:
    """The build cache of the unit being made now, if any (what a forked child stores there is lost)."""
    return _ACTIVE.get()


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


def icons_digest(content: GameContent) -> str:
    """A hash of the game's icon files: a drawing names its icons, this says what they look like."""
    return _icons_digest(tuple(sorted((name, str(path)) for name, path in content.icons.items())))


@per_build(maxsize=None)
def _icons_digest(icons: tuple[tuple[str, str], ...]) -> str:
    digest = hashlib.sha256()
    for name, path in icons:
        try:
            digest.update(name.encode() + b"\0" + hashlib.sha256(Path(path).read_bytes()).digest())
        except OSError:
            digest.update(name.encode() + b"\0unreadable")
    return digest.hexdigest()[:24]
