"""The `pnp` command line: every command's options in one place, each calling a plain function.

The work lives in `generator.commands` (one module per command),
the text and JSON views of the results in `generator.cli_views`, and every failure goes through
the one reporter in `generator.cli_report`. Heavy libraries
(reportlab, mkdocs, matplotlib, the engines) are imported inside the commands that use
them, so `pnp --version` and `pnp check` start quickly.

Exit codes: 0 success, 1 bad content (every problem printed, one line each) or a machine problem
(one sentence), 2 bad usage, 130 interrupted, 3 a bug in pnp-forge, 4 (`pnp play` with a person)
the input ended before the game did.
"""

from __future__ import annotations

import gc
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import click

from generator import __version__
from generator import cli_views as views
from generator.cli_options import (
    DEFAULT_MAX_TURNS,
    card_sheet_options,
    content_option,
    fit_boards_option,
    format_option,
    game_options,
    ink_option,
    lang_option,
    languages_of,
    output_option,
    paper_option,
    papers_of,
    play_policy_option,
    policy_option,
    trust_engines_option,
    tts_url_of,
)
from generator.cli_report import reported, run_cli
from generator.cli_sweep import sweep, tune

if TYPE_CHECKING:
    from generator.build import BuildOptions

MAX_SEED = 2 ** 63 - 1


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
@trust_engines_option
def cli() -> None:
    """pnp-forge: a board game kept in YAML, turned into everything a table needs.

    Every command reads the games under ./content (or --content DIR); a game is a folder with a
    game.yaml. Exit codes: 0 done, 1 the content has errors (all are listed) or the disk refused,
    2 bad usage, 130 interrupted, 4 `pnp play` with you playing: your input ended before the game. With
    --format json, a failure is one JSON object on standard
    output ({"ok": false, "exit_code", "message", "errors"}).
    """


@cli.command()
@click.argument("games", nargs=-1)
@content_option
@click.option("--strict", is_flag=True, help="Fail (exit 1) on a warning too: a number in front of a noun "
              "without its word forms, a text changed in one language only since the last commit.")
@click.option("--no-rulebook", "rulebook", flag_value=False, default=True,
              help="Skip laying out the printable rulebook and player aid (the slowest part of a check, most of "
              "a second per paper); everything else is checked, and `pnp build` still lays them out.")
@format_option
@trust_engines_option
@reported
def check(games: tuple[str, ...], content_dir: Path, strict: bool, rulebook: bool, output_format: str) -> None:
    """Validate GAMES (default: all): everything `pnp build` checks, without writing a file.

    Schema, references, counts, icons, effects, translations; every card laid out and its text
    fitted in every language, every board laid out, every rules page rendered; and for a game with
    a rules engine, every example turn replayed, so a card change that makes an example illegal
    shows here, at the example's step. Warnings (printed text such as "1 cards", a sentence changed
    in one language only) are listed on standard error; --strict makes them fail the check.
    """
    from generator.commands.check import check as check_games

    result = check_games(content_dir, games, strict, rulebook=rulebook)
    if output_format == "json":
        views.echo_json(result.as_json())
        return
    for warning in result.warnings:
        click.echo(warning.one_line(), err=True)
    out = views.console()
    for line in result.lines():
        out.print(line)


@cli.command()
@click.argument("game")
@content_option
@format_option
@trust_engines_option
@reported
def info(game: str, content_dir: Path, output_format: str) -> None:
    """Show GAME's components and card counts by kind."""
    from generator.commands.info import info as game_info

    data = game_info(content_dir, game)
    if output_format == "json":
        views.echo_json(data)
    else:
        views.print_info(data)


def _build_options(lang: str, paper: str, cut_lines: bool, profile: str | None, back_offset: tuple[float, float],
                   tts_url: str | None, output_dir: Path, pdfx: bool = False, ink: str | None = None,
                   fit_boards: bool = False, tts: bool = False) -> BuildOptions:
    from generator.build import BuildOptions

    return BuildOptions(languages=languages_of(lang), papers=papers_of(paper), cut_lines=cut_lines, profile=profile,
                        back_offset=back_offset, tts_url=tts_url_of(tts_url, output_dir), pdfx=pdfx, ink=ink,
                        fit_boards=fit_boards, tts=tts)


