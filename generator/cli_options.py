"""Command-line options `pnp` commands share: the content folder, output choices, game options.

Only click and light modules are imported here: `pnp --version` and `pnp check` start without
loading the renderers (reportlab), mkdocs or the engines.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import click

from generator.commands.failure import CommandRefused

F = TypeVar("F", bound=Callable[..., Any])
CONTENT_HELP = "Folder holding one sub-folder per game."
PAPERS: tuple[str, ...] = ("a4", "letter")
# mirrors of constants whose modules are heavy to import (tests/test_cli.py keeps them equal)
LANGUAGES: tuple[str, ...] = ("de", "en")    # generator.content.schema.LANGUAGES
INK_MODES: tuple[str, ...] = ("designed", "saver")  # generator.content.schema.INK_MODES
DEFAULT_MAX_TURNS = 1000                     # generator.rules.simulate.DEFAULT_MAX_TURNS


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


class ProfileChoice(click.Choice):
    """The print-shop profiles as a choice, read from templates/print/profiles.yaml only when needed.

    Reading them loads the content schema; `pnp --version` and `pnp check` should not pay for that.
    """

    def __init__(self) -> None:
        self.case_sensitive = True

    @property
    def choices(self) -> Sequence[Any]:  # type: ignore[override]
        from generator.layout.profiles import profiles

        return tuple(sorted(profiles()))


def profile_option(func: F) -> F:
    """`--profile ID`: write per-card uploads for a print shop (templates/print/profiles.yaml)."""
    return click.option("--profile", type=ProfileChoice(), default=None,
                        help="Print-shop profile: lay the cards out at its trim and write a PDF and PNGs per card "
                             "(default: the game's print_profile, if any).")(func)


def pdfx_option(func: F) -> F:
    """`--pdfx`: a CMYK PDF/X variant of every print-on-demand file, made by Ghostscript."""
    return click.option("--pdfx", is_flag=True,
                        help="Also write each deck's print-on-demand PDF as CMYK PDF/X "
                             "(pod/<lang>/<deck>-<size>-pdfx.pdf, made by Ghostscript); a profile that prints in "
                             "CMYK (drivethrucards) always does.")(func)


def _offset(ctx: click.Context, param: click.Parameter, value: str | None) -> tuple[float, float]:
    if value is None:
        return (0.0, 0.0)
    try:
        dx, dy = (float(part) for part in value.replace(";", ",").split(","))
    except ValueError:
        raise click.BadParameter("give two numbers in mm, x and y, such as 1.5,-0.5") from None
    if abs(dx) > 10 or abs(dy) > 10:
        raise click.BadParameter(
            "an offset over 10 mm is not a printer's shift; measure again on the calibration sheet"
        )
    return (dx, dy)


def back_offset_option(func: F) -> F:
    """`--back-offset DX,DY`: move the back pages of the card sheets (mm), as the calibration sheet shows."""
    return click.option("--back-offset", "back_offset", callback=_offset, default=None, metavar="DX,DY",
                        help="Move every back page by DX mm right and DY mm up (read them off the duplex "
                             "calibration sheet).")(func)


def ink_option(func: F) -> F:
    """`--ink designed|saver`: also write the printable files' light versions (generator.drawing.ink)."""
    return click.option("--ink", type=click.Choice(INK_MODES), default=None,
                        help="saver: also write every printable file (card sheets, gutterfold, boards, tiled boards, "
                             "tokens, player aids) in a light version under OUTPUT/<game>/ink-saver/, with the same "
                             "names: pale fills outlined in their colour, for home printers; the designed files stay "
                             "as they are. designed: only those (default: the game's print.ink, else designed).")(func)


def fit_boards_option(func: F) -> F:
    """`--fit-boards`: every board also scaled to fit one page (generator.boards.fit_page)."""
    return click.option("--fit-boards", "fit_boards", is_flag=True,
                        help="Also print every board scaled to fit one page of each paper "
                             "(boards/<board>-<lang>-<paper>-fit.pdf, the scale written on it), beside the 1:1 "
                             "tiles. Without it only boards whose file says `fit_to_page: true` get that page.")(func)


