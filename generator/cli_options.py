"""Command-line pieces every `pnp` command shares: the content folder, output choices, game ids.

Kept apart from cli.py so the command modules of other packages (cards, rules, site) can use
them without importing the command group that imports them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, TypeVar

import click

from generator.content.library import UnknownGame, resolve_games
from generator.content.schema import LANGUAGES

F = TypeVar("F", bound=Callable[..., Any])
CONTENT_HELP = "Folder holding one sub-folder per game."
PAPERS: tuple[str, ...] = ("a4", "letter")


def content_option(func: F) -> F:
    """`--content DIR`: the content tree, ./content by default."""
    return click.option("--content", "content_dir", type=click.Path(path_type=Path, file_okay=False),
                        default=Path("content"), show_default=True, help=CONTENT_HELP)(func)


def format_option(func: F) -> F:
    """`--format text|json`."""
    return click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text",
                        show_default=True, help="Human-readable text or JSON for tools.")(func)


def lang_option(func: F) -> F:
    """`--lang de|en|all` for commands that write outputs."""
    return click.option("--lang", type=click.Choice([*LANGUAGES, "all"]), default="all", show_default=True,
                        help="Language of the outputs.")(func)


def paper_option(func: F) -> F:
    """`--paper a4|letter|all` for commands that write printable sheets."""
    return click.option("--paper", type=click.Choice([*PAPERS, "all"]), default="all", show_default=True,
                        help="Paper size of printable sheets.")(func)


def languages_of(lang: str) -> tuple[str, ...]:
    return LANGUAGES if lang == "all" else (lang,)


def papers_of(paper: str) -> tuple[str, ...]:
    return PAPERS if paper == "all" else (paper,)


def games_or_usage_error(content_dir: Path, games: tuple[str, ...] | list[str]) -> list[str]:
    """The games a command works on; an unknown game or a missing content tree is a usage error (exit 2)."""
    try:
        return resolve_games(content_dir, games)
    except UnknownGame as exc:
        raise click.UsageError(str(exc)) from None


def profile_option(func):
    """`--profile ID`: write per-card uploads for a print shop (templates/print/profiles.yaml)."""
    from generator.render.profiles import profiles

    return click.option("--profile", type=click.Choice(sorted(profiles())), default=None,
                        help="Print-shop profile: lay the cards out at its trim and write a PDF and PNGs per card "
                             "(default: the game's print_profile, if any).")(func)


def _offset(ctx, param, value: str | None) -> tuple[float, float]:
    if value is None:
        return (0.0, 0.0)
    try:
        dx, dy = (float(part) for part in value.replace(";", ",").split(","))
    except ValueError:
        raise click.BadParameter("give two numbers in mm, x and y, such as 1.5,-0.5") from None
    if abs(dx) > 10 or abs(dy) > 10:
        raise click.BadParameter("an offset over 10 mm is not a printer's shift; measure again on the calibration sheet")
    return (dx, dy)


def back_offset_option(func):
    """`--back-offset DX,DY`: move the back pages of the card sheets (mm), as the calibration sheet shows."""
    return click.option("--back-offset", "back_offset", callback=_offset, default=None, metavar="DX,DY",
                        help="Move every back page by DX mm right and DY mm up (read them off the duplex "
                             "calibration sheet).")(func)


def tts_url_option(func):
    """`--tts-url URL`: where the output folder will be reachable, for Tabletop Simulator's image links."""
    return click.option("--tts-url", "tts_url", default=None, metavar="URL",
                        help="Address of the output folder in Tabletop Simulator objects (default: its file:// "
                             "address on this computer; give the web address after uploading the tts/ images).")(func)


def tts_url_of(given: str | None, output_dir: Path) -> str:
    return given or output_dir.resolve().as_uri()
