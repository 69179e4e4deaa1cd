"""The designer site's sweeps page: each sweep recorded with `pnp sweep --record`, its plot and its table.

The records are content (balance/sweeps.json in the game's folder, committed with it), never a
file under output/. They are still read as untrusted: a record whose numbers are not numbers is
left out, and every text (paths, values, labels) is escaped, in the Markdown and in the plot. The
plot is an SVG drawn here from the numbers alone: win rate against the varied value, with the 95 %
intervals, the base game dotted.
"""

from __future__ import annotations

import math
from typing import Any

from generator.rulestext.markup import escape, html_escape, table
from generator.rulestext.word_tables import words_beside
from generator.site.game_site import GameSite

WORDS = words_beside(__file__)
COLOURS = ("#1c7ed6", "#e8590c", "#2b8a3e", "#ae3ec9", "#c92a2a", "#5c940d", "#0b7285", "#862e9c")
WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 640, 320, 56, 150, 16, 48


def _w(key: str, lang: str, **values: Any) -> str:
    text = WORDS[key].get(lang, WORDS[key]["en"])
    return text.format(**values) if values else text


def _text(value: Any) -> str:
    """Content text on the page: HTML entities first (Markdown passes `<` through), then Markdown escapes."""
    return escape(html_escape(str(value)))


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return None
    return float(value)


def _pair(value: Any) -> tuple[float, float] | None:
    if not isinstance(value, list) or len(value) != 2:
        return None
    low, high = _number(value[0]), _number(value[1])
    return None if low is None or high is None else (low, high)


def checked(record: dict[str, Any]) -> dict[str, Any] | None:
    """The record as the page shows it, or None when any figure is not what `pnp sweep --record` writes."""
    variants = record.get("variants")
    if not isinstance(variants, list) or not variants:
        return None
    rows = []
    for v in variants:
        lines = v.get("lines") if isinstance(v, dict) else None
        if not isinstance(lines, list):
            return None
        shown = []
        for line in lines:
            if not isinstance(line, dict):
                return None
            value, difference, p = (_number(line.get(k)) for k in ("value", "difference", "p_value"))
            interval = _pair(line.get("interval")) if line.get("interval") is not None else None
            if value is None or difference is None or p is None:
                return None
            shown.append({"label": str(line.get("label", "")), "value": value, "interval": interval,
                          "difference": difference, "difference_interval": _pair(line.get("difference_interval")),
                          "p": p, "significant": line.get("significant") is True})
        values = v.get("values") if isinstance(v.get("values"), dict) else {}
        rows.append({"name": str(v.get("name", "")), "values": values, "lines": shown})
    games, seed = _number(record.get("games")), _number(record.get("seed"))
    varies = [str(x.get("path", "")) for x in record.get("varies", []) if isinstance(x, dict)] \
        if isinstance(record.get("varies"), list) else []
    return {"id": str(record.get("id", "")), "varies": varies, "games": int(games or 0), "seed": int(seed or 0),
            "policy": str(record.get("policy", "")), "content_hash": record.get("content_hash"), "variants": rows}


def _file_name(record_id: str, taken: set[str]) -> str:
    name = "".join(c if c.isascii() and (c.isalnum() or c in "-_") else "-" for c in record_id)[:60] or "sweep"
    while name in taken:
        name += "-"
    taken.add(name)
    return name


def _is_rate(label: str) -> bool:
    return label != "turns per game"


