"""The output folder: every build complete or not there at all, whenever the build is stopped.

Layout of `output/`:

    .pnp/lock                  held by the build writing here (a second build waits)
    .pnp/generations/<n>/      complete builds: <game>/..., site/...
    .pnp/current               link to the generation in use, replaced in one rename
    .pnp/cache/                the build cache (generator.build_cache), safe to delete
    .pnp/project/              the mkdocs project the site was built from (generator.site.project)
    <game>, site               links to .pnp/current/<game>, .pnp/current/site
    simulations/               `pnp simulate`'s figures; builds never touch it

A build assembles the next generation in `.pnp/staging-<pid>` (hard links to the files it keeps
from the current generation plus the files it writes), renames it into `generations/`, then
points `current` at it with one `rename()` of a link. At every instant `current` names a
complete generation, so a build killed anywhere leaves the old or the new build, never a mix.
The next build removes what a killed one left (staging folders, unused generations).

Nothing the build did not make is deleted: an `output/<name>` that is not pnp's link to
`.pnp/current/<name>` (a file, a folder, a link elsewhere: an older layout too) is refused with a
sentence. Leftovers are removed only by the exact names pnp gives them, and only inside `.pnp`.

Nothing in output/ is trusted: `.pnp` must be a real folder (else the build is refused), the
lock is opened without following a link, `current` is used only when it reads exactly
`generations/<n>` (anything else is replaced at the next commit, never followed), a link at
`generations` is replaced, and only regular files are carried from one generation to the next.
"""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import signal
import stat
from collections.abc import Callable, Container, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

STATE = ".pnp"
LOCK = "lock"
CURRENT = "current"
GENERATIONS = "generations"
CACHE = "cache"  # the build cache (generator.build_cache)
STAGING_PREFIX = "staging-"
PROJECT = "project"  # the mkdocs project of the last build's site
KILL_POINT = "PNP_TEST_KILL_AT"
# what pnp names in .pnp, the only names of leftovers it removes there
CURRENT_TARGET = re.compile(rf"{GENERATIONS}/([0-9]+)")
GENERATION_NAME = re.compile(r"[0-9]+")
LEFTOVER_FOLDER = re.compile(rf"{STAGING_PREFIX}[0-9]+")
LEFTOVER_LINK = re.compile(r"\.link-[^/]+")


class OutputRefused(Exception):
    """The output folder holds something the build may not replace; the message says what to do."""


def checkpoint(name: str) -> None:
    """A test hook: `PNP_TEST_KILL_AT=<name>` kills the process here, as a power cut or SIGKILL would."""
    if os.environ.get(KILL_POINT) == name:
        os.kill(os.getpid(), signal.SIGKILL)


def _link_target(name: str) -> str:
    return f"{STATE}/{CURRENT}/{name}"


def link_or_copy(source: str | Path, target: str | Path, folders: set[str]) -> bool:
    """Hard link (else copy) the file `source` at `target`; False when `target` exists already (it is left as it is).
    A link at `source` is never followed (it is linked or copied as a link): callers check what landed.
    `folders`: the folders known to exist (each made once)."""
    folder = os.path.dirname(target)
    if folder not in folders:
        os.makedirs(folder, exist_ok=True)
        folders.add(folder)
    try:
        os.link(source, target, follow_symlinks=False)
    except FileExistsError:
        return False
    except OSError:  # no hard links here (another file system): a copy (of a link, a link: callers refuse it)
        if os.path.lexists(target):
            return False
        shutil.copyfile(source, target, follow_symlinks=False)
    return True


def kind(path: str | Path) -> int | None:
    """The file type of `path` itself (a link is a link), or None when nothing is there."""
    try:
        return stat.S_IFMT(os.lstat(path).st_mode)
    except OSError:
        return None


def remove(path: str | Path) -> None:
    """Remove what pnp left at `path`: a link or file is unlinked (never followed), a folder deleted."""
    if kind(path) == stat.S_IFDIR:
        shutil.rmtree(path, ignore_errors=True)
    else:
        with suppress(OSError):
            os.unlink(path)


