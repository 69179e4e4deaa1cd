"""The example turns replay with the engine and show what their titles promise."""

from __future__ import annotations

import pytest

from generator.content.errors import ErrorList
from generator.rules.examples import replay_example, replay_examples
from generator.rules.terraforming_mars.data import MC, PLANTS, STEEL, TITANIUM


def _replay(tm, example_id):
    example = next(e for e in tm.examples if e.id == example_id)
    return replay_example(tm, example)


def test_every_example_replays(tm):
    errors = ErrorList()
    replays = replay_examples(tm, errors)
    assert not errors, errors.as_text()
    assert set(replays) == {"paying-with-steel", "greenery-by-the-ocean", "production"}


def test_a_card_paid_with_steel(tm):
    replay = _replay(tm, "paying-with-steel")
    state = replay.state
    assert state.played[0] == ["titanader"] and state.res[0][STEEL] == 0 and state.res[0][MC] == 40 - 3 - 23 - 7
    assert state.prod[0][TITANIUM] == 2
    assert (
        "Player 1 plays Titanium seam for 11 M€: pays 7 M€, 2 steel, 0 titanium." in replay.steps[-1].events_text["en"]
    )


def test_a_greenery_next_to_an_ocean_gets_its_bonus_and_2_mc(tm):
    replay = _replay(tm, "greenery-by-the-ocean")
    state = replay.state
    assert state.tiles["mars-1-3"] == ("ocean", -1) and state.tiles["mars-2-3"] == ("greenery", 1)
    assert (state.res[1][PLANTS], state.res[1][MC]) == (1, 40 - 23 + 2)
    assert "1 angrenzendes Ozean-Plättchen: Spieler 2 erhält 2 M€." in replay.steps[-1].events_text["de"]


@pytest.mark.parametrize("lang, line", [
    ("en", "Production for player 1: 2 energy becomes heat; income 21 M€; +1 steel, +1 titanium, +1 plants, "
           "+2 energy, +1 heat."),
    ("de", "Produktion für Spieler 1: 2 Energie wird zu Wärme; Einkommen 21 M€; +1 Stahl, +1 Titan, +1 Pflanzen, "
           "+2 Energie, +1 Wärme."),
])
def test_a_generations_production(tm, lang, line):
    replay = _replay(tm, "production")
    assert line in replay.steps[-1].events_text[lang]
    state = replay.state
    assert state.res[0] == [40 - 11 + 21 + 21, 2, 2, 2, 2, 1 + 2 + 1]
