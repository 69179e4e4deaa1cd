"""Run the mkdocs builds of the site stage: every game's site in every language, on a few children.

Each game and language is a site of its own, so a build of four games in two languages is eight
mkdocs builds. Starting Python, mkdocs and the theme costs about as much as building a small
site, so the builds are shared out over at most one child per core (generator.site.mkdocs_worker),
each building its share one after another. A child dies with pnp (however pnp dies) and is
killed after MKDOCS_TIMEOUT_S; every warning it reports becomes an error at the rules page (and
line) it came from, so `--strict` keeps failing a build with a broken link.

`pnp serve` rebuilds often: inside `standing_workers()` the children stay up between builds and
take their sites on standard input (a child that died or hung is replaced at the next build).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from generator.content.errors import ErrorList, Mark
from generator.forked import cores, die_with_parent, own_code_env
from generator.output_folder import checkpoint
from generator.site.mkdocs_worker import RESULT_MARK

if TYPE_CHECKING:  # the site's modules load late: a build may start its children before them
    from generator.site.project import LanguageSite

MKDOCS_TIMEOUT_S = 600
# mkdocs stamps pages with the build date; a fixed date keeps the site byte-identical per input
SOURCE_DATE_EPOCH = "1577836800"
DOC_FILE = re.compile(r"Doc file '([^']+)' contains a link '([^']+)'")
HINT = ("links in rules pages are relative to the page; the other pages of a game are ../components.md, "
        "../cards.md, ../downloads.md, ../glossary.md")


@dataclass(frozen=True)
class MkdocsJob:
    """One site to build: its config, where it goes, and how to name its problems."""

    config: Path
    destination: Path
    display: str  # the config as the user knows it: .pnp/project/docs/<game>/mkdocs.<lang>.yml
    site: LanguageSite | None = None
    content_root: Path | None = None

    @property
    def weight(self) -> int:
        return len(self.site.tree.pages) if self.site else 1


def _mkdocs_env() -> dict[str, str]:
    return own_code_env(NO_MKDOCS_2_WARNING="1", SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH, PYTHONHASHSEED="0")


def share_out(jobs: list[MkdocsJob], children: int) -> list[list[MkdocsJob]]:
    """The jobs in `children` groups of about equal work (largest first, each to the lightest group)."""
    groups: list[list[MkdocsJob]] = [[] for _ in range(max(1, min(children, len(jobs))))]
    loads = [0] * len(groups)
    for job in sorted(jobs, key=lambda j: -j.weight):
        lightest = loads.index(min(loads))
        groups[lightest].append(job)
        loads[lightest] += job.weight
    return [group for group in groups if group]


def _warning_mark(message: str, job: MkdocsJob) -> Mark:
    """Where a mkdocs warning points: the rules page (and line) it came from, else the config."""
    match = DOC_FILE.search(message)
    if match and job.site is not None and match.group(1) in job.site.sources:
        source = job.site.sources[match.group(1)]
        line_no = 1
        if job.content_root is not None:
            path = job.content_root / source
            if path.is_file():
                for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                    if f"]({match.group(2)})" in text:
                        line_no = number
                        break
        return Mark(source, line_no, 1)
    return Mark(job.display)


def _report(job: MkdocsJob, problems: list[str], errors: ErrorList) -> None:
    shown = [p for p in problems if not p.startswith("Aborted") or len(problems) == 1]
    for problem in shown or ["(no output)"]:
        message = problem.split(" - ", 1)[1].strip() if " - " in problem else problem
        errors.add(_warning_mark(message, job), f"mkdocs build --strict: {message}", code="site", hint=HINT)


def _start(group: list[MkdocsJob]) -> subprocess.Popen[str]:
    """A child building `group`, started from this (the main) thread: the death signal follows the thread."""
    command = [sys.executable, "-m", "generator.site.mkdocs_worker"]
    for job in group:
        command += [str(job.config.resolve()), str(job.destination.resolve())]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_mkdocs_env(),
                            preexec_fn=partial(die_with_parent, os.getpid()) if sys.platform.startswith("linux")
                            else None)


def _wait(child: subprocess.Popen[str]) -> tuple[int, str, str] | None:
    """The child's exit code and output; None when it had to be killed for taking too long."""
    try:
        stdout, stderr = child.communicate(timeout=MKDOCS_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        child.kill()
        child.communicate()
        return None
    return child.returncode, stdout, stderr


class StandingChild:
    """A mkdocs child that stays up between builds (`mkdocs_worker --stdin`), with the tail of its stderr."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "generator.site.mkdocs_worker", "--stdin"], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_mkdocs_env(),
            preexec_fn=partial(die_with_parent, os.getpid()) if sys.platform.startswith("linux") else None)
        self.stderr: deque[str] = deque(maxlen=20)
        self.used = False  # whether it was given a site to build
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.stderr.append(line.rstrip())

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def build(self, group: list[MkdocsJob]) -> tuple[int, str, str] | None:
        """Build `group` as a one-off child would: (code, stdout, stderr); None when it hung and was killed."""
        assert self.process.stdin is not None and self.process.stdout is not None
        timed_out = threading.Event()

        def expire() -> None:
            timed_out.set()
            self.process.kill()

        self.used = True
        timer = threading.Timer(MKDOCS_TIMEOUT_S, expire)
        timer.start()
        self.stderr.clear()
        lines: list[str] = []
        try:
            for job in group:
                self.process.stdin.write(json.dumps({"config": str(job.config.resolve()),
                                                     "dest": str(job.destination.resolve())}) + "\n")
            self.process.stdin.flush()
            while len(lines) < len(group):
                line = self.process.stdout.readline()
                if not line:
                    break
                if line.startswith(RESULT_MARK):
                    lines.append(line)
        except OSError:  # the child is gone: what it said so far is reported below
            pass
        finally:
            timer.cancel()
        if timed_out.is_set():
            return None
        code = 0 if self.alive else (self.process.returncode or 1)
        return code, "".join(lines), "\n".join(self.stderr)

    def let_go(self) -> None:
        """Close the child's input: it leaves after what it is building (`close` waits for that); one
        that was never given a site is stopped at once."""
        if not self.used and self.alive:
            self.process.kill()
        if self.process.stdin is not None:
            with suppress(OSError):
                self.process.stdin.close()

    def close(self) -> None:
        if self.alive and self.process.stdin is not None:
            try:
                self.process.stdin.close()
                self.process.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                self.process.kill()
        if self.alive:
            self.process.kill()


_STANDING: list[StandingChild] | None = None
_LASTING = True  # the standing children are `pnp serve`'s (not one build's)
_RELEASED: list[StandingChild] = []  # a build's children told to leave, waited for at the block's end


@contextmanager
def standing_workers(reuse: bool = False, lasting: bool = True) -> Iterator[None]:
    """Keep mkdocs children up for the builds made inside the block: `pnp serve`'s rebuilds (`lasting`), or
    one build, whose children start while its print units are made (`start_mkdocs`) and may leave
    before the block ends (`release_mkdocs`). `reuse`: inside another such block, keep to its children."""
    global _STANDING, _LASTING
    if reuse and _STANDING is not None:
        yield
        return
    _STANDING, _LASTING = [], lasting
    try:
        yield
    finally:
        children, _STANDING = _STANDING + _RELEASED, None
        _RELEASED.clear()
        for child in children:
            child.close()


def release_mkdocs() -> None:
    """Let a build's own children go (they leave while the build finishes; the block's end waits for
    them); `pnp serve`'s stay."""
    if _STANDING is None or _LASTING:
        return
    for child in _STANDING:
        child.let_go()
    _RELEASED.extend(_STANDING)
    _STANDING.clear()


