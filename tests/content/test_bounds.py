"""Bounded templates and numbers: work that would never end is an error at its place, not a hang.

Each command runs in a process of its own under the ceiling of tests.pnp_process (900 s), which only
catches a hang: the bounds themselves are budgets in the code (a template's steps, counts, sizes),
and the tests assert the error they give, never how long it took.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.content.conftest import edit
from tests.content.conftest import pnp_child as pnp  # a runaway template must stop only the child

REPO = Path(__file__).resolve().parents[2]

RUNAWAY = {
    "power": "{{ 9 ** (9 ** 9) }}",
    "nested-loops": "{% for i in range(10000) %}{% for j in range(10000) %}{{ '' }}{% endfor %}{% endfor %}",
    "lipsum": "{{ lipsum(10**6) }}",
    "repeat": "{{ 'x' * 10**9 }}",
    "center": "{{ 'x'|center(10**9) }}",
    "format": "{{ '{:>999999999}'.format(1) }}",
    "doubling": "{% set ns = namespace(s='x') %}{% for i in range(100) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}",
    "huge-page": "{% for i in range(10000) %}{{ 'word ' * 100000 }}{% endfor %}",
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(RUNAWAY))
def test_runaway_rules_page_is_an_error_at_its_line(content: Path, tmp_path: Path, name: str) -> None:
    page = content / "tiny/rules/en/overview.md"
    page.write_text("# Rules\n\nText.\n\n" + RUNAWAY[name] + "\n", encoding="utf-8")
    result = pnp("build", "--content", str(content), "--output", str(tmp_path / "out"))
    assert result.code == 1, result.err
    assert "tiny/rules/en/overview.md:5:1: error: rules template:" in result.err
    assert not (tmp_path / "out" / "tiny").exists()


def _own_layout(content: Path, constant: str) -> Path:
    layouts = content / "tiny/layouts"
    layouts.mkdir()
    text = (REPO / "templates/layouts/card.yaml").read_text(encoding="utf-8")
    text = text.replace("constants:\n", f"constants:\n  runaway: \"{constant}\"\n", 1)
    path = layouts / "event.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("constant", ["9 ** (9 ** 9)", "range(10000) | map('string') | join * 10000",
                                      "lipsum(1000000)"])
@pytest.mark.slow
def test_runaway_layout_constant_does_not_hang_check_or_build(content: Path, tmp_path: Path, constant: str) -> None:
    layout = _own_layout(content, constant)
    result = pnp("check", "--content", str(content))
    assert result.code in (0, 1), (result.code, result.err)
    result = pnp("cards", "--content", str(content), "--output", str(tmp_path / "out"))
    assert result.code == 1, result.err
    line = next(n for n, text in enumerate(layout.read_text().splitlines(), 1) if "runaway" in text)
    assert f"tiny/layouts/event.yaml:{line}:" in result.err


def test_component_count_has_a_declared_maximum(content: Path) -> None:
    edit(content / "tiny/game.yaml", "type: cards, kind: event, count: 3}", "type: cards, kind: event, count: 3}\n"
         "  - {id: tokens, name: {de: Marker, en: Markers}, type: token, count: 1000000000}")
    result = pnp("check", "--content", str(content))
    assert result.code == 1 and "tiny/game.yaml:23:" in result.err and "components[1].count" in result.err, result.err


def test_track_cells_have_a_declared_maximum(content: Path) -> None:
    (content / "tiny/boards").mkdir()
    (content / "tiny/boards/track.yaml").write_text(
        "id: track\nname: {de: Leiste, en: Track}\nsize: {width: 200, height: 100}\ntracks:\n"
        "  - {id: score, start: 0, end: 5000, at: [10, 10]}\n", encoding="utf-8")
    result = pnp("check", "--content", str(content))
    assert result.code == 1 and "tiny/boards/track.yaml:5:" in result.err and "more than 1000 cells" in result.err, \
        result.err


def test_dice_sides_have_a_declared_maximum(content: Path) -> None:
    (content / "tiny/tables").mkdir()
    (content / "tiny/tables/fate.yaml").write_text(
        "id: fate\nname: {de: Schicksal, en: Fate}\ndice: [1000000000]\nentries:\n"
        "  - {roll: '1', name: {de: a, en: a}, text: {de: a, en: a}}\n", encoding="utf-8")
    result = pnp("check", "--content", str(content))
    assert result.code == 1 and "tiny/tables/fate.yaml:3:" in result.err and "dice" in result.err, result.err


def test_track_length_has_a_declared_maximum(content: Path) -> None:
    (content / "tiny/boards").mkdir()
    (content / "tiny/boards/track.yaml").write_text(
        "id: track\nname: {de: Leiste, en: Track}\nsize: {width: 200, height: 100}\ntracks:\n"
        "  - {id: score, start: 0, end: 1000000000, at: [10, 10]}\n", encoding="utf-8")
    result = pnp("check", "--content", str(content))
    assert result.code == 1 and "tiny/boards/track.yaml:5:" in result.err and "tracks[0].end" in result.err, \
        result.err
