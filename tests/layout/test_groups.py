"""Groups: elements written once and drawn once per copy (`repeat: 5`, or once per item of a list),
with `index` and `item`; the number of copies is bounded, since layouts are untrusted content."""

from __future__ import annotations

import pytest

from generator.content.errors import ErrorList
from generator.drawing.shapes import Rect, Text
from generator.layout import engine as layout_engine
from generator.layout import face_program
from generator.layout.engine import CardLayouts
from generator.layout.templating import MAX_REPEAT
from tests.layout.conftest import load_game
from tests.layout.test_layout_files import write_layout

BOXES = """extends: card
front:
  content:
    - id: boxes
      type: group
      repeat: {repeat}
      elements:
        - {{type: rect, x: 5 + index * 10, y: 40, w: 8, h: 8, fill: "#{{{{ '00ff00' if index == 2 else '0000ff' }}}}"}}
        - {{type: text, field: box, x: 5 + index * 10, y: 40, w: 8, h: 8, size: 8, text: "{{{{ item }}}}"}}
"""


def lay_out(game, text: str, card: str = "sternenbasis"):
    write_layout(game, "card", text)
    content = load_game(game.parent, "escape-earth")
    layouts = CardLayouts(content, ErrorList())
    return layouts.front(content.card(card), "en"), layouts.problems


def boxes(face) -> list[Rect]:
    return [i for i in face.items if isinstance(i, Rect) and i.y == 40]


def test_a_number_draws_the_group_that_many_times_with_its_index(game_copy):
    face, problems = lay_out(game_copy, BOXES.format(repeat=5))
    assert problems == []
    assert [(b.x, b.paint.fill) for b in boxes(face)] == [
        (5 + i * 10, "#00ff00" if i == 2 else "#0000ff") for i in range(5)
    ]
    texts = [i for i in face.items if isinstance(i, Text) and i.baseline > 40 and i.baseline < 48]
    assert [t.text for t in texts] == ["0", "1", "2", "3", "4"]


def test_a_list_draws_the_group_once_per_item(game_copy):
    face, problems = lay_out(game_copy, BOXES.format(repeat="\"['a', 'b', game.title[:2]]\""))
    assert problems == []
    texts = [i.text for i in face.items if isinstance(i, Text) and 40 < i.baseline < 48]
    assert texts == ["a", "b", "Es"]
    assert len(boxes(face)) == 3


def test_the_copies_are_bounded(game_copy):
    face, problems = lay_out(game_copy, BOXES.format(repeat=MAX_REPEAT + 1))
    assert boxes(face) == []
    assert problems and problems[0].message.endswith(f"asks for {MAX_REPEAT + 1} copies; at most {MAX_REPEAT}")
    assert problems[0].layout_mark.line == 6
    face, problems = lay_out(game_copy, BOXES.format(repeat="range(500) | list"))
    assert boxes(face) == [] and f"lists 500 items; at most {MAX_REPEAT}" in problems[0].message


def test_a_group_in_a_frame_is_drawn_once_for_the_kind(game_copy):
    text = (
        BOXES.format(repeat=3)
        .replace("  content:", "  frame:")
        .replace("\"#{{ '00ff00' if index == 2 else '0000ff' }}\"", '"{{ kind.color }}"')
    )
    face, problems = lay_out(game_copy, text)
    assert problems == []
    assert [b.x for b in face.frame if isinstance(b, Rect) and b.y == 40] == [5, 15, 25]


def test_the_one_render_program_and_the_value_by_value_path_draw_the_same(game_copy, monkeypatch):
    fast, _ = lay_out(game_copy, BOXES.format(repeat="face.fields.capacity + 2"))
    monkeypatch.setattr(layout_engine, "compile_face", lambda *args, **kwargs: None)
    slow, _ = lay_out(game_copy, BOXES.format(repeat="face.fields.capacity + 2"))
    assert len(boxes(fast)) == 1 + 2 and fast.items == slow.items  # the starbase holds 1


@pytest.mark.parametrize("bad", ["\"'many'\"", "-1", "5 / 2"])
def test_a_repeat_that_is_no_count_or_list_is_a_problem_at_its_line(game_copy, bad):
    face, problems = lay_out(game_copy, BOXES.format(repeat=bad))
    assert boxes(face) == [] and "`repeat` is" in problems[0].message and problems[0].layout_mark.line == 6


def test_groups_take_the_one_render_path_without_falling_back(game_copy, monkeypatch):
    """A group's shared values print at `k.child`, its copies at `k.child.copy`: the program parses both."""
    misses: list[str] = []
    for name in ("_parse", "_render"):
        original = getattr(face_program, name)

        def recording(*args, original=original):
            try:
                return original(*args)
            except face_program.ProgramMiss as exc:
                misses.append(str(exc))
                raise
        monkeypatch.setattr(face_program, name, recording)
    face, problems = lay_out(game_copy, BOXES.format(repeat=5))
    assert problems == [] and len(boxes(face)) == 5
    content = load_game(game_copy.parent, "escape-earth")
    layouts = CardLayouts(content, ErrorList())
    for card in content.cards_of("activity"):
        layouts.front(card, "de")
    assert layouts.problems == [] and misses == []
