"""The YAML loader keeps file:line:column for every key and value and refuses hostile input."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from generator.content import yaml_source
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


@pytest.mark.parametrize("text, line, column", [
    ("cards:\n  - name: {de: Hunger, en: Hunger\n    fields: {a: 1}\n", 2, 11),  # an unclosed flow mapping
    ("a: 1\nb: \"open\nc: 3\n", 2, 4),                                       # an unclosed quote
    ("a: 1\nname\nc: 3\n", 2, 1),                                             # a key without its colon
    ("a: 1\nb: c: d\n", 2, 5),                                                 # noticed where it is
])
def test_a_syntax_error_points_at_the_line_to_fix_not_the_one_after(text: str, line: int, column: int) -> None:
    errors = ErrorList()
    load_yaml_text(text, "bad.yaml", errors)
    [error] = errors.sorted()
    assert (error.mark.line, error.mark.column) == (line, column), error.message


def test_syntax_error_has_line_and_column() -> None:
    errors = ErrorList()
    load_yaml_text("a: 1\nb: [1, 2\nc: 3\n", "bad.yaml", errors)
    [error] = errors.sorted()
    assert error.mark.file == "bad.yaml" and error.mark.line == 2  # the unclosed `[`, not the line that noticed
    assert error.message.startswith("YAML syntax error")


REPO = Path(__file__).resolve().parents[2]
REFUSED = ["a: 1\n\tb: 2\n", "a: \x00\n", "a: 'x\n", "a: b: c\n", "a: &x 1\nb: *y\n", "a: 1\n---\nb: 2\n",
           "a: @x\n", "x: !!python/name:os.system\n", "a: " + "[" * 5_000 + "\n", "a: " + "[" * 5_000 + "]" * 5_000]
ANCHORED = ["a: &x {b: 1}\nc: *x\n", "base: &b {x: 1}\nmore: {<<: *b, y: 2}\n", "{=: 1}\n", "a: 1\na: 2\n",
            "[1, 2]: x\n", "a: 1e400\n", "a: !!set {x, y}\n", "a: !!timestamp 2001-12-14\n", "", "---\n", "a:\n"]
ODD = ANCHORED + ["{a: 1, b}\n", "x: !!binary aGk=\n", "- a\n- b\n  c\n", "a: \"\\x41\\u00e9\\N\\_\"\n",
                  "a: |\n  x\n   y\n b\n", "a: plain\n  folded\n\n  more\n", "\ufeffa: 1\n", "? [a]\n: 1\n",
                  "x: \u2028y\n", "a: 1e3\nb: 0x1F\nc: 0o17\n"]


def _load_both(text: str, name: str, monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """The data, marks and errors of `text` loaded with libyaml's parser, then with PyYAML's own."""
    results = []
    for loader in (yaml_source.FAST_LOADER, None):
        monkeypatch.setattr(yaml_source, "FAST_LOADER", loader)
        errors = ErrorList()
        doc = load_yaml_text(text, name, errors)
        results.append((doc.data, doc.source.values, doc.source.keys,
                        [(e.mark, e.message, e.hint) for e in errors.sorted()]))
    return results


@pytest.mark.slow
@pytest.mark.skipif(yaml_source.FAST_LOADER is None, reason="PyYAML without libyaml")
def test_libyaml_gives_the_same_data_and_marks_as_pure_python_on_the_bundled_content(
        monkeypatch: pytest.MonkeyPatch) -> None:
    files = sorted((REPO / "content").rglob("*.yaml"))
    assert len(files) > 20
    for path in files:
        fast, pure = _load_both(path.read_text(encoding="utf-8"), path.name, monkeypatch)
        assert fast == pure, path
        assert fast[1], path  # marks were recorded


@pytest.mark.slow
@pytest.mark.skipif(yaml_source.FAST_LOADER is None, reason="PyYAML without libyaml")
@pytest.mark.parametrize("text", REFUSED, ids=range(len(REFUSED)))
def test_libyaml_refusals_carry_pure_pythons_message_and_mark(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fast, pure = _load_both(text, "bad.yaml", monkeypatch)
    assert fast == pure
    assert fast[0] is None and fast[3] and all(mark.file == "bad.yaml" for mark, _, _ in fast[3])


@pytest.mark.skipif(yaml_source.FAST_LOADER is None, reason="PyYAML without libyaml")
@pytest.mark.parametrize("text", ODD, ids=range(len(ODD)))
def test_libyaml_reads_odd_but_valid_yaml_as_pure_python_does(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fast, pure = _load_both(text, "odd.yaml", monkeypatch)
    assert fast == pure


def test_without_libyaml_the_pure_python_loader_keeps_the_marks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(yaml_source, "FAST_LOADER", None)
    errors = ErrorList()
    doc = load_yaml_text(DOC, "demo.yaml", errors)
    assert doc.source.mark(("cards", 1, "name", "en")) == Mark("demo.yaml", 8, 11)
    load_yaml_text("a: 1\nb: [1, 2\nc: 3\n", "bad.yaml", errors)
    [error] = errors.sorted()
    assert error.mark.line == 2 and error.message.startswith("YAML syntax error")
