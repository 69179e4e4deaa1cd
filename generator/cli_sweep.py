"""`pnp sweep`'s command line and its terminal table (the work is in generator.commands.sweep)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from generator import cli_views as views
from generator.cli_options import DEFAULT_MAX_TURNS, content_option, format_option, game_options, trust_engines_option
from generator.cli_report import reported
from generator.commands.failure import CommandRefused

if TYPE_CHECKING:
    from generator.commands.sweep import SweepResult


def _policy(_ctx: click.Context, _param: click.Parameter, value: str | None) -> str | None:
    from generator.commands.loading import check_policy

    try:
        return None if value is None else check_policy(value)
    except CommandRefused as exc:
        raise click.BadParameter(str(exc)) from None


@click.command()
@click.argument("game")
@click.option("--vary", "vary", multiple=True, metavar="PATH=V1,V2,…",
              help="A value to vary and the values it takes, e.g. 'cards[id=bauen-1].cost=2,3,4'; several "
                   "--vary make a grid of every combination.")
@click.option("--sweep", "sweep_id", default=None, metavar="ID", help="Play the sweep game.yaml declares under "
              "`sweeps:` with this id (the only one declared needs no name).")
@click.option("--games", type=click.IntRange(min=1, max=10_000_000), default=None,
              help="Games per variant  [default: the declared sweep's, else 400]")
@click.option("--policy", default=None, callback=_policy,
              help="Who decides, as for `pnp simulate`  [default: the declared sweep's, else greedy]")
@game_options
@click.option("--seed", type=click.IntRange(min=0, max=2 ** 63 - 1), default=None,
              help="Batch seed every variant plays  [default: the declared sweep's, else 0]")
@click.option("--max-turns", type=click.IntRange(min=1, max=100_000), default=DEFAULT_MAX_TURNS, show_default=True,
              help="A game still running after this many turns counts as 'unfinished'.")
@click.option("--jobs", type=click.IntRange(min=1), default=None,
              help="Local processes (or with --cluster local, Ray's cores)  [default: the idle cores]")
@click.option("--cluster", default=None, metavar="local|ray://HOST:PORT",
              help="Play on Ray: a runtime started here (local) or a running cluster. Needs "
                   "pip install 'pnp-forge[cluster]' here and the same pnp-forge on every node.")
@click.option("--out", "out_dir", type=click.Path(path_type=Path, file_okay=False), default=None,
              help="Folder of the report  [default: output/sweeps]")
@click.option("--record", is_flag=True, help="Also record the figures in the game's balance/sweeps.json (commit it "
              "with the content): the designer site shows each recorded sweep with its plot.")
@content_option
@format_option
@trust_engines_option
@reported
def sweep(game: str, vary: tuple[str, ...], sweep_id: str | None, games: int | None, policy: str | None,
          variant: str | None, players: int | None, option: tuple[str, ...], seed: int | None, max_turns: int,
          jobs: int | None, cluster: str | None, out_dir: Path | None, record: bool, content_dir: Path,
          output_format: str) -> None:
    """Play variants of GAME's values, every variant on the same seeds, and compare each to the game as it is.

    Each variant is the game folder with the values replaced at their YAML paths: cards[id=X].cost
    (a card of cards/*.yaml), boards[id=X]… and tables[id=X]… (that file), or any path into
    game.yaml (resources[id=ore].start). A variant is checked like any edit: one that breaks the
    game is an error before a game is played. A game with its own engine module needs its folder
    trusted (`pnp trust`), not --trust-engines: its variants run the same engine files, byte for
    byte, and only while the sweep plays them. Every variant plays the same seeds, so the
    comparison with the base game is paired: McNemar's exact test on the seeds whose result
    changed (not an unpaired two-proportion test, which counts the shared luck as noise), and a
    paired t-test for game length.

    Prints per variant the win rates (per seat, per policy) with 95 % intervals, game length and the
    difference to the base; writes an HTML report with a plot of win rate against the varied
    value, the plot (SVG) and the figures (JSON) to output/sweeps/. Local processes are the
    default; --cluster runs the same games on Ray, with the same results game by game.
    """
    from generator.commands.sweep import SweepRequest
    from generator.commands.sweep import sweep as run_sweep

    request = SweepRequest(game, vary, sweep_id, games, policy, seed, variant, players, option, jobs, max_turns,
                           cluster, out_dir, record)
    with views.progress(output_format) as progress:
        result = run_sweep(content_dir, request, on_start=views.task_starter(progress))
    if output_format == "json":
        views.echo_json(result.as_json())
    else:
        print_sweep(result)


def _percent(value: float) -> str:
    return f"{value:.1%}"


def print_sweep(result: SweepResult) -> None:
    """Per variant and figure: the rate with its 95 % interval, the difference to the base, its interval and p."""
    from rich import box
    from rich.table import Table

    figures = result.figures
    out = views.console()
    table = Table(title=f"{figures.game}: {figures.batch.games} games per variant, policy {figures.batch.policy}, "
                        f"batch seed {figures.batch.seed}, on {figures.backend}", box=box.SIMPLE_HEAD)
    for column in ("variant", "figure", "rate", "95 %", "Δ base", "Δ 95 %", "p"):
        table.add_column(column, justify="left" if column in ("variant", "figure") else "right",
                         no_wrap=column not in ("variant", "figure"))
    for v in figures.variants:
        rates = _rates(v, figures.cooperative)
        for d in v.paired:
            if d.label.startswith("ends:"):
                continue
            if d.label == "turns per game":
                low, high = _turns_interval(v)
                cells = [f"{d.second:.1f}", f"{low:.1f}–{high:.1f}", f"{d.difference:+.1f}",
                         f"{d.interval[0]:+.1f}–{d.interval[1]:+.1f}"]
            else:
                low, high = rates.get(d.label, (d.second, d.second))
                cells = [_percent(d.second), f"{low * 100:.1f}–{high:.1%}", f"{d.difference:+.1%}",
                         f"{d.interval[0] * 100:+.1f}–{d.interval[1] * 100:+.1f}"]
            p = "" if not v.variant.values else (f"[b]{d.p_value:.3g}[/]" if d.significant else f"{d.p_value:.3g}")
            table.add_row(v.variant.name, d.label.replace(" per game", ""), *cells, p)
        if len(v.policies) > 1:
            for row in v.policies:
                table.add_row(v.variant.name, f"policy {row['policy']}", _percent(row["rate"]),
                              f"{row['interval'][0] * 100:.1f}–{row['interval'][1]:.1%}", "", "", "")
        table.add_section()
    out.print(table)
    out.print(f"paired on the same seeds: {figures.as_json()['tests']['proportions']}; "
              f"{figures.as_json()['tests']['game length']}")
    if figures.cluster:
        c = figures.cluster
        out.print(f"Ray: {c['actors']} workers, {c['chunks']} chunks, {c['start_seconds']} s to start, "
                  f"{c['overhead_per_chunk'] * 1000:.1f} ms per chunk beyond playing")
    out.print(f"report written to {result.written['html']}")
    if "record" in result.written:
        out.print(f"recorded in {result.written['record']} (the designer site's sweeps page)")


def _rates(v: Any, cooperative: bool) -> dict[str, tuple[float, float]]:
    summary = v.summary
    if cooperative:
        return {"won": summary.win_interval}
    return {f"{seat['player']} wins": tuple(seat["interval"]) for seat in summary.seats}


def _turns_interval(v: Any) -> tuple[float, float]:
    from generator.diff.balance import mean_interval

    turns = [float(r["turns"]) for r in v.summary.results]
    return mean_interval(turns)


@click.command()
@click.argument("game")
@click.option("--param", "params", multiple=True, metavar="PATH=LOW..HIGH",
              help="A value to tune and its range: 'cards[id=X].cost=2..8' (integers stay integers), or its choices "
                   "'PATH=A,B,C'; repeatable.")
@click.option("--target", required=True, metavar="TARGET",
              help="fair-share:POINTS[:SEATS] (each seat, or seats 4,5, within POINTS of 1/players), "
                   "win-rate:PERCENT[:POINTS] (a cooperative game; within 3 points by default) or "
                   "card-takers:CARD:POINTS (CARD's takers win at most POINTS more than players on average).")
@click.option("--budget", type=click.IntRange(min=1, max=100_000_000), default=4000, show_default=True,
              help="Games to play in all; the search stops there, or at the first trial that meets the target.")
@click.option("--games", type=click.IntRange(min=1, max=1_000_000), default=200, show_default=True,
              help="Games per trial (every trial plays the same seeds).")
@click.option("--policy", default="greedy", show_default=True, callback=_policy, help="Who decides, as for "
              "`pnp simulate`.")
@game_options
@click.option("--seed", type=click.IntRange(min=0, max=2 ** 63 - 1), default=0, show_default=True,
              help="Batch seed of every trial, and the optimiser's seed.")
@click.option("--max-turns", type=click.IntRange(min=1, max=100_000), default=DEFAULT_MAX_TURNS, show_default=True)
@click.option("--jobs", type=click.IntRange(min=1), default=None,
              help="Local processes (or with --cluster local, Ray's cores)  [default: the idle cores]")
@click.option("--cluster", default=None, metavar="local|ray://HOST:PORT",
              help="Play the trials on Ray, as `pnp sweep --cluster` does, with the same results.")
@click.option("--apply", is_flag=True, help="Write the values found into the YAML files (only those values "
              "change; comments and layout stay), when they meet the target.")
@click.option("--out", "out_dir", type=click.Path(path_type=Path, file_okay=False), default=None,
              help="Folder of the patch  [default: output/tunes]")
@content_option
@format_option
@trust_engines_option
@reported
def tune(game: str, params: tuple[str, ...], target: str, budget: int, games: int, policy: str, variant: str | None,
         players: int | None, option: tuple[str, ...], seed: int, max_turns: int, jobs: int | None,
         cluster: str | None, apply: bool, out_dir: Path | None, content_dir: Path, output_format: str) -> None:
    """Search values of GAME for a balance target, within a budget of games, with Optuna.

    Each trial is a variant of the game with the values written in (checked like any edit; one that
    breaks the game is a failed trial), played on the same seeds as every other trial. Optuna's TPE
    sampler proposes the values; the search stops at the first trial that meets the target or when
    --budget games are played. Prints the best values with the figures that judged them (95 %
    intervals), writes them as a patch to output/tunes/, and with --apply into the game's YAML files.
    Needs pip install 'pnp-forge[tune]'.
    """
    from generator.commands.tune import TuneRequest
    from generator.commands.tune import tune as run_tune
    from generator.sweep.targets import evidence

    request = TuneRequest(game, params, target, budget, games, policy or "greedy", seed, variant, players, option,
                          jobs, max_turns, apply, out_dir, cluster)
    with views.progress(output_format) as progress:
        advance = views.task_starter(progress)(f"{game}: tuning ({budget} games at most)", budget)
        result = run_tune(content_dir, request, on_trial=lambda trial: advance(trial.games))
    if output_format == "json":
        views.echo_json(result.as_json())
        return
    out = views.console()
    outcome = result.outcome
    out.print(f"target: {outcome.target.text}; {len(outcome.trials)} trials, {outcome.games_played} games played")
    best = outcome.best
    if best is None:
        out.print("no trial could be played: every variant broke the game")
        return
    values = ", ".join(f"{path} = {value}" for path, value in best.values.items())
    verdict = "meets the target" if outcome.met else f"misses the target by {best.distance:g} points"
    out.print(f"best: {values} ({verdict})", markup=False)
    if result.changed:
        out.print("changed: " + ", ".join(f"{path} {old} → {new}" for path, (old, new) in result.changed.items()),
                  markup=False)
    else:
        out.print("changed: nothing (the game's own values are the best found)", markup=False)
    out.print(f"evidence: {evidence(best.figures)}, {best.games or 'the same'} games", markup=False)
    if result.applied:
        out.print(f"written into {', '.join(result.applied)}")
    elif apply:
        out.print("nothing written: the target was not met (the patch holds the closest values)")
    out.print(f"patch written to {result.written['patch']}")
