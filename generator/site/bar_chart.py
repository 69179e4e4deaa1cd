"""The balance pages' charts: horizontal bars (stacked or not, with 95 % whiskers), dashed guides and a
legend, laid out as drawing-model shapes and written as SVG by generator.drawing.svg.

Drawn here rather than by a plotting library: a chart is a few dozen rectangles and lines, and
the library took a tenth of a second of CPU per chart (a cold build of a game with recorded
figures draws dozens). Same chart, same bytes; texts are measured with the fonts the cards use.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.drawing.fonts import text_width_pt
from generator.drawing.shapes import PT_MM, Item, Line, Paint, Rect, Text
from generator.drawing.svg import XML_DECLARATION, document, items_svg

WIDTH = 180.0          # mm: the width of the page's text column at the site's 96 dpi
LABEL_PT = 8.0         # row labels, ticks and legend
AXIS_PT = 9.0          # the axis's name
MAX_LABEL_SHARE = 0.4  # row labels take at most this share of the width (longer ones end in "…")
INK = "#222222"
FONT = "regular"


@dataclass(frozen=True)
class Bar:
    """One bar, centred on `row` (in rows from the top): `segments` (from, to, colour) along the value
    axis side by side, a whisker over `error` (low, high) when given, `thickness` in rows."""

    row: float
    segments: tuple[tuple[float, float, str], ...]
    error: tuple[float, float] | None = None
    thickness: float = 0.7


@dataclass(frozen=True)
class Guide:
    """A dashed line across the bars at value `x`, over `rows` (top, bottom) or over the whole chart."""

    x: float
    rows: tuple[float, float] | None = None


@dataclass(frozen=True)
class BarChart:
    """A chart: its bars, labels (row, text) left of them, the value axis's name and end (`top`, None: the
    largest bar end or whisker), rates shown as percentages, guides, a legend (name, colour), and the
    height of one row in mm."""

    bars: tuple[Bar, ...]
    labels: tuple[tuple[float, str], ...]
    axis: str
    top: float | None = None
    percent: bool = True
    guides: tuple[Guide, ...] = ()
    legend: tuple[tuple[str, str], ...] = ()
    row_mm: float = 6.0


def bar_chart_svg(chart: BarChart) -> bytes:
    """The chart as a standalone SVG file's bytes (deterministic)."""
    items, height = chart_items(chart)
    return (XML_DECLARATION + document(WIDTH, height, "pnp-chart", chart.axis, {}, "", items_svg(items))
            + "\n").encode("utf-8")


def _width(text: str, size: float = LABEL_PT) -> float:
    return text_width_pt(text, FONT, size) * PT_MM


def _fitted(text: str, room: float) -> str:
    """`text`, cut and ended with "…" when it is wider than `room` mm."""
    if _width(text) <= room:
        return text
    while text and _width(text + "…") > room:
        text = text[:-1]
    return text.rstrip() + "…"


def nice_ticks(top: float) -> list[float]:
    """Round values from 0 to `top` (4 to 10 of them): steps of 1, 2, 2.5 or 5 times a power of ten."""
    raw = top / 5
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw * 0.999)
    return [i * step for i in range(int(top / step + 1e-9) + 1)]


def tick_text(value: float, step: float, percent: bool) -> str:
    """A tick's label: `20 %` for rates, `12.5` for numbers, with as many decimals as the step needs."""
    if percent:
        value, step = value * 100, step * 100
    decimals = max(0, -math.floor(math.log10(step) + 1e-9)) if step < 1 else 0
    if step * 10 ** decimals % 1 > 1e-6:
        decimals += 1
    text = f"{value:.{decimals}f}"
    return f"{text} %" if percent else text


def _top(chart: BarChart) -> float:
    if chart.top is not None:
        return chart.top
    ends = [end for bar in chart.bars for _, end, _ in bar.segments]
    ends += [bar.error[1] for bar in chart.bars if bar.error]
    return max([*ends, 1e-9]) * 1.05


