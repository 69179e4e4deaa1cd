"""One test per rule of the Escape Earth rulebook, each on a table built by hand.

Player 1's row in these tables is Food, Resources, Build, Science, Military (positions 1-5);
with this edition's cards, Resources (travel 3), Build (3 build points) and Science (travel 2)
are active there, Food and Military are not. Card indices are 0-based (Earth = 0); the
notation and the messages count cards from 1, as players do.
"""

from __future__ import annotations

import pytest

from generator.rules.core import RuleError
from generator.rules.presentation import parse_action
from tests.rules.conftest import names, put


def refusal(state, text: str) -> str:
    with pytest.raises(RuleError) as info:
        state.apply(parse_action(state, text))
    return str(info.value)


# -- activity cards ------------------------------------------------------------------------------

def test_improve_swaps_a_card_with_its_higher_neighbour(table):
    s = table()
    s.apply(("improve", "food"))
    assert s.rows[0] == ["material", "food", "build", "knowledge", "military"]
    assert s.actions_left == 1


def test_improve_refuses_the_card_at_position_5(table):
    s = table()
    assert "improve military" not in names(s)
    assert "highest position" in refusal(s, "improve military")


def test_an_inactive_card_cannot_be_used_and_the_reason_names_its_positions(table):
    s = table(ships=[0, 0])
    assert not s.is_active(0, "food")
    message = refusal(s, "move food 2")
    assert "position 1" in message and "2, 3, 5" in message


# -- moving ---------------------------------------------------------------------------------------

def test_move_costs_the_parsecs_of_every_entered_card_exactly(table):
    s = table()
    # Resources (travel 3): planet (1) + asteroid field (2) = 3 -> card 3 (index 2)
    assert "move material 3" in names(s)
    # Science (travel 2) cannot stop inside the asteroid field's 2 parsecs: 1 + 2 = 3 != 2
    assert not [a for a in s.legal_actions() if a[:2] == ("move", "knowledge")]
    assert "must match exactly" in refusal(s, "move knowledge 3")


def test_the_card_used_to_move_goes_to_position_1_and_the_gap_closes(table):
    s = table()
    s.apply(("move", "material", 2))
    assert s.ships[0] == 2
    assert s.rows[0] == ["material", "food", "build", "knowledge", "military"]


def test_moving_backward_toward_earth_is_allowed_in_one_direction(table):
    s = table(ships=[5, 0])
    # Science travel 2 from card 6 (index 5): back 4+3 -> index 3, or forward 6+7 -> index 7
    moves = {a for a in s.legal_actions() if a[:2] == ("move", "knowledge")}
    assert moves == {("move", "knowledge", 3), ("move", "knowledge", 7)}


def test_ships_travel_only_on_revealed_cards(table):
    s = table(revealed=4, ships=[3, 0])
    assert all(a[2] < 4 for a in s.legal_actions() if a[0] == "move")
    assert "face down" in refusal(s, "move knowledge 6")


def test_a_move_may_pass_the_aliens_card_but_not_end_there(table):
    s = table(ships=[3, 0], aliens=4)
    assert ("move", "knowledge", 5) in s.legal_actions()        # over card 5 (aliens) to card 6
    s2 = table(ships=[3, 0], aliens=5)
    assert ("move", "knowledge", 5) not in s2.legal_actions()
    assert "no move ends there" in refusal(s2, "move knowledge 6")


def test_the_anomaly_blocks_moving_onto_and_over_its_card(table):
    s = table(ships=[3, 0], anomaly=4, active_events=["weltraumanomalie"])
    assert not [a for a in s.legal_actions() if a[0] == "move" and a[2] > 3]
    assert "anomaly blocks" in refusal(s, "move knowledge 6")


# -- building -------------------------------------------------------------------------------------

def test_build_points_come_from_the_build_cards_position(table):
    s = table()
    assert s.build_points(0) == s.cards[0]["build"].build_points[2] == 3
    assert "build outpost" in names(s)
    assert "build starbase" not in names(s)          # costs 4
    assert "costs 4 build points" in refusal(s, "build starbase")
    s.apply(("build", "aussenposten"))
    assert s.rows[0][0] == "build"


def test_farms_and_mines_only_on_planets(table):
    s = table(ships=[3, 0])                              # index 3 is empty space
    assert "build farm" not in names(s) and "build mine" not in names(s)
    assert "only on planets" in refusal(s, "build farm")
    assert "build farm" in names(table(ships=[1, 0]))    # index 1 is a planet


