"""Every Habitable card fits its layout in both languages and prints the marks the rulebook names."""

from __future__ import annotations

import pytest

from generator.content.errors import ErrorList
from generator.layout.engine import CardLayouts


@pytest.fixture(scope="module")
def faces(habitable):
    """(card id, lang) -> (front, back) of every card, and the problems the layout met."""
    layouts = CardLayouts(habitable, ErrorList())
    laid = {(card.id, lang): (layouts.front(card, lang), layouts.back(card, lang))
            for card in habitable.cards for lang in ("de", "en")}
    return laid, layouts.problems


def texts(face, field: str) -> list[str]:
    return [t.text for t in face.texts if t.field == field]


def test_every_card_fits_in_both_languages(habitable, faces) -> None:
    laid, problems = faces
    assert [p.message for p in problems] == []
    assert len(laid) == 2 * len(habitable.cards)
    assert all(front is not None and back is not None for front, back in laid.values())


def test_the_cost_is_printed_with_red_and_green_marks(habitable, faces) -> None:
    laid, _ = faces
    front, _ = laid[("industrialisierung", "de")]
    assert texts(front, "cost") == ["4"] and texts(front, "attack") == ["+1"] and texts(front, "support") == []
    front, _ = laid[("einzeller", "en")]
    assert texts(front, "support") == ["−1"] and texts(front, "attack") == []
    front, _ = laid[("mond", "de")]
    assert texts(front, "cost") == ["0"]


def test_requirement_reaction_and_science_have_their_own_lines(faces) -> None:
    laid, _ = faces
    front, _ = laid[("industrialisierung", "de")]
    [requirement] = texts(front, "requirement")
    assert "bewohnbaren Planeten oder" in requirement and "4" in requirement
    front, _ = laid[("industrialisierung", "en")]
    assert "at least 4" in texts(front, "requirement")[0]
    assert "Industrialisation" in texts(front, "name")[0] or "Industriali" in texts(front, "name")[0]
    assert texts(front, "science") and "1 °C" in texts(front, "science")[0]
    front, _ = laid[("mond", "en")]
    [reaction] = texts(front, "reaction")
    assert reaction.startswith("**Reaction:**") and "Trash this card" in reaction
    assert texts(laid[("eiskomet", "de")][0], "requirement") == []


def test_effect_text_is_rendered_from_the_operations(faces) -> None:
    laid, _ = faces
    assert texts(laid[("eiskomet", "de")][0], "text") == ["Erhöhe :water: Wasser um 2."]
    assert texts(laid[("eiskomet", "en")][0], "text") == ["Raise :water: Water by 2."]


def test_planet_cards_show_their_side(faces) -> None:
    laid, _ = faces
    front, back = laid[("lavawelt", "de")]
    assert texts(front, "side") == ["UNBEWOHNBAR"] and texts(back, "side") == ["BEWOHNBAR"]
    front, back = laid[("lavawelt", "en")]
    assert texts(front, "side") == ["UNINHABITABLE"] and texts(back, "side") == ["HABITABLE"]


def test_market_starter_and_event_cards_share_one_back(habitable, faces) -> None:
    """Events are shuffled into the market and bought cards join the starter decks."""
    laid, _ = faces
    backs = {laid[(cid, "de")][1].frame_key.split("/")[0] for cid in ("mond", "evolution", "start-mond", "eiszeit")}
    kinds = {habitable.game.kind(k).back for k in ("epoch_one", "epoch_two", "starter", "event")}
    assert len(kinds) == 1
    assert backs <= {"action", "event"}
