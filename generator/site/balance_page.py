"""The balance page of a game: the recorded `pnp balance` figures as a table and a chart.

Figures come from `balance/results.json` in the game's folder (see generator/rules/balance.py);
the chart is drawn at build time with matplotlib (Agg, no timestamps in the PNG, so the site
stays byte-identical). The page says plainly when the figures are older than the rules.
"""

from __future__ import annotations

import io
from typing import Any

from generator.site.game_site import GameSite
from generator.site.markup import escape, html_escape, table

WORDS: dict[str, dict[str, str]] = {
    "title": {"de": "Balance", "en": "Balance"},
    "intro": {"de": "Die Regel-Engine hat diese Partien mit festen Startwerten gespielt (`pnp balance`). "
                    "Jede Zeile ist ein Stapel von Partien mit einem Spieler-Verfahren: zufällig, gierig "
                    "(eine einfache Bewertung der Lage) oder Baumsuche (`mcts:N`, N Probepartien pro Entscheidung). "
                    "Die Intervalle sind 95-%-Intervalle: Zwei Zeilen unterscheiden sich sicher, wenn sich ihre "
                    "Intervalle nicht überlappen.",
              "en": "The rules engine played these games from fixed seeds (`pnp balance`). Each row is a batch of "
                    "games with one way of playing: random, greedy (a simple judgement of the table) or tree "
                    "search (`mcts:N`, N trial games per decision). The intervals are 95 % intervals: two rows "
                    "differ for sure when their intervals do not overlap."},
    "stale": {"de": "Achtung: Diese Zahlen stammen von einer früheren Fassung der Regeln oder Karten; "
                    "`pnp balance` spielt sie neu.",
              "en": "Note: these figures come from an earlier version of the rules or cards; `pnp balance` plays "
                    "them again."},
    "batch": {"de": "Stapel", "en": "Batch"},
    "games": {"de": "Partien", "en": "Games"},
    "policy": {"de": "Verfahren", "en": "Policy"},
    "won": {"de": "gewonnen", "en": "won"},
    "interval": {"de": "95-%-Intervall", "en": "95 % interval"},
    "turns": {"de": "Züge (Mittel)", "en": "Turns (mean)"},
    "causes": {"de": "Ausgänge", "en": "Endings"},
    "seat": {"de": "Platz {n}", "en": "Seat {n}"},
    "chart_alt": {"de": "Gewinnrate je Stapel mit 95-%-Intervall", "en": "Win rate per batch with 95 % interval"},
    "axis": {"de": "Gewinnrate", "en": "Win rate"},
}


def balance_label(lang: str) -> str:
    """The page's name in the navigation."""
    return WORDS["title"][lang]


def _w(key: str, lang: str) -> str:
    return WORDS[key][lang]


def _text(value: Any) -> str:
    """Content text in a table cell: HTML entities first (Markdown passes `<` through), then Markdown escapes."""
    return escape(html_escape(str(value)))


def _pct(value: float) -> str:
    return f"{value * 100:.1f} %"


def chart_png(rows: list[dict[str, Any]], lang: str) -> bytes:
    """Win rate per batch with its 95 % interval as horizontal bars (PNG bytes, deterministic)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [str(r.get("label", {}).get(lang, r.get("id", ""))) for r in rows]
    rates = [float(r.get("win_rate", 0.0)) for r in rows]
    lows = [max(0.0, rate - float(r["win_interval"][0])) for rate, r in zip(rates, rows)]
    highs = [max(0.0, float(r["win_interval"][1]) - rate) for rate, r in zip(rates, rows)]
    height = 0.6 + 0.45 * len(rows)
    figure, axes = plt.subplots(figsize=(7.0, height), dpi=110)
    try:
        positions = list(range(len(rows)))[::-1]
        axes.barh(positions, rates, xerr=[lows, highs], color="#2f6fcf", ecolor="#222222", capsize=4)
        axes.set_yticks(positions, labels)
        axes.set_xlim(0, max(0.05, min(1.0, max(r + h for r, h in zip(rates, highs)) * 1.15)))
        axes.xaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
        axes.set_xlabel(_w("axis", lang))
        axes.grid(axis="x", alpha=0.3)
        figure.tight_layout()
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png", metadata={"Software": None})
        return buffer.getvalue()
    finally:
        plt.close(figure)


def balance_page(site: GameSite, data: dict[str, Any] | None, current: bool) -> str | None:
    """Write the balance page when figures are recorded; returns its path (None without figures)."""
    if not data:
        return None
    lang = site.lang
    rows = [r for r in data.get("runs", []) if isinstance(r, dict) and "win_rate" in r and "win_interval" in r]
    if not rows:
        return None
    page = site.path("balance.md")
    lines = [f"# {_w('title', lang)}", "", _w("intro", lang), ""]
    if not current:
        lines += [f"!!! warning \"{_w('title', lang)}\"", f"    {_w('stale', lang)}", ""]
    chart = site.tree.data(site.path("balance", f"win-rates-{lang}.png"), chart_png(rows, lang))
    lines += [f"![{_w('chart_alt', lang)}](balance/{chart.rsplit('/', 1)[-1]})", ""]
    body = []
    for r in rows:
        label = _text(r.get("label", {}).get(lang, r.get("id", "")))
        low, high = r["win_interval"]
        causes = ", ".join(f"{_text(c)} {_pct(v.get('rate', 0.0))}" for c, v in sorted(r.get("causes", {}).items()))
        body.append([label, _text(r.get("policy", "")), str(r.get("games", "")), _pct(r["win_rate"]),
                     f"{_pct(low)} – {_pct(high)}", str(r.get("turns", {}).get("mean", "")), causes])
    lines.append(table([_w("batch", lang), _w("policy", lang), _w("games", lang), _w("won", lang), _w("interval", lang),
                        _w("turns", lang), _w("causes", lang)], body))
    for r in rows:
        seats = r.get("seats") or []
        if seats:
            label = _text(r.get("label", {}).get(lang, r.get("id", "")))
            lines += ["", f"**{label}**", ""]
            lines.append(table([_w("seat", lang).format(n=""), _w("won", lang), _w("interval", lang)],
                               [[_w("seat", lang).format(n=s["seat"]), _pct(s["rate"]),
                                 f"{_pct(s['interval'][0])} – {_pct(s['interval'][1])}"] for s in seats]))
    return site.page("balance.md", "\n".join(lines))
