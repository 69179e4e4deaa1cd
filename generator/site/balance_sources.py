"""The balance page's "where the points come from": each batch's score by source, per policy.

The figures are `sources` of a recorded batch (generator/rules/score_sources.py). A source's name
is the content's word `source-<id>` (`rules/<lang>/sentences.yaml`, section `words`), the id where
the content has none. A game whose rulebook names one source as what the game is about gives it
as the word `goal-source` (its id) with `goal-words`, the rulebook's sentence; the page then says
plainly whether the strongest policy recorded (expert, else tree search, else greedy) scores
mostly from that source or from another.
"""

from __future__ import annotations

from typing import Any

from generator.rulestext.markup import table
from generator.rulestext.word_tables import words_beside
from generator.site.bar_chart import Bar, BarChart, bar_chart_svg
from generator.site.game_site import GameSite

WORDS = words_beside(__file__)

STRENGTH = ("expert", "mcts", "greedy", "random")   # which recorded policy counts as the strongest, best first


def _w(key: str, lang: str) -> str:
    return WORDS[key][lang]


def _pct(value: float) -> str:
    return f"{value * 100:.0f} %"


def source_name(site: GameSite, source: str) -> str:
    """The content's word for a score source (`source-<id>`), the id itself where it has none."""
    words = (site.content.sentences.get(site.lang) or {}).get("words", {})
    return str(words.get(f"source-{source}", source))


def batches_with_sources(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The batches whose figures break their scores down (figures recorded before that have none)."""
    return [r for r in rows if any(isinstance(g, dict) and g.get("sources") for g in r.get("sources") or [])]


def source_lines(site: GameSite, rows: list[dict[str, Any]], label: Any, text: Any) -> list[str]:
    """The section: a sentence on what it means, a chart, the table, winners against the others, and
    the rulebook's goal against the strongest policy's points where the game names one."""
    lang = site.lang
    rows = batches_with_sources(rows)
    if not rows:
        return []
    pools = [(r, g) for r in rows for g in r["sources"] if isinstance(g, dict) and g.get("sources")]
    order: list[str] = []
    for _, g in pools:
        order += [s["source"] for s in g["sources"] if s["source"] not in order]
    names = {s: source_name(site, s) for s in order}
    bars = [(f"{label(r, lang)} · {g['policy']}", [float(_by(g, s).get("mean", 0.0)) for s in order]) for r, g in pools]
    chart = site.tree.data(site.path("balance", f"sources-{lang}.svg"),
                           sources_chart_svg(bars, [names[s] for s in order], _w("axis", lang)))
    lines = ["", f"## {_w('title', lang)}", "", _w("intro", lang), "",
             f"![{_w('chart_alt', lang)}](balance/{chart.rsplit('/', 1)[-1]})", ""]
    body, split = [], []
    for r, g in pools:
        head = [text(label(r, lang)), text(g["policy"])]
        cells = []
        for s in order:
            part = _by(g, s)
            cells.append(_w("cell", lang).format(mean=f"{float(part.get('mean', 0.0)):.2f}",
                                                 share=_pct(float(part.get("share", 0.0))),
                                                 players=part.get("players", 0), of=g.get("players", 0))
                         if part else "")
        body.append(head + [f"{float(g.get('mean_score', 0.0)):.2f}"] + cells)
        split.append(head + [_w("split", lang).format(won=f"{float(_by(g, s).get('winner_mean', 0.0)):.2f}",
                                                      other=f"{float(_by(g, s).get('other_mean', 0.0)):.2f}")
                             if _by(g, s) else "" for s in order])
    heads = [text(names[s]) for s in order]
    lines.append(table([_w("batch", lang), _w("policy", lang), _w("score", lang)] + heads, body))
    lines += ["", f"**{_w('winners', lang)}**", "", table([_w("batch", lang), _w("policy", lang)] + heads, split)]
    goal = goal_sentence(site, pools, names, label, text)
    return lines + (["", goal] if goal else [])


def goal_sentence(site: GameSite, pools: list[tuple[dict[str, Any], dict[str, Any]]], names: dict[str, str],
                  label: Any, text: Any) -> str | None:
    """The rulebook's goal against where the strongest recorded policy's points come from (None when the
    content names no goal source or no batch scores from it)."""
    lang = site.lang
    words = (site.content.sentences.get(lang) or {}).get("words", {})
    goal, said = words.get("goal-source"), words.get("goal-words")
    if not goal or not said or goal not in names:
        return None
    ranked = sorted(pools, key=lambda pool: (_strength(pool[1]["policy"]), -int(pool[1].get("players", 0))))
    row, pool = ranked[0]
    shares = {s["source"]: float(s.get("share", 0.0)) for s in pool["sources"]}
    top = max(shares, key=lambda s: (shares[s], s == goal))
    values = {"words": text(said), "policy": text(pool["policy"]), "batch": text(label(row, lang)),
              "goal": text(names[goal]), "goal_share": _pct(shares.get(goal, 0.0)),
              "top": text(names[top]), "top_share": _pct(shares[top])}
    return _w("goal_kept" if top == goal else "goal", lang).format(**values)


def _strength(policy: str) -> int:
    """Where `policy` stands in STRENGTH (0 strongest); tree search with a bigger budget first among its kind."""
    kind = policy.split(":", 1)[0]
    return STRENGTH.index(kind) if kind in STRENGTH else len(STRENGTH)


def _by(pool: dict[str, Any], source: str) -> dict[str, Any]:
    return next((s for s in pool["sources"] if s.get("source") == source), {})


COLOURS = ("#2f6fcf", "#d9822b", "#3a9a4a", "#b8453a", "#7b5ea7", "#8c8c3a", "#3aa0a0", "#a03a78")


def sources_chart_svg(bars: list[tuple[str, list[float]]], names: list[str], axis: str) -> bytes:
    """Stacked horizontal bars: per batch and policy, the mean points of each source."""
    drawn = []
    for i, (_, values) in enumerate(bars):
        ends = [sum(values[:k + 1]) for k in range(len(values))]
        drawn.append(Bar(i, tuple((end - value, end, COLOURS[k % len(COLOURS)])
                                  for k, (value, end) in enumerate(zip(values, ends, strict=True)))))
    return bar_chart_svg(BarChart(tuple(drawn), tuple((i, b[0]) for i, b in enumerate(bars)), axis, percent=False,
                                  legend=tuple((name, COLOURS[k % len(COLOURS)]) for k, name in enumerate(names))))
