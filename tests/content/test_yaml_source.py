"""The YAML loader keeps file:line:column for every key and value and refuses hostile input."""

from __future__ import annotations

from generator.content.errors import ErrorList, Mark
from generator.content.yaml_source import load_yaml_text

DOC = """\
id: demo
cards:
  - id: a
    name: {de: Eins, en: One}
  - id: b
    name:
      de: Zwei
      en: Two
"""


def test_every_value_and_key_has_its_mark() -> None:
    errors = ErrorList()
    doc = load_yaml_text(DOC, "demo.yaml", errors)
    assert not errors
    assert doc.data["cards"][1]["name"]["en"] == "Two"
    assert doc.source.mark(("cards", 1, "name", "en")) == Mark("demo.yaml", 8, 11)
    assert doc.source.key_mark(("cards", 1, "name")) == Mark("demo.yaml", 6, 5)
    assert doc.source.mark(("cards", 0, "name", "de")) == Mark("demo.yaml", 4, 16)


def test_a_missing_path_falls_back_to_its_nearest_parent() -> None:
    errors = ErrorList()
    doc = load_yaml_text(DOC, "demo.yaml", errors)
    assert doc.source.mark(("cards", 0, "cost")) == Mark("demo.yaml", 3, 5)


def test_duplicate_keys_are_errors_not_silent_overwrites() -> None:
    errors = ErrorList()
    load_yaml_text("id: a\nname: x\nid: b\n", "dup.yaml", errors)
    [error] = errors.sorted()
    assert error.mark == Mark("dup.yaml", 3, 1)
    assert error.message == "duplicate key 'id'"


def test_anchors_and_merge_keys_work_within_budget() -> None:
    errors = ErrorList()
    doc = load_yaml_text("base: &b {kind: event, count: 2}\ncard: {<<: *b, id: x}\n", "m.yaml", errors)
    assert not errors
    assert doc.data["card"] == {"kind": "event", "count": 2, "id": "x"}


def test_unsafe_tags_are_refused() -> None:
    errors = ErrorList()
    doc = load_yaml_text("x: !!python/object/apply:os.system ['true']\n", "evil.yaml", errors)
    assert doc.data is None
    [error] = errors.sorted()
    assert error.mark.line == 1 and "unsupported YAML value" in error.message


def test_deep_nesting_is_refused() -> None:
    errors = ErrorList()
    load_yaml_text("a: " + "[" * 100 + "]" * 100 + "\n", "deep.yaml", errors)
    assert "nests deeper than 64 levels" in errors.sorted()[0].message


def test_syntax_error_has_line_and_column() -> None:
    errors = ErrorList()
    load_yaml_text("a: 1\nb: [1, 2\nc: 3\n", "bad.yaml", errors)
    [error] = errors.sorted()
    assert error.mark.file == "bad.yaml" and error.mark.line == 3
    assert error.message.startswith("YAML syntax error")
