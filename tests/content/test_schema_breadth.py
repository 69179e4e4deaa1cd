"""The one schema holds the shapes of all four games (Habitable, Terraforming Mars, Astronuts)."""

from __future__ import annotations

import shutil
from pathlib import Path

from generator.checking import load_checked
from generator.content.errors import ErrorList
from tests.content.conftest import edit, line_of

BREADTH = Path(__file__).parent / "breadth"


def load(tmp_path: Path, fill_table: bool = True):
    root = tmp_path / "content"
    shutil.copytree(BREADTH, root / "breadth")
    if fill_table:
        table = root / "breadth/tables/fate.yaml"
        lines = [f'  - {{roll: "{a}-{b}", name: {{de: F{a}{b}, en: F{a}{b}}}, text: {{de: T, en: T}}}}'
                 for a in range(1, 7) for b in range(1, 7) if (a, b) != (1, 1)]
        table.write_text(table.read_text(encoding="utf-8") + "\n".join(lines) + "\n", encoding="utf-8")
    errors = ErrorList()
    games = load_checked(root, ["breadth"], errors)
    return games, errors, root


def test_habitable_tm_and_astronuts_shapes_validate(tmp_path: Path) -> None:
    games, errors, _ = load(tmp_path)
    assert not errors, errors.as_text()
    [content] = games
    industry = content.card("industrialisierung")
    assert (industry.cost, industry.fields["epoch"], industry.fields["attack"]) == (4, 2, True)
    assert [e.op for e in industry.effects] == ["raise", "raise"]
    hydro = content.card("wasserkraftwerk")
    assert hydro.fields["tags"] == ["building", "power"]
    assert hydro.fields["action"][1] == {"op": "gain", "resource": "energy", "amount": 1}
    assert content.tables[0].dice == [6, 6] and len(content.tables[0].entries) == 36


def test_incomplete_fate_table_is_reported(tmp_path: Path) -> None:
    _, errors, _ = load(tmp_path, fill_table=False)
    messages = [e.message for e in errors]
    assert any(m.startswith("table 'fate' has no entry for roll(s) 1-2, 1-3") for m in messages)


def test_effects_inside_a_field_are_checked_too(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(BREADTH, root / "breadth")
    edit(root / "breadth/cards/cards.yaml", "{op: gain, resource: energy", "{op: gian, resource: energy")
    errors = ErrorList()
    load_checked(root, ["breadth"], errors)
    line = line_of(root / "breadth/cards/cards.yaml", "{op: gian")
    assert any("unknown effect operation 'gian'" in e.message and e.mark.line == line and e.mark.column == 73
               for e in errors)
