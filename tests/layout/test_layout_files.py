"""Layouts are data: a game can override them, and a broken or hostile layout is reported, not run."""

from __future__ import annotations

from pathlib import Path

from generator.content.errors import ErrorList
from generator.drawing.shapes import Text
from generator.layout.engine import CardLayouts
from generator.layout.spec import SHARED_LAYOUTS, load_layout
from tests.layout.conftest import load_game

SHARED = (SHARED_LAYOUTS / "card.yaml").read_text(encoding="utf-8")


def write_layout(game: Path, name: str, text: str) -> Path:
    folder = game / "layouts"
    folder.mkdir(exist_ok=True)
    path = folder / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_shared_layout_file_is_valid():
    errors = ErrorList()
    layout = load_layout(SHARED_LAYOUTS / "card.yaml", errors)
    assert not errors, errors.as_text()
    assert layout.spec.front.frame and layout.spec.front.content and layout.spec.back


def test_a_game_layout_named_like_a_kind_overrides_the_shared_one_for_that_kind(game_copy):
    override = SHARED.replace('text: "{{ face.name }}"', 'text: "{{ face.name | upper }}"')
    write_layout(game_copy, "event", override)
    content = load_game(game_copy.parent, "escape-earth")
    engine = CardLayouts(content, ErrorList())
    event = engine.front(content.card("hungersnot"), "en")
    galaxy = engine.front(content.card("erde"), "en")
    assert any(isinstance(i, Text) and i.text == "FAMINE" for i in event.items)
    assert any(isinstance(i, Text) and i.text == "Earth" for i in galaxy.items)
    assert event.frame_key.startswith("event/")


def test_an_unknown_variable_is_an_error_at_the_layout_line(game_copy):
    broken = SHARED.replace('text: "{{ face.name }}"', 'text: "{{ face.nmae }}"')
    path = write_layout(game_copy, "card", broken)
    line = next(i for i, text in enumerate(broken.splitlines(), 1) if "face.nmae" in text)
    content = load_game(game_copy.parent, "escape-earth")
    engine = CardLayouts(content, ErrorList())
    engine.front(content.card("erde"), "en")
    [problem] = engine.problems
    assert problem.layout_mark.file.endswith(str(Path("layouts") / "card.yaml"))
    assert problem.layout_mark.line == line
    assert "nmae" in problem.message and problem.card_id == "erde"
    assert path.exists()


def test_the_sandbox_refuses_to_reach_python_internals(game_copy):
    hostile = SHARED.replace('text: "{{ face.name }}"', 'text: "{{ face.name.__class__.__mro__[1].__subclasses__() }}"')
    write_layout(game_copy, "card", hostile)
    content = load_game(game_copy.parent, "escape-earth")
    engine = CardLayouts(content, ErrorList())
    face = engine.front(content.card("erde"), "en")
    assert engine.problems and "__class__" in engine.problems[0].message
    assert not any(isinstance(i, Text) and "class" in i.text for i in face.items)


def test_a_layout_with_an_unknown_key_or_bad_expression_fails_to_load_with_its_line(tmp_path):
    path = tmp_path / "card.yaml"
    path.write_text(
        "front:\n  frame:\n    - {type: rect, x: 0, y: 0, w: W +, h: 5}\n"
        "  content:\n    - {type: text, x: 0, y: 0, w: 5, h: 5, text: hi, field: name, size: 8, colour: red}\n",
        encoding="utf-8",
    )
    errors = ErrorList()
    load_layout(path, errors)
    text = errors.as_text()
    assert ":5:" in text and "colour" in text
    path.write_text("front:\n  frame:\n    - {type: rect, x: 0, y: 0, w: W +, h: 5}\n", encoding="utf-8")
    errors = ErrorList()
    load_layout(path, errors)
    [error] = errors.sorted()
    assert error.mark.line == 3 and "does not compile" in error.message


def test_a_missing_back_for_a_single_sided_kind_is_reported(game_copy):
    write_layout(game_copy, "card", SHARED.split("\nback:")[0] + "\n")
    content = load_game(game_copy.parent, "escape-earth")
    engine = CardLayouts(content, ErrorList())
    assert engine.back(content.card("hungersnot"), "en") is None
    assert "no `back:`" in engine.problems[0].message


def test_a_layout_may_not_let_text_shrink_below_readable_sizes(tmp_path):
    path = tmp_path / "card.yaml"
    path.write_text("front:\n  content:\n"
                    "    - {type: text, x: 0, y: 0, w: 5, h: 5, text: hi, field: name, size: 10, min_size: 8}\n"
                    "    - {type: text, x: 0, y: 0, w: 5, h: 5, text: hi, field: text, size: 6}\n", encoding="utf-8")
    errors = ErrorList()
    assert load_layout(path, errors) is None
    messages = [(e.mark.line, e.message) for e in errors.sorted()]
    assert messages[0][0] == 3 and "minimum is 9 pt" in messages[0][1]
    assert messages[1][0] == 4 and "minimum is 6.5 pt" in messages[1][1]
