"""While a tile waits for its space, any other action is refused with a sentence that names the tile and the
rules section that says a tile's space is chosen first."""

from __future__ import annotations

from generator.rulestext.rule_citations import cite, see


def test_an_action_before_the_tile_is_placed_is_refused_naming_the_tile_and_its_section(tm, table):
    state = table()
    state.res[0][0] = 40
    state.apply(("project", "stadtbau"))
    assert state.pending is not None and state.pending[0] == "place"
    explanation = state.explain(("pass",))
    assert explanation.text["en"] == "First choose the space for a city."
    assert explanation.text["de"] == "Wähle zuerst das Feld für eine Stadt."
    citation = cite(tm, explanation.rule)
    assert citation is not None and citation.title == "Tiles" and citation.page == "rulings"
    assert cite(tm, explanation.rule, "de").title == "Plättchen"
    assert see(tm, explanation.rule).startswith(" (see ") and "rulings.html#" in see(tm, explanation.rule)
