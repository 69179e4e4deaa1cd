"""Habitable engine: planet search, discovery, orbital migration, Bombardment and Cambrian explosion."""

from __future__ import annotations

from generator.rules.habitable.decisions import rolled
from generator.rules.habitable.planets import DISCOVERED, HOME, UNDISCOVERED
from generator.rules.presentation import parse_action
from tests.habitable.conftest import hand, new_state, place, texts
from tests.habitable.test_engine_turn import COOL, CORE, DISC, HEAT, MOON, OUT, SEARCH, refused


def searching(habitable, dice=(2, 1), players=2, cards=(SEARCH, OUT, CORE, DISC)):
    """Player 1 has played a planet search and chosen to start at the Sun; the dice show `dice`."""
    state = new_state(habitable, players=players)
    state.roll_distance = lambda search: rolled(state, search, dice)   # the test's dice
    hand(state, 0, list(cards))
    state.apply(parse_action(state, f"play {cards[0]}"))
    if state.phase == "pay":
        state.apply(state.legal_actions()[0])
    return state


def test_a_search_starts_at_a_star_or_with_an_undiscovered_planet(habitable):
    state = searching(habitable)
    assert state.choice == ("search", 0)
    assert texts(state) == ["search sonne", "search proxima-centauri", "search trappist-1", "search kepler-186"]
    place(state, 0, 2, "trappist-1", 3, card=None)
    assert "search planet 2" in texts(state)
    assert refused(state, "search planet 3") == "search.place"


def test_the_planet_moves_the_roll_skipping_occupied_circles_and_is_discovered(habitable):
    state = searching(habitable, dice=(2, 1))
    place(state, 1, 1, "sonne", 2, card=None)                # circles 2 and 3 are taken
    place(state, 1, 2, "sonne", 3, card="eiswelt")
    state.planet_pile.append("gesteinsplanet")               # the top planet card
    state.apply(parse_action(state, "search sonne"))
    assert state.choice[:5] == ("distance", 1, 0, 0, 3)
    state.apply(parse_action(state, "distance 3"))            # 1, (2), (3), 4, 5
    planet = state.planet(0, 1)
    assert (planet.status, planet.pos) == (UNDISCOVERED, 5)
    assert texts(state) == ["discover", "leave"]
    state.apply(parse_action(state, "discover"))
    assert (planet.status, planet.card) == (DISCOVERED, "gesteinsplanet")
    assert (planet.temperature, planet.water, planet.magnetism, planet.life) == (0, 1, 1, 0)   # green: +0
    assert not planet.habitable and state.phase == "main"


def test_the_zone_modifier_changes_the_start_temperature(habitable):
    state = searching(habitable, dice=(2, 2))
    state.planet_pile.append("eiswelt")                      # start temperature −3
    state.apply(parse_action(state, "search sonne"))
    state.apply(parse_action(state, "distance 4"))            # circle 4: yellow, +1
    state.apply(parse_action(state, "discover"))
    assert state.planet(0, 1).temperature == -2


def test_a_planet_left_undiscovered_stays_and_a_later_search_moves_it_on(habitable):
    state = searching(habitable, dice=(1, 2))
    state.apply(parse_action(state, "search sonne"))
    state.apply(parse_action(state, "distance 3"))
    state.apply(parse_action(state, "leave"))
    planet = state.planet(0, 1)
    assert (planet.status, planet.pos) == (UNDISCOVERED, 3)
    hand(state, 0, [SEARCH, DISC])
    state.roll_distance = lambda search: rolled(state, search, (1, 1))
    state.apply(parse_action(state, f"play {SEARCH}"))
    state.apply(parse_action(state, "search planet 1"))
    state.apply(parse_action(state, "distance 2"))
    assert (planet.status, planet.pos) == (UNDISCOVERED, 5)


def test_a_planet_on_a_white_circle_or_beyond_returns_home(habitable):
    state = searching(habitable, dice=(3, 3))
    state.apply(parse_action(state, "search proxima-centauri"))   # Proxima: zone 2-4, white 5-6
    state.apply(parse_action(state, "distance 6"))                # beyond the 6th circle
    assert state.planet(0, 1).status == HOME and state.phase == "main"
    assert [e.kind for e in state.events][-1] == "returned"
    state = searching(habitable, dice=(3, 2))
    state.apply(parse_action(state, "search proxima-centauri"))
    state.apply(parse_action(state, "distance 5"))                # white
    assert state.planet(0, 1).status == HOME


def test_changing_the_roll_by_one_costs_two(habitable):
    state = new_state(habitable, players=2)
    state.roll_distance = lambda search: rolled(state, search, (2, 3))
    hand(state, 0, [SEARCH, DISC, OUT, CORE, HEAT])
    state.apply(parse_action(state, f"play {SEARCH}"))
    state.apply(parse_action(state, f"pay {DISC}"))
    state.apply(parse_action(state, "search sonne"))
    assert texts(state) == ["distance 4", "distance 5", "distance 6"]
    state.apply(parse_action(state, "distance 6"))
    assert state.phase == "pay" and state.choice[1] == 2
    state.apply(parse_action(state, f"pay {OUT} {CORE}"))
    assert (state.planet(0, 1).status, state.planet(0, 1).pos) == (UNDISCOVERED, 6)   # light blue
    assert state.hands[0] == [HEAT] and state.choice == ("discover", 1)


def test_the_paid_change_needs_a_hand_worth_two(habitable):
    state = searching(habitable, dice=(2, 3), cards=(SEARCH, OUT, DISC))
    state.apply(parse_action(state, "search sonne"))
    assert texts(state) == ["distance 5"]
    assert refused(state, "distance 6") == "distance.cost"
    assert refused(state, "distance 8") == "distance.range"


