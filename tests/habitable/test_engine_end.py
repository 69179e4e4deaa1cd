"""Habitable engine: the end of a turn (market refill, events, end-of-turn mechanism, drawing) and of the game."""

from __future__ import annotations

import random

import pytest

from generator.rules.habitable.data import REMOVED_AT_REFILL
from generator.rules.presentation import parse_action
from tests.habitable.conftest import hand, new_state, place, texts
from tests.habitable.test_engine_turn import CORE, DISC, HEAT, MOON, OUT, SEARCH, refused

MARKET = ["mond", "planetensuche", "weltraumteleskop", "orbitale-migration", "bombardement", "eiskomet",
          "eisenkern", "vulkanismus"]
PILE = ["urozean", "einzeller", "ursuppe", "sonnenwind", "gezeitenheizung", "eisschild"]   # top is the end


def quiet_market(state, pile=None):
    state.market = list(MARKET)
    state.pile = list(PILE if pile is None else pile)
    state.epoch_one_left = len(state.pile)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_refill_removes_the_last_cards_slides_them_and_fills_from_the_pile(habitable, players):
    state = new_state(habitable, players=players)
    quiet_market(state)
    removed = REMOVED_AT_REFILL[players]
    assert removed == {5: 1, 4: 2, 3: 3, 2: 4}[players]
    state.apply(("end",))
    assert state.black_hole == MARKET[::-1][:removed]
    kept = MARKET[:8 - removed]
    drawn = PILE[::-1][:removed]                             # the first card drawn slides furthest
    assert state.market == drawn[::-1] + kept


def test_a_bought_slot_is_skipped_when_the_last_cards_are_removed(habitable):
    state = new_state(habitable, players=4)
    quiet_market(state)
    hand(state, 0, [DISC, SEARCH])
    state.apply(parse_action(state, "buy 8"))                 # Volcanism leaves slot 8
    state.apply(parse_action(state, f"pay {DISC}"))
    state.apply(("end",))
    assert state.black_hole == ["eisenkern", "eiskomet"]     # the 2 cards nearest the black hole (ruling 25)
    assert state.market == ["sonnenwind", "gezeitenheizung", "eisschild"] + MARKET[:5]


def test_the_end_of_turn_mechanism_runs_its_steps_in_order_on_each_planet(habitable):
    state = new_state(habitable, players=2)
    quiet_market(state)
    hot = place(state, 0, 1, "sonne", 5, temperature=3, water=3, magnetism=3, life=5)
    cold = place(state, 0, 2, "trappist-1", 4, card="eiswelt", temperature=-4, water=3, magnetism=3, life=2)
    fine = place(state, 0, 3, "kepler-186", 4, card="supererde", temperature=1, water=4, magnetism=4, life=3)
    hand(state, 0, [])
    state.apply(("end",))
    # hot: life 5 > 4 -> temperature 4; at +4 -> water 2; not habitable -> life 4
    assert (hot.temperature, hot.water, hot.magnetism, hot.life) == (4, 2, 3, 4)
    # cold: at −4 -> magnetism 2; not habitable -> life 1
    assert (cold.temperature, cold.water, cold.magnetism, cold.life) == (-4, 3, 2, 1)
    assert (fine.temperature, fine.water, fine.magnetism, fine.life) == (1, 4, 4, 3)
    steps = [(e.get("planet"), e.get("warmed"), e.get("dried"), e.get("weakened"), e.get("died"))
             for e in state.events if e.kind == "end-of-turn"]
    assert steps == [((0, 1), 1, -1, 0, -1), ((0, 2), 0, 0, -1, -1), ((0, 3), 0, 0, 0, 0)]  # (seat from 0, tile)


def test_a_planet_made_habitable_again_before_the_end_of_turn_loses_no_life(habitable):
    state = new_state(habitable, players=2)
    quiet_market(state)
    planet = place(state, 0, 1, "sonne", 5, temperature=3, life=2)   # too hot
    hand(state, 0, ["start-wolken", OUT])
    state.apply(parse_action(state, "play start-wolken on 1/1"))
    state.apply(("end",))
    assert planet.habitable and planet.life == 2


def test_only_the_active_players_planets_run_the_mechanism(habitable):
    state = new_state(habitable, players=2)
    quiet_market(state)
    other = place(state, 1, 1, "sonne", 5, temperature=4, water=1, life=1)
    state.apply(("end",))
    assert (other.water, other.life) == (1, 1)


def test_after_the_turn_the_player_draws_five_and_the_next_player_starts(habitable):
    state = new_state(habitable, players=3)
    quiet_market(state)
    hand(state, 0, [OUT, CORE], deck=[SEARCH, DISC, HEAT])
    state.discards[0] = [MOON, MOON]
    state.apply(("end",))
    assert len(state.hands[0]) == 5 and len(state.decks[0]) == 2     # 3 drawn, then 2 after the reshuffle
    assert sorted(state.hands[0] + state.decks[0]) == sorted([OUT, CORE, SEARCH, DISC, HEAT, MOON, MOON])
    assert any(e.kind == "reshuffled" for e in state.events)
    assert state.current_player == 1 and state.phase == "archive" and state.turn == 2


