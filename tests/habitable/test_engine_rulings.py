"""Habitable engine: the rulings this edition added for the engine (rulings.md 24-31), one test each at least."""

from __future__ import annotations

from generator.rules.habitable.decisions import rolled
from generator.rules.presentation import parse_action
from tests.habitable.conftest import hand, new_state, place, texts
from tests.habitable.test_engine_end import quiet_market
from tests.habitable.test_engine_turn import CORE, DISC, MOON, OUT, SEARCH


def test_rulings_24_to_31_are_written_in_both_languages(habitable):
    for lang in ("de", "en"):
        page = habitable.rules[lang]["rulings.md"]
        for number in range(24, 32):
            assert f"\n{number}. " in page, (lang, number)


def test_24_a_goal_met_before_the_turn_is_taken_at_its_start(habitable):
    state = new_state(habitable, players=2)
    quiet_market(state)
    state.goals_shown = ["drei-welten", "blauer-planet", "magnetschild"]
    for tile, star in ((1, "sonne"), (2, "trappist-1"), (3, "kepler-186")):
        place(state, 1, tile, star, 4, card=["eiswelt", "supererde", "junger-planet"][tile - 1])
    assert state.goals_taken[1] == []                       # not in player 1's turn
    state.apply(("end",))
    assert state.goals_taken[1] == ["drei-welten"]          # at the start of player 2's turn


def test_24_no_goal_is_taken_in_the_final_end_of_turn_pass(habitable):
    state = new_state(habitable, players=2)
    quiet_market(state, pile=[])
    state.apply(("end",))                                    # player 1 triggers the end
    planet = place(state, 0, 1, "sonne", 5, temperature=-1, life=5)
    state.goals_shown = ["goldloeckchen"]
    hand(state, 1, [])
    state.apply(("end",))                                    # player 2 ends the round; the final pass
    assert state.is_terminal and planet.temperature == 0 and planet.habitable   # Goldilocks' condition holds
    assert state.goals_taken == [[], []] and state.goals_shown == ["goldloeckchen"]


def test_27_your_own_refill_event_finds_your_hand_discarded(habitable):
    state = new_state(habitable, players=2)
    quiet_market(state, pile=["urozean", "urozean", "urozean", "gammablitz"])
    mine = place(state, 0, 1, "sonne", 5, life=3)
    hand(state, 0, [MOON, MOON])
    hand(state, 1, [])
    state.apply(("end",))
    assert mine.life == 3 - 2 and state.trashed[0] == []   # no Moon decision for player 1


def test_28_the_last_player_runs_the_mechanism_twice_at_the_end(habitable):
    state = new_state(habitable, players=2)
    quiet_market(state, pile=[])
    state.apply(("end",))
    last = place(state, 1, 1, "sonne", 5, temperature=3, life=4)
    hand(state, 1, [])
    state.apply(("end",))
    assert state.is_terminal and last.life == 2
    assert [e.get("planet") for e in state.events if e.kind == "end-of-turn"] == [(1, 1), (1, 1)]  # seat 1: Player 2


def test_29_a_search_from_a_star_takes_the_lowest_stack_and_without_stacks_does_nothing(habitable):
    state = new_state(habitable, players=2)
    place(state, 0, 1, "sonne", 5)
    state.roll_distance = lambda search: rolled(state, search, (1, 1))
    hand(state, 0, [SEARCH, DISC, SEARCH])
    state.apply(parse_action(state, f"play {SEARCH}"))
    state.apply(state.legal_actions()[0]) if state.phase == "pay" else None
    state.apply(parse_action(state, "search trappist-1"))
    assert state.choice[1] == 2                              # stack 1 is discovered: stack 2 goes
    state.apply(parse_action(state, "distance 2"))
    state.apply(parse_action(state, "discover"))
    place(state, 0, 3, "kepler-186", 4)
    hand(state, 0, [SEARCH, DISC])
    state.apply(parse_action(state, f"play {SEARCH}"))
    assert state.phase == "main" and "search-nothing" in [e.kind for e in state.events]


def test_30_archiving_one_card_draws_none(habitable):
    state = new_state(habitable, players=2)
    hand(state, 0, [OUT, CORE], deck=[SEARCH])
    state.apply(parse_action(state, f"archive {OUT}"))
    assert state.hands[0] == [CORE] and state.decks[0] == [SEARCH]
    assert state.phase == "archive" and f"archive {CORE}" in texts(state)   # and again


def test_31_the_attacker_pays_before_the_owner_decides(habitable):
    state = new_state(habitable, players=2)
    place(state, 1, 1, "sonne", 5)
    hand(state, 0, ["sonnenwind", SEARCH, DISC, OUT])
    hand(state, 1, [MOON])
    state.apply(parse_action(state, "play sonnenwind on 2/1"))
    if state.phase == "pay":
        state.apply(state.legal_actions()[0])
    assert state.phase == "defend" and len(state.hands[0]) < 3