def test_a_new_building_does_not_produce_and_replacing_removes_the_old_one_with_its_cubes(table):
    s = table(ships=[1, 0])
    put(s, 1, "lab", cubes=1)
    s.apply(("build", "hydroponische-farm"))
    assert s.building[1] == "hydroponische-farm" and s.cubes[1] == 0
    assert s.removed_buildings == ["weltraumlabor"]
    assert s.removed_cubes["knowledge"] == 1 and s.supply["knowledge"] == s.data.cubes["knowledge"] - 1


def test_outposts_cannot_be_replaced(table):
    s = table(ships=[1, 0])
    put(s, 1, "outpost")
    assert not [a for a in s.legal_actions() if a[0] == "build"]
    assert "outposts cannot be replaced" in refusal(s, "build lab")


def test_an_outpost_reveals_the_next_two_face_down_cards_and_discovery_cubes_land(table):
    s = table(revealed=4, ships=[3, 0])
    s.apply(("build", "aussenposten"))
    assert s.revealed == 6                                # cards 5 and 6 (indices 4, 5)
    assert s.free[4] == "food"                            # the food planet's free cube
    assert s.supply["food"] == s.data.cubes["food"] - 1


def test_upgrading_an_outpost_reveals_one_further_card(table):
    s = table(revealed=4, ships=[3, 0])
    s.apply(("build", "aussenposten"))
    put(s, 1, "lab", cubes=1)
    s.apply(("upgrade", 3, ((1, "knowledge", 1),)))
    assert s.revealed == 7 and s.upgraded[3]
    assert s.free[6] == "material"


def test_beginners_draw_time_cards_only_from_the_second_building(table):
    s = table(variant="beginner", time_on=False, ships=[1, 1])
    s.apply(("build", "weltraumlabor"))
    s.apply(("pass",))
    assert not [e for e in s.events if e.kind == "time-card"]
    s.apply(("build", "robomine"))   # player 2: Build card at position 3 as well
    assert s.time_on
    s.apply(("pass",))
    assert [e for e in s.events if e.kind == "time-card"]


def test_experts_draw_a_time_card_in_the_first_turn(content):
    from generator.rules.escape_earth import new_game

    s = new_game(content, 3, {"variant": "expert"})
    assert [e.kind for e in s.events].count("time-card") == 1
    b = new_game(content, 3, {"variant": "beginner"})
    assert [e.kind for e in b.events].count("time-card") == 0


# -- upgrading and producing ----------------------------------------------------------------------

def test_upgrade_pays_cubes_from_any_building_and_keeps_the_cubes_on_it(table):
    s = table(ships=[0, 0])
    put(s, 1, "farm", cubes=1)
    put(s, 4, "mine", cubes=1)
    s.apply(("upgrade", 1, ((4, "material", 1),)))
    assert s.upgraded[1] and s.cubes[1] == 1 and s.side(1).capacity == 2
    assert s.cubes[4] == 0 and s.supply["material"] == s.data.cubes["material"]


def test_a_building_on_the_aliens_card_cannot_be_upgraded_nor_pay(table):
    s = table()
    put(s, 1, "farm", cubes=1)
    put(s, 4, "mine", cubes=1)
    s.aliens = 4
    s._legal = None
    assert not [a for a in s.legal_actions() if a[0] == "upgrade" and a[1] == 1]
    assert "blocked" in refusal(s, "upgrade 2 pay material@5")
    s.aliens = 1
    s._legal = None
    assert "aliens' card cannot be upgraded" in refusal(s, "upgrade 2 pay material@5")


def test_produce_fills_to_capacity_with_the_matching_active_card_at_the_ship(table):
    s = table(ships=[1, 0], rows=[["food", "material", "knowledge", "build", "military"],
                                  ["food", "material", "build", "knowledge", "military"]])
    put(s, 1, "lab", upgraded=True)
    s.apply(("produce", "knowledge"))
    assert s.cubes[1] == 2 and s.rows[0][0] == "knowledge"
    assert "at position 1" in refusal(s, "produce knowledge")      # the used card is now inactive
    s.rows[0] = ["food", "material", "knowledge", "build", "military"]
    s._legal = None
    assert "filled to its capacity" in refusal(s, "produce knowledge")


def test_produce_needs_the_ship_at_the_building(table):
    s = table(ships=[0, 0], rows=[["food", "material", "knowledge", "build", "military"]] * 2)
    put(s, 1, "lab")
    assert "produce knowledge" not in names(s)
    assert "No building that yields cubes" in refusal(s, "produce knowledge")


