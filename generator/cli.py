"""The `pnp` command line: parses options, calls the pipeline, reports. Nothing else lives here.

Exit codes: 0 success, 1 bad content (every problem printed, one line each) or a machine problem
(one sentence), 2 bad usage, 130 interrupted, 3 a bug in pnp-forge.
"""

from __future__ import annotations

import errno
import json
import os
import sys
from collections import Counter
from pathlib import Path
from typing import NoReturn

import click
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from generator import __version__
from generator.content.errors import ErrorList
from generator.checking import load_checked
from generator.cli_options import (back_offset_option, content_option, format_option, games_or_usage_error,
                                   lang_option, languages_of, paper_option, papers_of, profile_option, tts_url_of,
                                   tts_url_option)

stdout = Console(highlight=False, soft_wrap=True)
stderr = Console(stderr=True, highlight=False, soft_wrap=True)


def report_errors(errors: ErrorList, output_format: str) -> None:
    """Print every content error, one line each, and a count."""
    if output_format == "json":
        click.echo(errors.as_json())
        return
    for error in errors:
        click.echo(error.one_line(), err=True)
    files = len({e.mark.file for e in errors})
    click.echo(f"{len(errors)} error(s) in {files} file(s)", err=True)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
def cli() -> None:
    """pnp-forge: a board game kept in YAML, turned into everything a table needs.

    Every command reads the games under ./content (or --content DIR); a game is a folder with a
    game.yaml. Exit codes: 0 done, 1 the content has errors (all are listed) or the disk refused,
    2 bad usage, 130 interrupted.
    """


@cli.command()
@click.argument("games", nargs=-1)
@content_option
@format_option
def check(games: tuple[str, ...], content_dir: Path, output_format: str) -> None:
    """Validate GAMES (default: all): everything `pnp build` checks, without writing a file.

    Schema, references, counts, icons, effects, translations; every card laid out and its text
    fitted in every language, every board laid out, every rules page rendered; and for a game with
    a rules engine, every example turn replayed, so a card change that makes an example illegal
    shows here, at the example's step.
    """
    ids = games_or_usage_error(content_dir, games)
    errors = ErrorList()
    loaded = load_checked(content_dir, ids, errors)
    if not errors:  # the data is sound: does everything a build makes from it come out, without writing?
        from generator.checking import check_as_build
        from generator.rules.examples import replay_examples

        for content in loaded:
            check_as_build(content, errors)
            if content.game.engine:
                replay_examples(content, errors)
    if errors:
        report_errors(errors, output_format)
        sys.exit(1)
    if output_format == "json":
        click.echo(json.dumps({"ok": True, "games": [c.id for c in loaded], "errors": []}, indent=2))
    else:
        for content in loaded:
            stdout.print(f"[green]✓[/] {content.id}: {len(content.cards)} card designs, "
                         f"{sum(c.count for c in content.cards)} cards, {len(content.boards)} boards, "
                         f"{len(content.examples)} examples — no problems")


@cli.command()
@click.argument("game")
@content_option
@format_option
def info(game: str, content_dir: Path, output_format: str) -> None:
    """Show GAME's components and card counts by kind."""
    ids = games_or_usage_error(content_dir, (game,))
    errors = ErrorList()
    loaded = load_checked(content_dir, ids, errors)
    if errors:
        report_errors(errors, output_format)
        sys.exit(1)
    content = loaded[0]
    g = content.game
    by_kind: Counter[str] = Counter()
    for card in content.cards:
        by_kind[card.kind] += card.count
    cards_by_kind = {k.id: by_kind.get(k.id, 0) for k in g.kinds}
    engine = _engine_info(content)
    if output_format == "json":
        data = {
            "game": g.id,
            "title": g.title.model_dump(),
            "players": g.players.model_dump(),
            "age": g.age,
            "play_time": g.play_time.model_dump(),
            "components": [{"id": c.id, "type": c.type, "count": c.count, "kind": c.kind, "name": c.name.model_dump()}
                           for c in g.components],
            "cards_by_kind": cards_by_kind,
            "cards_total": sum(cards_by_kind.values()),
            "card_designs": len(content.cards),
            "engine": engine,
        }
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    table = Table(title=f"{escape(g.title.en)} — {g.players.min}-{g.players.max} players, {g.age}+, "
                        f"{g.play_time.min}-{g.play_time.max} min")
    table.add_column("component")
    table.add_column("type")
    table.add_column("count", justify="right")
    table.add_column("designs", justify="right")
    for comp in g.components:
        designs = str(len(content.cards_of(comp.kind))) if comp.kind else ""
        table.add_row(escape(f"{comp.name.en} / {comp.name.de}"), comp.type, str(comp.count), designs)
    stdout.print(table)
    if engine:
        stdout.print(f"rules engine: {engine['id']} (version {engine['version']})")
        for option in engine["options"]:
            stdout.print(f"  --option {option['name']}={'|'.join(option['choices'])} "
                         f"(default {option['default']}): {option['help']}")


def _engine_info(content) -> dict | None:
    """The game's engine and its options, as `pnp info` shows them (None without an engine)."""
    if not content.game.engine:
        return None
    from generator.rules.registry import engine_class

    cls = engine_class(content)  # load_checked has already reported an engine that does not load
    return {"id": cls.engine_id, "version": cls.engine_version, "cooperative": cls.cooperative,
            "options": [{"name": o.name, "choices": list(o.choices), "default": o.default, "help": o.help}
                        for o in cls.option_specs]}


