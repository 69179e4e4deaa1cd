"""How `pnp` commands show their results as text (rich tables on the terminal) and as JSON lines.

rich is imported when something is printed, not when the command line starts.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from generator.cli_report import report_failure
from generator.commands.failure import CommandFailed

if TYPE_CHECKING:
    from rich.console import Console

    from generator.build_cache import BuildCache
    from generator.commands.simulate import SimulationResult


def console(err: bool = False) -> Console:
    from rich.console import Console

    return Console(stderr=err, highlight=False, soft_wrap=True)


def echo_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def json_line(kind: str, **data: Any) -> None:
    """One JSON object on one line, for commands whose output goes on (play, serve)."""
    click.echo(json.dumps({"kind": kind, **data}, ensure_ascii=False))


def progress(output_format: str) -> Any:
    """A progress bar on standard error (none with --format json)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                    console=console(err=True), transient=True, disable=output_format == "json")


def task_starter(bar: Any) -> Callable[[str, int], Callable[[int], None]]:
    """`on_start(label, total)` for a plain function: adds a task to `bar`, returns its advance(n)."""
    def start(label: str, total: int) -> Callable[[int], None]:
        task = bar.add_task(label, total=total)
        return lambda n: bar.advance(task, n)

    return start


def print_info(data: dict[str, Any]) -> None:
    """`pnp info`: the components as a table, then the engine and its options."""
    from rich.markup import escape
    from rich.table import Table

    players, time = data["players"], data["play_time"]
    shown = [lang for lang in ("en", "de") if lang in data["languages"]]  # English first; a game's one language
    title = data["title"][shown[0]]
    table = Table(title=f"{escape(title)} — {players['min']}-{players['max']} players, {data['age']}+, "
                        f"{time['min']}-{time['max']} min")
    for column in ("component", "type", "count", "designs"):
        table.add_column(column, justify="right" if column in ("count", "designs") else "left")
    for comp in data["components"]:
        designs = "" if comp["designs"] is None else str(comp["designs"])
        table.add_row(escape(" / ".join(comp["name"][lang] for lang in shown)), comp["type"], str(comp["count"]),
                      designs)
    out = console()
    out.print(table)
    engine = data["engine"]
    if engine:
        out.print(f"rules engine: {engine['id']} (version {engine['version']})")
        for option in engine["options"]:
            out.print(f"  --option {option['name']}={'|'.join(option['choices'])} "
                      f"(default {option['default']}): {option['help']}")


def written_json(written: dict[str, list[Path]]) -> dict[str, list[str]]:
    return {game: [str(p) for p in files] for game, files in written.items()}


def _size(path: Path) -> int:
    try:
        return os.stat(path).st_size
    except OSError:  # gone since (another build's), or never there
        return 0


def print_written(written: dict[str, list[Path]], output_dir: Path) -> None:
    """`pnp build`: files and size per game."""
    from rich.table import Table

    table = Table(title="written")
    for column in ("game", "files", "size", "where"):
        table.add_column(column, justify="right" if column in ("files", "size") else "left")
    for game, files in written.items():
        size = sum(_size(path) for path in files)
        table.add_row(game, str(len(files)), f"{size / 1024:.0f} KiB", str(output_dir / game))
    console().print(table)


def print_cache(cache: BuildCache) -> None:
    """`pnp build`: which units this build made and how many it copied from the cache (what a change touched)."""
    if cache.folder is None:
        return
    from rich.markup import escape

    if cache.made and not cache.reused:
        console().print(f"made: all {len(cache.made)} unit(s) (the build cache held none of them yet)")
        return
    made = ", ".join(escape(unit) for unit in cache.made) or "nothing"
    console().print(f"made: {made}; copied from the build cache: {len(cache.reused)} unchanged unit(s)")


def print_cards_written(written: dict[str, list[Path]], output_dir: Path) -> None:
    """`pnp cards`: PDFs, SVG faces and size per game."""
    from rich.table import Table

    table = Table(title="cards written")
    for column in ("game", "PDFs", "SVG faces", "size", "where"):
        table.add_column(column, justify="right" if column in ("PDFs", "SVG faces", "size") else "left")
    for game, files in written.items():
        size = sum(_size(path) for path in files)
        table.add_row(game, str(sum(p.suffix == ".pdf" for p in files)), str(sum(p.suffix == ".svg" for p in files)),
                      f"{size / 1024:.0f} KiB", str(output_dir / game) if files else "(no cards)")
    console().print(table)


def print_results(rows: list[dict[str, Any]], cooperative: bool, lang: str = "en") -> None:
    """`pnp play` and `pnp replay` at a finished game's end: the ranked table and who won (nothing unfinished)."""
    from generator.commands.results import results_table, verdict

    if rows:
        out = console()
        out.print(results_table(rows, cooperative))
        out.print(verdict(rows, cooperative, lang), markup=False)


