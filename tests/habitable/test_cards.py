"""The cards the rulebook names say what it says; every card has a science note and its mark."""

from __future__ import annotations

import pytest

ACTION_KINDS = ("epoch_one", "epoch_two", "starter")
TARGETED = {"raise", "lower", "toward_zero", "cascade"}


def test_industrialisation_is_the_rulebooks_example(habitable) -> None:
    card = habitable.card("industrialisierung")
    assert (card.kind, card.cost) == ("epoch_two", 4)
    assert card.fields["attack"] is True and not card.fields.get("support")
    assert (card.fields["requirement"], card.fields["min_life"]) == ("habitable_or_min_life", 4)
    assert [(e.op, e.args) for e in card.effects] == [("raise", {"parameter": "life", "amount": 2}),
                                                      ("raise", {"parameter": "temperature", "amount": 2})]


def test_the_moon_is_free_trashes_and_defends(habitable) -> None:
    for card_id in ("mond", "start-mond"):
        moon = habitable.card(card_id)
        assert moon.cost == 0
        assert [e.op for e in moon.effects] == ["trash"]
        assert moon.fields["reaction"] == [{"op": "defend", "draw": 1}]


def test_the_other_named_cards_do_what_the_rulebook_says(habitable) -> None:
    assert [e.op for e in habitable.card("planetensuche").effects] == ["search_planet"]
    assert [e.op for e in habitable.card("start-planetensuche").effects] == ["search_planet"]
    assert [e.op for e in habitable.card("orbitale-migration").effects] == ["migrate"]
    assert habitable.card("bombardement").effects[-1].args == {"parameter": "water"}
    assert habitable.card("kambrische-explosion").effects[-1].op == "cascade"
    assert habitable.card("kambrische-explosion").effects[-1].args == {"parameter": "life"}


def test_cascades_can_find_a_card_other_than_their_own(habitable) -> None:
    """Bombardment and Cambrian explosion need another card raising their parameter to exist."""
    for card_id in ("bombardement", "kambrische-explosion"):
        card = habitable.card(card_id)
        wanted = card.effects[-1].args["parameter"]
        others = [c for c in habitable.cards if c.kind in ACTION_KINDS and c.name != card.name
                  and any(e.op == "raise" and e.args["parameter"] == wanted for e in c.effects)]
        assert len(others) >= 3, card_id


def test_red_and_green_marks_and_requirements_are_consistent(habitable) -> None:
    cards = [c for c in habitable.cards if c.kind in ACTION_KINDS]
    attacks = [c for c in cards if c.fields.get("attack")]
    supports = [c for c in cards if c.fields.get("support")]
    assert attacks and supports
    for card in attacks:  # an attack needs something to do on a planet
        assert any(e.op in TARGETED for e in card.effects), card.id
    for card in supports:  # green -1 cards are life-bringing
        assert any(e.op == "raise" and e.args["parameter"] == "life" for e in card.effects), card.id
    for card in cards:
        requirement = card.fields.get("requirement")
        assert (requirement in ("min_life", "habitable_or_min_life")) == ("min_life" in card.fields), card.id


@pytest.mark.parametrize("kind", ["epoch_one", "epoch_two", "starter", "event", "goal", "planet"])
def test_every_card_has_a_science_note_in_both_languages(habitable, kind) -> None:
    for card in habitable.cards_of(kind):
        faces = [card] + ([card.back] if card.back else [])
        for face in faces:
            assert face.science is not None and face.science.de and face.science.en, card.id
            assert face.science.de != face.science.en


def test_designed_cards_are_marked(habitable) -> None:
    unmarked = [c.id for c in habitable.cards if not c.design_note]
    assert unmarked == []
    # the rulebook's own cards say what was taken from it
    assert "rulebook" in habitable.card("industrialisierung").design_note


def test_planets_are_two_sided_and_start_uninhabitable(habitable) -> None:
    planets = habitable.cards_of("planet")
    assert len(planets) == 16 and all(p.count == 1 for p in planets)
    for planet in planets:
        front, back = planet.fields, planet.back.fields
        assert (front["habitable"], back["habitable"]) == (False, True)
        assert {k: v for k, v in front.items() if k != "habitable"} == {
            k: v for k, v in back.items() if k != "habitable"
        }
        # whatever the zone's modifier, a planet lacking water or magnetism is not habitable
        assert front["start_water"] < 3 or front["start_magnetism"] < 3, planet.id


def test_goals_are_conditions_with_bonus_points(habitable) -> None:
    conditions = {op.id for op in habitable.game.operations if op.id.startswith("has_")}
    for goal in habitable.cards_of("goal"):
        assert goal.fields["bonus"] >= 1
        assert goal.effects and all(e.op in conditions for e in goal.effects), goal.id


def test_events_hit_planet_values_only(habitable) -> None:
    for event in habitable.cards_of("event"):
        assert event.effects and all(e.op in ("raise", "lower") for e in event.effects), event.id


def test_every_operation_says_what_it_does(habitable) -> None:
    used = {e.op for c in habitable.cards for face in (c, c.back) if face for e in face.effects}
    used |= {e["op"] for c in habitable.cards for e in c.fields.get("reaction", [])}
    declared = {op.id: op for op in habitable.game.operations}
    assert used == set(declared)  # no op is declared but unused, none used undeclared
    assert all(op.note for op in declared.values())
