"""Terraforming Mars names the player a red-outlined effect hits from 0 in the API and from 1 to people."""

from __future__ import annotations

from generator.rules.terraforming_mars.data import MC, PLANTS, TITANIUM

from .conftest import give


def test_the_player_an_effect_hits_is_a_seat_from_0_in_refusals_and_events_and_player_2_in_words(table):
    state = table()
    give(state, 0, "eismond-einschlag")                   # remove up to 3 plants of any player
    state.res[0][MC], state.res[0][TITANIUM] = 21, 0
    state.res[1][PLANTS] = 5
    state.apply(("play", "eismond-einschlag", 0, 0))
    state.apply(("first", "remove_any"))
    refused = state._violation(("target", 1))              # "target 1": player 1, seat 0, has no plants
    assert refused is not None and refused.rule == "target.nothing" and refused.params["target"] == (0,)
    state.apply(("target", 2))
    state.apply(("take", 3))
    removed = next(e for e in state.events if e.kind == "removed")
    assert (removed.get("player"), removed.get("target")) == (0, 1)
    assert removed.as_json(state.game.seat_keys)["target"] == 2
    assert state.game.presentation.render_event(removed, "en").startswith("Player 1 removes 3 ")
    assert state.game.presentation.render_event(removed, "en").endswith(" from player 2.")
