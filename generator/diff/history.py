"""A game's versions from git tags, compared one after the other: the changelog and "Changed in" marks of its site.

Tag scheme: `v1.2` marks version 1.2 of every game in the repository; `<game-id>/v1.2` marks it
for one game (and wins over `v1.2` for that game). A version is compared with the version
before it, with pnp diff's own machinery (generator.diff.player_words), and kept in the build
cache by the two commits and the tag, so an old version is compared once. The marks compare the
working tree, which is what the site shows, with the version before the game's current one
(game.yaml `version`, else the newest tag): "Changed in 1.2" is what 1.2 changed.

Reading git is bounded: at most MAX_TAGS tags are listed, the newest MAX_VERSIONS versions are
compared, a revision of more than MAX_FILES files or MAX_BYTES bytes is not read, a tag message
is cut at MAX_MESSAGE characters, and every git call has its time limit (generator.diff.revisions).
Nothing of a revision runs: its files are read from git's objects (no checkout, no filters, no
hooks), its folder is marked as a revision (its engine module never loads) and its examples are
replayed only by an engine pnp-forge installs. No git, no repository, no tags: no history, and no
error; a version whose content cannot be read is listed without its changes.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from generator.build_cache import BuildCache, unit_key
from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.content.loader import GameContent
from generator.content.schema_version import VERSION_PATTERN, version_key
from generator.diff.game_files import file_changes
from generator.diff.player_words import compared_entry
from generator.diff.revisions import RevisionRefused, _git, export_games, repository_of
from generator.rules.trust import revision_folder
from generator.site.changelog_model import GameHistory, VersionEntry

MAX_TAGS = 1000        # tags listed at most (refs/tags/v* and refs/tags/<game>/v*)
MAX_VERSIONS = 12      # the newest versions compared and shown
MAX_FILES = 5000       # a game folder of more files at a tag is not read
MAX_BYTES = 64 * 1024 * 1024
MAX_MESSAGE = 1000
TAG_VERSION = re.compile(VERSION_PATTERN[1:-1].join(("^v(", ")$")))


@dataclass(frozen=True)
class VersionTag:
    number: str
    tag: str
    commit: str
    tag_object: str   # the annotated tag's own object (its message), else the commit
    date: str         # the tagger's (or the commit's) day, YYYY-MM-DD
    message: str


def _tags(repo: Path, game: str) -> list[VersionTag]:
    """The game's version tags, oldest first: `<game>/vX` over `vX` for the same version."""
    listed = _git(repo, "for-each-ref", f"--count={MAX_TAGS}",
                  "--format=%(refname)%00%(objecttype)%00%(objectname)%00%(*objecttype)%00%(*objectname)%00"
                  "%(creatordate:short)%00%(contents)%1e", "refs/tags/v*", f"refs/tags/{game}/v*")
    if listed.returncode != 0:
        return []
    found: dict[str, VersionTag] = {}
    for record in listed.stdout.decode("utf-8", "replace").split("\x1e"):
        fields = record.lstrip("\n").split("\0")
        if len(fields) != 7:
            continue
        ref, kind, oid, peeled_kind, peeled, date, message = fields
        name = ref.removeprefix("refs/tags/")
        own = name.startswith(f"{game}/")
        match = TAG_VERSION.match(name.removeprefix(f"{game}/"))
        commit = oid if kind == "commit" else peeled if peeled_kind == "commit" else ""
        if match is None or not commit or (match.group(1) in found and not own):
            continue
        found[match.group(1)] = VersionTag(match.group(1), name, commit, oid, date,
                                           message.strip()[:MAX_MESSAGE] if kind == "tag" else "")
    return sorted(found.values(), key=lambda tag: version_key(tag.number))


def _fits(repo: Path, commit: str, prefix: str) -> bool:
    """Whether the game's folder at `commit` is within MAX_FILES files and MAX_BYTES bytes."""
    listed = _git(repo, "ls-tree", "-r", "-l", "-z", "--full-tree", commit, "--", prefix)
    if listed.returncode != 0:
        return False
    records = [r for r in listed.stdout.split(b"\0") if r]
    if len(records) > MAX_FILES:
        return False
    total = 0
    for record in records:
        size = record.partition(b"\t")[0].split()[-1]
        total += int(size) if size.isdigit() else 0
    return total <= MAX_BYTES


class _Revisions:
    """The game at each tag, exported into a temporary folder and loaded once, as it is asked for."""

    def __init__(self, repo: Path, prefix: str, game: str, marks: ExitStack) -> None:
        self.repo, self.prefix, self.game = repo, prefix, game
        self.scratch = Path(tempfile.mkdtemp(prefix="pnp-history-"))
        marks.callback(shutil.rmtree, self.scratch, True)
        self.marks = marks
        self.loaded: dict[str, GameContent | None] = {}

    def folder(self, tag: VersionTag) -> Path | None:
        """The game's folder at `tag` (exported once), or None when it is too big or not there."""
        root = self.scratch / tag.commit
        game_prefix = f"{self.prefix}/{self.game}" if self.prefix else self.game
        content_dir = root.joinpath(*PurePosixPath(self.prefix).parts) if self.prefix else root
        if not root.is_dir():
            root.mkdir()
            self.marks.enter_context(revision_folder(root, tag.tag))  # its engine module never loads
            if not _fits(self.repo, tag.commit, game_prefix):
                return None
            try:
                export_games(self.repo, tag.commit, self.prefix, {self.game}, root)
            except (RevisionRefused, OSError, ValueError):
                return None
        folder = content_dir / self.game
        return folder if (folder / "game.yaml").is_file() else None

    def content(self, tag: VersionTag) -> GameContent | None:
        if tag.commit not in self.loaded:
            folder = self.folder(tag)
            errors = ErrorList()
            loaded = load_checked(folder.parent, [self.game], errors, need_engine=False) if folder else []
            self.loaded[tag.commit] = loaded[0] if loaded and not errors else None
        return self.loaded[tag.commit]


