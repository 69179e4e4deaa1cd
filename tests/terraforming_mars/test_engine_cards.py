"""Playing cards: requirements, the summary's three exceptions, discounts, triggers, blue actions, events."""

from __future__ import annotations

from generator.rules.presentation import format_action, parse_action
from generator.rules.terraforming_mars.data import ENERGY, MC, PLANTS, STEEL, TITANIUM

from .conftest import give, names, put


def test_global_requirements_are_minimums_or_maximums(table):
    state = table()
    give(state, 0, "pioniergewaechse", "frostranken")     # min -24 °C / max -14 °C
    state.res[0][MC] = 50
    assert state.explain(("play", "pioniergewaechse", 0, 0)).rule == "req.min-temperature"
    assert state.explain(("play", "frostranken", 0, 0)).legal
    state.temperature = -12
    state._legal = None
    assert state.explain(("play", "frostranken", 0, 0)).rule == "req.max-temperature"
    assert state.explain(("play", "pioniergewaechse", 0, 0)).legal


def test_tolerance_genetics_eases_every_global_requirement_by_two_steps(table):
    state = table()
    put(state, 0, "toleranzgenetik")
    give(state, 0, "pioniergewaechse", "bluetezeit", "salzwiesen")   # -24 °C, 4 % oxygen, 3 oceans
    state.res[0][MC] = 50
    state.temperature, state.oxygen = -28, 2
    state.oceans = 1
    state.tiles["mars-0-2"] = ("ocean", -1)
    state._legal = None
    for card in ("pioniergewaechse", "bluetezeit", "salzwiesen"):
        assert state.explain(("play", card, 0, 0)).legal, card
    state.temperature = -30
    state._legal = None
    assert state.explain(("play", "pioniergewaechse", 0, 0)).rule == "req.min-temperature"


def test_a_tag_requirement_counts_the_tags_already_in_front_of_you(table):
    state = table()
    give(state, 0, "aurora-reaktor")                      # needs 2 science; carries one itself
    state.res[0][MC] = 50
    put(state, 0, "wetterballone")
    assert state.explain(("play", "aurora-reaktor", 0, 0)).rule == "req.tags"
    put(state, 0, "forschungsrat")
    assert state.explain(("play", "aurora-reaktor", 0, 0)).legal


def test_a_production_decrease_below_the_floor_makes_a_card_unplayable(table):
    state = table()
    give(state, 0, "regolith-schmelze", "staubverdunkelung")  # energy -1 / M€ -2
    state.res[0][MC] = 50
    state.prod[0][ENERGY] = 0
    state.prod[0][MC] = -4
    state._legal = None
    assert state.explain(("play", "regolith-schmelze", 0, 0)).rule == "effect.production-floor"
    assert state.explain(("play", "staubverdunkelung", 0, 0)).rule == "effect.production-floor"
    state.prod[0][MC] = -3
    state._legal = None
    state.apply(("play", "staubverdunkelung", 0, 0))
    state.apply(("place", "mars-0-2"))                    # its ocean first, then the brown box
    assert state.prod[0][MC] == -5                         # M€ production may fall to -5


def test_a_card_may_raise_a_parameter_that_has_reached_its_goal(table):
    state = table()
    give(state, 0, "vulkanausbruch")
    state.res[0][MC] = 16
    state.temperature = 6
    state._legal = None
    state.apply(("play", "vulkanausbruch", 0, 0))
    assert state.temperature == 8 and state.tr[0] == 21   # one step rose, the other is lost
    assert [e.get("parameter") for e in state.events if e.kind == "at-goal"] == ["temperature"]


def test_resources_the_player_cannot_collect_are_lost_and_the_card_is_played(table):
    state = table()
    give(state, 0, "tiertransport")                      # 3 animals to another card
    state.res[0][MC] = 5
    state.apply(("play", "tiertransport", 0, 0))
    assert state.event_pile[0] == ["tiertransport"] and not state.card_res
    assert [e.kind for e in state.events][-1] == "nothing-to-collect"


def test_animals_for_another_card_ask_which_card_when_there_are_several(table):
    state = table()
    put(state, 0, "marshasen", "schneeziegen")
    give(state, 0, "tiertransport")
    state.res[0][MC] = 5
    state.apply(("play", "tiertransport", 0, 0))
    assert sorted(names(state)) == ["add marshasen", "add schneeziegen"]
    state.apply(("add", "schneeziegen"))
    assert state.card_res == {"schneeziegen": 3}


