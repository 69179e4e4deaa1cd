"""The project deck: at least 90 original cards in the summary's three kinds, each one legal data."""

from __future__ import annotations

from collections import Counter

from generator.content.schema import Effect
from generator.layout.context import effect_sentence
from tests.terraforming_mars.conftest import PROJECT_KINDS

TAGS = {"building", "space", "power", "science", "jovian", "earth", "plant", "microbe", "animal", "city", "event"}
TEMPERATURES = set(range(-30, 9, 2))
ACTION_FIELDS = ("ongoing", "action_cost", "action_gain")

# Published Terraforming Mars card and corporation names: none of this edition's cards may be named so.
PUBLISHED = {
    "comet", "asteroid", "big asteroid", "asteroid mining", "lichen", "kelp farming", "tardigrades", "birds", "fish",
    "mohole", "mohole area", "nuclear zone", "space elevator", "algae", "ants", "predators", "pets", "livestock",
    "small animals", "herbivores", "decomposers", "worms", "moss", "grass", "heather", "bushes", "trees", "farming",
    "mangrove", "tundra farming", "plantation", "power plant", "geothermal power", "solar power", "wave power",
    "windmills", "fusion power", "giant ice asteroid", "ice asteroid", "deimos down", "phobos space haven",
    "ganymede colony", "io mining industries", "callisto penal mines", "methane from titan", "imported hydrogen",
    "imported ghg", "imported nitrogen", "black polar dust", "lake marineris", "arctic algae", "ice cap melting",
    "permafrost extraction", "subterranean reservoir", "towing a comet", "aquifer pumping", "convoy from europa",
    "water import from europa", "water splitting plant", "steelworks", "ironworks", "ore processor",
    "electro catapult", "space station", "soletta", "research", "mars university", "olympus conference",
    "earth office", "earth catapult", "media group", "sponsors", "business contacts", "invention contest",
    "physics complex", "optimal aerobraking", "rover construction", "immigrant city", "capital", "domed crater",
    "cupola city", "urbanized area", "underground city", "open city", "noctis city", "regolith eaters",
    "ghg producing bacteria", "nitrite reducing bacteria", "symbiotic fungus", "ecological zone",
    "protected valley", "natural preserve", "nitrophilic moss", "adapted lichen", "hackers", "sabotage", "virus",
    "hired raiders", "energy tapping", "strip mine", "mining area", "mining rights", "mineral deposit",
    "lava flows", "release of inert gases", "satellites", "space mirrors", "adaptation technology",
    "advanced alloys", "magnetic field generators", "credicor", "ecoline", "helion", "mining guild", "inventrix",
    "phobolog", "tharsis republic", "thorgate", "teractor", "saturn systems",
    "komet", "flechten", "vögel", "fische", "tardigraden", "weltraumlift", "atomzone", "asteroidenbergbau",
}


def test_the_deck_has_at_least_90_cards_in_the_three_kinds(deck):
    by_kind = Counter(card.kind for card in deck for _ in range(card.count))
    assert sum(by_kind.values()) >= 90
    assert set(by_kind) == set(PROJECT_KINDS)
    assert min(by_kind.values()) >= 20


def test_costs_and_tags_are_valid(deck):
    for card in deck:
        tags = card.fields.get("tags", [])
        assert card.cost is not None and 0 <= card.cost <= 40, card.id
        assert len(tags) <= 3 and set(tags) <= TAGS and len(set(tags)) == len(tags), card.id
        assert ("event" in tags) == (card.kind == "event"), card.id


def test_requirements_lie_on_the_tracks_and_make_sense(deck):
    with_requirement = 0
    for card in deck:
        f = card.fields
        for key in ("min_temperature", "max_temperature"):
            assert f.get(key) is None or f[key] in TEMPERATURES, card.id
        for key, top in (("oxygen", 14), ("oceans", 9)):
            low, high = f.get(f"min_{key}"), f.get(f"max_{key}")
            assert low is None or 0 < low <= top, card.id
            assert high is None or 0 <= high < top, card.id
        assert ("requires_tag" in f) == ("requires_tag_count" in f), card.id
        with_requirement += any(k.startswith(("min_", "max_", "requires_")) for k in f)
    assert with_requirement >= 25
    kinds = {key for card in deck for key in card.fields if key.startswith(("min_", "max_"))}
    assert {"min_temperature", "max_temperature", "min_oxygen", "min_oceans"} <= kinds  # minimums and a maximum