def _entry(tag: VersionTag, previous: VersionTag | None, content: GameContent | None) -> VersionEntry:
    version = content.game.version if content is not None else None
    date = version.date.isoformat() if version is not None and version.number == tag.number else tag.date
    return VersionEntry(tag.number, date, tag.tag, tag.message, previous.number if previous else None)


class GitHistory:
    """The history source of `pnp build` and `pnp serve` (generator.site.changelog_model.HistorySource)."""

    def __init__(self) -> None:
        self._tags: dict[str, tuple[Path, str, list[VersionTag]] | None] = {}

    def _read(self, content: GameContent) -> tuple[Path, str, list[VersionTag]] | None:
        """(repository, the content folder's path in it, the game's version tags), read once per build."""
        key = str(content.root.resolve())
        if key not in self._tags:
            try:
                repo, prefix = repository_of(content.root.parent)
                tags = _tags(repo, content.root.name)
                self._tags[key] = (repo, prefix, tags) if tags else None
            except (RevisionRefused, OSError, subprocess.SubprocessError):
                self._tags[key] = None
        return self._tags[key]

    def key(self, content: GameContent) -> str:
        read = self._read(content)
        if read is None:
            return ""
        shown = [(t.tag, t.commit, t.tag_object) for t in read[2]]
        return hashlib.sha256(json.dumps(shown).encode()).hexdigest()[:24]

    def history(self, content: GameContent, cache: BuildCache) -> GameHistory | None:
        read = self._read(content)
        if read is None:
            return None
        repo, prefix, tags = read
        with _revisions(repo, prefix, content.root.name) as revisions:
            return _history(content, tags, revisions, cache)


@contextmanager
def _revisions(repo: Path, prefix: str, game: str) -> Iterator[_Revisions]:
    with ExitStack() as marks:
        yield _Revisions(repo, prefix, game, marks)


def _compared(tag: VersionTag, previous: VersionTag | None, revisions: _Revisions, cache: BuildCache) -> VersionEntry:
    """What version `tag` changed since `previous` (None: the first version, nothing compared), kept in the cache
    by both commits and the tag."""
    def make() -> bytes:
        old, new = revisions.content(previous) if previous else None, revisions.content(tag)
        entry = _entry(tag, previous, new)
        if previous is not None and (old is None or new is None):
            entry.compared = False
        elif old is not None and new is not None:
            compared_entry(entry, old, new)
        return json.dumps(entry.as_json(), sort_keys=True).encode()

    key = unit_key("changelog", revisions.game, previous.commit if previous else None, tag.commit, tag.tag_object,
                   tag.tag)
    return VersionEntry.from_json(json.loads(cache.remembered_bytes(key, make)))


def _history(content: GameContent, tags: list[VersionTag], revisions: _Revisions, cache: BuildCache) -> GameHistory:
    shown = tags[-MAX_VERSIONS:]
    first = len(tags) - len(shown)
    entries: list[VersionEntry] = []
    for index, tag in enumerate(shown, start=first):
        entries.append(_compared(tag, tags[index - 1] if index else None, revisions, cache))
    history = GameHistory(entries[::-1])
    version = content.game.version
    current = version.number if version is not None else tags[-1].number
    history.current = current
    before = [tag for tag in tags if version_key(tag.number) < version_key(current)]
    same = next((tag for tag in tags if tag.number == current), None)
    if not before:
        return history
    if same is None and version is not None:  # the working tree's version, not tagged yet: listed first
        history.entries.insert(0, VersionEntry(current, version.date.isoformat(), "", "", before[-1].number))
    listed = next((e for e in history.entries if e.number == current), None)
    folder = revisions.folder(same) if same is not None else None
    if same is not None and listed is not None and folder is not None and not file_changes(folder, content.root):
        marks = listed  # the working tree is the tagged version: its entry says what it changed
    else:
        old = revisions.content(before[-1])
        marks = listed if listed is not None and not listed.tag else VersionEntry(current, "", "", "")
        if old is None:
            history.notes.append(f"version {before[-1].number} ({before[-1].tag}) cannot be read: no changes marked")
            marks.compared = False
            return history
        compared_entry(marks, old, content)
    history.marked_sections = {lang: {c.anchor: c.change for c in changes if c.anchor}
                               for lang, changes in marks.sections.items()}
    history.marked_cards = {c.card_id: c.change for c in next(iter(marks.cards.values()), []) if c.change != "removed"}
    return history
