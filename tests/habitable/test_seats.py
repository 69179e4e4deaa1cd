"""Habitable's seats in events, refusals and action values: a planet is (owner seat from 0, tile), read from 1."""

from __future__ import annotations

from tests.habitable.conftest import hand, new_state, place
from tests.habitable.test_engine_end import quiet_market


def test_a_planet_names_its_owner_from_0_and_people_and_saved_games_read_it_from_1(habitable):
    state = new_state(habitable, players=2)
    quiet_market(state, pile=[])
    state.apply(("end",))
    place(state, 1, 1, "sonne", 5, temperature=3, life=4)
    hand(state, 1, [])
    state.apply(("end",))
    ev = next(e for e in state.events if e.kind == "end-of-turn")
    assert ev.get("planet") == (1, 1)                                     # seat 1, tile 1
    assert ev.as_json(state.game.seat_keys)["planet"] == [2, 1]            # as saved games always wrote it
    assert state.game.presentation.render_event(ev, "en").startswith("End of turn on player 2's planet 1:")


def test_a_refusal_and_an_action_name_a_planets_owner_from_0(habitable):
    state = new_state(habitable, players=2)
    game = state.game
    error = state._refuse("play.requirement", card="eiswelt", planet=(1, 2))
    assert error.params["planet"] == (1, 2) and error.text["en"] == \
        "Ice world cannot be played on player 2's planet 2: its requirement does not hold there."
    assert state._refuse("defend.card", player=0).text["en"] == "Player 1 defends only with a Moon from the hand."
    assert state.game.presentation.action_values(state, ("play", "eiswelt", (1, 2)))["target"] == (1, 2)
    assert "player 2's planet 2" in game.presentation.describe(state, ("play", "eiswelt", (1, 2)), "en")
