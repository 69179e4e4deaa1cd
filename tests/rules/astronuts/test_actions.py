"""Every action at its cost, the attack with the defender's choice, and the trade the other player answers."""

from __future__ import annotations

from .conftest import C, S, events, force, forced_left, said


def test_a_move_goes_to_an_adjacent_free_space_for_one_action(table):
    state = table(ships={1: ["nw-n-lane"], 2: ["nw-rocks"]})
    moves = sorted(state.data.ids[a[2]] for a in state.legal_actions() if a[0] == "move")
    assert moves == ["nw-home", "nw-n-small"]          # nw-rocks holds player 2's ship
    assert state.explain(("move", S(state, "nw-n-lane"), S(state, "nw-rocks"))).rule == "move.occupied"
    assert state.explain(("move", S(state, "nw-n-lane"), S(state, "core"))).rule == "move.adjacent"
    assert state.explain(("move", S(state, "core"), S(state, "north-inner"))).rule == "ship.none"
    state.apply(("move", S(state, "nw-n-lane"), S(state, "nw-home")))
    assert state.actions_left == 8 and state.occ[S(state, "nw-home")] == 0
    state.actions_left = 0
    state._legal = None
    assert state.explain(("move", S(state, "nw-home"), S(state, "nw-n-lane"))).rule == "move.actions"


def test_landing_on_a_planet_rolls_twice_on_the_fate_table(table):
    state = table(ships={1: ["nw-n-lane"]})
    force(state, ("fate-1", 4), ("fate-2", 1))
    state.apply(("move", S(state, "nw-n-lane"), S(state, "nw-n-small")))
    assert not forced_left(state)
    assert "Fate 4-1 Cheerful natives and gorgeous scenery." in said(state)


def test_mining_takes_every_nut_of_the_planet_for_one_action(table):
    state = table(ships={1: ["nw-n-small"]}, nuts={"nw-n-small": ["red", "yellow"]})
    before = list(state.hand[:4])
    state.apply(("mine", S(state, "nw-n-small"), ()))
    assert state.nuts[S(state, "nw-n-small")] == 0 and state.actions_left == 8
    assert state.hand[C(state, "red")] == before[C(state, "red")] + 1
    assert state.hand[C(state, "yellow")] == before[C(state, "yellow")] + 1
    assert state.explain(("mine", S(state, "nw-n-small"), ())).rule == "mine.empty"
    state = table(ships={1: ["nw-n-lane"]})
    assert state.explain(("mine", S(state, "nw-n-lane"), ())).rule == "mine.planet"


def test_colonising_costs_one_action_and_one_nut_and_planets_hold_two_or_three(table):
    state = table(ships={1: ["nw-n-small"], 2: ["se-home"]}, colonies={"nw-n-small": {2: 1}})
    pays = sorted(a[2] for a in state.legal_actions() if a[0] == "colonise")
    assert pays == [(0,), (1,), (2,), (3,)]
    bank = sum(state.bank)
    state.apply(("colonise", S(state, "nw-n-small"), (C(state, "red"),)))
    assert state.colonies[0] == 1 and state.actions_left == 8 and sum(state.bank) == bank + 1
    assert state.explain(("colonise", S(state, "nw-n-small"), (C(state, "purple"),))).rule == "colonise.full"
    big = table(ships={1: ["core"]}, colonies={"core": {1: 2}})
    assert any(a[0] == "colonise" for a in big.legal_actions())
    big.apply(("colonise", S(big, "core"), (C(big, "red"),)))
    assert big.explain(("colonise", S(big, "core"), (C(big, "purple"),))).rule == "colonise.full"
    broke = table(ships={1: ["core"]}, hand={1: {"red": 0, "purple": 0, "yellow": 0, "orange": 0}})
    assert broke.explain(("colonise", S(broke, "core"), (C(broke, "red"),))).rule == "colonise.pay"
    home = table()
    assert home.explain(("colonise", S(home, "nw-home"), (0,))).rule == "colonise.planet"
    full = table(ships={1: ["core"]}, colonies={"nw-n-small": {1: 2}, "nw-w-small": {1: 2}, "ne-n-small": {1: 2},
                                                 "ne-e-small": {1: 2}, "se-e-small": {1: 2}, "se-s-small": {1: 2},
                                                 "sw-s-small": {1: 2}})
    assert full.explain(("colonise", S(full, "core"), (0,))).rule == "colonise.stock"


