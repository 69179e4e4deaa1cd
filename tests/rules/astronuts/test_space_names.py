"""Spaces read in player words: a planet by its name, an unnamed space by the named spaces beside it."""

from __future__ import annotations

import pytest

from generator.rules.astronuts import new_game
from generator.rules.astronuts.texts import space_name


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_unnamed_space_is_named_by_its_neighbours_and_never_by_its_id(astro, lang):
    data = new_game(astro, 1).data
    words = astro.sentences[lang]["words"]
    names = {}
    for space in data.ids:
        name = space_name(space, data, words, lang)
        assert space not in name, name
        names[name] = space
    assert len(names) == len(data.ids), "two spaces read alike"
    expected = {"en": ("space between Almond and Home NW", "asteroid field between Brazil Nut and Walnut"),
                "de": ("Feld zwischen Heimat NW und Mandel", "Asteroidenfeld zwischen Paranuss und Walnuss")}[lang]
    assert (space_name("nw-w-lane", data, words, lang), space_name("nw-rocks", data, words, lang)) == expected


def test_a_refusal_names_the_space_in_player_words(astro):
    state = new_game(astro, 1)
    texts = state._refuse("attack.nothing", at="nw-n-lane", defender=1).text  # seat 1 reads "Player 2"
    assert texts["en"] == "Player 2 has neither an AstroShip nor a colony on space between Hazelnut and Home NW."
    assert "nw-n-lane" not in texts["de"]
