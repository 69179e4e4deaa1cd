"""Sentence templates choose a word's form by its number, and players see what they may see."""

from __future__ import annotations

import pytest

from generator.rules.sentence_fill import fill, is_one


@pytest.mark.parametrize("n, text", [(0, "0 actions left"), (1, "1 action left"), (2, "2 actions left"),
                                     ("1", "1 action left"), ("-1", "-1 action left"), ("11", "11 actions left")])
def test_a_field_with_two_forms_picks_by_its_number(n, text):
    assert fill("{n} {n:action|actions} left", {"n": n}) == text


def test_german_forms_and_plain_fields_together():
    template = "Spieler {p} verliert {n} {n:Aktion|Aktionen} und {c} {c:Würfel|Würfeln}."
    assert fill(template, {"p": 2, "n": 1, "c": 3}) == "Spieler 2 verliert 1 Aktion und 3 Würfeln."
    assert not is_one("one") and is_one(" +1 ")


def test_a_hidden_value_uses_the_unseen_sentence_when_the_content_has_one():
    from generator.checking import load_checked
    from generator.content.errors import ErrorList
    from generator.rules.core import Event
    from generator.rules.registry import make_game
    from tests.site.conftest import REPO

    errors = ErrorList()
    [content] = load_checked(REPO / "content", ["escape-earth"], errors)
    game = make_game(content, {})
    event = Event("event-removed", (("card", "hungersnot"), ("left", 1)), frozenset({"card"}))
    assert game.presentation.render_event(event, "en", 0) == ("The event is shuffled into the deck; the top card "
                                                              "leaves the game unseen. 1 event card left.")
    assert "Famine" in game.presentation.render_event(event, "en")  # the referee sees it
    del content.sentences["en"]["events"]["event-removed.unseen"]
    assert "(face down)" in game.presentation.render_event(event, "en", 0)  # without one, the `unseen` word stands in