def test_a_ship_costs_one_action_and_four_nuts_of_different_colours_and_stands_on_the_home_planet(table):
    state = table(ships={1: ["nw-n-lane"]})
    bank = list(state.bank)
    state.apply(("build",))
    assert state.ships[0][:2] == [S(state, "nw-n-lane"), S(state, "nw-home")]
    assert state.hand[:4] == [0, 0, 0, 0] and state.bank == [b + 1 for b in bank] and state.actions_left == 8
    assert state.explain(("build",)).rule == "build.home"
    state.apply(("move", S(state, "nw-home"), S(state, "nw-w-lane")))
    assert state.explain(("build",)).rule == "build.nuts"
    three = table(ships={1: ["nw-n-lane", "nw-w-lane", "nw-rocks"]})
    assert three.explain(("build",)).rule == "build.stock"
    none_left = table(actions=0)
    assert none_left.explain(("build",)).rule == "build.actions"


def test_several_ships_share_the_turns_actions(table):
    state = table(actions=3, ships={1: ["nw-n-lane", "nw-w-lane"]})
    state.apply(("move", S(state, "nw-n-lane"), S(state, "nw-rocks")))
    state.apply(("move", S(state, "nw-w-lane"), S(state, "nw-home")))
    assert state.actions_left == 1 and state.ships[0][:2] == [S(state, "nw-rocks"), S(state, "nw-home")]


def test_an_attack_needs_the_attacker_to_roll_higher_ties_go_to_the_defender(table):
    state = table(ships={1: ["nw-n-lane"], 2: ["nw-n-small"]}, tech={1: ["red"]})
    force(state, ("attack", 5), ("defence", 6))
    state.apply(("attack", S(state, "nw-n-lane"), S(state, "nw-n-small"), 1))
    duel = next(e for e in state.events if e.kind == "duel")
    assert (duel.get("attack"), duel.get("defence"), duel.get("won")) == (6, 6, False)
    assert state.occ[S(state, "nw-n-small")] == 1 and state.actions_left == 8
    force(state, ("attack", 5), ("defence", 5))
    state.apply(("attack", S(state, "nw-n-lane"), S(state, "nw-n-small"), 1))
    assert state.occ[S(state, "nw-n-small")] == -1
    assert [s for s in state.ships[1] if s >= 0] == [S(state, "se-home")]   # the last ship starts again at home
    assert "new-ship" in events(state)


def test_mega_shields_add_one_when_defending(table):
    state = table(ships={1: ["nw-n-lane"], 2: ["nw-n-small"]}, tech={2: ["purple"]})
    force(state, ("attack", 4), ("defence", 3))
    state.apply(("attack", S(state, "nw-n-lane"), S(state, "nw-n-small"), 1))
    assert state.occ[S(state, "nw-n-small")] == 1                   # 4 against 3 + 1: the defence holds


def test_the_defender_chooses_the_target_when_there_are_several(table):
    state = table(ships={1: ["nw-n-lane"], 2: ["nw-n-small"]}, colonies={"nw-n-small": {2: 2}})
    state.apply(("attack", S(state, "nw-n-lane"), S(state, "nw-n-small"), 1))
    assert state.phase == "defend" and state.current_player == 1
    assert state.legal_actions() == [("target", "ship"), ("target", "colony")]
    assert state.explain(("end",)).rule == "phase.defend"
    force(state, ("attack", 6), ("defence", 1))
    state.apply(("target", "colony"))
    assert state.col[S(state, "nw-n-small") * 2 + 1] == 1 and state.occ[S(state, "nw-n-small")] == 1
    assert state.current_player == 0 and state.phase == "act"


def test_attacks_reach_adjacent_enemies_only(table):
    state = table(ships={1: ["nw-n-lane"], 2: ["core"]}, colonies={"nw-w-small": {2: 1}})
    attacks = [a for a in state.legal_actions() if a[0] == "attack"]
    assert attacks == []
    assert state.explain(("attack", S(state, "nw-n-lane"), S(state, "core"), 1)).rule == "attack.adjacent"
    assert state.explain(("attack", S(state, "nw-n-lane"), S(state, "nw-home"), 0)).rule == "attack.self"
    assert state.explain(("attack", S(state, "nw-n-lane"), S(state, "nw-rocks"), 1)).rule == "attack.nothing"
    none_left = table(actions=0, ships={1: ["nw-n-lane"], 2: ["nw-rocks"]})
    assert none_left.explain(("attack", S(none_left, "nw-n-lane"), S(none_left, "nw-rocks"), 1)).rule == \
        "attack.actions"


