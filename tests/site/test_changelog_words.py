"""A version's changes in the words a player reads: a card value, a removed example turn, the sections it touched."""

from __future__ import annotations

import shutil
from pathlib import Path

from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.diff.player_words import compared_entry
from generator.site.changelog_model import VersionEntry

GAME = Path(__file__).resolve().parents[2] / "content" / "escape-earth"


def loaded(folder: Path):
    errors = ErrorList()
    games = load_checked(folder, ["escape-earth"], errors)
    assert not errors, list(errors)
    return games[0]


def test_a_cost_change_and_a_removed_example_read_as_a_player_reads_them(tmp_path):
    old = tmp_path / "old"
    new = tmp_path / "new"
    shutil.copytree(GAME, old / "escape-earth")
    shutil.copytree(GAME, new / "escape-earth")
    buildings = new / "escape-earth" / "cards" / "buildings.yaml"
    text = buildings.read_text(encoding="utf-8")
    starbase = text.index("id: sternenbasis")
    buildings.write_text(text[:starbase] + text[starbase:].replace("build_cost: 4", "build_cost: 5", 1),
                         encoding="utf-8")
    (new / "escape-earth" / "examples" / "chaos.yaml").unlink()

    entry = compared_entry(VersionEntry("1.1", "2026-11-28", "v1.1", previous="1.0"), loaded(old), loaded(new))

    assert entry.compared
    starbase_en = next(c for c in entry.cards["en"] if c.card_id == "sternenbasis")
    assert starbase_en.name == "Starbase" and starbase_en.change == "changed"
    assert any("now 5 (was 4)" in sentence for sentence in starbase_en.sentences), starbase_en.sentences
    starbase_de = next(c for c in entry.cards["de"] if c.card_id == "sternenbasis")
    assert any("jetzt 5 (vorher 4)" in sentence for sentence in starbase_de.sentences), starbase_de.sentences
    assert [(e.example_id, e.title, e.change) for e in entry.examples["en"]] == [("chaos", "A loss: chaos", "removed")]
    assert [e.title for e in entry.examples["de"]] == ["Eine Niederlage: Chaos"]
    assert entry.sections["en"] and all(s.change == "changed" and s.anchor.startswith("rule-")
                                        for s in entry.sections["en"])
    assert len(entry.cards["en"]) == 1  # no other card printed anything else
