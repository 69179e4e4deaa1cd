"""`pnp build` stages its output: a failed build leaves the previous output untouched."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.content.conftest import edit, pnp


@pytest.mark.slow
def test_failed_build_keeps_previous_output(content: Path, tmp_path: Path) -> None:
    output = tmp_path / "output"
    first = pnp("build", "--content", str(content), "--output", str(output))
    assert first.code == 0, first.err
    model = output / "tiny" / "game.json"
    before = model.read_bytes()
    assert b'"hunger"' in before
    edit(content / "tiny/cards/events.yaml", "name: {de: Hunger, en: Hunger}", "name: {de: Durst, en: Thirst}")
    edit(content / "tiny/game.yaml", "age: 8", "age: eight")
    second = pnp("build", "--content", str(content), "--output", str(output))
    assert second.code == 1
    assert model.read_bytes() == before
    assert [p.name for p in output.iterdir() if p.name.startswith(".")] == [".pnp"]
    assert not [p for p in (output / ".pnp").iterdir() if p.name.startswith("staging-")]


@pytest.mark.slow
def test_build_replaces_output_when_it_succeeds(content: Path, tmp_path: Path) -> None:
    output = tmp_path / "output"
    assert pnp("build", "--content", str(content), "--output", str(output)).code == 0
    edit(content / "tiny/cards/events.yaml", "name: {de: Hunger, en: Hunger}", "name: {de: Durst, en: Thirst}")
    assert pnp("build", "--content", str(content), "--output", str(output)).code == 0
    assert b'"Thirst"' in (output / "tiny" / "game.json").read_bytes()
