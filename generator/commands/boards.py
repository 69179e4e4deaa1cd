"""`pnp boards`: build only the boards and token sheets of games, as `pnp cards` does for the cards.

While a designer works on a board, the whole build (cards, rulebook, site) is slow. This command
checks the content, renders the boards step (generator.boards.step) into the output folder's
staging area and only when every game succeeded makes a new generation of the output in which each
game's board files of the chosen languages and papers are replaced: boards/, tokens-*.pdf, the board
images of tts/ and their ink-saver/ versions. Every other file is carried over as it was.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import replace
from fnmatch import fnmatch
from pathlib import Path
from typing import TYPE_CHECKING

from generator.commands.failure import CommandFailed
from generator.content.errors import ErrorList
from generator.content.schema import LANGUAGES as ALL_LANGUAGES

if TYPE_CHECKING:
    from generator.build import BuildOptions
    from generator.content.loader import GameContent
    from generator.output_folder import OutputFolder

UNTOUCHED = "the previous output is untouched"
BOARD_FILES = ("boards/*", "tokens-*.pdf", "tts/*/*-board.png")  # what the boards step writes in a game's folder


def board_outputs(languages: tuple[str, ...], papers: tuple[str, ...]) -> Callable[[Path], bool]:
    """The files of a game folder a `pnp boards` run for these languages and papers replaces."""
    from generator import output_files as names
    from generator.build import PAPERS
    from generator.content.schema import LANGUAGES
    from generator.output_folder import in_scope

    scope = in_scope(languages, papers, LANGUAGES, PAPERS)

    def replaced(rel: Path) -> bool:
        parts = rel.parts[1:] if rel.parts[0] == names.INK_SAVER else rel.parts  # the light versions too
        return any(fnmatch("/".join(parts), pattern) for pattern in BOARD_FILES) and scope(rel)

    return replaced


def boards(content_dir: Path, games: tuple[str, ...] | list[str], output_dir: Path, options: BuildOptions,
           on_wait: Callable[[str], None] | None = None) -> dict[str, list[Path]]:
    """Render the boards and token sheets of the games; the files now in `output_dir` per game."""
    from generator.commands.cards import into_output, load_for_drawing

    loaded = load_for_drawing(content_dir, games)  # boards never run an engine
    return into_output(output_dir, loaded, "boards", on_wait,
                       lambda folder: _render_into(folder, loaded, output_dir, options))


def _render_into(folder: OutputFolder, loaded: list[GameContent], output_dir: Path,
                 options: BuildOptions) -> dict[str, list[Path]]:
    """Render the games' boards into a new generation of `folder`, whose lock the caller holds."""
    from generator.boards.step import render_boards

    errors = ErrorList()
    written: dict[str, list[Path]] = {}
    staging = folder.stage()
    try:
        for content in loaded:
            game_dir = staging / content.id
            game_dir.mkdir()
            written[content.id] = render_boards(content, game_dir, replace(
                options, languages=content.built_in(options.languages)), errors)
        if errors:
            raise CommandFailed(errors, note=UNTOUCHED)
        for content in loaded:  # none of a language the game is no longer made in is kept
            dropped = tuple(lang for lang in ALL_LANGUAGES if lang not in content.languages)
            folder.merge(staging, content.id, board_outputs(options.languages + dropped, options.papers))
        folder.keep(staging, written)
        folder.commit(staging)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return {game: [output_dir / game / f.relative_to(staging / game) for f in files] for game, files in written.items()}