def test_red_outlined_effects_choose_any_player_or_none(table):
    state = table()
    give(state, 0, "eismond-einschlag")                   # temperature +2, an ocean, remove up to 3 plants
    state.res[0][MC], state.res[0][TITANIUM] = 21, 0
    state.res[1][PLANTS], state.res[2][PLANTS] = 5, 2
    state.apply(("play", "eismond-einschlag", 0, 0))
    assert names(state) == ["first place_ocean", "first remove_any"]
    state.apply(("first", "place_ocean"))
    assert state.pending[0] == "place"
    state.apply(("place", "mars-0-2"))
    assert names(state) == ["target 2", "target 3", "skip"]   # player 1 has no plants to lose
    state.apply(("target", 2))
    assert names(state) == ["take 3", "take 2", "take 1"]      # "up to 3": the player says how many
    state.apply(("take", 3))
    assert state.res[1][PLANTS] == 2
    other = table()
    give(other, 0, "eismond-einschlag")
    other.res[0][MC] = 21
    other.res[1][PLANTS] = 5
    other.apply(("play", "eismond-einschlag", 0, 0))
    other.apply(("first", "place_ocean"))
    other.apply(("place", "mars-0-2"))
    other.apply(("skip",))
    assert other.res[1][PLANTS] == 5 and other.current_player == 0 and other.actions_done == 1


def test_up_to_means_the_player_may_take_less_and_no_more(table):
    """Summary: red-outlined resources are optional; the card says "up to" (bis zu) the amount."""
    state = table()
    give(state, 0, "eismond-einschlag")
    state.res[0][MC] = 21
    state.res[1][PLANTS] = 5
    state.apply(("play", "eismond-einschlag", 0, 0))
    state.apply(("first", "remove_any"))
    state.apply(("target", 2))
    assert state.explain(("take", 4)).rule == "amount.range"
    assert "3" in state.explain(("take", 4)).text["en"]
    assert state.explain(("take", 0)).rule == "amount.range"
    assert state.explain(("place", "mars-0-2")).rule == "pending.amount"
    state.apply(("take", 1))
    assert state.res[1][PLANTS] == 4
    assert parse_action(state, "take 1") == ("take", 1)


def test_a_played_cards_effects_go_in_the_order_the_player_chooses_where_it_matters(table):
    """Summary: "Soforteffekte ... können in beliebiger Reihenfolge durchgeführt werden"."""
    state = table()
    give(state, 0, "eismond-einschlag")
    state.res[0][MC] = 21
    state.res[1][PLANTS] = 5
    state.apply(("play", "eismond-einschlag", 0, 0))
    assert state.pending == ("order",)
    assert state.explain(("first", "raise_temperature")).rule == "order.effect"  # its order changes nothing
    assert state.explain(("place", "mars-0-2")).rule == "pending.order"
    state.apply(("first", "remove_any"))                  # the plants go before the ocean is placed
    assert state.pending[0] == "target"
    state.apply(("skip",))
    assert state.pending[0] == "place"                    # one effect left whose order matters: no question
    state.apply(("place", "mars-0-2"))
    assert state.pending is None and state.oceans == 1 and state.actions_done == 1
    firsts = [e for e in state.events if e.kind == "effect-first"]
    assert [(e.get("effect"), e.get("card")) for e in firsts] == [("remove_any", "eismond-einschlag")]
    assert format_action(state, ("first", "remove_any")) == "first remove_any"
    assert parse_action(state, "first remove_any") == ("first", "remove_any")


def test_a_card_with_one_effect_whose_order_matters_asks_nothing(table):
    state = table()
    give(state, 0, "staubverdunkelung")                   # an ocean and production changes
    state.res[0][MC] = 40
    state.apply(("play", "staubverdunkelung", 0, 0))
    assert state.pending is None or state.pending[0] != "order"


def test_a_production_decrease_on_any_player_stops_at_the_floor(table):
    state = table()
    give(state, 0, "stromabzweig")                       # energy +1; any player's energy -1
    state.res[0][MC] = 4
    state.prod[1][ENERGY] = 0
    state.apply(("play", "stromabzweig", 0, 0))
    assert "target 2" not in names(state) and "target 1" in names(state)
    state.apply(("target", 3))
    assert state.prod[2][ENERGY] == 0 and state.prod[0][ENERGY] == 2


