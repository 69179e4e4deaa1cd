"""`pnp cards`: build only the card outputs of games, fast, with the card-only options (cut lines).

`pnp build` writes everything a game needs; while a designer works on card texts or a layout,
rebuilding the rules site each time is slow. This command checks the content, renders the
cards into the output folder's staging area and only when every game succeeded makes a new
generation of the output (generator.output_folder) in which each game's card files of the
chosen languages and papers (cards-<lang>-*.pdf and cards/<lang>/) are replaced. Every other
file, other languages' and papers' sheets included, is carried over as it was.
"""

from __future__ import annotations

import os
import shutil
import sys
from fnmatch import fnmatch
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from generator import output_files as names
from generator.build import PAPERS, BuildOptions, refuse_reserved_ids
from generator.content.errors import ErrorList
from generator.cli_options import (back_offset_option, content_option, games_or_usage_error, lang_option,
                                   languages_of, paper_option, papers_of, profile_option, tts_url_of,
                                   tts_url_option)
from generator.checking import load_checked
from generator.content.schema import LANGUAGES
from generator.output_folder import OutputFolder, OutputRefused, in_scope
from generator.render.cards_step import render_cards


def card_outputs(languages: tuple[str, ...], papers: tuple[str, ...]):
    """The files of a game folder a `pnp cards` run for these languages and papers replaces."""
    scope = in_scope(languages, papers, LANGUAGES, PAPERS)

    def replaced(rel: Path) -> bool:
        first = rel.parts[0]
        ours = first in names.CARD_FOLDERS or (len(rel.parts) == 1 and any(fnmatch(first, pattern)
                                                                           for pattern in names.CARD_PDFS))
        return ours and scope(rel)

    return replaced


@click.command("cards")
@click.argument("games", nargs=-1)
@content_option
@click.option("--output", "output_dir", type=click.Path(path_type=Path, file_okay=False), default=Path("output"),
              show_default=True, help="Where output/<game>/cards-* go; replaced only when every game succeeds.")
@lang_option
@paper_option
@click.option("--cut-lines", is_flag=True, help="Draw a dashed cut-line grid along every card edge on the sheets.")
@profile_option
@back_offset_option
@tts_url_option
def cards_command(games: tuple[str, ...], content_dir: Path, output_dir: Path, lang: str, paper: str,
                  cut_lines: bool, profile: str | None, back_offset: tuple[float, float], tts_url: str | None) -> None:
    """Render only the cards of GAMES (default: all): sheets, print-on-demand PDF and SVG faces."""
    ids = games_or_usage_error(content_dir, games)
    errors = ErrorList()
    loaded = load_checked(content_dir, ids, errors)
    options = BuildOptions(languages=languages_of(lang), papers=papers_of(paper), cut_lines=cut_lines, profile=profile,
                           back_offset=back_offset, tts_url=tts_url_of(tts_url, output_dir))
    console = Console(stderr=True, highlight=False)
    refuse_reserved_ids(loaded, errors)
    if errors:
        for error in errors:
            click.echo(error.one_line(), err=True)
        click.echo(f"{len(errors)} error(s); the previous output is untouched", err=True)
        sys.exit(1)
    output_dir.mkdir(parents=True, exist_ok=True)
    folder = OutputFolder(output_dir)
    written: dict[str, list[Path]] = {}
    try:
        folder.check_names([content.id for content in loaded])
    except OutputRefused as exc:
        click.echo(f"cards: {exc}", err=True)
        sys.exit(1)
    with folder.locked(lambda message: console.print(message)):
        staging = folder.stage()
        try:
            with console.status("rendering cards"):
                for content in loaded:
                    game_dir = staging / content.id
                    game_dir.mkdir()
                    written[content.id] = render_cards(content, game_dir, options, errors)
            if errors:
                for error in errors:
                    click.echo(error.one_line(), err=True)
                click.echo(f"{len(errors)} error(s); the previous output is untouched", err=True)
                sys.exit(1)
            replaced = card_outputs(options.languages, options.papers)
            for content in loaded:
                folder.merge(staging, content.id, replaced)
            folder.keep(staging, [name for name in folder.names_in_use() if name not in written])
            folder.commit(staging)
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    table = Table(title="cards written")
    for column in ("game", "PDFs", "SVG faces", "size", "where"):
        table.add_column(column, justify="right" if column in ("PDFs", "SVG faces", "size") else "left")
    for game, files in written.items():
        final = [output_dir / game / f.relative_to(folder.state / f"staging-{os.getpid()}" / game) for f in files]
        size = sum(p.stat().st_size for p in final if p.exists())
        table.add_row(game, str(sum(p.suffix == ".pdf" for p in final)), str(sum(p.suffix == ".svg" for p in final)),
                      f"{size / 1024:.0f} KiB", str(output_dir / game) if files else "(no cards)")
    Console(highlight=False).print(table)
