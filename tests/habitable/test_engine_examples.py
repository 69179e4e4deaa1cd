"""Habitable's example turns replay on the engine and show what their titles promise."""

from __future__ import annotations

from generator.content.errors import ErrorList
from generator.rules.examples import replay_examples


def _replays(habitable):
    errors = ErrorList()
    replays = replay_examples(habitable, errors)
    assert not errors, errors.as_text()
    return replays


def _events(replay, lang: str = "en") -> list[str]:
    return [text for step in replay.steps for text in step.events_text[lang]]


def test_every_example_replays_and_speaks_both_languages(habitable):
    replays = _replays(habitable)
    assert set(replays) == {"moon-defends", "planet-search", "life-warms"}
    for replay in replays.values():
        for step in replay.steps:
            assert step.action_text["de"] and step.action_text["en"] and step.events_text["de"]


def test_the_moon_example_shields_an_attacked_planet(habitable):
    replay = _replays(habitable)["moon-defends"]
    texts = _events(replay)
    assert "Player 1 plays Greenhouse effect on player 2's planet 1 (cost 3)." in texts
    assert "Player 2's planet 1 is shielded: nothing of the attack happens there." in texts
    defend = next(step for step in replay.steps if step.action.startswith("defend"))
    assert defend.player == 1                                # seat 1, player 2 to people
    assert replay.state.planet(1, 1).temperature == 0 and replay.state.trashed[1] == ["start-mond"]


def test_the_search_example_pays_to_move_into_the_zone_and_discovers(habitable):
    replay = _replays(habitable)["planet-search"]
    texts = _events(replay)
    assert "Player 1 changes the roll 2 to 3." in texts
    assert any(t.startswith("Player 1 discovers Lava world at circle 3 of Sun") for t in texts)
    planet = replay.state.planet(0, 1)
    assert (planet.pos, planet.temperature, planet.card) == (3, 4, "lavawelt")


def test_the_life_example_ends_with_the_end_of_turn_mechanism_warming_the_planet_out_of_the_zone(habitable):
    replay = _replays(habitable)["life-warms"]
    last = replay.steps[-1]
    assert last.action == "end" and last.player == 0
    assert "End of turn on player 1's planet 1: temperature +1, water +0, magnetism +0, life -1; it is uninhabitable." \
        in last.events_text["en"]
    assert "Player 1's planet 1 is no longer habitable: its tiles turn to the red side." in last.events_text["en"]
    before = [t for step in replay.steps[:-1] for t in step.events_text["en"]]
    assert "Player 1's planet 1 is habitable: its tiles turn to the green side." in before
    planet = replay.state.planet(0, 1)
    assert (planet.temperature, planet.life, planet.habitable) == (3, 5, False)
    assert replay.state.end_triggered