def tts_url_option(func: F) -> F:
    """`--tts-url URL`: where the output folder will be reachable, for Tabletop Simulator's image links."""
    return click.option("--tts-url", "tts_url", default=None, metavar="URL",
                        help="Address of the output folder in Tabletop Simulator objects (default: its file:// "
                             "address on this computer; give the web address after uploading the tts/ images).")(func)


def output_option(help_text: str) -> Callable[[F], F]:
    """`--output DIR`: where a command writes, ./output by default; `help_text` says what goes there."""
    return click.option("--output", "output_dir", type=click.Path(path_type=Path, file_okay=False),
                        default=Path("output"), show_default=True, help=help_text)


def card_sheet_options(output_help: str) -> Callable[[F], F]:
    """The options of the commands that print card sheets (`pnp build`, `pnp cards`), in the order help lists them."""
    options = (content_option, output_option(output_help), lang_option, paper_option,
               click.option("--cut-lines", is_flag=True,
                            help="Also draw a dashed cut-line grid along every card edge on the sheets."),
               profile_option, pdfx_option, back_offset_option, tts_url_option, ink_option)

    def decorate(func: F) -> F:
        for option in reversed(options):
            func = option(func)
        return func
    return decorate


def tts_url_of(given: str | None, output_dir: Path) -> str:
    from generator.build import default_tts_url

    return given or default_tts_url(output_dir)


def _checked_policy(_ctx: click.Context, _param: click.Parameter, value: str) -> str:
    from generator.commands.loading import check_policy

    try:
        return check_policy(value)
    except CommandRefused as exc:
        raise click.BadParameter(str(exc)) from None


def _checked_play_policy(_ctx: click.Context, _param: click.Parameter, value: str) -> str:
    from generator.commands.loading import check_policy

    try:
        return check_policy(value, person=True)
    except CommandRefused as exc:
        raise click.BadParameter(str(exc)) from None


def policy_option(func: F) -> F:
    """`--policy random|greedy|expert|mcts:N`, or one per seat: who decides in played games."""
    return click.option("--policy", default="random", show_default=True, callback=_checked_policy,
                        help="Who decides: random, greedy (the game's heuristic), expert (the game's strongest "
                             "own player, else greedy), mcts:N (tree search, N playouts per decision) or oracle "
                             "(clairvoyant: sees the hidden cards, a bound on any player's win rate); or one "
                             "per seat, comma-separated (expert,greedy,greedy,greedy).")(func)


def play_policy_option(func: F) -> F:
    """`--policy` of `pnp play`: a policy, `you` (a person at the terminal), or one of them per seat."""
    return click.option("--policy", default="random", show_default=True, callback=_checked_play_policy,
                        help="Who decides: random, greedy (the game's heuristic), expert (the game's strongest "
                             "own player, else greedy), mcts:N (tree search, N playouts per decision) or you (you "
                             "decide at the terminal); or one per seat, comma-separated (you,greedy).")(func)


def game_options(func: F) -> F:
    """`--variant`, `--players`, `--option NAME=VALUE` (repeatable)."""
    func = click.option("--option", "option", multiple=True, metavar="NAME=VALUE",
                        help="A game option, e.g. outposts=frontier (see `pnp info GAME`); repeatable.")(func)
    func = click.option("--players", type=click.IntRange(min=1, max=16), default=None,
                        help="Number of players (for games that seat a varying number).")(func)
    return click.option("--variant", default=None,
                        help="Game variant, e.g. beginner or expert (default: the game's).")(func)


TRUST_ENGINES_HELP = ("Let the engine modules of the games' folders run for this command, trusted or not (an "
                      "engine is Python code that runs with your rights; see `pnp trust --help`).")


def _trust_engines(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if not value:
        return
    from generator.rules.trust import trust_for_this_command

    trust_for_this_command()
    ctx.call_on_close(lambda: trust_for_this_command(False))


def trust_engines_option(func: F) -> F:
    """`--trust-engines`: every engine module may run for this one command (generator.rules.trust)."""
    return click.option("--trust-engines", is_flag=True, expose_value=False, callback=_trust_engines,
                        help=TRUST_ENGINES_HELP)(func)