@cli.command()
@click.argument("games", nargs=-1)
@content_option
@click.option("--output", "output_dir", type=click.Path(path_type=Path, file_okay=False), default=Path("output"),
              show_default=True, help="Where the results go; replaced per game only when its build succeeds.")
@lang_option
@paper_option
@click.option("--cut-lines", is_flag=True, help="Also draw a dashed cut-line grid along every card edge on the sheets.")
@profile_option
@back_offset_option
@tts_url_option
@format_option
def build(games: tuple[str, ...], content_dir: Path, output_dir: Path, lang: str, paper: str, cut_lines: bool,
          profile: str | None, back_offset: tuple[float, float], tts_url: str | None, output_format: str) -> None:
    """Check GAMES (default: all) and write their outputs under --output.

    A failed build changes nothing in --output: results are staged and swapped in at the end.
    """
    from generator.build import BuildOptions, build_games
    from generator.output_folder import OutputRefused

    ids = games_or_usage_error(content_dir, games)
    errors = ErrorList()
    loaded = load_checked(content_dir, ids, errors)
    if errors:
        report_errors(errors, output_format)
        sys.exit(1)
    options = BuildOptions(languages=languages_of(lang), papers=papers_of(paper), cut_lines=cut_lines, profile=profile,
                           back_offset=back_offset, tts_url=tts_url_of(tts_url, output_dir))
    from generator.build import STEPS

    with Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                  TimeElapsedColumn(), console=stderr, transient=True, disable=output_format == "json") as progress:
        # per game: every step plus the site's example replays; then one mkdocs build per language
        task = progress.add_task("building", total=len(loaded) * (len(STEPS) + 1) + len(options.languages))

        def on_step(game: str, step: str) -> None:
            progress.update(task, description=f"{game}: {step}", advance=1)

        try:
            written = build_games(loaded, output_dir, options, errors, on_step,
                                  on_wait=lambda message: stderr.print(message))
        except OutputRefused as exc:
            progress.stop()
            click.echo(f"build: {exc}", err=True)
            sys.exit(1)
    if errors:
        report_errors(errors, output_format)
        click.echo("build failed; the previous output is untouched", err=True)
        sys.exit(1)
    if output_format == "json":
        click.echo(json.dumps({g: [str(p) for p in files] for g, files in written.items()}, indent=2))
        return
    table = Table(title="written")
    table.add_column("game")
    table.add_column("files", justify="right")
    table.add_column("size", justify="right")
    table.add_column("where")
    for game, files in written.items():
        size = sum(p.stat().st_size for p in files if p.exists())
        table.add_row(game, str(len(files)), f"{size / 1024:.0f} KiB", str(output_dir / game))
    stdout.print(table)


# commands of other modules: one `cli.add_command(...)` line each
from generator.rules import commands as rules_commands  # noqa: E402
cli.add_command(rules_commands.play)
cli.add_command(rules_commands.replay)
cli.add_command(rules_commands.simulate_command)
cli.add_command(rules_commands.balance_command)
from generator.site.serve import serve as _serve_command  # noqa: E402  (pnp serve: the rules site, live reload)

cli.add_command(_serve_command)
from generator.render.command import cards_command as _cards_command  # noqa: E402  (pnp cards: card outputs only)
cli.add_command(_cards_command)
from generator.authoring.commands import new_command, schema_command  # noqa: E402  (pnp new, pnp schema)
cli.add_command(new_command)
cli.add_command(schema_command)
from generator.diff.command import diff_command  # noqa: E402  (pnp diff: what a content change did)
cli.add_command(diff_command)
# (end of command registrations)


ENVIRONMENT_ERRORS = {errno.ENOSPC: "the disk is full", errno.EROFS: "the file system is read-only",
                      errno.EACCES: "permission denied", errno.EPERM: "not permitted",
                      errno.EDQUOT: "the disk quota is used up", errno.EMFILE: "too many open files"}


def main() -> None:
    """Entry point: run the CLI and turn an unexpected failure into one readable line.

    Exit codes: 0 done, 1 content errors or a problem of the machine (disk full, read-only,
    permissions: one sentence), 2 bad usage, 130 interrupted (Ctrl-C), 3 a bug in pnp-forge.
    """
    try:
        code = cli.main(standalone_mode=False)
    except (click.exceptions.Abort, KeyboardInterrupt):  # click turns Ctrl-C into Abort
        click.echo("interrupted", err=True)
        sys.exit(130)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except SystemExit:
        raise
    except OSError as exc:
        if exc.errno is None or exc.errno not in ENVIRONMENT_ERRORS or os.environ.get("PNP_DEBUG"):
            _internal_error(exc)
        where = f" {exc.filename}" if exc.filename else ""
        click.echo(f"pnp: cannot write or read{where}: {ENVIRONMENT_ERRORS[exc.errno]}", err=True)
        sys.exit(1)
    except Exception as exc:  # a bug in pnp-forge, not in the content
        _internal_error(exc)
    sys.exit(code if isinstance(code, int) else 0)


def _internal_error(exc: Exception) -> NoReturn:
    if os.environ.get("PNP_DEBUG"):
        raise exc
    click.echo(f"internal error: {type(exc).__name__}: {exc} (set PNP_DEBUG=1 for the traceback)", err=True)
    sys.exit(3)


if __name__ == "__main__":
    main()
