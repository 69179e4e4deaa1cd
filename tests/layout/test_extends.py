"""`extends`: a game's layout changes one element of another layout without copying it.

Resolved once when the file is read: changes by `id`, removals, additions before/after an id,
values by name; mistakes (an unknown base, a cycle, an unknown id) are errors at the line that
made them, in the file that made them.
"""

from __future__ import annotations

import sys
from pathlib import Path

from generator.content.errors import ErrorList
from generator.drawing.shapes import Circle, Icon, Rect, Text
from generator.layout.engine import CardLayouts
from generator.layout.spec import SHARED_LAYOUTS, load_layout
from tests.layout.conftest import load_game
from tests.layout.test_layout_files import write_layout


def faces(game: Path, card: str = "sternenbasis", lang: str = "en"):
    content = load_game(game.parent, "escape-earth")
    layouts = CardLayouts(content, ErrorList())
    face = layouts.front(content.card(card), lang)
    assert layouts.problems == [], layouts.problems
    return face


def line_of(path: Path, needle: str) -> int:
    return next(i for i, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in text)


def test_a_game_card_layout_changes_one_element_of_the_shared_one_and_keeps_the_rest(game_copy):
    before = faces(game_copy)
    write_layout(game_copy, "card", "extends: card\nfront:\n  content:\n"
                 "    - {id: title, text: \"{{ face.name | upper }}\", color: \"#ffe066\"}\n")
    after = faces(game_copy)
    titles = [i for i in after.items if isinstance(i, Text) and i.text == "STARBASE"]
    assert titles and all(t.color == "#ffe066" for t in titles)
    changed = {i for i, item in enumerate(before.items) if isinstance(item, Text) and item.text == "Starbase"}
    assert [x for i, x in enumerate(before.items) if i not in changed] == \
        [x for x in after.items if not (isinstance(x, Text) and x.text == "STARBASE")]
    assert before.frame == after.frame


def test_an_element_can_be_removed_and_one_added_after_another(game_copy):
    write_layout(game_copy, "card", "extends: card\nfront:\n  content:\n"
                 "    - {id: kind-badge, remove: true}\n"
                 "    - {id: kind-icon, remove: true}\n"
                 "    - {id: seal, type: circle, after: art, cx: 20, cy: 30, r: 2.5, fill: \"#123456\"}\n")
    face = faces(game_copy)
    assert "building" not in [i.name for i in face.items if isinstance(i, Icon)]
    seals = [n for n, i in enumerate(face.items) if isinstance(i, Circle) and i.paint.fill == "#123456"]
    art = next(n for n, i in enumerate(face.items) if isinstance(i, Rect) and i.y == 17.0)
    assert seals == [art + 1]


def test_a_changed_value_may_use_a_value_the_extending_file_adds(game_copy):
    write_layout(game_copy, "card", "extends: card\nconstants:\n  shift: 6.0\n"
                 "vars:\n  title_x: 17.5 + shift + nudge if cost is not none else m + 1.5\n  nudge: 1.0\n")
    face = faces(game_copy)
    [title] = [i for i in face.items if isinstance(i, Text) and i.text == "Starbase"]
    assert title.x == 17.5 + 6.0 + 1.0


def test_a_mistake_in_a_change_is_reported_in_the_extending_file(game_copy):
    path = write_layout(game_copy, "card", "extends: card\nfront:\n  content:\n"
                        "    - {id: title, size: 11.5, min_size: 4}\n")
    errors = ErrorList()
    assert load_layout(path, errors) is None
    [error] = errors.sorted()
    assert error.mark.file.endswith("layouts/card.yaml") and error.mark.file != str(SHARED_LAYOUTS / "card.yaml")
    assert error.mark.line == 4 and "minimum is 9 pt" in error.message


def test_an_unknown_base_is_an_error_at_the_extends_line(game_copy):
    path = write_layout(game_copy, "fancy", "description: mine\nextends: crad\n")
    errors = ErrorList()
    assert load_layout(path, errors) is None
    [error] = errors.sorted()
    assert (error.mark.line, error.message) == (2, "no layout 'crad' to extend")
    assert error.hint == "did you mean 'card'?"


def test_layouts_extending_each_other_are_an_error_at_the_extends_line(game_copy):
    first = write_layout(game_copy, "first", "extends: second\n")
    write_layout(game_copy, "second", "\nextends: first\n")
    errors = ErrorList()
    assert load_layout(first, errors) is None
    [error] = errors.sorted()
    assert error.message == "layouts extend each other in a cycle: first → second → first"
    assert error.mark.file.endswith("second.yaml") and error.mark.line == 2


