"""The balance page of a game: the recorded `pnp balance` figures as a table and a chart.

Figures come from `balance/results.json` in the game's folder (see generator/rules/balance.py);
the charts are SVG drawn at build time through the drawing model (generator.site.bar_chart: same
figures, same bytes). The page says plainly when the figures are older than the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from generator.rulestext.markup import ICON_RE, escape, html_escape, rel, table
from generator.rulestext.word_tables import words_beside
from generator.site.balance_hardness import hardness_lines
from generator.site.balance_sources import source_lines
from generator.site.bar_chart import Bar, BarChart, Guide, bar_chart_svg
from generator.site.game_site import GameSite

WORDS = words_beside(__file__)

CHART_CARDS = 12          # the chart shows this many cards from each end of the table


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


BLUE, COLOURS = "#2f6fcf", ("#2f6fcf", "#d9822b", "#3a9a4a", "#b8453a", "#7b5ea7")


def _whisker(rate: float, interval: Any) -> tuple[float, float]:
    return min(rate, float(interval[0])), max(rate, float(interval[1]))


def chart_svg(rows: list[dict[str, Any]], lang: str) -> bytes:
    """Win rate per batch with its 95 % interval as horizontal bars (SVG bytes, deterministic)."""
    bars = tuple(Bar(i, ((0.0, float(r.get("win_rate", 0.0)), BLUE),),
                     _whisker(float(r.get("win_rate", 0.0)), r["win_interval"])) for i, r in enumerate(rows))
    top = max(0.05, min(1.0, max(bar.error[1] for bar in bars if bar.error) * 1.15))
    return bar_chart_svg(BarChart(bars, tuple((i, _label(r, lang)) for i, r in enumerate(rows)), _w("axis", lang),
                                  top, row_mm=7.0))


def seat_chart_svg(rows: list[dict[str, Any]], lang: str) -> bytes:
    """Per batch, each seat's win rate with its 95 % interval, and the fair share 1/players dashed."""
    bars: list[Bar] = []
    labels: list[tuple[float, str]] = []
    guides: list[Guide] = []
    y, top = 0.0, 0.05
    for r in rows:
        seats, start = _seats(r), y
        for s in seats:
            rate = float(s["rate"])
            bars.append(Bar(y, ((0.0, rate, COLOURS[(s["n"] - 1) % len(COLOURS)]),), _whisker(rate, s["interval"]),
                            thickness=0.8))
            top = max(top, float(s["interval"][1]))
            y += 1
        guides.append(Guide(1 / len(seats), (start - 0.5, y - 0.5)))
        labels.append(((start + y - 1) / 2, _label(r, lang)))
        y += 0.7
    most = max(len(r["seats"]) for r in rows)
    legend = tuple((_w("seat", lang).format(n=n + 1), COLOURS[n % len(COLOURS)]) for n in range(most))
    return bar_chart_svg(BarChart(tuple(bars), tuple(labels), _w("axis", lang), min(1.0, top * 1.15),
                                  guides=tuple(guides), legend=legend, row_mm=5.0))