def test_a_steered_search_changes_the_roll_for_free_and_for_two_more(habitable):
    state = searching(habitable, dice=(1, 1), cards=("weltraumteleskop", OUT, CORE, DISC, HEAT))
    state.apply(parse_action(state, "search trappist-1"))
    assert texts(state) == ["distance 1", "distance 2", "distance 3", "distance 4"]   # never below 1
    state.apply(parse_action(state, "distance 3"))                # free: within 1 of 2
    assert state.phase == "choice" and state.choice == ("discover", 1)


def test_the_rulebook_orbital_migration_example(habitable):
    """Orange (+2) to yellow (+1): −1 for your planet, +1 for the planet it swaps with."""
    state = new_state(habitable, players=2)
    mine = place(state, 0, 1, "sonne", 3, temperature=1)        # orange
    theirs = place(state, 1, 1, "sonne", 4, card="eiswelt", temperature=-1)   # yellow
    hand(state, 0, ["orbitale-migration", SEARCH])
    state.apply(parse_action(state, "play orbitale-migration on 1/1"))
    assert texts(state) == ["migrate out"]                      # circle 2 is white
    state.apply(parse_action(state, "migrate out"))
    assert (mine.pos, mine.temperature) == (4, 0)
    assert (theirs.pos, theirs.temperature) == (3, 0)


def test_migration_swaps_with_an_undiscovered_planet_without_temperature(habitable):
    state = new_state(habitable, players=2)
    mine = place(state, 0, 1, "sonne", 5, temperature=0)
    other = place(state, 1, 2, "sonne", 6, card=None)
    hand(state, 0, ["orbitale-migration", SEARCH])
    state.apply(parse_action(state, "play orbitale-migration on 1/1"))
    assert texts(state) == ["migrate in", "migrate out"]
    state.apply(parse_action(state, "migrate out"))
    assert (mine.pos, mine.temperature) == (6, -1) and (other.pos, other.temperature) == (5, 0)


def test_bombardment_sets_off_the_next_other_card_that_raises_water(habitable):
    state = new_state(habitable, players=2)
    planet = place(state, 0, 1, "sonne", 5, water=1, life=2)
    hand(state, 0, ["bombardement", SEARCH, OUT])
    state.decks[0] = ["eiskomet", COOL, "bombardement"]         # top is the end: Bombardment first
    state.apply(parse_action(state, "play bombardement on 1/1"))
    assert planet.water == 1 + 1 + 2 and planet.life == 1
    assert state.decks[0] == []
    assert sorted(state.discards[0]) == sorted([SEARCH, OUT, "bombardement", COOL, "eiskomet", "bombardement"])
    assert [e.get("card") for e in state.events if e.kind in ("revealed", "set-off")] == \
        ["bombardement", COOL, "eiskomet"]


def test_the_deck_search_shuffles_the_discard_pile_but_not_the_cards_aside(habitable):
    state = new_state(habitable, players=2)
    planet = place(state, 0, 1, "sonne", 5, water=1)
    hand(state, 0, ["bombardement", SEARCH, OUT])
    state.decks[0] = [COOL]
    state.discards[0] = ["eiskomet"]
    state.apply(parse_action(state, "play bombardement on 1/1"))
    assert planet.water == 4                                     # found after the reshuffle
    assert any(e.kind == "reshuffled" for e in state.events)


def test_without_a_matching_card_the_extra_ability_is_lost(habitable):
    state = new_state(habitable, players=2)
    planet = place(state, 0, 1, "sonne", 5, water=1)
    hand(state, 0, ["bombardement", SEARCH, HEAT])
    state.decks[0] = [COOL, CORE]
    state.discards[0] = []
    state.apply(parse_action(state, "play bombardement on 1/1"))   # the payment is reshuffled and revealed too
    assert planet.water == 2 and state.decks[0] == []
    assert sorted(state.discards[0]) == sorted([SEARCH, HEAT, "bombardement", COOL, CORE])
    assert [e.kind for e in state.events if e.kind == "search-failed"] == ["search-failed"]


def test_the_cambrian_explosion_skips_cards_whose_requirement_fails(habitable):
    state = new_state(habitable, players=2)
    planet = place(state, 0, 1, "sonne", 5, life=1)             # habitable, life 1
    hand(state, 0, ["kambrische-explosion", "zivilisation"])
    state.decks[0] = ["einzeller", "zivilisation", "kambrische-explosion"]   # Civilisation needs 5 life
    state.apply(parse_action(state, "play kambrische-explosion on 1/1"))
    assert planet.life == 1 + 2 + 1                             # its own +2, then Single cells +1
    assert [e.get("card") for e in state.events if e.kind == "set-off"] == ["einzeller"]


def test_a_bombardment_on_another_players_planet_sets_off_its_card_there(habitable):
    state = new_state(habitable, players=2)
    theirs = place(state, 1, 1, "sonne", 5, water=0, life=0)
    hand(state, 1, [])
    hand(state, 0, ["bombardement", SEARCH, OUT, CORE])
    state.decks[0] = ["eiskomet"]
    state.apply(parse_action(state, "play bombardement on 2/1"))
    if state.phase == "pay":
        state.apply(state.legal_actions()[0])
    assert theirs.water == 3


def test_moons_can_defend_but_not_as_a_played_effect(habitable):
    state = new_state(habitable, players=2)
    hand(state, 0, [MOON])
    assert texts(state)[:2] == [f"archive {MOON}", f"play {MOON}"]
