"""The balance pages' bar charts: drawn from their figures alone (same figures, same bytes), content text as
escaped text, whiskers and guides where the values put them, round ticks, over-long labels cut."""

from __future__ import annotations

from xml.etree import ElementTree

import pytest

from generator.drawing.shapes import Line, Rect, Text
from generator.site.bar_chart import Bar, BarChart, Guide, bar_chart_svg, chart_items, nice_ticks, tick_text

SVG = "{http://www.w3.org/2000/svg}"


def _chart(**more) -> BarChart:
    bars = (Bar(0, ((0.0, 0.5, "#2f6fcf"),), (0.4, 0.6)), Bar(1, ((0.0, 0.25, "#2f6fcf"),), (0.1, 0.3)))
    return BarChart(bars, ((0, "Greedy <b>&</b>"), (1, "$x$")), "Win rate", 1.0, **more)


def test_the_same_figures_give_the_same_bytes_and_content_text_stays_text():
    svg = bar_chart_svg(_chart())
    assert svg == bar_chart_svg(_chart())
    root = ElementTree.fromstring(svg)
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "Greedy <b>&</b>" in texts and "$x$" in texts and "Win rate" in texts
    assert b"<b>" not in svg and root.find(f"{SVG}title").text == "Win rate"


def test_bars_whiskers_and_guides_stand_at_their_values():
    items, height = chart_items(_chart(guides=(Guide(0.25),)))
    frame = next(i for i in items if isinstance(i, Rect) and i.paint.fill is None)
    bars = [i for i in items if isinstance(i, Rect) and i.paint.fill == "#2f6fcf"]

    def x(value: float) -> float:
        return frame.x + frame.w * value

    assert [pytest.approx(b.w) for b in bars] == [x(0.5) - x(0), x(0.25) - x(0)]
    assert bars[0].y < bars[1].y                                    # the first row on top
    whiskers = [i for i in items if isinstance(i, Line) and i.y1 == i.y2 and i.paint.stroke == "#222222"]
    assert [(pytest.approx(w.x1), pytest.approx(w.x2)) for w in whiskers] == [(x(0.4), x(0.6)), (x(0.1), x(0.3))]
    [guide] = [i for i in items if isinstance(i, Line) and i.paint.dash]
    assert guide.x1 == guide.x2 == pytest.approx(x(0.25))
    assert guide.y1 == pytest.approx(frame.y) and guide.y2 == pytest.approx(frame.y + frame.h)
    assert height > frame.y + frame.h


def test_stacked_segments_and_a_legend_under_the_axis():
    chart = BarChart((Bar(0, ((0.0, 2.0, "#111111"), (2.0, 3.5, "#222222"))),), ((0, "Greedy · greedy"),),
                     "Points", percent=False, legend=(("planets", "#111111"), ("goals", "#222222")))
    items, _ = chart_items(chart)
    texts = {i.text: i for i in items if isinstance(i, Text)}
    assert {"0", "1", "2", "3"} <= texts.keys() and not any(t.endswith("%") for t in texts)
    assert texts["planets"].baseline > texts["Points"].baseline       # the legend below the axis's name
    swatches = [i for i in items if isinstance(i, Rect) and i.w == i.h]
    assert [s.paint.fill for s in swatches] == ["#111111", "#222222"]


def test_round_ticks_and_their_labels():
    assert nice_ticks(1.0) == pytest.approx([0.0, 0.2, 0.4, 0.6, 0.8, 1.0])
    assert nice_ticks(0.06) == pytest.approx([0.0, 0.02, 0.04, 0.06])
    assert nice_ticks(3.5)[-1] <= 3.5 and len(nice_ticks(3.5)) >= 4
    assert tick_text(0.2, 0.2, percent=True) == "20 %"
    assert tick_text(0.025, 0.005, percent=True) == "2.5 %"
    assert tick_text(2.5, 2.5, percent=False) == "2.5"


def test_a_label_wider_than_its_share_of_the_chart_is_cut_with_an_ellipsis():
    long = "anomaly=blocks-moves, free-cubes=buildings, outposts=rulebook, variant=beginner, more=options"
    items, _ = chart_items(BarChart((Bar(0, ((0.0, 0.3, "#2f6fcf"),)),), ((0, long),), "Win rate", 1.0))
    [label] = [i for i in items if isinstance(i, Text) and i.anchor == "end"]
    assert label.text.endswith("…") and long.startswith(label.text[:-1])