@cli.command()
@click.argument("games", nargs=-1)
@card_sheet_options("Where the results go; replaced per game only when its build succeeds.")
@fit_boards_option
@click.option("--tts", "tts", is_flag=True,
              help="Also make the Tabletop Simulator decks (tts/), which cost as much as the rest of the cards; "
                   "--tts-url implies it. Board and token objects are always made.")
@click.option("--no-cache", is_flag=True,
              help="Make every output again instead of reusing what an earlier build made from the same content "
                   "and code (the cache is OUTPUT/.pnp/cache; deleting it is always safe).")
@format_option
@trust_engines_option
@reported
def build(games: tuple[str, ...], content_dir: Path, output_dir: Path, lang: str, paper: str, cut_lines: bool,
          profile: str | None, pdfx: bool, back_offset: tuple[float, float], tts_url: str | None, ink: str | None,
          fit_boards: bool, tts: bool, no_cache: bool, output_format: str) -> None:
    """Check GAMES (default: all) and write their outputs under --output.

    A failed build changes nothing in --output: results are staged and swapped in at the end.
    A rebuild makes again only what a change touches (per game and language: cards, boards,
    rulebook, site) and copies the rest from the build cache.
    """
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    from generator.build_cache import BuildCache
    from generator.commands.build import build as build_games

    options = _build_options(lang, paper, cut_lines, profile, back_offset, tts_url, output_dir, pdfx, ink, fit_boards,
                             tts=tts or tts_url is not None)
    cache = BuildCache(None) if no_cache else BuildCache.of_output(output_dir)
    stderr = views.console(err=True)
    with Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                  TimeElapsedColumn(), console=stderr, transient=True, disable=output_format == "json") as progress:
        task = progress.add_task("building", total=None)

        def on_step(game: str, step: str) -> None:
            progress.update(task, description=f"{game}: {step}", advance=1)

        written = build_games(content_dir, games, output_dir, options,
                              on_start=lambda total: progress.update(task, total=total), on_step=on_step,
                              on_wait=lambda message: stderr.print(message), cache=cache)
    if output_format == "json":
        click.echo(json.dumps(views.written_json(written), indent=2))
    else:
        views.print_written(written, output_dir)
        views.print_cache(cache)


@cli.command("cards")
@click.argument("games", nargs=-1)
@card_sheet_options("Where output/<game>/cards-* go; replaced only when every game succeeds.")
@click.option("--tts", "tts", is_flag=True,
              help="Also make the Tabletop Simulator decks (tts/), which cost as much as everything else; "
                   "without it the tts/ folder stays as the last build left it.")
@format_option
@reported
def cards(games: tuple[str, ...], content_dir: Path, output_dir: Path, lang: str, paper: str, cut_lines: bool,
          profile: str | None, pdfx: bool, back_offset: tuple[float, float], tts_url: str | None, ink: str | None,
          tts: bool,
          output_format: str) -> None:
    """Render only the cards of GAMES (default: all): sheets, print-on-demand PDF and SVG faces (--tts: decks)."""
    from contextlib import nullcontext

    from generator.commands.cards import cards as render_cards

    options = _build_options(lang, paper, cut_lines, profile, back_offset, tts_url, output_dir, pdfx, ink, tts=tts)
    stderr = views.console(err=True)
    written = render_cards(content_dir, games, output_dir, options, on_wait=lambda message: stderr.print(message),
                           status=(nullcontext if output_format == "json"
                                   else lambda: stderr.status("rendering cards")))
    if output_format == "json":
        click.echo(json.dumps(views.written_json(written), indent=2))
    else:
        views.print_cards_written(written, output_dir)


@cli.command("boards")
@click.argument("games", nargs=-1)
@content_option
@output_option("Where output/<game>/boards/ and the token sheets go; replaced only when every game succeeds.")
@lang_option
@paper_option
@ink_option
@fit_boards_option
@format_option
@reported
def boards(games: tuple[str, ...], content_dir: Path, output_dir: Path, lang: str, paper: str, ink: str | None,
           fit_boards: bool, output_format: str) -> None:
    """Render only the boards of GAMES (default: all): SVG, full-size and tiled PDFs, token sheets, board images."""
    from generator.build import BuildOptions
    from generator.commands.boards import boards as render_boards

    options = BuildOptions(languages=languages_of(lang), papers=papers_of(paper), ink=ink, fit_boards=fit_boards)
    stderr = views.console(err=True)
    written = render_boards(content_dir, games, output_dir, options, on_wait=lambda message: stderr.print(message))
    if output_format == "json":
        click.echo(json.dumps(views.written_json(written), indent=2))
    else:
        views.print_written(written, output_dir)