def test_tag_discounts_apply_once_per_card_and_every_card_discount_to_all(table):
    state = table()
    put(state, 0, "raketenwerft", "einkaufsverbund")     # space -2, every card -1
    give(state, 0, "jupiter-werft", "wetterballone")     # 28 (jovian, space) / 5
    state.res[0][MC] = 25
    state._legal = None
    assert ("play", "jupiter-werft", 0, 0) in state.legal_actions()   # 28 - 2 - 1
    state.apply(("play", "wetterballone", 0, 0))
    assert state.res[0][MC] == 21
    assert state.explain(("play", "jupiter-werft", 0, 0)).rule == "pay.megacredits"


def test_a_discount_never_brings_the_cost_below_zero(table):
    state = table()
    put(state, 0, "einkaufsverbund")
    give(state, 0, "naechtliche-sabotage")               # 1 M€
    state.res[0][MC] = 0
    state._legal = None
    state.apply(("play", "naechtliche-sabotage", 0, 0))
    assert state.res[0][MC] == 0 and state.events[0].get("cost") == 0


def test_steel_refining_makes_steel_worth_3(table):
    state = table()
    put(state, 0, "stahlveredelung")
    give(state, 0, "kratergiesserei")                     # 12 M€
    state.res[0][STEEL], state.res[0][MC] = 4, 0
    state._legal = None
    state.apply(("play", "kratergiesserei", 4, 0))
    assert state.res[0][STEEL] == 0 and state.res[0][MC] == 0


def test_a_tag_trigger_counts_the_card_that_carries_it(table):
    state = table()
    give(state, 0, "orbitalmakler", "relaiskette")       # space: +2 M€ / space, earth
    state.res[0][MC] = 19
    state.apply(("play", "orbitalmakler", 0, 0))
    assert state.res[0][MC] == 19 - 7 + 2
    state.apply(("play", "relaiskette", 0, 0))
    assert state.res[0][MC] == 14 - 12 + 2


def test_a_microbe_trigger_adds_to_its_card_for_every_tag_played(table):
    state = table()
    state.temperature = -20
    give(state, 0, "sauerstoffbakterien", "stickstoffbinder")   # microbe / microbe, plant
    state.res[0][MC] = 30
    state._legal = None
    state.apply(("play", "sauerstoffbakterien", 0, 0))
    assert state.card_res == {"sauerstoffbakterien": 1}   # its own microbe tag
    state.apply(("play", "stickstoffbinder", 0, 0))
    assert state.card_res == {"sauerstoffbakterien": 2}


def test_tile_triggers_fire_for_the_owner_and_for_anyone(table):
    state = table()
    state.oxygen = 8
    put(state, 0, "stadtplanungsamt")                     # own city: +3 M€
    put(state, 1, "hoehlenfledermaeuse")                  # anyone's city: +1 animal
    state.res[0][MC] = 25
    state.apply(("project", "stadtbau"))
    state.apply(("place", "mars-4-0"))
    assert state.res[0][MC] == 3
    assert state.card_res == {"hoehlenfledermaeuse": 1}


def test_events_go_face_down_and_their_tags_count_for_nothing_afterwards(table):
    state = table()
    give(state, 0, "schrottbergung")                      # space event
    state.res[0][MC] = 8
    state.apply(("play", "schrottbergung", 0, 0))
    assert state.event_pile[0] == ["schrottbergung"] and state.played[0] == []
    obs = state.observation(1)
    assert obs["players"][0]["events"] == 1 and obs["players"][0]["played"] == []
    from generator.rules.terraforming_mars import conditions
    assert conditions.tag_count(state, 0, "space") == 0


def test_gain_per_tag_counts_played_cards_and_the_event_itself(table):
    state = table()
    put(state, 0, "hesperia-kuppel", "felsstadt")         # two city tags
    give(state, 0, "gruendungsfest")                      # 2 M€ per city tag
    state.res[0][MC] = 7
    state._legal = None
    state.apply(("play", "gruendungsfest", 0, 0))
    assert state.res[0][MC] == 4


def test_production_per_tag_counts_the_card_itself(table):
    state = table()
    put(state, 0, "erzader", "titanader", "tunnelbohrer")
    give(state, 0, "industrieschub")                      # +1 M€ production per 2 building tags
    state.res[0][MC] = 9
    state._legal = None
    state.apply(("play", "industrieschub", 0, 0))
    assert state.prod[0][MC] == 1 + 2