def plot_svg(record: dict[str, Any]) -> bytes:
    """Win rate per variant (each seat's, or the table's) with its interval; the base game's rates dotted."""
    base, variants = record["variants"][0], record["variants"][1:] or record["variants"]
    path = record["varies"][0] if len(record["varies"]) == 1 else None
    xs_raw = [_number(v["values"].get(path)) if path else None for v in variants]
    numeric = all(x is not None for x in xs_raw) and len(set(xs_raw)) == len(xs_raw)
    xs = [float(x) for x in xs_raw] if numeric else [float(i) for i in range(len(variants))]  # type: ignore[arg-type]
    labels = [line["label"] for line in base["lines"] if _is_rate(line["label"])]
    points = [(line["value"], *(line["interval"] or (line["value"], line["value"])))
              for v in record["variants"] for line in v["lines"] if _is_rate(line["label"])]
    low = max(0.0, min((p[1] for p in points), default=0.0) - 0.02)
    high = min(1.0, max((p[2] for p in points), default=1.0) + 0.02)
    high = high if high > low else low + 0.1
    x0, x1 = min(xs), max(xs)
    span = (x1 - x0) or 1.0
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x_at(x: float) -> float:
        return LEFT + (0.5 if x1 == x0 else 0.05 + 0.9 * (x - x0) / span) * inner_w

    def y_at(y: float) -> float:
        return TOP + (1 - (y - low) / (high - low)) * inner_h

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
           f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="11">',
           f'<rect x="{LEFT}" y="{TOP}" width="{inner_w}" height="{inner_h}" fill="none" stroke="#888"/>']
    for i in range(5):
        y = low + (high - low) * i / 4
        out.append(f'<text x="{LEFT - 6}" y="{y_at(y) + 4:.1f}" text-anchor="end">{y * 100:.0f} %</text>')
    for x, v in zip(xs, variants, strict=True):
        tick = f"{x:g}" if numeric else v["name"]
        out.append(f'<text x="{x_at(x):.1f}" y="{HEIGHT - BOTTOM + 16}" text-anchor="middle">'
                   f'{html_escape(tick[:24])}</text>')
    out.append(f'<text x="{LEFT + inner_w / 2:.1f}" y="{HEIGHT - 8}" text-anchor="middle">'
               f'{html_escape((path or "variant")[:80])}</text>')
    for n, label in enumerate(labels):
        colour = COLOURS[n % len(COLOURS)]
        base_line = next((line for line in base["lines"] if line["label"] == label), None)
        if base_line is not None:
            y = y_at(base_line["value"])
            out.append(f'<line x1="{LEFT}" x2="{LEFT + inner_w}" y1="{y:.1f}" y2="{y:.1f}" stroke="{colour}" '
                       'stroke-dasharray="2,3"/>')
        dots = []
        for x, v in zip(xs, variants, strict=True):
            line = next((line for line in v["lines"] if line["label"] == label), None)
            if line is None:
                continue
            lo, hi = line["interval"] or (line["value"], line["value"])
            cx, cy = x_at(x) + (n - len(labels) / 2) * 3, y_at(line["value"])
            out.append(f'<line x1="{cx:.1f}" x2="{cx:.1f}" y1="{y_at(lo):.1f}" y2="{y_at(hi):.1f}" '
                       f'stroke="{colour}"/>')
            dots.append(f"{cx:.1f},{cy:.1f}")
            out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="3" fill="{colour}"/>')
        if len(dots) > 1:
            out.append(f'<polyline points="{" ".join(dots)}" fill="none" stroke="{colour}"/>')
        out.append(f'<text x="{WIDTH - RIGHT + 10}" y="{TOP + 14 + 16 * n}" fill="{colour}">'
                   f'{html_escape(label[:28])}</text>')
    out.append("</svg>")
    return ("\n".join(out) + "\n").encode("utf-8")


def _percent(value: float) -> str:
    return f"{value * 100:.1f} %"


def _rows(record: dict[str, Any]) -> list[list[str]]:
    rows = []
    for v in record["variants"]:
        for line in v["lines"]:
            rate = _is_rate(line["label"])
            show = _percent if rate else (lambda x: f"{x:.1f}")
            interval = line["interval"]
            d_int = line["difference_interval"]
            difference = f"{line['difference'] * 100:+.1f}" if rate else f"{line['difference']:+.1f}"
            if d_int:
                difference += (f" ({d_int[0] * 100:+.1f} – {d_int[1] * 100:+.1f})" if rate
                               else f" ({d_int[0]:+.1f} – {d_int[1]:+.1f})")
            p = f"p {line['p']:.3g}"
            cells = [_text(v["name"]), _text(line["label"]), show(line["value"]),
                     f"{show(interval[0])} – {show(interval[1])}" if interval else "",
                     f"**{difference}, {p}**" if line["significant"] else f"{difference}, {p}"]
            rows.append(cells)
    return rows


def sweeps_page(site: GameSite) -> str | None:
    """The page when the game records sweeps; its path (None without any that can be shown)."""
    if not site.content.game.engine:
        return None
    from generator.rules.balance import read_sweeps

    records = [r for r in (checked(s) for s in read_sweeps(site.content)) if r]
    if not records:
        return None
    from generator.rules.registry import make_game

    current = make_game(site.content, {}).content_hash()
    lang = site.lang
    lines = [f"# {_w('title', lang)}", "", _w("intro", lang), ""]
    taken: set[str] = set()
    for record in records:
        name = _file_name(record["id"], taken)
        plot = site.tree.data(site.path("sweeps", f"{name}.svg"), plot_svg(record))
        lines += [f"## {', '.join(_text(path) for path in record['varies']) or _text(record['id'])}", "",
                  _w("batch", lang, games=record["games"], policy=_text(record["policy"]), seed=record["seed"]), ""]
        if record["content_hash"] != current:
            lines += [f"!!! warning \"{_w('title', lang)}\"", f"    {_w('stale', lang)}", ""]
        lines += [f"![{_w('plot_alt', lang)}](sweeps/{plot.rsplit('/', 1)[-1]})", ""]
        lines.append(table([_w("variant", lang), _w("figure", lang), _w("value", lang), _w("interval", lang),
                            _w("difference", lang)], _rows(record)))
        lines.append("")
    return site.page("sweeps.md", "\n".join(lines))