def test_an_event_hits_every_discovered_planet_and_moons_defend_their_owners(habitable):
    state = new_state(habitable, players=3)
    quiet_market(state, pile=PILE + ["eiszeit"])            # the first card drawn is the Ice age
    mine = place(state, 0, 1, "sonne", 5, temperature=1)
    defended = place(state, 1, 1, "sonne", 6, card="supererde", temperature=1)
    hit = place(state, 1, 2, "trappist-1", 4, card="eiswelt", temperature=1)
    open_ = place(state, 2, 1, "kepler-186", 4, card="marsaehnlich", temperature=1)
    hand(state, 0, [MOON, OUT])                              # discarded before the refill: no defence
    hand(state, 1, [MOON, OUT], deck=[CORE])
    hand(state, 2, [OUT])
    state.apply(("end",))
    assert mine.temperature == -1                            # hit at once
    assert state.phase == "defend" and state.current_player == 1
    assert texts(state) == ["defend start-mond", "allow"]
    state.apply(parse_action(state, "defend start-mond"))
    assert defended.temperature == 1 and state.trashed[1] == [MOON]
    assert sorted(state.hands[1]) == sorted([OUT, CORE])     # the replacement
    assert hit.temperature == -1 and open_.temperature == -1  # one Moon shields one planet
    assert "eiszeit" in state.events_done and "eiszeit" not in state.market
    assert state.current_player == 1 and state.player == 1   # player 2's turn now


def test_an_event_gives_no_life_token(habitable):
    state = new_state(habitable, players=2)
    quiet_market(state, pile=PILE + ["hellerer-stern"])
    theirs = place(state, 1, 1, "sonne", 5, temperature=-4)
    hand(state, 1, [])
    state.apply(("end",))
    assert theirs.habitable and state.tokens == [0, 0]


def test_the_game_ends_when_the_market_cannot_be_refilled_after_the_round(habitable):
    state = new_state(habitable, players=3)
    quiet_market(state, pile=["urozean"])
    p1 = place(state, 0, 1, "sonne", 5, temperature=3, life=3)           # loses 1 life per mechanism
    state.apply(("end",))                                    # needs 3 cards, finds 1
    assert state.end_triggered and not state.is_terminal
    assert p1.life == 2 and state.current_player == 1
    state.apply(("end",))                                    # player 2
    assert not state.is_terminal and state.current_player == 2
    state.apply(("end",))                                    # player 3 completes the round
    assert state.is_terminal and state.legal_actions() == []
    assert p1.life == 1                                      # the final end-of-turn pass for everyone
    assert [e.get("planet") for e in state.events if e.kind == "end-of-turn"][-1] == (0, 1)
    assert refused(state, "end") == "game-over"


def test_scores_count_planet_life_goals_and_tokens_and_ties_break_by_habitable_planets_then_goals(habitable):
    state = new_state(habitable, players=3)
    place(state, 0, 1, "sonne", 5, life=3)                   # 3, habitable
    state.tokens[1] = 3                                      # 3, nothing habitable
    place(state, 2, 1, "trappist-1", 4, card="eiswelt", life=1)
    state.goals_taken[2] = ["goldloeckchen"]                 # 1 + 2 = 3, habitable, 1 goal
    state.result = "score"
    outcome = state.outcome()
    assert [(r.player, r.score, r.rank, r.won) for r in outcome.results] == \
        [(0, 3.0, 2, False), (1, 3.0, 3, False), (2, 3.0, 1, True)]           # seats from 0
    assert outcome.results[2].breakdown == (("planets", 1.0), ("goals", 2.0), ("tokens", 0.0))
    state.goals_taken[0] = ["magnetschild"]
    state.planet(0, 1).life = 1                              # 1 + 2 = 3, habitable, 1 goal: shared
    outcome = state.outcome()
    assert [r.rank for r in outcome.results] == [1, 3, 1] and outcome.winners == (0, 2)
    assert outcome.text["en"].startswith("Game over")


def test_observation_hides_other_hands_and_every_deck_order(habitable):
    state = new_state(habitable, players=3, seed=5)
    seen = state.observation(1)
    assert seen["player"] == 1 and seen["to_play"] == state.current_player == 0   # seats from 0
    assert seen["hand"] == state.hands[1] and seen["draw_pile"] == sorted(state.decks[1])
    assert seen["hands"] == [5, 5, 5] and "pile" not in seen and seen["market_pile"] == len(state.pile)
    assert state.hands[0][0] not in str(seen["hands"])


def test_resampling_keeps_what_the_player_sees_and_redraws_the_rest(habitable):
    state = new_state(habitable, players=3, seed=5)
    twins = [state.resample_hidden(0, random.Random(i)) for i in range(8)]
    for twin in twins:
        assert twin.hands[0] == state.hands[0] and sorted(twin.decks[0]) == sorted(state.decks[0])
        assert twin.market == state.market and len(twin.pile) == len(state.pile)
        assert sorted(twin.hands[1] + twin.decks[1]) == sorted(state.hands[1] + state.decks[1])
        assert twin.epoch_one_left == state.epoch_one_left
        cut = len(twin.pile) - twin.epoch_one_left
        assert all(c in state.data.epoch_two or c in state.data.events for c in twin.pile[:cut])
    assert len({tuple(t.hands[1]) for t in twins} | {tuple(t.pile) for t in twins}) > 2


def test_a_player_may_end_the_turn_at_once(habitable):
    state = new_state(habitable, players=2)
    assert texts(state)[-1] == "end"