def test_a_blue_action_once_per_generation_paying_its_cost(table):
    state = table()
    put(state, 0, "saatbank", "bodenmikroben")
    state.res[0][MC] = 3
    state._legal = None
    state.apply(("action", "saatbank"))
    assert (state.res[0][MC], state.res[0][PLANTS]) == (0, 2)
    assert state.explain(("action", "saatbank")).rule == "action.used"
    state.apply(("action", "bodenmikroben"))
    assert state.card_res == {"bodenmikroben": 1}


def test_an_action_needs_its_cost_on_the_card(table):
    state = table()
    put(state, 0, "methan-archaeen", resources=1)
    assert state.explain(("action", "methan-archaeen")).rule == "effect.card-resources"
    state.card_res["methan-archaeen"] = 2
    state._legal = None
    state.apply(("action", "methan-archaeen"))
    assert state.card_res["methan-archaeen"] == 0 and state.temperature == -28


def test_a_card_that_places_a_city_needs_a_space_for_it(table):
    state = table()
    give(state, 0, "hesperia-kuppel")
    state.res[0][MC] = 18
    for _i, space in enumerate(state.data.land):
        state.tiles[space] = ("greenery", 1)
    state._legal = None
    assert state.explain(("play", "hesperia-kuppel", 0, 0)).rule == "effect.no-space"


def test_animals_may_be_taken_from_any_players_card(table):
    state = table()
    state.oxygen = 10
    put(state, 1, "marshasen", resources=3)
    put(state, 2, "schneeziegen", resources=1)
    put(state, 0, "bestaeuber")
    give(state, 0, "weidenschlag")                        # +1 animal to another card; any card -2 animals
    state.res[0][MC] = 2
    state._legal = None
    state.apply(("play", "weidenschlag", 0, 0))
    assert names(state) == ["first add_to_other_card", "first remove_any_card"]
    state.apply(("first", "add_to_other_card"))
    assert state.card_res["bestaeuber"] == 1
    assert names(state) == ["target 1 bestaeuber", "target 2 marshasen", "target 3 schneeziegen", "skip"]
    state.apply(("target", 3, "schneeziegen"))
    assert state.card_res["schneeziegen"] == 0 and state.card_res["marshasen"] == 3


def test_a_red_outlined_effect_with_nobody_to_hit_is_skipped_by_itself(table):
    state = table()
    give(state, 0, "naechtliche-sabotage")                # up to 4 steel from any player
    state.res[0][MC] = 1
    state.apply(("play", "naechtliche-sabotage", 0, 0))
    assert state.pending is None and [e.kind for e in state.events] == ["played", "no-target"]


def test_light_titanium_works_make_titanium_worth_4(table):
    state = table()
    put(state, 0, "leichtbau-titanwerk")
    give(state, 0, "spiegelring")                         # 18 M€, space
    state.res[0][TITANIUM], state.res[0][MC] = 5, 0
    state._legal = None
    assert ("play", "spiegelring", 5, 0) not in state.legal_actions()
    assert ("play", "spiegelring", 0, 5) in state.legal_actions() and (
        "play",
        "spiegelring",
        0,
        4,
    ) not in state.legal_actions()


def test_an_ocean_trigger_gives_plants_for_every_ocean_the_owner_places(table):
    state = table()
    put(state, 0, "meeresforschung")                      # own ocean: +2 plants
    put(state, 1, "planktontanks")                        # anyone's ocean: +1 microbe
    state.res[0][MC] = 18
    state._legal = None
    state.apply(("project", "bewaesserung"))
    state.apply(("place", "mars-0-2"))
    assert state.res[0][PLANTS] == 2 and state.card_res == {"planktontanks": 1}


def test_research_cards_not_played_are_hidden_from_the_others_but_shown_to_their_owner(tm):
    from generator.rules.terraforming_mars import new_game

    state = new_game(tm, 2)
    bought = [e for e in state.events if e.kind == "research"][0]
    state.apply(("buy", state.offers[0][0]))
    event = state.events[-1]
    assert event.kind == "bought" and event.secret == frozenset({"card"}) and event.private == 0
    shown = state.game.presentation.render_event(event, "en", 0)                # seat 0 sees its own card
    assert state.game.presentation.render_event(event, "en", 1) == "Player 1 buys a card for 3 M€."
    assert shown.startswith("Player 1 buys ") and "a card" not in shown and shown.endswith(" for 3 M€.")
    assert bought.private == 0 and event.as_json()["private"] == 1  # a saved game counts seats from 1