def test_blue_cards_carry_an_effect_or_an_action_and_the_others_none(deck):
    for card in deck:
        has = [name for name in ACTION_FIELDS if card.fields.get(name)]
        if card.kind == "active":
            assert has, card.id
            assert bool(card.fields.get("action_cost")) <= bool(card.fields.get("action_gain")), card.id
        else:
            assert not has, card.id
        assert card.effects or any(card.fields.get(k) for k in ("production", "any_player", *ACTION_FIELDS)), card.id


def test_cards_that_hold_resources_collect_them_and_score_or_spend_them(deck):
    holders = [card for card in deck if card.fields.get("holds")]
    assert {c.fields["holds"] for c in holders} == {"animal", "microbe"}
    for card in holders:
        resource = card.fields["holds"]
        adds = [e for name in ("action_gain", "ongoing") for e in card.fields.get(name, [])
                if e["op"] in ("add_to_card", "on_tag_add", "on_tile_add")]
        assert adds and all(e["resource"] == resource for e in adds), card.id
        uses = [e for name in ("scoring", "action_cost") for e in card.fields.get(name, [])
                if e["op"] in ("vp_per_resource", "remove_from_card")]
        assert uses and all(e["resource"] == resource for e in uses), card.id  # scored or spent
    others = [card for card in deck if not card.fields.get("holds")]
    for card in others:  # "this card" only makes sense on a card that holds the resource
        ops = [
            e["op"] for name in ("action_gain", "action_cost", "ongoing", "scoring") for e in card.fields.get(name, [])
        ]
        assert not {"add_to_card", "remove_from_card", "on_tag_add", "on_tile_add", "vp_per_resource"} & set(ops), (
            card.id
        )


def test_the_deck_uses_the_mechanics_the_summary_names(deck):
    ops = Counter(e["op"] if isinstance(e, dict) else e.op for card in deck
                  for e in [*card.effects, *(x for n in ("production", "any_player", *ACTION_FIELDS, "scoring")
                                              for x in card.fields.get(n, []))])
    for op in ("raise_temperature", "raise_oxygen", "place_ocean", "place_greenery", "place_city", "production",
               "production_loss", "remove_any", "production_loss_any", "discount_tag", "on_tag_gain",
               "vp_per_resource", "add_to_card", "spend", "draw_cards"):
        assert ops[op] >= 1, op
    tags = Counter(t for card in deck for t in card.fields.get("tags", []))
    assert tags["building"] >= 20 and tags["space"] >= 12 and tags["jovian"] >= 5 and tags["event"] == 23
    assert sum(1 for c in deck if c.fields.get("any_player")) >= 10
    assert sum(1 for c in deck if c.fields.get("vp")) >= 15


def test_names_are_original_and_unique(deck, tm):
    names = [(card.name.de, card.name.en) for card in tm.cards]
    for de, en in names:
        assert de.casefold() not in PUBLISHED and en.casefold() not in PUBLISHED, (de, en)
    for lang in (0, 1):
        seen = Counter(n[lang] for n in names)
        assert [n for n, k in seen.items() if k > 1] == []


def test_every_effect_prints_a_complete_sentence_in_both_languages(deck, tm):
    for card in deck:
        effects = [*card.effects]
        for name in ("production", "any_player", *ACTION_FIELDS, "scoring"):
            effects += [Effect.model_validate(e) for e in card.fields.get(name, [])]
        for effect in effects:
            for lang in ("de", "en"):
                sentence = effect_sentence(tm, effect, lang)
                assert "{" not in sentence and sentence != effect.op, (card.id, effect.op, lang)


def test_every_operation_is_documented_and_used(tm):
    used = set()
    for card in tm.cards:
        used |= {e.op for e in card.effects}
        for value in card.fields.values():
            if isinstance(value, list):
                used |= {e["op"] for e in value if isinstance(e, dict) and "op" in e}
    for op in tm.game.operations:
        assert op.description is not None and len(op.description.de) > 30 and len(op.description.en) > 30, op.id
        assert op.id in used, f"operation {op.id} is declared but no card uses it"