@dataclass
class OutputFolder:
    """One output folder and the build that holds its lock."""

    root: Path

    @property
    def state(self) -> Path:
        return self.root / STATE

    @property
    def current(self) -> Path | None:
        """The generation in use, or None before the first build. Only a link pnp made counts: one that
        reads exactly `generations/<n>`, naming a real folder there; anything else is not followed."""
        try:
            target = os.readlink(self.state / CURRENT)
        except OSError:
            return None
        if not CURRENT_TARGET.fullmatch(target) or kind(self.state / GENERATIONS) != stat.S_IFDIR:
            return None
        return self.state / target if kind(self.state / target) == stat.S_IFDIR else None

    def _check_state(self) -> None:
        """Refuse a `.pnp` that is not a real folder of this output folder (a link would have the build
        write, and remove its leftovers, wherever it points), or a `current` there that is not a link."""
        found = kind(self.state)
        if found not in (None, stat.S_IFDIR):
            what = "a link" if found == stat.S_IFLNK else "not a folder"
            raise OutputRefused(f"{self.state} is {what}; pnp keeps its state only in a folder of its own there: "
                                f"remove it or choose another --output")
        if kind(self.state / CURRENT) not in (None, stat.S_IFLNK):
            raise OutputRefused(f"{self.state / CURRENT} is not a link pnp made; remove it or choose another --output")

    def _prepare_state(self) -> None:
        """Make `.pnp/generations` a real folder; a link (or a file) there or at `.pnp/cache` is removed, never
        followed (the build cache reads and writes only under the lock, after this)."""
        self._check_state()
        for name in (GENERATIONS, CACHE):
            if kind(self.state / name) not in (None, stat.S_IFDIR):
                (self.state / name).unlink()
        (self.state / GENERATIONS).mkdir(parents=True, exist_ok=True)

    @contextmanager
    def locked(self, on_wait: Callable[[str], None] | None = None) -> Iterator[OutputFolder]:
        """Hold the build lock (a file opened without following a link: a link there is removed, its target
        never opened); a second build waits here until the first is done."""
        self._prepare_state()
        path = self.state / LOCK
        if kind(path) == stat.S_IFLNK:
            path.unlink()
        try:
            handle = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
        except OSError as exc:
            raise OutputRefused(f"{path} cannot be opened as pnp's lock file ({exc.strerror}); remove it "
                                f"or choose another --output") from None
        try:
            if not stat.S_ISREG(os.fstat(handle).st_mode):
                raise OutputRefused(f"{path} is not pnp's lock file; remove it or choose another --output")
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                if on_wait:
                    on_wait(f"waiting for another build that writes to {self.root}")
                fcntl.flock(handle, fcntl.LOCK_EX)
            self._prepare_state()  # as the build before left it
            self._remove_leftovers()
            yield self
        finally:
            os.close(handle)  # which releases the lock

    def _remove_leftovers(self) -> None:
        """What killed builds left: staging folders and generations no link points at. Only names pnp
        gives its own leftovers, inside `.pnp`: nothing else there or in output/ is touched."""
        current = self.current
        for entry in (self.state / GENERATIONS).iterdir():
            if GENERATION_NAME.fullmatch(entry.name) and (current is None or entry.name != current.name):
                remove(entry)
        for entry in self.state.iterdir():
            if LEFTOVER_FOLDER.fullmatch(entry.name) or (LEFTOVER_LINK.fullmatch(entry.name)
                                                         and kind(entry) == stat.S_IFLNK):
                remove(entry)

    def check_names(self, names: list[str]) -> None:
        """Refuse, before anything is written, an output/<name> this build may not replace."""
        if not self.root.is_dir():
            raise OutputRefused(f"{self.root} is not a folder; choose another --output")
        self._check_state()
        for name in names:
            path = self.root / name
            found = kind(path)
            if found is None or (found == stat.S_IFLNK and os.readlink(path) == _link_target(name)):
                continue
            what = {stat.S_IFLNK: "a link to elsewhere", stat.S_IFDIR: "a folder"}.get(found, "a file")
            raise OutputRefused(f"{path} is {what} that pnp did not make; move it away or choose another --output "
                                f"(pnp replaces only what it built)")

    def stage(self) -> Path:
        """A new, empty staging folder for the next generation."""
        path = self.state / f"{STAGING_PREFIX}{os.getpid()}"
        remove(path)
        path.mkdir()
        return path

    def keep(self, staging: Path, written: Container[str]) -> None:
        """Carry the folders of the build in use that this build did not write (`written`, nor into `staging`) into the
        staging folder unchanged (hard links, no copies)."""
        current = self.current
        for name in sorted(p.name for p in current.iterdir() if kind(p) == stat.S_IFDIR) if current is not None else []:
            if name not in written and not (staging / name).exists():
                self.merge(staging, name, lambda rel: False)

    def merge(self, staging: Path, name: str, replaced: Callable[[Path], bool]) -> None:
        """Add to staging/<name> every regular file of the build in use that this build does not replace
        (links there are neither carried nor followed: nothing outside is reached through them)."""
        current = self.current
        old = current / name if current is not None else None
        if old is None or kind(old) != stat.S_IFDIR:
            return
        folders: set[str] = set()
        for folder, _dirs, files in os.walk(old):
            for rel in sorted(Path(folder, file).relative_to(old) for file in files):
                target = staging / name / rel
                if (kind(old / rel) == stat.S_IFREG and not replaced(rel) and link_or_copy(old / rel, target, folders)
                        and kind(target) != stat.S_IFREG):
                    target.unlink()  # swapped for something else since it was listed: never carried

    def commit(self, staging: Path) -> None:
        """Make the staging folder the build in use: one rename of the `current` link."""
        checkpoint("staged")
        generations = self.state / GENERATIONS
        number = 1 + max((int(p.name) for p in generations.iterdir() if GENERATION_NAME.fullmatch(p.name)),
                         default=0)
        generation = generations / str(number)
        staging.rename(generation)
        checkpoint("generation")
        for name in sorted(p.name for p in generation.iterdir()):  # links first: they may point at nothing yet
            path = self.root / name
            if not (path.is_symlink() and os.readlink(path) == _link_target(name)):
                self._replace_link(path, _link_target(name), f".link-{name}")  # relative to output/, where it ends up
        checkpoint("linked")
        self._replace_link(self.state / CURRENT, f"{GENERATIONS}/{number}", f".link-{os.getpid()}")
        checkpoint("swapped")
        for entry in generations.iterdir():  # a build killed meanwhile leaves them to the next (_remove_leftovers)
            if entry != generation and GENERATION_NAME.fullmatch(entry.name):
                remove(entry)
        checkpoint("cleaned")

    def publish_project(self, project: Path) -> None:
        """Make `project` (a finished mkdocs project, for people to read) `.pnp/project`, replacing the last
        build's (a link or file there: removed, never followed)."""
        remove(self.state / PROJECT)
        project.rename(self.state / PROJECT)

    def _replace_link(self, path: Path, target: str, temporary: str) -> None:
        """Make `path` a link to `target` in one rename, from `.pnp/<temporary>` (a name of pnp's leftovers)."""
        remove(self.state / temporary)
        (self.state / temporary).symlink_to(target)
        os.replace(self.state / temporary, path)


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