def test_a_technology_costs_four_actions_and_a_nut_of_its_colour_kept_on_the_home_planet(table):
    state = table()
    bank = list(state.bank)
    state.apply(("tech", C(state, "red")))
    assert state.tech[C(state, "red")] == 1 and state.tech_nuts[C(state, "red")] == 1
    assert state.hand[C(state, "red")] == 0 and state.bank == bank and state.actions_left == 5
    assert state.explain(("tech", C(state, "red"))).rule == "tech.owned"
    state.hand[C(state, "purple")] = 0
    state._legal = None
    assert state.explain(("tech", C(state, "purple"))).rule == "tech.nut"
    state.actions_left = 3
    state._legal = None
    assert state.explain(("tech", C(state, "yellow"))).rule == "tech.actions"


def test_a_trade_costs_one_action_and_the_other_player_accepts_or_refuses(table):
    state = table(hand={2: {"red": 0, "purple": 3}})
    state.apply(("trade", 1))
    assert state.phase == "offer" and state.current_player == 0 and state.actions_left == 8
    assert ("offer", C(state, "red"), C(state, "red")) not in state.legal_actions()
    assert state.explain(("offer", C(state, "red"), C(state, "red"))).rule == "trade.same"
    assert state.explain(("offer", C(state, "yellow"), C(state, "red"))).rule == "trade.get"
    state.apply(("offer", C(state, "red"), C(state, "purple")))
    assert state.phase == "trade" and state.current_player == 1
    assert state.explain(("end",)).rule == "phase.trade"
    state.apply(("accept",))
    assert state.hand[:4] == [0, 2, 1, 1] and state.hand[4:8] == [1, 2, 1, 1] and state.current_player == 0
    state.apply(("trade", 1))
    assert state.explain(("offer", C(state, "red"), C(state, "purple"))).rule == "trade.give"
    state.apply(("offer", C(state, "purple"), C(state, "red")))
    state.apply(("refuse",))
    assert state.hand[:4] == [0, 2, 1, 1] and state.actions_left == 7 and "trade-refused" in events(state)
    assert state.explain(("trade", 0)).rule == "trade.self"
    empty = table(hand={1: {"red": 0, "purple": 0, "yellow": 0, "orange": 0}})
    assert empty.explain(("trade", 1)).rule == "trade.nothing"
    none_left = table(actions=0)
    assert none_left.explain(("trade", 1)).rule == "trade.actions"


def test_ending_the_turn_passes_to_the_next_player_and_the_unused_actions_are_lost(table):
    state = table(players=3)
    state.apply(("end",))
    assert state.phase == "declare" and state.current_player == 1 and state.actions_left == 0
    assert said(state)[:2] == ["Player 1 ends the turn (9 actions unused).", "Round 1: player 2's turn."]


def test_the_turn_ends_by_itself_when_no_action_is_left(table):
    state = table(actions=1, ships={1: ["nw-n-lane"]})
    state.apply(("move", S(state, "nw-n-lane"), S(state, "nw-rocks")))
    assert state.phase == "declare" and state.current_player == 1


def test_time_warp_rerolls_once_per_turn_attacker_or_defender(table):
    state = table(ships={1: ["nw-n-lane"], 2: ["nw-n-small"]}, tech={1: ["yellow"], 2: ["yellow"]})
    force(state, ("attack", 2))
    state.apply(("attack", S(state, "nw-n-lane"), S(state, "nw-n-small"), 1))
    assert state.phase == "reroll" and state.current_player == 0
    force(state, ("attack", 6), ("defence", 3))
    state.apply(("reroll",))
    assert state.phase == "reroll" and state.current_player == 1       # the defender's own Time Warp
    force(state, ("defence", 6))
    state.apply(("reroll",))
    assert state.occ[S(state, "nw-n-small")] == 1                       # 6 against 6: the defence holds
    force(state, ("attack", 1), ("defence", 1))
    state.apply(("attack", S(state, "nw-n-lane"), S(state, "nw-n-small"), 1))
    assert state.phase == "act" and not forced_left(state)               # both used it this turn
    assert "Player 1 uses Time Warp and rolls again instead of 2 (attack)." in said(state)
