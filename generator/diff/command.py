"""`pnp diff [REV] [GAME ...]`: what a change of the content did to cards, rules, examples and balance."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import shutil
import sys
from pathlib import Path

import click
from rich.console import Console
from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from generator.cli_options import content_option
from generator.content.errors import ContentError, ErrorList, Mark
from generator.content.library import game_ids
from generator.content.suggest import did_you_mean
from generator.diff.revisions import Side
from generator.rules.commands import policy_opt

stdout = Console(highlight=False, soft_wrap=True)
stderr = Console(stderr=True, highlight=False, soft_wrap=True)
DEFAULT_OUT = Path("output") / "diff"


def labelled(side: Side, errors: ErrorList) -> list[ContentError]:
    """The errors of one side, files of a revision named `REV:path` as git names them."""
    return [dataclasses.replace(e, mark=Mark(side.shown(e.mark.file), e.mark.line, e.mark.column)) for e in errors]


def report_side_errors(sides: list[tuple[Side, ErrorList]], output_format: str) -> None:
    if output_format == "json":
        listed = [{**error.as_json(), "revision": side.label}
                  for side, errors in sides for error in labelled(side, errors)]
        click.echo(json.dumps({"ok": False, "errors": listed}, indent=2, ensure_ascii=False))
        return
    total = 0
    for side, errors in sides:
        if not errors:
            continue
        click.echo(f"errors in {side.label}:", err=True)
        for error in labelled(side, errors):
            click.echo(error.one_line(), err=True)
        total += len(errors)
    click.echo(f"{total} error(s); pnp diff compares content that loads and checks in both revisions", err=True)


def _split_arguments(content_dir: Path, arguments: tuple[str, ...]) -> tuple[str | None, list[str]]:
    """[REV] [GAME ...]: the first argument is the revision unless it names a game of the working tree."""
    if not arguments:
        return None, []
    first, rest = arguments[0], list(arguments[1:])
    if first in game_ids(content_dir):
        return None, list(arguments)
    return first, rest


@click.command("diff")
@click.argument("arguments", nargs=-1, metavar="[REV] [GAME]...")
@content_option
@click.option("--format", "output_format", type=click.Choice(["text", "json", "html"]), default="text",
              show_default=True, help="text: tables on the terminal; json: the whole report for tools; html: the "
                                      "report page with its pictures inside it, on standard output.")
@click.option("--out", "out_dir", type=click.Path(path_type=Path, file_okay=False), default=DEFAULT_OUT,
              show_default=True, help="Folder for the HTML report, its pictures and diff.json (replaced whole).")
@click.option("--games", type=click.IntRange(min=0, max=1_000_000), default=200, show_default=True,
              help="Seeded games each revision plays for the balance delta (0: none).")
@policy_opt
@click.option("--seed", type=click.IntRange(min=0, max=2 ** 63 - 1), default=0, show_default=True,
              help="Batch seed of the balance games; both revisions play the same seeds.")
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes to play the balance games in (capped at the number of cores).")
def diff_command(arguments: tuple[str, ...], content_dir: Path, output_format: str, out_dir: Path, games: int,
                 policy: str, seed: int, jobs: int) -> None:
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
      the balance delta: --games seeded games under both revisions (same seeds), win rates
        (per seat for competitive games), endings and game length with 95 % intervals, and
        whether each difference is significant (two-proportion z-test; Welch for length).

    The HTML report, its pictures and diff.json go to --out. Exit 1 when an example turn is
    refused in the new revision or either revision's content has errors (listed with their
    revision: `HEAD:content/<game>/...`); exit 2 outside a git repository or for an unknown
    revision.
    """
    from generator.diff.compare import DiffOptions, compare
    from generator.diff.html_report import ReportFolderRefused, check_report_folder, data_uri, finish_report, \
        staging_folder
    from generator.diff.revisions import RevisionRefused, compared_sides
    from generator.diff.terminal import print_report

    spec, wanted = _split_arguments(content_dir, arguments)
    try:
        check_report_folder(out_dir)
    except ReportFolderRefused as exc:
        raise click.UsageError(str(exc)) from None
    try:
        with compared_sides(content_dir, spec, set(wanted) or None) as (old, new):
            available = sorted(set(game_ids(old.content_dir)) | set(game_ids(new.content_dir)))
            for game in wanted:
                if game not in available:
                    raise click.UsageError(f"no game '{game}' in '{content_dir}' in {old.label} or {new.label}; "
                                           f"{did_you_mean(game, available, 'games')}")
            ids = wanted or available
            if not ids:
                raise click.UsageError(f"no games in '{content_dir}' in {old.label} or {new.label}")
            parent_existed = out_dir.parent.exists()
            staging = staging_folder(out_dir)
            try:
                old_errors, new_errors = ErrorList(), ErrorList()
                options = DiffOptions(games, policy, seed, jobs)
                with Progress(SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn(), console=stderr,
                              transient=True, disable=output_format != "text") as progress:
                    task = progress.add_task("comparing")
                    report = compare(old, new, ids, staging, options, old_errors, new_errors,
                                     lambda game, step: progress.update(task, description=f"{game}: {step}"))
                if old_errors or new_errors:
                    report_side_errors([(old, old_errors), (new, new_errors)], output_format)
                    sys.exit(1)
                report.report_folder = str(out_dir)
                if output_format == "html":
                    from generator.diff.html_report import render_html

                    click.echo(render_html(report, data_uri(staging)), nl=False)
                finish_report(report, staging, out_dir)
            except ReportFolderRefused as exc:
                raise click.UsageError(str(exc)) from None
            finally:
                shutil.rmtree(staging, ignore_errors=True)
                if not parent_existed and not out_dir.exists():  # leave no empty output/ behind a refused run
                    with contextlib.suppress(OSError):
                        out_dir.parent.rmdir()  # removes the folder only when it is empty
    except RevisionRefused as exc:
        message = str(exc)
        if spec is not None and message.startswith("unknown revision") and not wanted:
            message = f"'{spec}' is neither a game of '{content_dir}' nor a revision git knows"
        raise click.UsageError(message) from None
    if output_format == "json":
        click.echo(json.dumps(report.as_json(), indent=2, ensure_ascii=False))
    elif output_format == "text":
        print_report(report, stdout)
    sys.exit(report.exit_code)
