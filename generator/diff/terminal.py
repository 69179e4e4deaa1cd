"""The terminal summary of `pnp diff`: rich tables, every content string escaped and kept on one line."""

from __future__ import annotations

import json
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from generator.content.errors import one_line
from generator.diff.balance import Delta
from generator.diff.examples import BROKEN, FIXED, ExampleChange
from generator.diff.report import DiffReport, GameDiff

MAX_DIFF_LINES = 40  # per rules page; the HTML report and JSON hold all of them


def text(value: Any) -> str:
    """A content value as safe terminal text: one line, no rich markup."""
    if value is None:
        return "—"
    return escape(one_line(value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)))


def print_report(report: DiffReport, console: Console) -> None:
    console.print(f"[b]pnp diff[/]: {text(report.old.label)} → {text(report.new.label)}")
    for diff in report.games:
        _game(diff, report, console)
    broken = report.broken_examples
    if broken:
        console.print(f"[red]✗ {broken} example turn(s) refused by the engine in {text(report.new.label)}[/]")
    if report.report_folder:
        console.print(f"report: {text(report.report_folder)}/index.html")


def _game(diff: GameDiff, report: DiffReport, console: Console) -> None:
    console.print()
    if diff.status != "changed":
        console.print(f"[b]{text(diff.game)}[/]: {diff.status}")
        if diff.status != "unchanged":
            console.print(f"  {len(diff.files)} file(s)")
        return
    console.print(f"[b]{text(diff.title)}[/] ({text(diff.game)}): {len(diff.files)} file(s) changed: "
                  + ", ".join(f"{text(f.path)} ({f.change})" for f in diff.files))
    _one_language(diff, console)
    _cards(diff, console)
    _pages(diff, console)
    _examples(diff, console)
    _balance(diff, console)


def _one_language(diff: GameDiff, console: Console) -> None:
    """Texts changed in one language only: the other language may be out of date."""
    if not diff.one_language:
        return
    console.print("[b]texts changed in one language only[/]:")
    for change in diff.one_language:
        console.print(f"  [yellow]{text(change.sentence())}[/] ({text(str(change.mark))})")


def _cards(diff: GameDiff, console: Console) -> None:
    if not diff.cards:
        console.print("cards: none changed")
        return
    table = Table(title="cards", title_justify="left")
    for column in ("card", "change", "value", "before", "after"):
        table.add_column(column)
    for card in diff.cards:
        name = f"{text(card.name.get('en'))} ({text(card.card_id)})"
        rows = card.fields if card.change == "changed" else []
        pictures = [f for f in card.faces if f.after or f.before]
        change = card.change + (f", {len(pictures)} face(s) redrawn" if card.change == "changed" and card.faces else "")
        if not rows:
            table.add_row(name, change, "", "", "")
        for i, row in enumerate(rows):
            table.add_row(
                name if i == 0 else "", change if i == 0 else "", text(row.path), text(row.old), text(row.new)
            )
    console.print(table)
    if diff.faces_left_out:
        console.print(f"  ({diff.faces_left_out} more redrawn face(s) without pictures)")


def _pages(diff: GameDiff, console: Console) -> None:
    if not diff.pages:
        console.print("rules pages: no rendered text changed")
        return
    console.print("[b]rules pages[/] whose rendered text changed:")
    for page in diff.pages:
        console.print(f"  {page.lang}/{text(page.page)} ({text(page.title)}): {page.change}")
        shown = [line for line in page.diff[2:] if not line.startswith("@@")]
        for line in shown[:MAX_DIFF_LINES]:
            style = "red" if line.startswith("-") else "green" if line.startswith("+") else "dim"
            console.print(f"    [{style}]{text(line)}[/]")
        if len(shown) > MAX_DIFF_LINES:
            console.print(f"    … {len(shown) - MAX_DIFF_LINES} more lines")


def _examples(diff: GameDiff, console: Console) -> None:
    _replays(diff.examples, diff.changed_examples, "examples", "example turns", "example", console)
    _replays(diff.playthroughs, diff.changed_playthroughs, "golden playthroughs", "golden playthroughs",
             "playthrough", console)


def _replays(replays: list[ExampleChange], changed: list[ExampleChange], noun: str, title: str, column: str,
             console: Console) -> None:
    """Example turns or golden playthroughs: the ones that changed, each at the step where they part."""
    if not replays:
        return
    if not changed:
        console.print(f"{noun}: all {len(replays)} replay as before")
        return
    table = Table(title=title, title_justify="left")
    table.add_column(column, min_width=min(40, max(len(e.example_id) for e in changed)))  # ids shown whole
    for name in ("status", "step", "what"):
        table.add_column(name)
    for example in changed:
        style = "red" if example.status in BROKEN else "green" if example.status == FIXED else "yellow"
        step = "" if example.step is None else "set-up" if example.step == 0 else str(example.step)
        if example.action:
            step += f" ({text(example.action)})"
        what = text(example.message)
        if example.before or example.after:
            what += "\n" + "\n".join([f"[red]- {text(x)}[/]" for x in example.before] +
                                     [f"[green]+ {text(x)}[/]" for x in example.after])
        table.add_row(text(example.example_id), f"[{style}]{example.status}[/]", step, what)
    console.print(table)


def _balance(diff: GameDiff, console: Console) -> None:
    delta = diff.balance
    if delta is None:
        if diff.balance_note:
            console.print(f"balance: {text(diff.balance_note)}")
        return
    options = ", ".join(f"{k}={v}" for k, v in sorted(delta.options.items())) or "none"
    table = Table(title=f"balance: {delta.games} games per revision, policy {text(delta.policy)}, "
                        f"options {text(options)}, batch seed {delta.batch_seed}", title_justify="left")
    for column in ("figure", "before (95 %)", "after (95 %)", "p", "significant"):
        table.add_column(column, justify="left" if column == "figure" else "right")
    for row in delta.rows:
        table.add_row(text(row.label), _figure(row, "before"), _figure(row, "after"), f"{row.p_value:.3g}",
                      "[b]yes[/]" if row.significant else "no")
    console.print(table)
    console.print(text(delta.statement))


def _figure(row: Delta, which: str) -> str:
    """A side of the figure with its interval, compact for a table column (the HTML report spells the % out)."""
    value, low, high = row.side(which)
    if row.counts is not None:
        return f"{value:.1%} ({100 * low:.1f}–{100 * high:.1f})"
    return f"{value:.2f} ({low:.1f}–{high:.1f})"