def chart_cards(cards: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The cards a chart shows: the best and the worst takers' win rates (all when there are few)."""
    if len(cards) <= 2 * CHART_CARDS:
        return cards
    return cards[:CHART_CARDS] + cards[-CHART_CARDS:]


def card_chart_svg(cards: list[dict[str, Any]], names: dict[str, str], lang: str) -> bytes:
    """The takers' win rate of each card with its 95 % interval, and every player's rate as a line."""
    shown = chart_cards(cards)
    return _rates_chart_svg(shown, [names.get(c["card"], c["card"]) for c in shown], _w("card_axis", lang))


def group_chart_svg(groups: list[dict[str, Any]], names: dict[str, str], lang: str) -> bytes:
    """The win rate of the players who played each group (tag), 95 % interval, every player's rate as a line."""
    shown = chart_cards(groups)
    return _rates_chart_svg(shown, [names.get(g["group"], g["group"]) for g in shown], _w("group_axis", lang))


def _rates_chart_svg(shown: list[dict[str, Any]], labels: list[str], axis: str) -> bytes:
    """Rows with `win_rate`, `interval` and `baseline` as bars with whiskers, the baseline dashed."""
    bars = tuple(Bar(i, ((0.0, float(c["win_rate"]), BLUE),), _whisker(float(c["win_rate"]), c["interval"]),
                     thickness=0.75) for i, c in enumerate(shown))
    return bar_chart_svg(BarChart(bars, tuple(enumerate(labels)), axis, 1.0,
                                  guides=(Guide(float(shown[0]["baseline"])),), row_mm=5.0))


def _split(row: dict[str, Any]) -> bool:
    """Whether a batch's figures count a tie apart (`ties: shared`, seats from 0 with outright and
    shared wins); figures recorded before that count a tie as a win for each tied seat, from 1."""
    return row.get("ties") == "shared"


def _seats(row: dict[str, Any]) -> list[dict[str, Any]]:
    """A batch's seats as the page shows them: `n` the seat as people count it (from 1), `rate` and
    `interval` the wins alone where the figures split them off (all wins otherwise), `shared` the
    shared wins' rate (None where the figures do not split them)."""
    split = _split(row)
    out = []
    for s in row.get("seats") or []:
        if split:
            out.append({"n": int(s["seat"]) + 1, "rate": s["outright_rate"], "interval": s["outright_interval"],
                        "shared": s.get("shared_rate", 0.0)})
        else:
            out.append({"n": int(s["seat"]), "rate": s["rate"], "interval": s["interval"], "shared": None})
    return out


def _seat_cell(s: dict[str, Any], lang: str) -> str:
    cell = f"{_pct(s['rate'])} ({_interval(s['interval'])})"
    return cell + f", {_w('shared', lang).format(rate=_pct(s['shared']))}" if s["shared"] else cell


def _interval(pair: Any) -> str:
    return f"{_pct(pair[0])} – {_pct(pair[1])}"


def _label(row: dict[str, Any], lang: str) -> str:
    return str(row.get("label", {}).get(lang, row.get("id", "")))


def _notes(site: GameSite, rows: list[dict[str, Any]]) -> list[str]:
    """The designer's words on what each batch shows (`note:` of its `balance:` entry in game.yaml,
    read at build time, so rewording a note needs no new figures), as a list under the table."""
    notes = {run.id: run.note for run in site.content.game.balance if run.note is not None}
    items = [f"- **{_text(_label(r, site.lang))}**: {_text(notes[r['id']].get(site.lang))}" for r in rows
             if r.get("id") in notes]
    return ["", *items] if items else []


def _competitive_lines(site: GameSite, rows: list[dict[str, Any]], name_of: Callable[[str, str], str],
                       group_name: Callable[[str, str], str]) -> list[str]:
    """Seat win rates per batch (table and chart), then per batch the cards its players took and the
    groups (tags) of those cards."""
    lang = site.lang
    older = [r for r in rows if not _split(r)]
    if len(older) == len(rows):
        lines = [_w("competitive", lang), ""]
    else:
        lines = [_w("competitive_split", lang), ""]
        if older:
            lines += [_w("older", lang).format(batches=", ".join(_text(_label(r, lang)) for r in older)), ""]
    chart = site.tree.data(site.path("balance", f"seats-{lang}.svg"), seat_chart_svg(rows, lang))
    lines += [f"![{_w('seat_chart_alt', lang)}](balance/{chart.rsplit('/', 1)[-1]})", ""]
    most = max(len(r["seats"]) for r in rows)
    body = []
    for r in rows:
        seats = {s["n"]: s for s in _seats(r)}
        body.append([_text(_label(r, lang)), _text(r.get("policy", "")), str(len(r["seats"])), str(r.get("games", "")),
                     str(r.get("turns", {}).get("mean", ""))]
                    + [_seat_cell(seats[n], lang) if n in seats else "" for n in range(1, most + 1)])
    lines.append(table([_w("batch", lang), _w("policy", lang), _w("players", lang), _w("games", lang),
                        _w("turns", lang)] + [_w("seat", lang).format(n=n) for n in range(1, most + 1)], body))
    lines += _notes(site, rows)
    for r in rows:
        lines += _card_lines(site, r, name_of) + _group_lines(site, r, group_name)
    return lines


def _card_lines(site: GameSite, r: dict[str, Any], name_of: Callable[[str, str], str]) -> list[str]:
    """One batch's cards taken as a collapsed section: chart and table; none when nobody took any."""
    lang = site.lang
    cards = [c for c in r.get("cards") or [] if isinstance(c, dict) and "card" in c]
    if not cards:
        return []
    names = {c["card"]: name_of(str(c["card"]), lang) for c in cards}
    baseline = _pct(float(cards[0]["baseline"]))
    image = site.tree.data(site.path("balance", f"cards-{r.get('id', 'batch')}-{lang}.svg"),
                           card_chart_svg(cards, names, lang))
    title = _w("cards_title", lang).format(batch=_label(r, lang)).replace('"', "'")
    lines = ["", f'??? info "{html_escape(title)}"', "",
             "    " + _w("cards_intro", lang).format(baseline=baseline), "",
             f"    ![{_w('card_chart_alt', lang)}](balance/{image.rsplit('/', 1)[-1]})", ""]
    card_rows = [[_text(names[c["card"]]), f"{c['games']} ({_pct(c['game_rate'])})", str(c["takers"]),
                  f"{c['taker_wins']} ({_pct(c['win_rate'])})", _interval(c["interval"])] for c in cards]
    return lines + ["    " + line for line in table([_w("card", lang), _w("in_games", lang), _w("takers", lang),
                                                   _w("takers_won", lang), _w("interval", lang)],
                                                  card_rows).splitlines()]


def _group_lines(site: GameSite, row: dict[str, Any], group_name: Callable[[str, str], str]) -> list[str]:
    """One batch's groups of cards (tags) as a collapsed section: chart and table; none when the
    figures have no groups (an engine without `card_groups`, or figures recorded before them)."""
    lang = site.lang
    groups = [g for g in row.get("groups") or [] if isinstance(g, dict) and "group" in g]
    if not groups:
        return []
    names = {g["group"]: group_name(str(g["group"]), lang) for g in groups}
    image = site.tree.data(site.path("balance", f"tags-{row.get('id', 'batch')}-{lang}.svg"),
                           group_chart_svg(groups, names, lang))
    title = _w("groups_title", lang).format(batch=_label(row, lang)).replace('"', "'")
    lines = ["", f'??? info "{html_escape(title)}"', "",
             "    " + _w("groups_intro", lang).format(baseline=_pct(float(groups[0]["baseline"]))), "",
             f"    ![{_w('group_chart_alt', lang)}](balance/{image.rsplit('/', 1)[-1]})", ""]
    body = [[_group_cell(site, str(g["group"]), names[g["group"]]), f"{g['players']} ({_pct(g['player_rate'])})",
             f"{g['player_wins']} ({_pct(g['win_rate'])})", _interval(g["interval"]),
             f"{float(g['winner_mean']):.2f}", f"{float(g['other_mean']):.2f}"] for g in groups]
    return lines + ["    " + line for line in table([_w("group", lang), _w("group_players", lang),
                                                   _w("takers_won", lang), _w("interval", lang),
                                                   _w("per_winner", lang), _w("per_other", lang)],
                                                  body).splitlines()]


def _group_cell(site: GameSite, group: str, name: str) -> str:
    """A group's name in the table, after the game's icon of the same name when it has one."""
    text = _text(name)
    if not ICON_RE.fullmatch(f":{group}:") or group not in site.content.icons:
        return text
    target = site.icon_target(group)
    return f"![{text}]({rel(site.path('balance.md'), target)}){{ .pnp-icon }} {text}" if target else text


def balance_page(site: GameSite, data: dict[str, Any] | None, current: bool,
                 name_of: Callable[[str, str], str] | None = None,
                 group_name: Callable[[str, str], str] | None = None) -> str | None:
    """Write the balance page when figures are recorded; returns its path (None without figures).

    `name_of` names a taken card, `group_name` a group of cards (both `Game` hooks); without
    them ids show as they are."""
    if not data:
        return None
    lang = site.lang
    rows = [r for r in data.get("runs", []) if isinstance(r, dict) and "win_rate" in r and "win_interval" in r]
    if not rows:
        return None
    lines = [f"# {_w('title', lang)}", "", _w("intro", lang), ""]
    if not current:
        lines += [f"!!! warning \"{_w('title', lang)}\"", f"    {_w('stale', lang)}", ""]
    competitive = [r for r in rows if not r.get("cooperative", True) and r.get("seats")]
    if competitive:
        lines += _competitive_lines(site, competitive, name_of or (lambda item, _lang: item),
                                    group_name or (lambda group, _lang: group))
        lines += source_lines(site, competitive, _label, _text)
        return site.page("balance.md", "\n".join(lines))
    chart = site.tree.data(site.path("balance", f"win-rates-{lang}.svg"), chart_svg(rows, lang))
    lines += [f"![{_w('chart_alt', lang)}](balance/{chart.rsplit('/', 1)[-1]})", ""]
    body = []
    for r in rows:
        label = _text(_label(r, lang))
        low, high = r["win_interval"]
        causes = ", ".join(f"{_text(c)} {_pct(v.get('rate', 0.0))}" for c, v in sorted(r.get("causes", {}).items()))
        body.append([label, _text(r.get("policy", "")), str(r.get("games", "")), _pct(r["win_rate"]),
                     f"{_pct(low)} – {_pct(high)}", str(r.get("turns", {}).get("mean", "")), causes])
    lines.append(table([_w("batch", lang), _w("policy", lang), _w("games", lang), _w("won", lang), _w("interval", lang),
                        _w("turns", lang), _w("causes", lang)], body))
    lines += _notes(site, rows)
    for r in rows:
        seats = _seats(r)
        if seats:
            label = _text(_label(r, lang))
            lines += ["", f"**{label}**", ""]
            lines.append(table([_w("seat", lang).format(n=""), _w("won", lang), _w("interval", lang)],
                               [[_w("seat", lang).format(n=s["n"]), _pct(s["rate"]),
                                 f"{_pct(s['interval'][0])} – {_pct(s['interval'][1])}"] for s in seats]))
    lines += hardness_lines(site, rows, _text)
    return site.page("balance.md", "\n".join(lines))
