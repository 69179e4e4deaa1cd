"""The balance page's "how hard is the game": per variant, the clairvoyant oracle beside the best honest player.

A batch played by `oracle` (generator/rules/oracle.py) reads the true state: the hidden order of
the decks and the dice to come. Every game it wins has a winning line, so its win rate is a
floor under the share of deals that can be won at all, and that share is the ceiling of every
honest player's win rate. Beside it, per set of options (the game's variants and readings), the
honest batch with the same options that won most often. Both with their 95 % (Wilson) intervals.
"""

from __future__ import annotations

from typing import Any

from generator.rulestext.markup import table
from generator.rulestext.word_tables import words_beside
from generator.site.bar_chart import Bar, BarChart, bar_chart_svg
from generator.site.game_site import GameSite

WORDS = words_beside(__file__)


def _w(key: str, lang: str) -> str:
    return WORDS[key][lang]


def _pct(value: float) -> str:
    return f"{value * 100:.1f} %"


def is_oracle(row: dict[str, Any]) -> bool:
    """A batch the clairvoyant played (`oracle` or `oracle:N`)."""
    return str(row.get("policy", "")).split(":", 1)[0] == "oracle"


def _options(row: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((str(k), str(v)) for k, v in (row.get("options") or {}).items()))


def pairs(rows: list[dict[str, Any]]) -> list[tuple[dict[str, Any], dict[str, Any] | None]]:
    """Each oracle batch with the honest batch of the same options that won most (None when there is none);
    among equal rates the stronger policy (tree search before greedy before random), then more games."""
    out = []
    for oracle in (r for r in rows if is_oracle(r)):
        honest = [r for r in rows if not is_oracle(r) and _options(r) == _options(oracle)]
        best = max(honest, key=lambda r: (float(r.get("win_rate", 0.0)), _strength(r), int(r.get("games", 0))),
                   default=None)
        out.append((oracle, best))
    return out


HONEST = ("random", "greedy", "expert", "mcts")   # among equal win rates, the later the stronger


def _strength(row: dict[str, Any]) -> int:
    kind = str(row.get("policy", "")).split(":", 1)[0]
    return HONEST.index(kind) if kind in HONEST else -1


def options_text(row: dict[str, Any]) -> str:
    return ", ".join(f"`{k}={v}`" for k, v in _options(row))


def _cell(row: dict[str, Any], lang: str) -> str:
    low, high = row["win_interval"]
    return _w("cell", lang).format(wins=row.get("wins", 0), games=row.get("games", 0), rate=_pct(row["win_rate"]),
                                   low=_pct(low), high=_pct(high))


def hardness_lines(site: GameSite, rows: list[dict[str, Any]], text: Any) -> list[str]:
    """The section (none without an oracle batch): what the oracle means, a chart, the table per variant."""
    lang = site.lang
    found = pairs(rows)
    if not found:
        return []
    body = []
    for oracle, honest in found:
        body.append([options_text(oracle),
                     f"`{honest['policy']}`: {_cell(honest, lang)}" if honest else _w("none", lang),
                     f"`{oracle['policy']}`: {_cell(oracle, lang)}"])
    names = [", ".join(f"{k}={v}" for k, v in _options(o)) for o, _ in found]
    chart = site.tree.data(site.path("balance", f"hardness-{lang}.svg"),
                           hardness_chart_svg(names, [_rate(h) for _, h in found], [_rate(o) for o, _ in found],
                                              [_w("honest", lang), _w("oracle", lang), _w("axis", lang)]))
    return ["", f"## {_w('title', lang)}", "", _w("intro", lang), "",
            f"![{_w('chart_alt', lang)}](balance/{chart.rsplit('/', 1)[-1]})", "",
            table([_w("options", lang), _w("honest", lang), _w("oracle", lang)], body)]


def _rate(row: dict[str, Any] | None) -> tuple[float, float, float]:
    if row is None:
        return (0.0, 0.0, 0.0)
    return (float(row["win_rate"]), float(row["win_interval"][0]), float(row["win_interval"][1]))


HONEST_COLOUR, ORACLE_COLOUR = "#2f6fcf", "#d9822b"


def hardness_chart_svg(names: list[str], honest: list[tuple[float, float, float]],
                       oracle: list[tuple[float, float, float]], words: list[str]) -> bytes:
    """Per variant two bars, the best honest player's and the clairvoyant's win rate (rate, low, high), with
    their 95 % intervals; `words` are the two bars' names and the axis's."""
    bars = tuple(Bar(i + k * 0.38, ((0.0, rate, colour),), (min(rate, low), max(rate, high)), thickness=0.36)
                 for k, (values, colour) in enumerate(((honest, HONEST_COLOUR), (oracle, ORACLE_COLOUR)))
                 for i, (rate, low, high) in enumerate(values))
    return bar_chart_svg(BarChart(bars, tuple((i + 0.19, name) for i, name in enumerate(names)), words[2], 1.0,
                                  legend=((words[0], HONEST_COLOUR), (words[1], ORACLE_COLOUR)), row_mm=10.0))
