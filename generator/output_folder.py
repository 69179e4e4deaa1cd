"""The output folder: every build complete or not there at all, whenever the build is stopped.

Layout of `output/`:

    .pnp/lock                  held by the build writing here (a second build waits)
    .pnp/generations/<n>/      complete builds: <game>/..., site/...
    .pnp/current               link to the generation in use, replaced in one rename
    .pnp/trash-*               replaced generations, being deleted by a detached process
    .pnp/cache/                the build cache (generator.build_cache), safe to delete
    <game>, site               links to .pnp/current/<game>, .pnp/current/site
    simulations/               `pnp simulate`'s figures; builds never touch it

A build assembles the next generation in `.pnp/staging-<pid>` (hard links to the files it keeps
from the current generation plus the files it writes), renames it into `generations/`, then
points `current` at it with one `rename()` of a link. At every instant `current` names a
complete generation, so a build killed anywhere leaves the old or the new build, never a mix.
The next build removes what a killed one left (staging folders, unused generations).

Nothing the build did not make is deleted: an `output/<name>` that is a file or a link to
elsewhere is refused with a sentence; a real folder there (what older versions wrote) has its
files carried into the next generation, where only the files this build writes replace them.
"""

from __future__ import annotations

import errno
import fcntl
import os
import shutil
import re
import signal
import subprocess
import sys
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

STATE = ".pnp"
LOCK = "lock"
CURRENT = "current"
GENERATIONS = "generations"
STAGING_PREFIX = "staging-"
TRASH_PREFIX = "trash-"  # what a build replaced, being deleted in the background (remove_later)
# folders older versions left in output/ while building (removed when found, as they were)
LEGACY_LEFTOVERS = (".staging-", ".old-", ".cards-staging-")
KILL_POINT = "PNP_TEST_KILL_AT"


class OutputRefused(Exception):
    """The output folder holds something the build may not replace; the message says what to do."""


def remove_later(path: Path) -> None:
    """Delete `path` (already renamed out of the way) in a detached process, so the build need not wait.

    Deleting a build's thousands of files can take longer than the rebuild that replaced them
    (seconds on a disk mounted with `discard`); whoever renamed it removes what such a process left.
    """
    try:
        subprocess.Popen([sys.executable, "-c", "import shutil, sys; shutil.rmtree(sys.argv[1], ignore_errors=True)",
                          str(path)], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, start_new_session=True)
    except OSError:
        shutil.rmtree(path, ignore_errors=True)


def checkpoint(name: str) -> None:
    """A test hook: `PNP_TEST_KILL_AT=<name>` kills the process here, as a power cut or SIGKILL would."""
    if os.environ.get(KILL_POINT) == name:
        os.kill(os.getpid(), signal.SIGKILL)


def _link_target(name: str) -> str:
    return f"{STATE}/{CURRENT}/{name}"


def _is_legacy_build(path: Path, name: str) -> bool:
    """A real folder output/<game> or output/site: what older pnp-forge builds wrote (before outputs were
    links). Its files are carried into the next generation, so nothing in it is lost but what the
    build writes anew."""
    return path.is_dir() and not path.is_symlink()