def test_the_free_discovery_cube_does_not_count_toward_capacity(table):
    s = table(ships=[4, 0], rows=[["military", "food", "build", "knowledge", "material"]] * 2)
    s.free[4] = "food"
    s.supply["food"] -= 1
    put(s, 4, "farm")
    s.apply(("produce", "food"))
    assert s.cubes[4] == 1 and s.cube_sources()["food"] == [(4, 2)]


# -- events ---------------------------------------------------------------------------------------

def test_fighting_costs_the_sum_of_identical_active_events(table):
    s = table(events=["hungersnot", "hungersnot"])
    put(s, 1, "farm", cubes=1, upgraded=True)
    assert s.fight_cost("hungersnot") == {"food": 2}
    assert "fight hungersnot pay food@2" not in names(s)
    assert "costs exactly 2" in refusal(s, "fight hungersnot pay food@2")
    s.cubes[1] = 2
    s.supply["food"] -= 1
    s._legal = None
    deck_before = len(s.event_deck)
    s.apply(("fight", "hungersnot", ((1, "food", 2),)))
    assert s.active_events == ["hungersnot"]
    assert len(s.event_deck) == deck_before and len(s.removed_events) == 1
    removed = [e for e in s.events if e.kind == "event-removed"][0]
    assert "card" in removed.secret


def test_an_empty_event_deck_ends_the_game(table):
    s = table(events=["hungersnot"], event_deck=[])
    put(s, 1, "farm", cubes=1)
    s.apply(("fight", "hungersnot", ((1, "food", 1),)))
    assert s.is_over and s.outcome().cause == "population" and not s.outcome().won
    assert s.legal_actions() == []


def test_an_event_can_be_fought_at_once_when_the_cubes_are_at_hand_and_its_effect_does_not_happen(table):
    s = table(time_deck=["ereignis"], event_deck=["aufstaende", "hungersnot", "hungersnot"])
    put(s, 1, "starbase", cubes=1)
    s.apply(("pass",))
    s.apply(("pass",))          # player 2's turn starts: the time card shows an event
    assert s.phase == "respond" and s.pending_event == "aufstaende"
    assert names(s) == ["fight-now pay military@2", "let-happen"]
    s.apply(("fight-now", ((1, "military", 1),)))
    assert s.active_events == [] and s.actions_left == 2
    assert s.rows[1][0] != "build" or s.rows[1] == ["build", "food", "material", "knowledge", "military"]
    assert not [e for e in s.events if e.kind == "card-to-first"]


def test_riots_move_every_build_card_to_position_1(table):
    s = table(time_deck=["ereignis"], event_deck=["aufstaende", "hungersnot", "hungersnot"])
    s.apply(("pass",))
    s.apply(("pass",))
    assert s.active_events == ["aufstaende"]
    assert s.rows[0][0] == "build" and s.rows[1][0] == "build"


def test_raiders_take_a_chosen_resource_cube_or_nothing_when_there_is_none(table):
    s = table(time_deck=["ereignis"], event_deck=["raeuber", "hungersnot", "hungersnot"])
    put(s, 1, "mine", cubes=1)
    s.free[6] = "material"
    s.apply(("pass",))
    s.apply(("pass",))
    assert s.phase == "lose" and names(s) == ["lose 2", "lose 7"]
    s.apply(("lose", 6))
    assert s.free[6] is None and s.cubes[1] == 1 and s.phase == "action"
    lucky = table(time_deck=["ereignis"], event_deck=["raeuber", "hungersnot", "hungersnot"])
    lucky.apply(("pass",))
    lucky.apply(("pass",))
    assert lucky.active_events == ["raeuber"] and lucky.phase == "action"


def test_three_different_active_events_end_the_game_in_chaos(table):
    s = table(events=["hungersnot", "aufstaende"], time_deck=["ereignis"],
              event_deck=["raeuber", "hungersnot", "hungersnot"])
    s.apply(("pass",))
    s.apply(("pass",))
    assert s.outcome().cause == "chaos"


def test_an_identical_event_overlaps_and_is_no_chaos(table):
    s = table(events=["hungersnot", "aufstaende"], time_deck=["ereignis"],
              event_deck=["hungersnot", "raeuber", "raeuber"])
    s.apply(("pass",))
    s.apply(("pass",))
    assert s.result is None and s.active_events.count("hungersnot") == 2


def test_the_anomaly_lands_on_the_second_to_last_revealed_card_and_pushes_ships_before_it(table):
    s = table(
        revealed=9, ships=[8, 7], time_deck=["ereignis"], event_deck=["weltraumanomalie", "hungersnot", "raeuber"]
    )
    s.apply(("pass",))
    s.apply(("pass",))
    assert s.anomaly == 7 and s.ships == [6, 6]


