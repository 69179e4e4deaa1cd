"""Astronuts content against its rulebook: the box contents, the fate table, the rules pages."""

from __future__ import annotations

from collections import Counter

from generator.content.errors import ErrorList
from generator.rulestext.rules_text import render_rules


def test_the_box_holds_what_the_rulebook_lists(astronuts):
    by_type = Counter()
    per_colour = {}
    for comp in astronuts.game.components:
        by_type[comp.type] += comp.count
        per_colour.setdefault(comp.type, set()).add(comp.count)
    assert by_type == {"ship": 12, "coin": 80, "pawn": 60, "die": 1, "board": 2}
    assert per_colour["ship"] == {3} and per_colour["coin"] == {20} and per_colour["pawn"] == {15}
    colours = {r.color for r in astronuts.game.resources}
    assert len(colours) == 4
    for kind in ("ship", "coin", "pawn"):
        assert {c.color for c in astronuts.game.components if c.type == kind} == colours
    assert (astronuts.game.players.min, astronuts.game.players.max) == (2, 4)


def test_the_fate_table_has_all_36_entries_in_six_groups(astronuts):
    [fate] = astronuts.tables
    assert fate.dice == [6, 6] and len(fate.groups) == 6
    assert [e.roll for e in fate.entries] == [f"{a}-{b}" for a in range(1, 7) for b in range(1, 7)]
    entry = {e.roll: e for e in fate.entries}
    assert entry["1-1"].name.de.startswith("Ka-Boooom") and "zerstört" in entry["1-1"].text.de
    assert "5 nuts" in entry["5-6"].text.en and "4 Nuts, 1 pro Farbe" in entry["5-5"].text.de
    assert "6-1" in entry["6-6"].text.en and "6-5" in entry["6-6"].text.en


def test_the_rules_render_in_both_languages_with_the_fate_table_from_the_data(astronuts):
    for lang, roll_word in (("de", "Wurf"), ("en", "Roll")):
        errors = ErrorList()
        pages = {p.slug: p for p in render_rules(astronuts, lang, errors)}
        assert not errors, errors.as_text()
        assert set(pages) == {"overview", "setup", "turn", "fate-table", "optional-rules", "game-end", "rulings"}
        fate = pages["fate-table"].markdown
        assert fate.count(f"| {roll_word} |") == 6 and fate.count("\n| 6-") == 6
        assert "pnp-designed" in pages["overview"].markdown  # the star map is marked as designed
        assert "51" in pages["setup"].markdown  # nuts on the map, counted from the board data
        assert "14" in pages["game-end"].markdown
        assert ("Gleichstand" if lang == "de" else "tie") in pages["rulings"].markdown