def _legend(entries: tuple[tuple[str, str], ...], y: float) -> tuple[list[Item], float]:
    """Swatches and names in lines centred under the chart, from baseline `y`; the shapes and the last baseline."""
    swatch, gap = 3.0, 5.0
    widths = [swatch + 1.5 + _width(name) for name, _ in entries]
    lines: list[list[int]] = [[]]
    for i, w in enumerate(widths):
        used = sum(widths[j] + gap for j in lines[-1])
        if lines[-1] and used + w > WIDTH - 10:
            lines.append([])
        lines[-1].append(i)
    items: list[Item] = []
    for n, line in enumerate(lines):
        base = y + n * 5.0
        x = (WIDTH - (sum(widths[i] for i in line) + gap * (len(line) - 1))) / 2
        for i in line:
            name, colour = entries[i]
            items.append(Rect(x, base - swatch + 0.2, swatch, swatch, Paint(fill=colour)))
            items.append(Text(x + swatch + 1.5, base, name, FONT, LABEL_PT, INK))
            x += widths[i] + gap
    return items, y + (len(lines) - 1) * 5.0


def chart_items(chart: BarChart) -> tuple[list[Item], float]:
    """The chart's shapes (mm, y down) and its height."""
    top = _top(chart)
    label_room = max((_width(text) for _, text in chart.labels), default=0.0)
    label_room = min(label_room, WIDTH * MAX_LABEL_SHARE)
    left, right, upper = label_room + 4.0, WIDTH - 6.0, 3.0
    extent = [(bar.row - bar.thickness / 2, bar.row + bar.thickness / 2) for bar in chart.bars]
    first = min((a for a, _ in extent), default=0.0) - 0.3
    last = max((b for _, b in extent), default=1.0) + 0.3
    bottom = upper + (last - first) * chart.row_mm

    def x_at(value: float) -> float:
        return left + (right - left) * max(0.0, min(value, top)) / top

    def y_at(row: float) -> float:
        return upper + (row - first) * chart.row_mm

    grid, frame = Paint(stroke="#d9d9d9", stroke_width=0.2), Paint(stroke="#888888", stroke_width=0.25)
    ticks = nice_ticks(top)
    step = ticks[1] if len(ticks) > 1 else top
    items: list[Item] = [Line(x_at(t), upper, x_at(t), bottom, grid) for t in ticks]
    for bar in chart.bars:
        y0 = y_at(bar.row - bar.thickness / 2)
        for start, end, colour in bar.segments:
            if end > start:
                items.append(Rect(x_at(start), y0, x_at(end) - x_at(start), bar.thickness * chart.row_mm,
                                  Paint(fill=colour)))
    whisker = Paint(stroke=INK, stroke_width=0.3)
    for bar in chart.bars:
        if bar.error is None:
            continue
        y, cap = y_at(bar.row), min(1.2, bar.thickness * chart.row_mm * 0.3)
        lo, hi = x_at(bar.error[0]), x_at(bar.error[1])
        items += [Line(lo, y, hi, y, whisker), Line(lo, y - cap, lo, y + cap, whisker),
                  Line(hi, y - cap, hi, y + cap, whisker)]
    dashed = Paint(stroke="#444444", stroke_width=0.3, dash=(1.5, 1.0))
    for guide in chart.guides:
        a, b = guide.rows if guide.rows else (first, last)
        items.append(Line(x_at(guide.x), y_at(a), x_at(guide.x), y_at(b), dashed))
    items.append(Rect(left, upper, right - left, bottom - upper, frame))
    for row, text in chart.labels:
        items.append(Text(left - 1.5, y_at(row) + 1.0, _fitted(text, label_room), FONT, LABEL_PT, INK, anchor="end"))
    for t in ticks:
        items += [Line(x_at(t), bottom, x_at(t), bottom + 1.0, frame),
                  Text(x_at(t), bottom + 4.0, tick_text(t, step, chart.percent), FONT, LABEL_PT, INK, anchor="middle")]
    axis_y = bottom + 9.5
    items.append(Text((left + right) / 2, axis_y, _fitted(chart.axis, right - left), FONT, AXIS_PT, INK,
                      anchor="middle"))
    end = axis_y
    if chart.legend:
        legend, end = _legend(chart.legend, axis_y + 6.5)
        items += legend
    return items, end + 2.5