def print_simulation(result: SimulationResult) -> None:
    """`pnp simulate`: results by cause (and by seat) with 95 % intervals, then game length."""
    from rich.table import Table

    summary = result.summary
    options_text = ", ".join(f"{k}={v}" for k, v in sorted(summary.options.items())) or "none"
    table = Table(title=f"{summary.game}: {summary.games} games, policy {summary.policy}, options {options_text}, "
                        f"batch seed {summary.batch_seed}")
    table.add_column("result")
    for column in ("games", "rate", "95 % interval"):
        table.add_column(column, justify="right")
    for cause, row in summary.causes.items():
        label = ("won: " if row["won"] else ("lost: " if cause != "unfinished" and summary.cooperative else "")) + cause
        table.add_row(label, str(row["games"]), f"{row['rate']:.1%}",
                      f"{row['interval'][0]:.1%} – {row['interval'][1]:.1%}")
    if summary.cooperative:
        table.add_row("[b]won (all)[/]", str(summary.wins), f"{summary.win_rate:.1%}",
                      f"{summary.win_interval[0]:.1%} – {summary.win_interval[1]:.1%}")
    out = console()
    out.print(table)
    if summary.seats:
        out.print(seat_table(summary))
        out.print(f"games: {summary.outright} won outright, {summary.shared} won shared, {summary.no_winner} "
                  f"without a winner (of {summary.games}). A tie after every tie-break is a shared win for each "
                  "tied seat: the outright rates add up to at most 100 %, outright and shared together to more "
                  "when games end in ties.")
    t = summary.turns
    out.print(f"turns per game: mean {t['mean']}, median {t['median']}, min {t['min']}, max {t['max']}")
    out.print(f"figures written to {result.written}")


def seat_table(summary: Any) -> Any:
    """Per seat: outright wins, shared wins (a tie for the win), losses (they add up to the games), the
    outright rate and the win rate with shared wins, with 95 % intervals, and the mean score."""
    from rich import box
    from rich.table import Table

    table = Table(title="by seat (a tie is a shared win; all wins = outright + shared)", box=box.SIMPLE_HEAD,
                  collapse_padding=True, pad_edge=False)
    for column in ("seat", "outright", "shared", "lost", "outright %", "95 %", "all wins", "avg score"):
        table.add_column(column, justify="left" if column == "seat" else "right", no_wrap=True)
    for seat in summary.seats:
        low, high = seat["outright_interval"]
        table.add_row(seat["player"], str(seat["outright"]), str(seat["shared"]), str(seat["lost"]),
                      f"{seat['outright_rate']:.1%}", f"{low * 100:.1f}–{high:.1%}", f"{seat['rate']:.1%}",
                      f"{seat['mean_score']:g}")
    return table


def serve_text(kind: str, details: dict[str, Any]) -> None:
    """`pnp serve`'s events as sentences on standard error; a failed rebuild through the one reporter."""
    if kind == "rebuilt":
        click.echo("serve: site rebuilt", err=True)
    elif kind == "failed":
        report_failure(CommandFailed(details["errors"], line=details["message"],
                                     note="serve: the build failed; still serving the last good site"), "text")
    elif kind == "listening":
        click.echo(f"serve: {details['address']} (Ctrl+C stops); for designers: {details['designer']}", err=True)
    elif kind == "stopped":
        click.echo("serve: stopped", err=True)


def serve_json(kind: str, details: dict[str, Any]) -> None:
    """`pnp serve --format json`: one object per event on standard output, flushed at once."""
    if kind == "failed":
        json_line(kind, message=details["message"], errors=[e.as_json() for e in details["errors"]])
    else:
        json_line(kind, **details)
    sys.stdout.flush()


PERSON_WORDS = {
    "en": {"ask": "{player} decides (turn {turn}).", "table": "The table as you see it:",
           "actions": "Legal actions:",
           "hint": "Write an action as above or its number; ? shows the list again.",
           "prompt": "player {number}> ",
           "no-number": "There is no action {number}: choose 1–{count}.",
           "refused": "Refused: {message}"},
    "de": {"ask": "{player} entscheidet (Zug {turn}).", "table": "Der Tisch, wie du ihn siehst:",
           "actions": "Erlaubte Aktionen:",
           "hint": "Schreib eine Aktion wie oben oder ihre Nummer; ? zeigt die Liste wieder.",
           "prompt": "Spieler {number}> ",
           "no-number": "Es gibt keine Aktion {number}: wähle 1–{count}.",
           "refused": "Nicht erlaubt: {message}"},
}


def person_text(lang: str) -> tuple[Callable[[str, dict[str, Any]], None], Callable[[], str | None]]:
    """How `pnp play` talks to a person in text: the table, the numbered legal actions, refusals and a
    prompt (`tell`), and their next line (`read`). Piped input is echoed after the prompt, so the
    output reads as the session did."""
    words = PERSON_WORDS.get(lang, PERSON_WORDS["en"])
    seat = [0]

    def tell(kind: str, data: dict[str, Any]) -> None:
        if kind == "ask":
            seat[0] = data["seat"] + 1  # as people count seats
            click.echo(words["ask"].format(**data) + (f" {words['table']}" if data["table"] else ""))
            for label, value in data["table"]:
                click.echo(f"  {label}: {value}")
            click.echo(words["actions"])
            width = min(max((len(a["action"]) for a in data["actions"]), default=0), 24)
            for item in data["actions"]:
                click.echo(f"  {item['number']:>3}  {item['action']:<{width}}  {item['text']}")
            click.echo(words["hint"])
        else:
            click.echo(words[kind].format(**data))
        click.echo(words["prompt"].format(number=seat[0]), nl=False)
        sys.stdout.flush()

    def read() -> str | None:
        line = read_line()
        if line is None or not sys.stdin.isatty():
            click.echo((line or "").rstrip("\r\n"))  # end the prompt's line
        return line

    return tell, read


def person_json(kind: str, data: dict[str, Any]) -> None:
    """`pnp play --format json` with a person: each question and refusal one JSON object on its line."""
    json_line(kind, **data)
    sys.stdout.flush()


def read_line() -> str | None:
    """The person's next line from standard input, at most a bounded start of it; None when the input has ended."""
    from generator.commands.person import read_bounded

    return read_bounded(sys.stdin)
