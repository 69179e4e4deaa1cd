"""A sweep's report as one HTML page with its plot (win rate against the varied value, with 95 % intervals).

Everything that reaches the page from the content or the command line (the game's id, paths, values,
card ids) is escaped; the plot is an SVG file beside the page, drawn by matplotlib.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from generator.sweep.figures import SweepFigures


def series(figures: SweepFigures) -> list[tuple[str, list[tuple[float, float, float]]]]:
    """Per line of the plot (the table's win, or each seat's): (rate, low, high) per variant after the base."""
    out: list[tuple[str, list[tuple[float, float, float]]]] = []
    variants = figures.variants[1:]
    if figures.cooperative:
        out.append(("won", [(v.summary.win_rate, *v.summary.win_interval) for v in variants]))
        return out
    seats = max((len(v.summary.seats) for v in variants), default=0)
    for seat in range(seats):
        label = variants[0].summary.seats[seat]["player"]
        out.append((label, [(v.summary.seats[seat]["rate"], *v.summary.seats[seat]["interval"]) for v in variants]))
    return out


def _base_lines(figures: SweepFigures) -> list[float]:
    base = figures.variants[0].summary
    return [base.win_rate] if figures.cooperative else [seat["rate"] for seat in base.seats]


def draw_plot(figures: SweepFigures, target: Path) -> None:
    """Win rate against the varied value (numbers on their own scale, else the variants in order)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    variants = figures.variants[1:]
    numeric = len(figures.varies) == 1 and all(isinstance(v.variant.values.get(figures.varies[0].path), int | float)
                                               and not isinstance(v.variant.values.get(figures.varies[0].path), bool)
                                               for v in variants)
    xs = [float(v.variant.values[figures.varies[0].path]) for v in variants] if numeric else list(range(len(variants)))
    figure, axes = plt.subplots(figsize=(7, 4))
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for (label, points), base, colour in zip(series(figures), _base_lines(figures), colours * 4, strict=False):
        rates = [p[0] for p in points]
        errors = [[p[0] - p[1] for p in points], [p[2] - p[0] for p in points]]
        axes.errorbar(xs, rates, yerr=errors, marker="o", capsize=4, label=label, color=colour)
        axes.axhline(base, linestyle=":", color=colour, linewidth=1)
    axes.set_xlabel(figures.varies[0].path if numeric else "variant")
    if not numeric:
        axes.set_xticks(xs, [v.variant.name for v in variants], rotation=20, ha="right")
    axes.set_ylabel("win rate (95 % interval); dotted: the base game")
    axes.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    axes.legend(loc="best", fontsize="small")
    axes.set_title(f"{figures.game}: {figures.batch.games} games per variant, policy {figures.batch.policy}")
    figure.tight_layout()
    figure.savefig(target, format="svg", metadata={"Date": None})
    plt.close(figure)


def _pct(value: float) -> str:
    return f"{value:.1%}"


def _cell(value: Any) -> str:
    return f"<td>{escape(str(value))}</td>"


def page(figures: SweepFigures, plot_name: str) -> str:
    """The report as HTML; `plot_name`: the SVG file beside it."""
    rows = []
    for v in figures.variants:
        for d in v.paired:
            if d.label == "turns per game":
                first, second, diff = f"{d.first:.2f}", f"{d.second:.2f}", f"{d.difference:+.2f}"
                interval = f"{d.interval[0]:+.2f} – {d.interval[1]:+.2f}"
            else:
                first, second, diff = _pct(d.first), _pct(d.second), f"{d.difference:+.1%}"
                interval = f"{d.interval[0]:+.1%} – {d.interval[1]:+.1%}"
            mark = " class=\"significant\"" if d.significant and v.variant.values else ""
            rows.append(f"<tr{mark}>{_cell(v.variant.name)}{_cell(d.label)}{_cell(first)}{_cell(second)}"
                        f"{_cell(diff)}{_cell(interval)}{_cell(f'{d.p_value:.3g}')}</tr>")
    policy_rows = [f"<tr>{_cell(v.variant.name)}{_cell(p['policy'])}{_cell(_pct(p['rate']))}"
                   f"{_cell(_pct(p['interval'][0]) + ' – ' + _pct(p['interval'][1]))}{_cell(p['seat_games'])}</tr>"
                   for v in figures.variants for p in v.policies]
    varies = "".join(f"<li><code>{escape(v.path)}</code>: {escape(', '.join(map(str, v.values)))}</li>"
                     for v in figures.varies)
    tests = figures.as_json()["tests"]
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>{escape(figures.game)}: balance sweep</title>
<style>body{{font-family:sans-serif;max-width:60em;margin:2em auto}}table{{border-collapse:collapse}}
td,th{{padding:.2em .6em;border-bottom:1px solid #ddd;text-align:right}}
td:first-child,td:nth-child(2){{text-align:left}}
tr.significant{{background:#fff3c4}}</style></head><body>
<h1>{escape(figures.game)}: balance sweep</h1>
<p>{figures.batch.games} games per variant, policy {escape(figures.batch.policy)}, batch seed {figures.batch.seed};
every variant plays the same seeds as the base game. Played on {escape(figures.backend)}.</p>
<ul>{varies}</ul>
<img src="{escape(plot_name)}" alt="win rate against the varied value, with 95 % intervals">
<h2>Paired differences to the base game</h2>
<p>Proportions: {escape(tests['proportions'])}. Game length: {escape(tests['game length'])}.
Highlighted rows differ significantly from the base.</p>
<table><tr><th>variant</th><th>figure</th><th>base</th><th>variant</th><th>difference</th><th>95 % interval</th>
<th>p</th></tr>
{chr(10).join(rows)}
</table>
<h2>Per policy</h2>
<table><tr><th>variant</th><th>policy</th><th>win rate</th><th>95 % interval</th><th>seat-games</th></tr>
{chr(10).join(policy_rows)}
</table>
</body></html>
"""


def write_report(figures: SweepFigures, folder: Path, stem: str) -> dict[str, Path]:
    """The page, its plot and the figures as JSON in `folder`; the paths written."""
    import json

    folder.mkdir(parents=True, exist_ok=True)
    plot = folder / f"{stem}.svg"
    draw_plot(figures, plot)
    html = folder / f"{stem}.html"
    html.write_text(page(figures, plot.name), encoding="utf-8")
    data = folder / f"{stem}.json"
    data.write_text(json.dumps(figures.as_json(), indent=2, sort_keys=True, default=str) + "\n", encoding="utf-8")
    return {"html": html, "plot": plot, "json": data}
