"""`pnp build`: check the games and write every output, swapped in only when all of it succeeded."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from generator.commands.failure import CommandFailed
from generator.commands.loading import load_games
from generator.content.errors import ErrorList

if TYPE_CHECKING:
    from generator.build import BuildOptions
    from generator.build_cache import BuildCache

UNTOUCHED = "build failed; the previous output is untouched"


def build(content_dir: Path, games: tuple[str, ...] | list[str], output_dir: Path, options: BuildOptions,
          on_start: Callable[[int], None] | None = None, on_step: Callable[[str, str], None] | None = None,
          on_wait: Callable[[str], None] | None = None, cache: BuildCache | None = None) -> dict[str, list[Path]]:
    """Build the games into `output_dir`; the files written per game.

    `cache`: where units come from and go (None: OUTPUT/.pnp/cache); it lists what was made and reused.
    `on_start` hears the number of steps to come (per game every step plus the site's example
    replays, then one mkdocs build per language), `on_step` each one as it begins.
    """
    from generator.site.mkdocs_batch import standing_workers, start_mkdocs

    with standing_workers(reuse=True, lasting=False):  # the build's mkdocs children (generator.build)
        stamps = folder_stamps(content_dir, games)
        if stamps != last_stamps(output_dir):  # a changed game: its site will be built, so mkdocs loads now
            start_mkdocs(1)
        written = _build(content_dir, games, output_dir, options, on_start, on_step, on_wait, cache)
        remember_stamps(output_dir, stamps)
        return written


def _build(content_dir: Path, games: tuple[str, ...] | list[str], output_dir: Path, options: BuildOptions,
           on_start: Callable[[int], None] | None, on_step: Callable[[str, str], None] | None,
           on_wait: Callable[[str], None] | None, cache: BuildCache | None) -> dict[str, list[Path]]:
    from generator.build import STEPS, build_games
    from generator.build_cache import BuildCache
    from generator.commands.checked_verdicts import CheckedVerdicts, CheckInFull
    from generator.diff.history import GitHistory
    from generator.output_folder import OutputRefused

    cache = cache if cache is not None else BuildCache.of_output(output_dir)
    try:
        loaded = load_games(content_dir, games, before=CheckedVerdicts() if cache.folder else CheckInFull())
        if on_start:
            on_start(len(loaded) * (len(STEPS) + 1) + len(options.languages))
        errors = ErrorList()
        try:
            written = build_games(loaded, output_dir, options, errors, on_step, on_wait=on_wait, cache=cache,
                                  history=GitHistory())
        except OutputRefused as exc:
            raise CommandFailed.sentence(f"build: {exc}") from None
        if errors:
            raise CommandFailed(errors, note=UNTOUCHED)
        return written
    finally:
        cache.discard()  # what a build that did not succeed remembered is forgotten


STAMPS = Path(".pnp") / "built-from.json"  # in the output folder: the content folders' stamps at the last build


def folder_stamps(content_dir: Path, games: tuple[str, ...] | list[str]) -> dict[str, str]:
    """A cheap stamp of each game folder (every file's path, size and time), to guess before loading
    anything whether the build will have a site to build. A wrong guess costs time, never output."""
    stamps: dict[str, str] = {}
    try:
        names = list(games) or sorted(entry.name for entry in content_dir.iterdir() if entry.is_dir())
    except OSError:
        return stamps
    for name in names:
        digest = hashlib.sha256()
        for folder, dirs, files in os.walk(content_dir / name):
            dirs.sort()
            for file_name in sorted(files):
                try:
                    found = os.stat(os.path.join(folder, file_name), follow_symlinks=False)
                except OSError:
                    continue
                digest.update(f"{folder}/{file_name}\0{found.st_size}\0{found.st_mtime_ns}\0".encode())
        stamps[str((content_dir / name).resolve())] = digest.hexdigest()
    return stamps


def last_stamps(output_dir: Path) -> dict[str, str] | None:
    try:
        found = json.loads((output_dir / STAMPS).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return found if isinstance(found, dict) else None


def remember_stamps(output_dir: Path, stamps: dict[str, str]) -> None:
    """After a build that succeeded: the stamps it started from (written whole, or not at all)."""
    path = output_dir / STAMPS
    try:
        partial = path.with_name(f".{path.name}.{os.getpid()}")
        partial.write_text(json.dumps(stamps, sort_keys=True), encoding="utf-8")
        partial.replace(path)
    except OSError:
        pass
