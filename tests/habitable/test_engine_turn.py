"""Habitable engine: a turn – archiving, playing, buying, paying, costs, attacks, Moons, life tokens, goals."""

from __future__ import annotations

import pytest

from generator.rules.core import RuleError
from generator.rules.presentation import parse_action
from tests.habitable.conftest import hand, new_state, place, texts

SEARCH, OUT, CORE, HEAT, COOL, MOON, DISC = ("start-planetensuche", "start-ausgasung", "start-kerndynamo",
                                              "start-treibhausgase", "start-wolken", "start-mond", "start-staubscheibe")


def refused(state, text: str) -> str:
    """The rule id the engine gives for the written action (it must be refused)."""
    try:
        action = parse_action(state, text)
    except RuleError as exc:
        return exc.rule
    explanation = state.explain(action)
    assert not explanation.legal, text
    assert explanation.text["de"] and explanation.text["en"]
    return explanation.rule


def test_the_rulebook_archive_example(habitable):
    """Discard 4 of 5 and draw 3 (hand 4); discard 2 of 4 and draw 1 (hand 3); then go on."""
    state = new_state(habitable, players=2)
    hand(state, 0, [SEARCH, OUT, CORE, HEAT, COOL], deck=[DISC, MOON, SEARCH, OUT, CORE])
    state.apply(parse_action(state, f"archive {OUT} {CORE} {HEAT} {COOL}"))
    assert len(state.hands[0]) == 4 and sorted(state.hands[0]) == sorted([SEARCH, CORE, OUT, SEARCH])
    assert state.discards[0] == [OUT, CORE, HEAT, COOL]
    state.apply(parse_action(state, f"archive {CORE} {OUT}"))
    assert len(state.hands[0]) == 3 and sorted(state.hands[0]) == sorted([SEARCH, SEARCH, MOON])
    assert state.phase == "archive"                          # archiving may be repeated
    state.apply(parse_action(state, f"play {MOON}"))
    assert refused(state, f"archive {SEARCH}") == "choice-first"   # the Moon asks what it trashes
    state.apply(parse_action(state, "trash none"))
    assert refused(state, f"archive {SEARCH}") == "archive.late"   # only before playing or buying


def test_a_cost_is_paid_with_cards_that_reach_it_none_superfluous(habitable):
    state = new_state(habitable, players=2)
    place(state, 0, 1, "sonne", 5, water=1)
    hand(state, 0, ["eiskomet", SEARCH, OUT, CORE, MOON])
    state.apply(parse_action(state, "play eiskomet on 1/1"))
    assert state.phase == "pay"
    assert sorted(texts(state)) == sorted([f"pay {SEARCH}", f"pay {OUT} {CORE}"])
    assert refused(state, f"pay {OUT} {SEARCH}") == "pay.superfluous"    # no change
    assert refused(state, f"pay {OUT}") == "pay.short"
    assert refused(state, f"pay {MOON} {SEARCH}") == "pay.superfluous"   # the Moon is worth 0
    state.apply(parse_action(state, f"pay {SEARCH}"))
    assert state.planet(0, 1).water == 3 and state.discards[0] == [SEARCH, "eiskomet"]


def test_a_higher_card_never_pays_for_several_cheaper_ones(habitable):
    state = new_state(habitable, players=2)
    state.market[0], state.market[1] = "eiskomet", "eisenkern"
    hand(state, 0, ["zivilisation", OUT])
    state.apply(("buy", 0))                                  # only Civilisation (6) reaches 2: paid at once
    assert state.hands[0] == [OUT] and state.discards[0] == ["zivilisation", "eiskomet"]
    assert ("buy", 1) not in state.legal_actions()           # nothing is left of the 6
    assert refused(state, "buy 2") == "buy.cost"