@cli.command()
@click.argument("game")
@click.option("--seed", type=click.IntRange(min=0, max=MAX_SEED), required=True,
              help="Seed of the game's own RNG (same seed, same game).")
@play_policy_option
@game_options
@click.option("--turns", type=click.IntRange(min=1), default=None, help="Stop after this many turns.")
@click.option("--lang", type=click.Choice(["de", "en"]), default="en", show_default=True,
              help="The language the game is told in: one the game is made in (game.yaml `languages`).")
@click.option("--view", default=None, metavar="referee|public|N",
              help="referee: everything; public: what no player sees stays hidden; N: what player N sees. "
                   "Default: referee, or with you at one seat that seat's view (at several: public).")
@click.option("--save", type=click.Path(path_type=Path, dir_okay=False), default=None,
              help="Write the game as JSON lines for `pnp replay` (with you playing: also when your input "
                   "ends first).")
@content_option
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text: the event log; json: one JSON object per line (turn, event, decision, end; with you "
                   "playing also ask, refused, no-number), then the result.")
@trust_engines_option
@reported
def play(game: str, seed: int, policy: str, variant: str | None, players: int | None, option: tuple[str, ...],
         turns: int | None, lang: str, view: str | None, save: Path | None, content_dir: Path,
         output_format: str) -> None:
    """Play GAME with a policy, or play it yourself, and print its event log, turn by turn.

    With `--policy you` (every seat) or one policy per seat (`you,greedy`) you decide at the
    terminal: the table as your seat sees it and the numbered legal actions are shown, and you
    write one decision per line, the action as a saved game writes it (`improve food`) or its
    number; `?` or an empty line shows the list again. An illegal decision is refused with the
    rule's reason and the rules section that explains it (`see 4.1 Improve an activity card:
    rules/actions.html#rule-4-1`, a page of the game's rules site), and you are asked again.

    A line longer than 1,000 characters is refused, quoting only its start; 100 lines in a row
    that decide nothing end your input.

    Exit codes: 0 the game was played (to its end or --turns), 4 your input ended (Ctrl-D, or the
    end of a piped file) before the game did: the game stops unfinished, --save still writes it;
    and as every command, 1 bad content, 2 bad usage, 130 interrupted.
    """
    from generator.commands.person import MAX_REFUSALS
    from generator.commands.play import STOPPED_EXIT
    from generator.commands.play import play as play_game

    as_json = output_format == "json"
    on_entry: Callable[[str, str], None]
    if as_json:
        def on_entry(kind: str, text: str) -> None:
            views.json_line(kind, text=text)
    else:
        def on_entry(kind: str, text: str) -> None:
            click.echo(f"  {text}" if kind in ("event", "decision") else text)
    tell, read = (views.person_json, views.read_line) if as_json else views.person_text(lang)
    result = play_game(content_dir, game, seed, policy, variant, players, option, turns, lang, view, save, on_entry,
                       read=read, tell=tell)
    if as_json:
        click.echo(json.dumps(result.as_json(), ensure_ascii=False))
    else:
        views.print_results(result.players, result.cooperative, lang)
        if save is not None:
            click.echo(f"saved {save}", err=True)
        if result.stopped:
            why = (f"{MAX_REFUSALS} lines in a row decided nothing" if result.stopped_by_refusals
                   else "input ended before the game did")
            click.echo(f"{why}: stopped unfinished at turn {result.turn} (exit {STOPPED_EXIT})", err=True)
    if result.stopped:
        sys.exit(STOPPED_EXIT)


@cli.command()
@click.argument("file", type=click.Path(path_type=Path, dir_okay=False, exists=True))
@click.option("--game", default=None, help="Game id (default: the one named in the file).")
@content_option
@format_option
@trust_engines_option
@reported
def replay(file: Path, game: str | None, content_dir: Path, output_format: str) -> None:
    """Verify a saved game: every decision legal, every chance outcome possible, every entry as the engine plays it."""
    from generator.commands.play import replay as replay_game

    result = replay_game(file, game, content_dir)
    if output_format == "json":
        views.echo_json(result.as_json())
    else:
        views.console().print(result.line())
        views.print_results(result.players, result.cooperative)


