"""Board text goes through the cards' text layout: `**bold**` is bold (no asterisks), icons sit in the line."""

from __future__ import annotations

import pdfplumber
from reportlab.lib.units import mm

from generator.boards.pdf import draw_scene, new_canvas
from generator.boards.scene import Icon, Scene, Text
from generator.boards.text import flow_text
from generator.layout.richtext import set_text


def test_bold_markup_on_a_board_is_drawn_bold_without_asterisks(tmp_path):
    items, used = flow_text("**Mine:** 1 :action: each\nsecond line", 10, 20, 80, "regular", 10, "#111111",
                            {"action"})
    texts = [item for item in items if isinstance(item, Text)]
    assert all("*" not in t.text for t in texts)
    assert [t.font for t in texts if "Mine:" in t.text] == ["bold"]
    assert any(isinstance(item, Icon) and item.name == "action" for item in items)
    assert len({round(t.baseline, 3) for t in texts}) == 2 and used > 0
    scene = Scene(120, 60, items=items, title="t")
    path = tmp_path / "board.pdf"
    canvas = new_canvas(path, 120 * mm, 60 * mm, "t")
    draw_scene(canvas, scene)
    canvas.save()
    with pdfplumber.open(path) as pdf:
        chars = pdf.pages[0].chars
    assert "*" not in "".join(c["text"] for c in chars)
    assert any("Bold" in c["fontname"] for c in chars if c["text"] == "M")


def test_boards_and_cards_break_lines_alike():
    text = "Colonise: 1 :action: + 1 :nut: and a few more words to wrap"
    items, _ = flow_text(text, 0, 0, 30, "regular", 9, "#000000", {"action", "nut"})
    card = set_text(text, "regular", 9, 9, 30, 10_000.0, "left", "top", 1.3, 0.0, 0)
    assert [t.text for t in items if isinstance(t, Text)] == [run[2] for run in card.runs]