def test_industrialisation_costs_4_on_your_planet_and_5_as_an_attack(habitable):
    state = new_state(habitable, players=2)
    place(state, 0, 1, "sonne", 5)                           # habitable
    place(state, 1, 1, "trappist-1", 4, card="supererde")   # habitable too
    place(state, 0, 2, "kepler-186", 4, card="eiswelt", water=1, life=3)   # neither habitable nor 4 life
    hand(state, 0, ["industrialisierung", SEARCH, DISC])     # hand worth 4 besides the card
    assert "play industrialisierung on 1/1" in texts(state)
    assert refused(state, "play industrialisierung on 2/1") == "play.cost"
    assert state.explain(parse_action(state, "play industrialisierung on 2/1")).text["en"] == \
        "This costs 5; the other cards in your hand are worth only 4."
    assert refused(state, "play industrialisierung on 1/2") == "play.requirement"
    state.planet(0, 2).life = 4                              # "more than 3 life points" (ruling 6)
    state._legal = None
    assert "play industrialisierung on 1/2" in texts(state)
    hand(state, 0, ["industrialisierung", SEARCH, DISC, OUT])
    hand(state, 1, [])
    state.apply(parse_action(state, "play industrialisierung on 2/1"))
    events = [e for e in state.events if e.kind == "played"]
    assert events[0].get("cost") == 5
    assert state.planet(1, 1).life == 2 and state.planet(1, 1).temperature == 2


def test_only_red_plus_one_cards_go_on_another_players_planet(habitable):
    state = new_state(habitable, players=2)
    place(state, 1, 1, "sonne", 5, water=1)
    hand(state, 0, ["eiskomet", "sonnenwind", SEARCH, OUT])
    assert refused(state, "play eiskomet on 2/1") == "play.not-yours"
    assert "play sonnenwind on 2/1" in texts(state)          # attack: cost 2 + 1
    assert refused(state, "play eiskomet") == "play.target-needed"
    assert refused(state, f"play {DISC}") == "play.hand"


def test_the_green_minus_one_counts_beside_another_habitable_planet(habitable):
    state = new_state(habitable, players=2)
    place(state, 0, 1, "sonne", 5)                           # habitable
    place(state, 1, 1, "sonne", 6, card="supererde")         # habitable, beside it
    place(state, 0, 2, "trappist-1", 4, card="eiswelt")      # habitable, alone
    hand(state, 0, ["einzeller", OUT])
    assert "play einzeller on 1/1" in texts(state)           # 2 − 1 = 1
    assert refused(state, "play einzeller on 1/2") == "play.cost"


def test_buying_puts_the_card_on_the_discard_pile_and_leaves_the_slot_empty(habitable):
    state = new_state(habitable, players=2)
    state.market[3] = "eiskomet"
    hand(state, 0, [SEARCH, MOON])
    state.apply(parse_action(state, "buy 4"))
    assert state.market[3] is None and state.discards[0] == [SEARCH, "eiskomet"] and state.hands[0] == [MOON]


def test_buying_and_playing_at_once_costs_three_times_with_modifiers(habitable):
    state = new_state(habitable, players=2)
    place(state, 1, 1, "sonne", 5, temperature=0)
    state.market[2] = "treibhauseffekt"                      # attack, cost 2
    hand(state, 0, ["zivilisation", SEARCH])                 # worth 8
    assert "buy-play 3 on 2/1" not in texts(state)           # 3 × (2 + 1) = 9
    hand(state, 0, ["zivilisation", SEARCH, OUT])            # worth 9
    hand(state, 1, [])
    state.apply(parse_action(state, "buy-play 3 on 2/1"))
    assert state.planet(1, 1).temperature == 2
    assert "treibhauseffekt" in state.discards[0] and state.market[2] is None


def test_the_moon_as_an_action_trashes_up_to_two_other_cards(habitable):
    state = new_state(habitable, players=2)
    hand(state, 0, [MOON, OUT, CORE, HEAT])
    state.apply(parse_action(state, f"play {MOON}"))
    assert state.choice == ("trash", 2)
    assert "trash none" in texts(state) and f"trash {OUT} {CORE}" in texts(state)
    assert refused(state, f"trash {CORE} {HEAT} {OUT}") == "trash.cards"
    state.apply(parse_action(state, f"trash {CORE} {OUT}"))   # written in any order
    assert state.trashed[0] == [OUT, CORE] and state.hands[0] == [HEAT] and state.discards[0] == [MOON]