@cli.command()
@click.argument("game")
@click.option("--games", type=click.IntRange(min=1, max=10_000_000), default=1000, show_default=True)
@policy_option
@game_options
@click.option("--jobs", type=click.IntRange(min=1), default=None,
              help="Processes to play in (capped at the number of cores and of games)  [default: the idle cores]")
@click.option("--seed", type=click.IntRange(min=0, max=MAX_SEED), default=0, show_default=True,
              help="Batch seed; game i gets a seed derived from it.")
@click.option("--max-turns", type=click.IntRange(min=1, max=100_000), default=DEFAULT_MAX_TURNS, show_default=True,
              help="A game still running after this many turns counts as 'unfinished'.")
@click.option("--out", type=click.Path(path_type=Path, dir_okay=False), default=None,
              help="Where to write the figures as JSON (default: output/simulations/<game>-<policy>-<options>.json, "
                   "apart from output/<game>, which every build replaces).")
@content_option
@format_option
@trust_engines_option
@reported
def simulate(game: str, games: int, policy: str, variant: str | None, players: int | None, option: tuple[str, ...],
             jobs: int | None, seed: int, max_turns: int, out: Path | None, content_dir: Path,
             output_format: str) -> None:
    """Play many seeded games; print results by cause (and by seat) with 95 % intervals and game length."""
    from generator.commands.simulate import simulate as simulate_games

    with views.progress(output_format) as progress:
        result = simulate_games(content_dir, game, games, policy, variant, players, option, jobs, seed, max_turns, out,
                                on_start=views.task_starter(progress))
    if output_format == "json":
        views.echo_json(result.as_json())
    else:
        views.print_simulation(result)


cli.add_command(sweep)
cli.add_command(tune)


@cli.command("test")
@click.argument("games", nargs=-1)
@click.option("--games", "count", type=click.IntRange(min=1, max=100_000), default=20, show_default=True,
              help="Seeds to play, each twice (the seeds `pnp simulate --seed 0` plays).")
@click.option("--budget", type=click.IntRange(min=2, max=100_000_000), default=50_000, show_default=True,
              help="Actions to apply in all, clones' included; each seed gets its share.")
@click.option("--seed", type=click.IntRange(min=0, max=MAX_SEED), default=None,
              help="Play only this seed (the repeat line of a finding gives it).")
@game_options
@content_option
@format_option
@trust_engines_option
@reported
def engine_test(games: tuple[str, ...], count: int, budget: int, seed: int | None, variant: str | None,
         players: int | None, option: tuple[str, ...], content_dir: Path, output_format: str) -> NoReturn:
    """Test the rules engines of GAMES (default: every game with one) against the engine contract.

    Plays seeded random games and checks that the engine is deterministic (the same seed twice,
    and `simulate` with --jobs 1 and 2), that a clone shares nothing with its original, that a
    refused action leaves the table untouched, that play never changes the game's fixed data, that
    the engine's invariants hold, that examples, golden playthroughs and saved games replay, and
    that no legal move raises; it notes action kinds, events and operations never reached. Each
    failure is one sentence with the seed, turn and action that show it and the command that
    repeats it. Exit 1 when a check fails. `pnp check` runs a quick version of the same suite.
    """
    from generator.commands.conformance import test_games
    from generator.rules.conformance_report import Settings

    settings = Settings(games=count, budget=budget, seed=seed)
    with views.progress(output_format) as progress:
        result = test_games(content_dir, games, settings, variant, players, option,
                            on_start=views.task_starter(progress))
    if output_format == "json":
        views.echo_json(result.as_json())
    else:
        out = views.console()
        for line in result.lines():
            out.print(line)
    sys.exit(result.exit_code)


@cli.command()
@click.argument("game")
@click.option("--jobs", type=click.IntRange(min=1), default=None,
              help="Processes to play in (capped at the number of cores)  [default: the idle cores]")
@click.option("--only", "only", multiple=True, metavar="RUN", help="Play only these runs of `balance:` (repeatable).")
@content_option
@format_option
@trust_engines_option
@reported
def balance(game: str, jobs: int | None, only: tuple[str, ...], content_dir: Path, output_format: str) -> None:
    """Play the batches GAME's game.yaml declares under `balance:` and record them for the rules site.

    The figures go to content/GAME/balance/results.json; commit them with the content. The site
    shows them with a chart, and says so when they are older than the rules.
    """
    from generator.commands.simulate import balance as play_balance

    with views.progress(output_format) as progress:
        result = play_balance(content_dir, game, jobs, only, on_start=views.task_starter(progress))
    if output_format == "json":
        views.echo_json(result.as_json())
        return
    out = views.console()
    for line in result.lines():
        out.print(line)
    out.print(f"figures written to {result.written}")


