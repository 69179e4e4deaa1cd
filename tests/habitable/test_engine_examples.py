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
    assert {"moon-defends", "planet-search"} <= set(replays)
    for replay in replays.values():
        for step in replay.steps:
            assert step.action_text["de"] and step.action_text["en"] and step.events_text["de"]


def test_the_moon_example_shields_an_attacked_planet(habitable):
    replay = _replays(habitable)["moon-defends"]
    texts = _events(replay)
    assert "Player 1 plays Greenhouse effect on player 2's planet 1 (cost 3)." in texts
    assert "Player 2's planet 1 is shielded: nothing of the attack happens there." in texts
    defend = next(step for step in replay.steps if step.action.startswith("defend"))
    assert defend.player == 2
    assert replay.state.planet(1, 1).temperature == 0 and replay.state.trashed[1] == ["start-mond"]


def test_the_search_example_pays_to_move_into_the_zone_and_discovers(habitable):
    replay = _replays(habitable)["planet-search"]
    texts = _events(replay)
    assert "Player 1 changes the roll 2 to 3." in texts
    assert any(t.startswith("Player 1 discovers Lava world at circle 3 of Sun") for t in texts)
    planet = replay.state.planet(0, 1)
    assert (planet.pos, planet.temperature, planet.card) == (3, 4, "lavawelt")
