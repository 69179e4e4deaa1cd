"""A generation's four phases, set-up by the rulings, turns of 1-2 actions, production, the end."""

from __future__ import annotations

from generator.rules.terraforming_mars import new_game
from generator.rules.terraforming_mars.data import HEAT, MC, PLANTS

from .conftest import give, names


def test_setup_gives_tr_20_productions_1_40_mc_and_10_cards_to_buy_at_3(tm):
    state = new_game(tm, 5)
    assert state.n == 3 and state.tr == [20, 20, 20]
    assert all(prod == [1] * 6 for prod in state.prod)
    assert all(res == [40, 0, 0, 0, 0, 0] for res in state.res)
    assert [len(o) for o in state.offers] == [10, 10, 10] and state.phase == "research"
    card = state.offers[0][0]
    state.apply(("buy", card))
    assert state.hand[0] == [card] and state.res[0][MC] == 37
    state.apply(("done",))
    assert len(state.discard) == 9 and state.current_player == 1


def test_the_first_generation_starts_with_the_action_phase_of_player_1(tm):
    state = new_game(tm, 5, {"players": "2"})
    for _ in range(2):
        state.apply(("done",))
    assert (state.phase, state.generation, state.current_player) == ("action", 1, 0)
    assert sum(len(o) for o in state.offers) == 0


def test_a_turn_has_one_or_two_actions_and_a_pass_ends_the_players_generation(table):
    state = table()
    state.res[0][HEAT] = 16
    assert "pass" in names(state) and "end" not in names(state)
    state.apply(("convert", "heat"))
    assert state.current_player == 0 and "end" in names(state) and "pass" not in names(state)
    assert state.explain(("pass",)).rule == "pass.after-action"
    state.apply(("convert", "heat"))                # the same action twice: allowed
    assert state.current_player == 1
    state.apply(("pass",))
    assert state.current_player == 2 and state.passed == [False, True, False]
    state.apply(("project", "kraftwerk-bauen"))
    state.apply(("end",))
    assert state.current_player == 0               # player 2 has passed and is skipped


def test_when_everyone_has_passed_production_and_research_follow(table):
    state = table()
    state.prod[0] = [3, 2, 1, 4, 5, 2]
    state.res[0] = [10, 0, 0, 1, 4, 3]
    give(state, 0, "saatbank")
    state.res[0][MC] = 17
    state.apply(("play", "saatbank", 0, 0))
    state.apply(("action", "saatbank"))
    assert state.used[0] == ["saatbank"]
    for _ in range(3):
        state.apply(("pass",))
    # 17 - 7 (card) - 3 (action) M€; production: energy 4 -> heat; income 20 TR + 3; steel 2, titanium 1,
    # plants 1 + 2 (action) + 4, energy 5, heat 3 + 4 + 2
    assert state.res[0] == [7 + 23, 2, 1, 1 + 2 + 4, 5, 3 + 4 + 2]
    assert state.used[0] == []
    assert (state.generation, state.first, state.phase) == (2, 1, "research")
    assert [len(o) for o in state.offers] == [4, 4, 4]
    assert state.current_player == 1               # research starts with the new first player


def test_research_buys_0_to_4_cards_and_the_rest_goes_to_the_discard_pile(table):
    state = table()
    for _ in range(3):
        state.apply(("pass",))
    p = state.current_player
    offered = list(state.offers[p])
    before = len(state.discard)
    state.apply(("buy", offered[2]))
    state.apply(("done",))
    assert state.hand[p] == [offered[2]] and len(state.discard) == before + 3
    assert state.explain(("buy", offered[0])).rule in ("research.not-offered", "phase.action")


def test_drawing_past_the_deck_shuffles_the_discard_pile_into_a_new_deck(table):
    state = table()
    give(state, 0, "europa-sonde")                  # draw 2
    state.res[0][MC] = 30
    state.discard += state.deck[1:]
    state.discard_owner += [1] * len(state.deck[1:])
    del state.deck[1:]
    last = state.deck[0]
    state.apply(("play", "europa-sonde", 0, 0))
    assert state.hand[0][0] == last
    assert [e.kind for e in state.events].count("reshuffled") == 1
    assert state.discard == [] and len(state.hand[0]) == 2


def test_the_game_ends_after_the_generation_in_which_all_three_goals_are_reached(table):
    state = table(players=2)
    state.temperature, state.oxygen = 8, 14
    state.oceans = 8
    state.tiles.update({s: ("ocean", -1) for s in state.data.ocean_spaces[:8]})
    state.res[0][MC] = 18
    state.res[1][PLANTS] = 17
    state.apply(("project", "bewaesserung"))
    state.apply(("place", state.data.ocean_spaces[8]))
    assert state.at_goals() and state.result is None
    state.apply(("end",))
    state.apply(("pass",))
    state.apply(("pass",))                          # production, then the last conversion
    assert state.phase == "final" and state.current_player == 1
    assert [e.kind for e in state.events].count("last-generation") == 1
    assert state.res[1][PLANTS] == 18              # 17 + production 1
    state.apply(("convert", "plants"))
    state.apply(("place", "mars-8-0"))
    state.apply(("convert", "plants"))
    state.apply(("place", "mars-8-1"))
    assert state.oxygen == 14 and state.tr[1] == 20   # oxygen at its goal: no TR, the greenery only scores
    assert state.result == "score" and state.current_player == -1     # 2 plants left: player 2 is done


def test_the_last_conversion_goes_in_player_order_from_the_first_player(table):
    state = table(players=3)
    state.temperature, state.oxygen, state.oceans = 8, 14, 9
    state.tiles.update({s: ("ocean", -1) for s in state.data.ocean_spaces[:9]})
    state.first = 1
    state.player = 1
    for p in range(3):
        state.res[p][PLANTS] = 8
    state.res[0][PLANTS] = 7                        # + production 1 = 8
    state._legal = None
    for _ in range(3):
        state.apply(("pass",))
    seen = []
    while state.result is None:
        seen.append(state.current_player)
        state.apply(("convert", "plants"))
        state.apply(state.legal_actions()[0])
    assert seen == [1, 2, 0]
    outcome = state.outcome()
    assert outcome.cause == "score" and {r.player for r in outcome.results} == {0, 1, 2}


def test_a_generation_limit_ends_as_unfinished_and_nobody_wins(tm):
    state = new_game(tm, 3, {"players": "2", "generations": "10"})
    while state.result is None:
        actions = state.legal_actions()
        state.apply(("pass",) if ("pass",) in actions else ("done",) if ("done",) in actions else actions[0])
    assert state.generation == 10 and state.outcome().cause == "unfinished"
    assert not state.outcome().won and len(state.outcome().results) == 2