def test_an_attack_defended_by_a_moon_does_nothing_and_stays_paid(habitable):
    state = new_state(habitable, players=3)
    target = place(state, 1, 1, "sonne", 5, temperature=0)
    hand(state, 0, ["treibhauseffekt", SEARCH, OUT])
    hand(state, 1, [MOON, OUT], deck=[CORE])
    state.apply(parse_action(state, "play treibhauseffekt on 2/1"))
    assert state.phase == "defend" and state.current_player == 1       # the owner decides
    assert texts(state) == [f"defend {MOON}", "allow"]
    assert refused(state, "end") == "defend-first"
    state.apply(parse_action(state, f"defend {MOON}"))
    assert target.temperature == 0
    assert state.trashed[1] == [MOON] and sorted(state.hands[1]) == sorted([OUT, CORE])   # replaced by a draw
    assert sorted(state.discards[0]) == sorted([SEARCH, OUT, "treibhauseffekt"])
    assert state.current_player == 0 and state.phase == "main"


def test_an_attack_allowed_happens_and_a_life_token_rewards_making_a_planet_habitable(habitable):
    state = new_state(habitable, players=2)
    target = place(state, 1, 1, "sonne", 5, temperature=-4)
    hand(state, 0, ["treibhauseffekt", SEARCH, OUT])
    hand(state, 1, [MOON])
    state.apply(parse_action(state, "play treibhauseffekt on 2/1"))
    state.apply(parse_action(state, "allow"))
    assert target.temperature == -2 and target.habitable
    assert state.tokens == [1, 0]
    assert [e.kind for e in state.events if e.kind in ("habitable", "life-token")] == ["habitable", "life-token"]


def test_making_your_own_planet_habitable_gives_no_token(habitable):
    state = new_state(habitable, players=2)
    place(state, 0, 1, "sonne", 5, water=1)
    hand(state, 0, ["eiskomet", SEARCH])
    state.apply(parse_action(state, "play eiskomet on 1/1"))
    assert state.planet(0, 1).habitable and state.tokens == [0, 0]


def test_values_stop_at_the_ends_of_their_tracks(habitable):
    state = new_state(habitable, players=2)
    planet = place(state, 0, 1, "sonne", 5, temperature=3, water=7)
    hand(state, 0, ["treibhauseffekt", "eiskomet", SEARCH, DISC])
    state.apply(parse_action(state, "play treibhauseffekt on 1/1"))
    assert state.phase == "pay"                              # Icy comet, Planet search or the disc pay 2
    state.apply(parse_action(state, f"pay {DISC}"))
    assert planet.temperature == 4
    assert [e.get("by") for e in state.events if e.kind == "changed"] == [1]


def test_a_goal_is_taken_as_soon_as_its_condition_holds_in_your_turn(habitable):
    state = new_state(habitable, players=2)
    state.goals_shown = ["blauer-planet", "drei-welten", "magnetschild"]
    place(state, 0, 1, "sonne", 5, water=4)
    hand(state, 0, ["eiskomet", SEARCH])
    state.apply(parse_action(state, "play eiskomet on 1/1"))
    assert state.goals_taken[0] == ["blauer-planet"] and "blauer-planet" not in state.goals_shown
    assert [e.get("goal") for e in state.events if e.kind == "goal-taken"] == ["blauer-planet"]
    state.planet(0, 1).water = 2                              # a goal once taken is kept (ruling 21)
    assert state.score(0)[1] == ("goals", 2)


def test_a_card_that_needs_a_planet_cannot_be_played_without_one(habitable):
    state = new_state(habitable, players=2)
    hand(state, 0, ["eiskomet", "evolution", SEARCH, OUT, CORE])
    names = texts(state)
    assert not any(t.startswith("play eiskomet") for t in names)
    assert "play evolution" in names and f"play {SEARCH}" in names


@pytest.mark.parametrize("text,rule", [("fly away", "notation.unknown"), ("play nothing-such", "notation.card"),
                                       ("play eiskomet on 1-1", "notation.planet"), ("buy x", "notation.number")])
def test_notation_refusals_say_what_is_wrong(habitable, text, rule):
    state = new_state(habitable, players=2)
    with pytest.raises(RuleError) as info:
        parse_action(state, text)
    assert info.value.rule == rule and info.value.text["de"] and info.value.text["en"]