@cli.command()
@click.argument("games", nargs=-1)
@content_option
@output_option("Where the build writes; the site is served from OUTPUT/site.")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (local only by default).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="Port to listen on.")
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text: messages on standard error; json: one JSON object per line on standard output "
                   "(listening with the address, rebuilt, failed with the errors, stopped).")
@trust_engines_option
@reported
def serve(games: tuple[str, ...], content_dir: Path, output_dir: Path, host: str, port: int,
          output_format: str) -> None:
    """Build GAMES (default: all) and serve the rules site with live reload.

    Edit a card, a rules page or a template and the open pages reload with the new build. A port
    another program listens on is refused before the build (exit 2).
    """
    from generator.commands.serve import serve as serve_site

    _port_free(host, port)
    serve_site(content_dir, games, output_dir, host, port,
               views.serve_json if output_format == "json" else views.serve_text)


def _port_free(host: str, port: int) -> None:
    """Refuse (bad usage, exit 2) a port something already listens on, before a build that would be for nothing."""
    import errno
    import socket

    from generator.commands.failure import CommandRefused

    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server binds: a closed port is free
            probe.bind((host, port))
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise CommandRefused(f"port {port} on {host} is in use (another program listens there): "
                                 "choose another with --port") from None
        # other failures (an address not of this machine) are the server's to report


@cli.command("new")
@click.argument("game")
@click.option("--engine", "engine", type=click.Choice(["minimal", "full"]), default=None,
              help="minimal: one card kind and an engine of about 100 lines (docs/engines.md walks through it); "
                   "full (the default): two card kinds, a board, effects as operations.")
@click.option("--from-sheet", "from_sheet", type=click.Path(path_type=Path, dir_okay=False), default=None,
              metavar="FILE", help="Make the game around this card sheet (.csv, .xlsx, .ods): its kinds, fields, "
              "operations and counts from the sheet, no engine.")
@click.option("--lang", type=click.Choice(["de", "en", "all"]), default=None,
              help="With --from-sheet: the language(s) the game is made in. Default: those the sheet's columns "
                   "name (name.de, name.en), else en (a sheet with a plain `name` column makes a game in English).")
@content_option
@format_option
@reported
def new(game: str, engine: str | None, from_sheet: Path | None, lang: str | None, content_dir: Path,
        output_format: str) -> None:
    """Write a starter game GAME into the content folder: it checks, builds and plays at once.

    GAME is the new game's id and folder name (lower-case letters, digits and hyphens). The
    starter has two card kinds (jobs and orders), a board with a score track, two resources with
    their icons, rules pages in German and English, an example turn and a small rules engine in
    the game's own folder (engine/rules.py, see docs/engines.md). Comments in every file say what
    it is for. `--engine minimal` writes a smaller game instead: one card kind, a die, two variants
    and an engine of about 100 lines. Each YAML file starts with a `# yaml-language-server: $schema=`
    line naming its JSON Schema in the game's schema/ folder, so editors complete keys and underline
    mistakes. `--from-sheet FILE` makes the game around a card sheet instead (no engine).

    Refused (exit 2): an id the content schema refuses, an id the build's output uses (site,
    simulations, diff, assets, search), or a folder that already exists. The game appears whole or
    not at all.
    """
    from rich.markup import escape

    from generator.commands.failure import CommandRefused
    from generator.commands.new import new_game

    if engine is not None and from_sheet is not None:
        raise CommandRefused("--from-sheet makes a game without an engine; leave out --engine")
    result = new_game(content_dir, game, engine or "full", from_sheet, languages_of(lang) if lang else ())
    if output_format == "json":
        views.echo_json(result.as_json())
        return
    out = views.console()
    out.print(f"[green]✓[/] wrote {escape(str(result.folder))}: {len(result.files)} files")
    if result.trusted:
        out.print(f"trusted {escape(str(result.folder))}: its engine module runs with your rights "
                  f"(`pnp trust --revoke {escape(str(result.folder))}` ends that)")
    out.print("next:")
    for command in result.next_commands:
        out.print(f"  {escape(command)}")


