"""`pnp check` finds what `pnp build` would find, without writing: card text that does not fit,
a misspelt name in a rules template, a board that cannot be laid out. Each mistake is reported by
check with the same message build gives."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.content.conftest import edit, line_of, pnp

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "content"
    shutil.copytree(REPO / "content" / "escape-earth", root / "escape-earth")
    shutil.copytree(REPO / "content" / "astronuts", root / "astronuts")
    return root


def mistakes(run) -> list[str]:
    return [line for line in run.err.splitlines() if ": error " in line or ": error:" in line]


@pytest.mark.slow
def test_card_text_too_long_is_found_by_check_as_by_build(tree: Path, tmp_path: Path) -> None:
    cards = tree / "escape-earth" / "cards" / "buildings.yaml"
    edit(cards, "name: {de: Hydroponische Farm, en: Hydroponic farm}",
         "name: {de: Hydroponische Farm, en: Hydroponic farm of the far too long names that no card can hold at all}")
    check = pnp("check", "escape-earth", "--content", str(tree), cwd=tmp_path)
    build = pnp("build", "escape-earth", "--content", str(tree), "--output", str(tmp_path / "out"), cwd=tmp_path)
    assert check.code == 1 and build.code == 1
    found = [m for m in mistakes(check) if "does not fit" in m or "overflow" in m]
    assert found, check.err
    assert found[0].startswith(f"{cards.relative_to(tmp_path)}:{line_of(cards, 'far too long')}:")
    assert set(found) <= set(mistakes(build)), (found, build.err)


def test_a_misspelt_name_in_a_rules_template_is_found_by_check(tree: Path, tmp_path: Path) -> None:
    page = tree / "escape-earth" / "rules" / "en" / "40-actions.md"
    text = page.read_text(encoding="utf-8")
    page.write_text(text + "\nThe starbase costs {{ card('sternbasis').fields.build_cost }}.\n", encoding="utf-8")
    check = pnp("check", "escape-earth", "--content", str(tree), "--no-rulebook", cwd=tmp_path)
    assert check.code == 1
    [found] = [m for m in mistakes(check) if "sternbasis" in m]
    assert "did you mean 'sternenbasis'" in found
    assert found.startswith("escape-earth/rules/en/40-actions.md:")


def test_a_board_panel_whose_text_does_not_fit_is_found_by_check(tree: Path, tmp_path: Path) -> None:
    boards = sorted((tree / "astronuts" / "boards").glob("*.yaml"))
    board = next(b for b in boards if "text:" in b.read_text(encoding="utf-8"))
    text = board.read_text(encoding="utf-8")
    index = text.index("text:")
    line_end = text.index("\n", index)
    long = "text: {de: \"" + "Sehr langer Text " * 400 + "\", en: \"" + "Very long text " * 400 + "\"}"
    board.write_text(text[:index] + long + text[line_end:], encoding="utf-8")
    check = pnp("check", "astronuts", "--content", str(tree), "--no-rulebook", cwd=tmp_path)
    assert check.code == 1, check.out
    assert any(str(board.relative_to(tmp_path)) in m for m in mistakes(check)), check.err