def test_changing_an_element_the_base_does_not_have_names_the_ids_it_has(game_copy):
    path = write_layout(game_copy, "card", "extends: card\nfront:\n  content:\n    - {id: titel, size: 12}\n"
                        "    - {id: background, remove: true}\n")
    errors = ErrorList()
    assert load_layout(path, errors) is None
    found = {e.mark.line: e for e in errors}
    assert found[4].message == "layout 'card' has no element 'titel' in front.content to change"
    assert found[4].hint == "did you mean 'title'?"
    assert found[5].message == "layout 'card' has no element 'background' in front.content to remove"
    assert found[5].hint == "it is in front.frame: change it there"


def test_ids_are_unique_in_a_file(tmp_path):
    path = tmp_path / "card.yaml"
    path.write_text("front:\n  content:\n    - {id: a, type: rect, x: 0, y: 0, w: 1, h: 1}\n"
                    "    - {id: a, type: rect, x: 0, y: 0, w: 2, h: 2}\n", encoding="utf-8")
    errors = ErrorList()
    load_layout(path, errors)
    assert [(e.mark.line, e.message) for e in errors.sorted()] == [(4, "element id 'a' is used twice in front.content")]


def test_the_shared_card_layout_names_every_element():
    layout = load_layout(SHARED_LAYOUTS / "card.yaml", ErrorList())
    assert layout is not None and layout.spec.back is not None
    for face in (layout.spec.front, layout.spec.back):
        ids = [e.id for e in [*face.frame, *face.content]]
        assert None not in ids and len(ids) == len(set(ids)), ids


CALL_BUDGET = 20_000_000  # calls one merge may make before it is stopped (979 chained values: about 1.5 million)


class CallsOverBudget(Exception):
    """A merge made more calls than CALL_BUDGET: a blow-up, stopped instead of waited for."""


def merge_calls(path: Path):
    """The layout at `path` loaded, and the function calls that took (Python's and the built-ins'): work
    counted, not timed."""
    calls = 0

    def count(frame, event, arg):
        nonlocal calls
        if event not in ("call", "c_call"):
            return
        calls += 1
        if calls > CALL_BUDGET:
            raise CallsOverBudget(f"{path.name}: more than {CALL_BUDGET:,} calls")

    errors = ErrorList()
    previous = sys.getprofile()
    sys.setprofile(count)
    try:
        layout = load_layout(path, errors)
    finally:
        sys.setprofile(previous)
    assert layout is not None, errors.as_text()
    return layout, calls


def _chained(values: int, elements: int) -> str:
    """Every element placed after the one before, and every value using the next."""
    rect = "    - {{id: e{i}, type: rect, x: 0, y: 0, w: 1, h: 1{after}}}\n"
    return ("extends: card\nvars:\n" + "".join(f"  v{i}: v{i + 1} + 1\n" for i in range(values))
            + f"  v{values}: 1\nfront:\n  content:\n"
            + "".join(rect.format(i=i, after=f", before: e{i - 1}" if i else "") for i in range(elements)))


def test_a_layout_too_large_to_merge_is_refused_and_a_large_one_merges_in_linear_work(game_copy):
    rect = "    - {{id: e{i}, type: rect, x: 0, y: 0, w: 1, h: 1{after}}}\n"
    too_many = "extends: card\nfront:\n  content:\n" + "".join(rect.format(i=i, after="") for i in range(1001))
    path = write_layout(game_copy, "card", too_many)
    errors = ErrorList()
    assert load_layout(path, errors) is None
    assert [e.message for e in errors] == ["front.content holds 1001 elements; at most 1000"]
    # the merge's work grows with the layout's size, not faster: each value and element added costs about
    # as many calls from 400 to 900 as from 200 to 400 (one value and element more: ~2,300 calls either way)
    calls = {}
    for size in (200, 400, 900):
        layout, calls[size] = merge_calls(write_layout(game_copy, "card", _chained(size, size)))
    small_step = (calls[400] - calls[200]) / 200
    large_step = (calls[900] - calls[400]) / 500
    assert large_step < 1.08 * small_step, calls  # counts, not times: the same on any machine (measured 1.01)
    layout, _ = merge_calls(write_layout(game_copy, "card", _chained(979, 900)))
    order = {name: i for i, name in enumerate(layout.spec.vars)}
    assert all(order[f"v{i + 1}"] < order[f"v{i}"] for i in range(979))  # each after the value it uses
    assert [e.id for e in layout.spec.front.content[-3:]] == ["e2", "e1", "e0"]
