"""No two designs of a bundled deck share a picture: every art element's drawing is hashed, card by card.

The pictures are recorded as the layout step asks for them (generator.layout.art_element calls
the generator), then looked for in the laid-out face, so a picture remembered from another
card (the layout's memo of identical elements) would be caught too.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict

import pytest

from generator.content.errors import ErrorList
from generator.layout import art_element
from generator.layout.engine import CardLayouts
from tests.layout.conftest import CONTENT, load_game

GAMES_WITH_ART = {"terraforming-mars": {"automated", "active", "event"},
                  "habitable": {"epoch_one", "epoch_two", "starter", "event", "goal", "planet"}}


def drawn_pictures(game: str, monkeypatch) -> tuple[object, dict[tuple[str, str], tuple]]:
    """The game and, per (card, side), the items of the picture its art element drew."""
    content = load_game(CONTENT, game)
    calls: list[tuple] = []

    def recording(*args, **kwargs):
        items = original(*args, **kwargs)
        calls.append(items)
        return items

    original = art_element.illustration
    monkeypatch.setattr(art_element, "illustration", recording)
    layouts = CardLayouts(content, ErrorList())
    pictures: dict[tuple[str, str], tuple] = {}
    for card in content.cards:
        for side, make in (("front", layouts.front), ("back", layouts.back)):
            before = len(calls)
            face = make(card, "en")
            assert face is not None, (card.id, side)
            drawn = calls[before:]
            if not drawn:
                continue
            assert len(drawn) == 1, (card.id, side)
            items = set(face.items)
            assert all(item in items for item in drawn[0]), f"{card.id} {side}: its picture is not on the face"
            pictures[(card.id, side)] = drawn[0]
    assert not layouts.problems, layouts.problems[:3]
    return content, pictures


@pytest.mark.parametrize("game", ["terraforming-mars", "habitable", "escape-earth"])
def test_no_two_designs_of_a_deck_share_a_picture(game, monkeypatch):
    content, pictures = drawn_pictures(game, monkeypatch)
    by_deck: dict[str, dict[str, tuple[str, str]]] = defaultdict(dict)
    for (card_id, side), items in pictures.items():
        deck = content.game.deck_of(content.card(card_id).kind).id
        digest = hashlib.sha256(repr(items).encode()).hexdigest()
        assert digest not in by_deck[deck], f"{card_id} {side} shares its picture with {by_deck[deck][digest]}"
        by_deck[deck][digest] = (card_id, side)
    for kind in GAMES_WITH_ART.get(game, ()):
        cards = [card for card in content.cards if card.kind == kind]
        assert cards, kind
        missing = [card.id for card in cards if (card.id, "front") not in pictures]
        assert not missing, f"{kind} cards without a picture: {missing}"
    planets = [card.id for card in content.cards if card.kind == "planet"]
    assert all((card_id, "back") in pictures for card_id in planets), "both sides of a planet show it"