def _link_or_copy(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def _files(root: Path) -> list[Path]:
    return sorted(p.relative_to(root) for p in root.rglob("*") if p.is_file() and not p.is_symlink())


@dataclass
class OutputFolder:
    """One output folder and the build that holds its lock."""

    root: Path

    @property
    def state(self) -> Path:
        return self.root / STATE

    @property
    def current(self) -> Path | None:
        """The generation in use, or None before the first build."""
        link = self.state / CURRENT
        return link.resolve() if link.is_symlink() and link.resolve().is_dir() else None

    @contextmanager
    def locked(self, on_wait: Callable[[str], None] | None = None) -> Iterator["OutputFolder"]:
        """Hold the build lock; a second build waits here until the first is done."""
        (self.state / GENERATIONS).mkdir(parents=True, exist_ok=True)
        with open(self.state / LOCK, "a+") as handle:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as exc:
                if exc.errno not in (errno.EAGAIN, errno.EACCES):
                    raise
                if on_wait:
                    on_wait(f"waiting for another build that writes to {self.root}")
                fcntl.flock(handle, fcntl.LOCK_EX)
            try:
                self._remove_leftovers()
                yield self
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)

    def _remove_leftovers(self) -> None:
        """What killed builds left: staging folders and generations no link points at."""
        current = self.current
        for entry in (self.state / GENERATIONS).iterdir():
            if entry.resolve() != current:
                shutil.rmtree(entry, ignore_errors=True)
        for entry in self.state.iterdir():
            if entry.name.startswith((STAGING_PREFIX, ".link-", TRASH_PREFIX)):
                if entry.is_symlink() or entry.is_file():
                    entry.unlink()
                else:
                    shutil.rmtree(entry, ignore_errors=True)
        for entry in self.root.iterdir():
            if entry.is_dir() and not entry.is_symlink() and entry.name.startswith(LEGACY_LEFTOVERS):
                shutil.rmtree(entry, ignore_errors=True)

    def check_names(self, names: list[str]) -> None:
        """Refuse, before anything is written, an output/<name> this build may not replace."""
        if not self.root.is_dir():
            raise OutputRefused(f"{self.root} is not a folder; choose another --output")
        for name in names:
            path = self.root / name
            if not (path.exists() or path.is_symlink()):
                continue
            if path.is_symlink() and os.readlink(path) == _link_target(name):
                continue
            if _is_legacy_build(path, name):
                continue
            what = "a link to elsewhere" if path.is_symlink() else "a file"
            raise OutputRefused(f"{path} is {what} that pnp did not make; move it away or choose another --output "
                                f"(pnp replaces only what it built)")

    def stage(self) -> Path:
        """A new, empty staging folder for the next generation."""
        path = self.state / f"{STAGING_PREFIX}{os.getpid()}"
        if path.exists():
            shutil.rmtree(path)
        path.mkdir()
        return path

    def previous(self, name: str) -> Path | None:
        """The folder `name` of the build in use (a generation's, or a legacy folder), if any."""
        current = self.current
        if current is not None and (current / name).is_dir():
            return current / name
        path = self.root / name
        return path if _is_legacy_build(path, name) else None

    def keep(self, staging: Path, names: list[str]) -> None:
        """Carry folders of the build in use into the staging folder unchanged (hard links, no copies)."""
        for name in names:
            old = self.previous(name)
            if old is None or (staging / name).exists():
                continue
            for rel in _files(old):
                _link_or_copy(old / rel, staging / name / rel)

    def merge(self, staging: Path, name: str, replaced: Callable[[Path], bool]) -> None:
        """Add to staging/<name> every file of the build in use that this build does not replace."""
        old = self.previous(name)
        if old is None:
            return
        for rel in _files(old):
            if not replaced(rel) and not (staging / name / rel).exists():
                _link_or_copy(old / rel, staging / name / rel)

    def names_in_use(self) -> list[str]:
        current = self.current
        """Folders of the build in use (a real folder of an older version stays where it is unless rebuilt)."""
        return sorted(p.name for p in current.iterdir()) if current is not None else []

    def commit(self, staging: Path) -> None:
        """Make the staging folder the build in use: one rename of the `current` link."""
        checkpoint("staged")
        generations = self.state / GENERATIONS
        number = 1 + max((int(p.name) for p in generations.iterdir() if p.name.isdigit()), default=0)
        generation = generations / str(number)
        staging.rename(generation)
        checkpoint("generation")
        names = sorted(p.name for p in generation.iterdir())
        for name in names:  # links first: they may point at nothing until `current` moves
            self._link(name)
        checkpoint("linked")
        pointer = self.state / f".link-{os.getpid()}"
        if pointer.is_symlink():
            pointer.unlink()
        pointer.symlink_to(f"{GENERATIONS}/{number}")
        os.replace(pointer, self.state / CURRENT)
        checkpoint("swapped")
        for entry in generations.iterdir():
            if entry != generation:
                trash = self.state / f"{TRASH_PREFIX}{os.getpid()}-{entry.name}"
                try:
                    entry.rename(trash)
                except OSError:
                    shutil.rmtree(entry, ignore_errors=True)
                    continue
                remove_later(trash)  # the next build removes it if this process could not
        checkpoint("cleaned")

    def _link(self, name: str) -> None:
        path = self.root / name
        if path.is_symlink() and os.readlink(path) == _link_target(name):
            return
        if _is_legacy_build(path, name):  # its files are in the new generation: replace the folder by the link
            trash = self.state / f"{STAGING_PREFIX}legacy-{name}"
            path.rename(trash)
            shutil.rmtree(trash, ignore_errors=True)
        temporary = self.state / f".link-{name}"
        if temporary.is_symlink():
            temporary.unlink()
        temporary.symlink_to(_link_target(name))  # read relative to output/, where the link ends up
        os.replace(temporary, path)


def in_scope(languages: tuple[str, ...], papers: tuple[str, ...], all_languages: tuple[str, ...],
             all_papers: tuple[str, ...]) -> Callable[[Path], bool]:
    """Whether a file of a game's folder belongs to the languages and papers a build writes.

    Files are named by language and paper (`cards-en-a4.pdf`, `cards/de/...`, `boards/map-de-full.pdf`):
    a build for `--lang en --paper a4` replaces the English A4 and the paper-less English files and the
    files of no language, and keeps the German ones and the Letter ones as they were.
    """
    def replaced(rel: Path) -> bool:
        tokens = set(re.split(r"[-/.]", rel.as_posix()))
        langs = tokens & set(all_languages)
        sizes = tokens & set(all_papers)
        return (not langs or bool(langs & set(languages))) and (not sizes or bool(sizes & set(papers)))

    return replaced
