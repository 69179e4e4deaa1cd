"""The summary's five milestones and standard projects, and this edition's five awards, as data."""

from __future__ import annotations


def test_the_five_milestones_of_the_summary(tm):
    milestones = {c.fields["criterion"]: c for c in tm.cards_of("milestone")}
    assert {k: c.fields["threshold"] for k, c in milestones.items()} == {
        "terraform_rating": 35, "cities": 3, "greeneries": 3, "building_tags": 8, "cards_in_hand": 16}
    assert {c.name.de for c in milestones.values()} == {"Terraformer", "Bürgermeister", "Gärtner", "Bauherr", "Planer"}
    for card in milestones.values():
        assert (card.fields["claim_cost"], card.fields["points"]) == (8, 5)
        for lang in ("de", "en"):
            assert str(card.fields["threshold"]) in card.text.get(lang)


def test_five_awards_designed_for_this_edition(tm):
    awards = tm.cards_of("award")
    assert len(awards) == 5 and len({c.fields["metric"] for c in awards}) == 5
    for card in awards:
        f = card.fields
        assert (f["funding_costs"], f["first_points"], f["second_points"], f["second_points_two_players"]) == \
               ([8, 14, 20], 5, 2, 0)
        assert card.design_note and "designed for this edition" in card.design_note.lower()


def test_standard_projects_and_conversions(tm):
    costs = {c.name.de: c.cost for c in tm.cards_of("standard_project")}
    assert costs == {"Patente verkaufen": 0, "Kraftwerk": 11, "Asteroid lenken": 14, "Bewässerung": 18,
                     "Grünfläche": 23, "Stadtbau": 25}
    city = tm.card("stadtbau")
    assert [e.op for e in city.effects] == ["place_city", "production"]
    assert city.effects[1].args == {"resource": "megacredits", "amount": 1}
    assert tm.card("pflanzen-umwandeln").fields["pay"] == {"plants": 8}
    assert tm.card("waerme-umwandeln").fields["pay"] == {"heat": 8}
    assert tm.card("waerme-umwandeln").effects[0].args == {"steps": 1}
