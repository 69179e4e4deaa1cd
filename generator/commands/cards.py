"""`pnp cards`: build only the card outputs of games, fast, with the card-only options (cut lines).

`pnp build` writes everything a game needs; while a designer works on card texts or a layout,
rebuilding the rules site each time is slow. This command checks the content, renders the
cards into the output folder's staging area and only when every game succeeded makes a new
generation of the output (generator.output_folder) in which each game's card files of the
chosen languages and papers (cards-<lang>-*.pdf and cards/<lang>/) are replaced. Every other
file, other languages' and papers' sheets included, is carried over as it was. The Tabletop
Simulator decks (tts/) are half of what the cards cost to make and no help while a design is
worked on: they are made, and replaced, only with --tts.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import replace
from fnmatch import fnmatch
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.commands.failure import CommandFailed
from generator.commands.loading import game_ids
from generator.content.errors import ErrorList
from generator.content.schema import LANGUAGES as ALL_LANGUAGES

if TYPE_CHECKING:
    from generator.build import BuildOptions
    from generator.content.loader import GameContent
    from generator.output_folder import OutputFolder

UNTOUCHED = "the previous output is untouched"


def card_outputs(languages: tuple[str, ...], papers: tuple[str, ...], tts: bool = True) -> Callable[[Path], bool]:
    """The files of a game folder a `pnp cards` run for these languages and papers replaces (the Tabletop
    Simulator decks only when it makes them)."""
    from generator import output_files as names
    from generator.build import PAPERS
    from generator.content.schema import LANGUAGES
    from generator.output_folder import in_scope

    scope = in_scope(languages, papers, LANGUAGES, PAPERS)

    def replaced(rel: Path) -> bool:
        first = rel.parts[0]
        top = rel.parts[1:] if first == names.INK_SAVER else rel.parts  # the light sheets, by the designed names
        ours = (first in names.CARD_FOLDERS and (tts or first != names.TTS_FOLDER)) or (
            len(top) == 1 and any(fnmatch(top[0], pattern) for pattern in names.CARD_PDFS)
        )
        return ours and scope(rel)

    return replaced


def cards(content_dir: Path, games: tuple[str, ...] | list[str], output_dir: Path, options: BuildOptions,
          on_wait: Callable[[str], None] | None = None,
          status: Callable[[], AbstractContextManager[Any]] = nullcontext) -> dict[str, list[Path]]:
    """Render the cards of the games; the files now in `output_dir` per game (empty: a game without cards)."""
    loaded = load_for_drawing(content_dir, games)  # cards never run an engine
    return into_output(output_dir, loaded, "cards", on_wait,
                       lambda folder: _render_into(folder, loaded, output_dir, options, status))


def load_for_drawing(content_dir: Path, games: tuple[str, ...] | list[str]) -> list[GameContent]:
    """The games checked for a command that draws part of them (no engine runs); their errors end the command
    with the output untouched."""
    from generator.build import refuse_reserved_ids
    from generator.checking import load_checked

    errors = ErrorList()
    loaded = load_checked(content_dir, game_ids(content_dir, games), errors, need_engine=False)
    refuse_reserved_ids(loaded, errors)
    if errors:
        raise CommandFailed(errors, note=UNTOUCHED)
    return loaded


def into_output(output_dir: Path, loaded: list[GameContent], command: str, on_wait: Callable[[str], None] | None,
                render: Callable[[Any], dict[str, list[Path]]]) -> dict[str, list[Path]]:
    """`render` into the output folder, its names checked and its lock held; a refusal is one sentence."""
    from generator.output_folder import OutputFolder, OutputRefused

    output_dir.mkdir(parents=True, exist_ok=True)
    folder = OutputFolder(output_dir)
    try:
        folder.check_names([content.id for content in loaded])
        with folder.locked(on_wait or (lambda message: None)):
            return render(folder)
    except OutputRefused as exc:
        raise CommandFailed.sentence(f"{command}: {exc}") from None


def _render_into(folder: OutputFolder, loaded: list[GameContent], output_dir: Path, options: BuildOptions,
                 status: Callable[[], AbstractContextManager[Any]]) -> dict[str, list[Path]]:
    """Render the games' cards into a new generation of `folder`, whose lock the caller holds."""
    from generator.pool import idle_cores
    from generator.render.cards_step import render_cards

    errors = ErrorList()
    written: dict[str, list[Path]] = {}
    staging = folder.stage()
    try:
        with status():
            for content in loaded:
                game_dir = staging / content.id
                game_dir.mkdir()
                # one game and language at a time: a big deck's layout may use the idle cores
                written[content.id] = render_cards(content, game_dir, replace(
                    options, languages=content.built_in(options.languages), workers=idle_cores()), errors)
        if errors:
            raise CommandFailed(errors, note=UNTOUCHED)
        for content in loaded:  # none of a language the game is no longer made in is kept
            dropped = tuple(lang for lang in ALL_LANGUAGES if lang not in content.languages)
            folder.merge(staging, content.id, card_outputs(options.languages + dropped, options.papers, options.tts))
        folder.keep(staging, written)
        folder.commit(staging)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return {game: [output_dir / game / f.relative_to(staging / game) for f in files] for game, files in written.items()}