def _standing(count: int) -> list[StandingChild]:
    assert _STANDING is not None
    _STANDING[:] = [child for child in _STANDING if child.alive]
    while len(_STANDING) < count:
        _STANDING.append(StandingChild())
    return _STANDING[:count]


def start_mkdocs(sites: int) -> None:
    """Start the children that will build `sites` sites (inside `standing_workers`), so Python, mkdocs and
    the theme load while the build is busy with other things."""
    if _STANDING is not None and sites:
        _standing(min(cores(), sites))


def build_sites(jobs: list[MkdocsJob], errors: ErrorList, meanwhile: Callable[[], None] | None = None) -> bool:
    """Build every job's site; False (with the problems in `errors`) if any did not build. `meanwhile` runs
    here while the children build (whatever they do)."""
    meanwhile = meanwhile or (lambda: None)
    if not jobs:
        meanwhile()
        return True
    groups = share_out(jobs, cores())
    if _STANDING is not None:
        standing = _standing(len(groups))
        checkpoint("mkdocs")
        with ThreadPoolExecutor(max_workers=len(groups)) as pool:
            building = pool.map(StandingChild.build, standing, groups)  # submitted at once
            meanwhile()
            return _collect(groups, list(building), errors)
    children = [_start(group) for group in groups]
    try:
        checkpoint("mkdocs")
        with ThreadPoolExecutor(max_workers=len(children)) as pool:  # read every child's pipes at once
            waiting = pool.map(_wait, children)
            meanwhile()
            outcomes = list(waiting)
    except BaseException:  # Ctrl-C or an error here: the children go with us
        for child in children:
            child.kill()
            child.wait()
        raise
    return _collect(groups, outcomes, errors)


def _collect(groups: list[list[MkdocsJob]], outcomes: list[tuple[int, str, str] | None], errors: ErrorList) -> bool:
    """Every child's results as errors at the pages they came from; False if any site did not build."""
    ok = True
    for group, outcome in zip(groups, outcomes, strict=False):
        if outcome is None:
            errors.add(Mark(group[0].display), f"mkdocs build did not finish within {MKDOCS_TIMEOUT_S} s", code="site")
            ok = False
            continue
        code, stdout, stderr = outcome
        results = {}
        for line in stdout.splitlines():
            if line.startswith(RESULT_MARK):
                result = json.loads(line[len(RESULT_MARK):])
                results[result["config"]] = result
        for job in group:
            result = results.get(str(job.config.resolve()))
            if result is None:  # the child died before it could say
                _report(job, (stderr.strip().splitlines() or [f"mkdocs child ended with {code}"])[-5:], errors)
                ok = False
            elif not result["ok"]:
                _report(job, result["problems"], errors)
                ok = False
    return ok