@cli.command("export")
@click.argument("game")
@click.option("--cards", "cards_file", required=True, type=click.Path(path_type=Path), metavar="FILE",
              help="The file to write: FILE.csv or FILE.xlsx (a sheet), or FILE.yaml (a card file).")
@content_option
@format_option
@reported
def export(game: str, cards_file: Path, content_dir: Path, output_format: str) -> None:
    """Write GAME's card designs as one sheet (CSV or xlsx), one row per card, or as one YAML card file.

    Put the sheet into the game's cards/ folder in place of its YAML card files and the game
    builds the same cards (see 'Cards in a spreadsheet' in docs/content-reference.md); a YAML
    file written from a game whose cards are in a sheet is the way back.
    """
    from rich.markup import escape

    from generator.commands.export import export_cards

    result = export_cards(content_dir, game, cards_file)
    if output_format == "json":
        views.echo_json(result.as_json())
        return
    views.console().print(f"[green]✓[/] wrote {escape(str(result.file))}: {result.cards} cards, "
                          f"{len(result.columns)} columns")


@cli.command("trust")
@click.argument("folders", nargs=-1, type=click.Path(path_type=Path), metavar="[DIR]...")
@click.option("--list", "show_list", is_flag=True, help="List the trusted folders and whether their engine changed.")
@click.option("--revoke", is_flag=True, help="Trust the folders DIR no more.")
@format_option
@reported
def trust(folders: tuple[Path, ...], show_list: bool, revoke: bool, output_format: str) -> None:
    """Trust the game folders DIR to run their rules engine: its Python code runs with your rights.

    A game's content (YAML, Markdown, icons, templates) never runs code, but an engine in the
    game's own folder (`engine: {module: engine/rules.py}`) is a Python module that pnp-forge
    imports, as pytest imports a conftest.py or mkdocs a plugin: it can do whatever you can. So
    check, info, build, play, replay, simulate, balance, diff and serve import it only from a
    folder you trust. Trusting records the folder's path and one sha256 of every file under it
    that Python imports code from (.py, bytecode, extension modules) in
    $XDG_CONFIG_HOME/pnp-forge/trusted.json (else ~/.config/pnp-forge/trusted.json); when any of
    them changes (a pull, a new sibling module), trust is asked again. `--trust-engines` on a
    command trusts every folder for that one command, and `pnp diff` imports another revision's
    engine only with it. Bundled games name installed engines and need no trust; `pnp new`
    trusts the folder it writes. Trust a folder only when you trust whoever can write to it.
    """
    from generator.commands.trust import run_trust

    result = run_trust(folders, show_list, revoke)
    if output_format == "json":
        views.echo_json(result.as_json())
        return
    for line in result.lines():
        click.echo(line)


@cli.command("schema")
@click.argument("game", required=False)
@content_option
@click.option("--out", "out_dir", type=click.Path(path_type=Path, file_okay=False), default=None,
              help="Folder to write into. Default: ./schema; with GAME, the game's own schema/ folder (where the "
                   "lines `pnp new` writes point); with --reference, the terminal.")
@click.option("--reference", is_flag=True,
              help="Write the content reference instead: every key of every file with its type, default and "
                   "description, as Markdown (content-reference.md in --out).")
@format_option
@reported
def schema(game: str | None, content_dir: Path, out_dir: Path | None, reference: bool, output_format: str) -> None:
    """Write a JSON Schema for every kind of content file, for editors that complete and check YAML.

    One schema per file type: game.yaml, cards/*.yaml, boards/*.yaml, tables/*.yaml,
    examples/*.yaml, rules/<lang>/sentences.yaml and layouts/*.yaml, generated from the models
    `pnp check` validates with. With GAME, the game's card kinds with their fields, its resources
    and its effect operations are folded in (only its game.yaml needs to be valid). Point an
    editor at them with a first line `# yaml-language-server: $schema=../schema/cards.schema.json`
    (VS Code: the YAML extension). A schema catches what one file can show; `pnp check` still
    checks references between files, counts, icons and layouts.
    """
    from rich.markup import escape

    from generator.commands.new import schemas

    result = schemas(game, content_dir, out_dir, reference)
    if result.reference is not None:
        click.echo(result.reference, nl=False)
        return
    if output_format == "json":
        views.echo_json(result.as_json())
        return
    if reference:
        views.console().print(f"[green]✓[/] wrote {escape(str(result.written[0]))}")
        return
    views.console().print(f"[green]✓[/] wrote {len(result.written)} schemas to {escape(str(result.written[0].parent))}"
                    + (f" with the kinds and operations of '{escape(game)}'" if game else ""))


