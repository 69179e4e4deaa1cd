"""Variants are made by editing one scalar in a file's text: comments and layout stay, and paths are read."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.sweep.vary import PathRefused, locate, parse_path, parse_vary
from generator.sweep.yaml_edit import EditRefused, replace_scalar

TEXT = """# the deck
cards:
  - id: a   # first
    cost: 4 # printed in the corner
    fields: {build_cost: 3, name: "x"}
  - id: b
    cost: 2
"""


def test_one_scalar_changes_and_every_comment_and_flow_mapping_stays() -> None:
    text, line = replace_scalar(TEXT, ("cards", 0, "cost"), 6)
    assert line == 4 and text == TEXT.replace("cost: 4 #", "cost: 6 #")
    text, _ = replace_scalar(TEXT, ("cards", 0, "fields", "build_cost"), 5)
    assert text == TEXT.replace("build_cost: 3", "build_cost: 5")
    text, _ = replace_scalar(TEXT, ("cards", 1, "cost"), "two words: odd")
    assert "cost: 'two words: odd'" in text


def test_a_path_to_nothing_or_to_a_mapping_is_refused() -> None:
    with pytest.raises(EditRefused, match=r"no value at cards\[0\]\.price"):
        replace_scalar(TEXT, ("cards", 0, "price"), 1)
    with pytest.raises(EditRefused, match="mapping, not a single value"):
        replace_scalar(TEXT, ("cards", 0, "fields"), 1)


def test_vary_reads_paths_and_values() -> None:
    vary = parse_vary("cards[id=bauen-1].fields.build_cost=2, 3,4")
    assert vary.path == "cards[id=bauen-1].fields.build_cost" and vary.values == (2, 3, 4)
    assert parse_path("resources[0].start") == ["resources", 0, "start"]
    assert parse_vary("options[id=x].default=frontier,true").values == ("frontier", True)
    for bad in ("cost", "cards[id=a].cost=", "[0].cost=1", "cards[id=a]cost=1"):
        with pytest.raises(PathRefused):
            parse_vary(bad)


def test_a_path_is_found_in_the_file_that_holds_it(tmp_path: Path) -> None:
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "deck.yaml").write_text(TEXT, encoding="utf-8")
    (tmp_path / "game.yaml").write_text("id: g\nresources:\n  - {id: ore, start: 2}\n", encoding="utf-8")
    assert locate(tmp_path, "cards[id=b].cost").file == "cards/deck.yaml"
    assert locate(tmp_path, "cards[id=b].cost").path == ("cards", 1, "cost")
    assert locate(tmp_path, "resources[id=ore].start").path == ("resources", 0, "start")
    with pytest.raises(PathRefused, match="no card with id 'c'"):
        locate(tmp_path, "cards[id=c].cost")
    with pytest.raises(PathRefused, match="is a mapping"):
        locate(tmp_path, "cards[id=a].fields")