def test_the_anomaly_never_lies_on_the_first_four_cards_even_face_down(table):
    s = table(revealed=4, time_deck=["ereignis"], event_deck=["weltraumanomalie", "hungersnot", "raeuber"])
    s.apply(("pass",))
    s.apply(("pass",))
    assert s.anomaly == 4


def test_a_second_anomaly_moves_it_two_cards_toward_earth_and_fighting_moves_it_back(table):
    s = table(revealed=12, anomaly=9, events=["weltraumanomalie"], time_deck=["ereignis"],
              event_deck=["weltraumanomalie", "hungersnot", "raeuber"])
    put(s, 1, "lab", cubes=2, upgraded=True)
    s.apply(("pass",))
    s.apply(("pass",))
    assert s.phase == "respond"
    s.apply(("let-happen",))
    assert s.anomaly == 7
    s.apply(("fight", "weltraumanomalie", ((1, "knowledge", 2),)))
    assert s.anomaly == 9 and s.active_events == ["weltraumanomalie"]


def test_fighting_the_last_anomaly_removes_the_token(table):
    s = table(anomaly=6, events=["weltraumanomalie"])
    put(s, 1, "lab", cubes=1)
    s.apply(("fight", "weltraumanomalie", ((1, "knowledge", 1),)))
    assert s.anomaly == -1


# -- aliens ---------------------------------------------------------------------------------------

def test_the_aliens_time_card_moves_them_two_cards_toward_earth_pushing_ships(table):
    s = table(aliens=9, ships=[0, 8], time_deck=["aliens"])
    s.apply(("pass",))
    s.apply(("pass",))
    assert s.aliens == 7 and s.ships[1] == 6


def test_aliens_reaching_earth_end_the_game(table):
    s = table(aliens=2, time_deck=["aliens"], ships=[1, 1])
    s.apply(("pass",))
    s.apply(("pass",))
    assert s.outcome().cause == "aliens" and s.aliens == 0


def test_pushing_the_aliens_back_costs_one_military_cube_from_one_building_per_card(table):
    s = table(variant="beginner", aliens=5, ships=[6, 0])
    put(s, 1, "starbase", cubes=2, upgraded=True)
    assert {a for a in s.legal_actions() if a[0] == "push"} == {("push", 1, 1), ("push", 1, 2)}
    s.apply(("push", 1, 2))
    assert s.aliens == 7 and s.ships[0] == 5 and s.cubes[1] == 0   # pushed back onto the ship's card


def test_experts_push_the_aliens_only_onto_revealed_cards(table):
    s = table(aliens=8, revealed=10)
    put(s, 1, "starbase", cubes=2, upgraded=True)
    assert s.push_limit() == 1
    assert "only onto revealed cards" in refusal(s, "push military@2x2")
    beginner = table(variant="beginner", aliens=8, revealed=10)
    put(beginner, 1, "starbase", cubes=2, upgraded=True)
    assert ("push", 1, 2) in beginner.legal_actions()


# -- turn, victory --------------------------------------------------------------------------------

def test_two_actions_then_the_next_player_reveals_a_time_card(table):
    s = table(time_deck=["die-zeit-vergeht", "aliens"])
    s.apply(("pass",))
    assert s.player == 0
    s.apply(("improve", "food"))
    assert s.player == 1 and s.turn == 2 and s.actions_left == 2
    assert s.time_seen[-1] == "die-zeit-vergeht"


def test_the_time_cards_are_reshuffled_after_an_event(table):
    s = table(time_deck=["ereignis", "aliens"], event_deck=["hungersnot", "raeuber", "raeuber"])
    s.apply(("pass",))
    s.apply(("pass",))
    assert len(s.time_deck) == 6 and s.time_seen == []


def test_all_ships_on_the_ocean_planet_win(table):
    s = table(revealed=16, ships=[13, 15])
    assert ("move", "knowledge", 15) in s.legal_actions()
    s.apply(("move", "knowledge", 15))
    assert s.outcome().won and s.outcome().cause == "ocean-planet"
    assert s.legal_actions() == []


def test_military_cubes_on_the_aliens_card_cannot_push_them(table):
    s = table(variant="beginner", aliens=1)
    put(s, 1, "starbase", cubes=1)
    assert not [a for a in s.legal_actions() if a[0] == "push"]
    assert "blocked" in refusal(s, "push military@2")
