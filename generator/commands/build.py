"""`pnp build`: check the games and write every output, swapped in only when all of it succeeded."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable

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
    from generator.build import STEPS, build_games
    from generator.build_cache import BuildCache
    from generator.output_folder import OutputRefused

    cache = cache if cache is not None else BuildCache.of_output(output_dir)
    try:
        loaded = load_games(content_dir, games, before=cache)
        if on_start:
            on_start(len(loaded) * (len(STEPS) + 1) + len(options.languages))
        errors = ErrorList()
        try:
            written = build_games(loaded, output_dir, options, errors, on_step, on_wait=on_wait, cache=cache)
        except OutputRefused as exc:
            raise CommandFailed.sentence(f"build: {exc}") from None
        if errors:
            raise CommandFailed(errors, note=UNTOUCHED)
        return written
    finally:
        cache.discard()  # what a build that did not succeed remembered (checks too) is forgotten