@cli.command("diff")
@click.argument("arguments", nargs=-1, metavar="[REV] [GAME]...")
@content_option
@click.option("--format", "output_format", type=click.Choice(["text", "json", "html"]), default="text",
              show_default=True, help="text: tables on the terminal; json: the whole report for tools; html: the "
                                      "report page with its pictures inside it, on standard output.")
@click.option("--out", "out_dir", type=click.Path(path_type=Path, file_okay=False), default=Path("output") / "diff",
              show_default=True, help="Folder for the HTML report, its pictures and diff.json (replaced whole).")
@click.option("--games", type=click.IntRange(min=0, max=1_000_000), default=200, show_default=True,
              help="Seeded games each revision plays for the balance delta (0: none).")
@policy_option
@game_options
@click.option("--seed", type=click.IntRange(min=0, max=MAX_SEED), default=0, show_default=True,
              help="Batch seed of the balance games; both revisions play the same seeds.")
@click.option("--jobs", type=click.IntRange(min=1), default=None,
              help="Processes to play the balance games in, at most  [default: the idle cores]")
@trust_engines_option
@reported
def diff(arguments: tuple[str, ...], content_dir: Path, output_format: str, out_dir: Path, games: int,
         policy: str, variant: str | None, players: int | None, option: tuple[str, ...], seed: int,
         jobs: int | None) -> NoReturn:
    """What a change of the content did: cards, rules pages, example turns and balance, before and after.

    REV is the revision to compare with (default HEAD, the last commit), read from git without
    touching the working tree; the other side is the working tree, or NEW with `OLD..NEW`.
    GAME limits the comparison to those games (default: every game of either side). The first argument is a
    game when it names one of the working tree, else a revision.

    \b
    Shows, per changed game:
      cards added, removed and changed, every changed value (old → new), and before/after
        pictures of every redrawn face with the changed area boxed (in the HTML report);
      rules pages whose rendered text changed, in every language, as a unified diff;
      example turns the engine now refuses (at their step) or that play differently (from
        the first step whose events differ);
      the balance delta: --games seeded games under both revisions (same seeds, the same
        --variant, --players and --option NAME=VALUE), win rates (per seat for competitive
        games), endings and game length with 95 % intervals, and whether each difference is
        significant, seed by seed (paired: McNemar; a paired t-test for length).

    The HTML report, its pictures and diff.json go to --out. Exit 1 when an example turn is
    refused in the new revision or either revision's content has errors (listed with their
    revision: `HEAD:content/<game>/...`); exit 2 outside a git repository or for an unknown
    revision.
    """
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    from generator.commands.diff import diff as compare_revisions
    from generator.commands.loading import chosen_options
    from generator.diff.compare import DiffOptions

    options = DiffOptions(games, policy, seed, jobs, tuple(sorted(chosen_options(variant, players, option).items())))

    with Progress(
        SpinnerColumn(),
        TextColumn("{task.description}"),
        TimeElapsedColumn(),
        console=views.console(err=True),
        transient=True,
        disable=output_format != "text",
    ) as progress:
        task = progress.add_task("comparing")
        report, page = compare_revisions(content_dir, arguments, out_dir, options,
                                         html=output_format == "html",
                                         on_step=lambda game, step: progress.update(task,
                                                                                    description=f"{game}: {step}"))
    if page is not None:
        click.echo(page, nl=False)
    if output_format == "json":
        views.echo_json(report.as_json())
    elif output_format == "text":
        from generator.diff.terminal import print_report

        print_report(report, views.console())
    sys.exit(report.exit_code)


# A command is a short batch of work that makes many objects and keeps most of them (games, layouts,
# pages): collecting every 700 new objects, Python's default, spent 0.1-0.2 s of a one-card rebuild
# tracing what was still in use. Collected every 20,000 instead, and what start-up loaded is never traced.
COLLECT_EVERY = (20_000, 50, 50)


def main() -> NoReturn:
    """Entry point: run the CLI; every failure goes through the one reporter (generator.cli_report)."""
    gc.freeze()
    gc.set_threshold(*COLLECT_EVERY)
    run_cli(cli)


if __name__ == "__main__":
    main()
