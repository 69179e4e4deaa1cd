"""Passing an occupied space: "Wenn ein Feld besetzt ist, einfach fragen, ob man passieren kann. Andernfalls ein
Grund anzugreifen…" – the mover asks, the owner of the ship in the way allows or refuses, and after a refusal
the attack (and every other way) stays open."""

from __future__ import annotations

import random

import pytest

from generator.rules.astronuts import decisions
from generator.rules.astronuts.greedy import GreedyPolicy
from generator.rules.policies import make_policy
from generator.rules.presentation import format_action, parse_action

from .conftest import S, events, force, forced_left, said

LANE, SMALL, HOLE, LARGE = "nw-n-lane", "nw-n-small", "north-hole", "nw-n-large"


def passing(state, frm: str, over: str, to: str) -> tuple:
    return ("pass", S(state, frm), S(state, over), S(state, to))


def passes(state) -> list[tuple[str, str, str]]:
    ids = state.data.ids
    return sorted((ids[a[1]], ids[a[2]], ids[a[3]]) for a in state.legal_actions() if a[0] == "pass")


def test_a_ship_in_the_way_is_asked_and_its_owner_decides(table):
    state = table(ships={1: [LANE], 2: [SMALL]})
    assert passes(state) == [(LANE, SMALL, HOLE), (LANE, SMALL, LARGE)]    # past Hazelnut's ship, either way on
    assert ("move", S(state, LANE), S(state, SMALL)) not in state.legal_actions()   # never onto it
    state.apply(passing(state, LANE, SMALL, HOLE))
    assert state.phase == "let-pass" and state.current_player == 1         # player 2, the occupant, decides
    assert state.legal_actions() == [("allow-pass",), ("refuse-pass",)]
    assert state.actions_left == 9 and state.occ[S(state, LANE)] == 0      # asking costs nothing, nobody moved
    assert state.explain(("end",)).rule == "phase.let-pass"
    assert state.explain(("end",)).text["en"] == "First player 2 allows or refuses the pass."
    assert state.observation(0)["pass_asked"] == {"frm": LANE, "over": SMALL, "to": HOLE}
    assert said(state)[-1] == ("Player 1 asks player 2 to let the AstroShip from space between Hazelnut and Home NW "
                               "pass the one on Hazelnut, on to AstroHole between Cashew and Hazelnut.")
    assert said(state, "de")[-1].startswith("Spieler 1 fragt Spieler 2, ob das AstroSchiff von ")


def test_an_allowed_pass_costs_two_actions_and_passes_a_planet_without_landing(table):
    state = table(ships={1: [LANE], 2: [SMALL]})
    state.apply(passing(state, LANE, SMALL, HOLE))
    state.apply(("allow-pass",))
    assert state.phase == "act" and state.current_player == 0 and state.actions_left == 7
    assert state.occ[S(state, HOLE)] == 0 and state.occ[S(state, LANE)] == -1 and state.occ[S(state, SMALL)] == 1
    assert "fate" not in events(state) and "rolled" not in events(state)   # Hazelnut was passed, not landed on
    assert said(state)[-2:] == ["Player 2 lets player 1 pass Hazelnut.",
                                "Player 1 passes Hazelnut and moves from space between Hazelnut and Home NW to "
                                "AstroHole between Cashew and Hazelnut."]
    assert said(state, "de")[-2] == "Spieler 2 lässt Spieler 1 auf Haselnuss passieren."
    back = passing(state, HOLE, SMALL, LANE)                               # the same question may be asked again
    assert back in state.legal_actions() and state._violation(back) is None


def test_a_pass_that_ends_on_a_planet_lands_there(table):
    state = table(ships={1: [LANE], 2: ["nw-rocks"]})
    assert passes(state) == [(LANE, "nw-rocks", LARGE), (LANE, "nw-rocks", "nw-w-lane"),
                             (LANE, "nw-rocks", "nw-w-large")]
    state.apply(passing(state, LANE, "nw-rocks", LARGE))
    force(state, ("fate-1", 4), ("fate-2", 1))
    state.apply(("allow-pass",))
    assert not forced_left(state) and state.occ[S(state, LARGE)] == 0 and state.actions_left == 7
    assert "Fate 4-1 Cheerful natives and gorgeous scenery." in said(state)


def test_a_refused_pass_leaves_the_move_open_and_the_attack_is_the_answer(table):
    state = table(ships={1: [LANE], 2: [SMALL]})
    state.apply(passing(state, LANE, SMALL, LARGE))
    state.apply(("refuse-pass",))
    assert state.phase == "act" and state.current_player == 0
    assert state.actions_left == 9 and state.occ[S(state, LANE)] == 0 and state.occ[S(state, SMALL)] == 1
    assert said(state)[-1] == "Player 2 refuses player 1 the pass over Hazelnut."
    assert said(state, "de")[-1] == "Spieler 2 lässt Spieler 1 auf Haselnuss nicht passieren."
    legal = state.legal_actions()
    assert passes(state) == []                                             # not the same question again this turn
    refusal = state.explain(passing(state, LANE, SMALL, HOLE))
    assert refusal.rule == "pass.refused"
    assert refusal.text["en"] == "Player 2 has refused you the pass over Hazelnut this turn: attack, or go another way."
    attack = ("attack", S(state, LANE), S(state, SMALL), 1)
    assert attack in legal                                                 # "Andernfalls ein Grund anzugreifen"
    assert {state.data.ids[a[2]] for a in legal if a[0] == "move"} == {"nw-home", "nw-rocks"}
    force(state, ("attack", 6), ("defence", 1))
    state.apply(attack)
    assert state.occ[S(state, SMALL)] == -1 and state.actions_left == 8    # the way is free now: a plain move
    assert ("move", S(state, LANE), S(state, SMALL)) in state.legal_actions()


def test_a_refusal_lasts_for_the_turn_only(table):
    state = table(ships={1: [LANE], 2: [SMALL]})
    state.apply(passing(state, LANE, SMALL, HOLE))
    state.apply(("refuse-pass",))
    state.apply(("end",))
    force(state, ("actions", 1))
    state.apply(("declare", 1))                                            # player 2: one action, then the end
    state.apply(("end",))
    force(state, ("actions", 4))
    state.apply(("declare", 4))
    assert state.current_player == 0 and state.refused == ()
    assert passes(state) == [(LANE, SMALL, HOLE), (LANE, SMALL, LARGE)]


def test_passing_a_ship_of_ones_own_asks_nobody(table):
    state = table(ships={1: [LANE, SMALL]})
    state.apply(passing(state, LANE, SMALL, HOLE))
    assert state.phase == "act" and state.current_player == 0 and state.actions_left == 7
    assert "pass-asked" not in events(state) and "passed" in events(state)
    assert sorted(state.data.ids[s] for s in state.ships[0] if s >= 0) == [HOLE, SMALL]


def test_fate_that_makes_leaving_dearer_makes_the_pass_dearer(table):
    state = table(ships={1: [SMALL], 2: [HOLE]}, actions=2)
    state.mods[(0, 0)] = {"leave+": 1}                                     # 2-6 abnormal gravity
    state._legal = None
    assert passes(state) == []
    refusal = state.explain(passing(state, SMALL, HOLE, "ne-n-small"))
    assert refusal.rule == "pass.actions" and refusal.text["en"] == "This pass costs 3 actions; you have 2."
    state.actions_left = 5
    state._legal = None
    force(state, ("fate-1", 4), ("fate-2", 1))
    state.apply(passing(state, SMALL, HOLE, "ne-n-small"))
    state.apply(("allow-pass",))
    assert state.actions_left == 2 and state.occ[S(state, "ne-n-small")] == 0
    engine = table(ships={1: [SMALL], 2: [HOLE]})
    engine.mods[(0, 0)] = {"no-move": True}                                # 1-5 engine damage
    engine._legal = None
    assert passes(engine) == []
    assert engine.explain(passing(engine, SMALL, HOLE, "ne-n-small")).rule == "move.engine"


def test_what_is_no_pass_is_refused_with_its_reason(table):
    state = table(ships={1: [LANE], 2: [SMALL, "nw-n-large"]})
    assert passes(state) == [(LANE, SMALL, HOLE)]                          # Walnut beyond holds a ship too
    for action, rule in (
        (passing(state, LANE, HOLE, "ne-n-small"), "pass.adjacent"),
        (passing(state, LANE, "nw-rocks", "nw-w-lane"), "pass.free"),
        (passing(state, LANE, SMALL, LANE), "pass.beyond"),
        (passing(state, LANE, SMALL, "core"), "pass.beyond"),
        (passing(state, LANE, SMALL, LARGE), "pass.occupied"),
        (passing(state, "core", SMALL, HOLE), "ship.none"),
    ):
        refusal = state.explain(action)
        assert refusal is not None and refusal.rule == rule, (action, refusal)
        assert refusal.text["de"] and refusal.text["en"]
    state.actions_left = 1
    state._legal = None
    assert passes(state) == [] and state.explain(passing(state, LANE, SMALL, HOLE)).rule == "pass.actions"
    moved = table(ships={1: [LANE], 2: [SMALL]})
    assert moved.explain(("move", S(moved, LANE), S(moved, SMALL))).text["en"] == (
        "An AstroShip already stands on Hazelnut: two never share a space. Ask to pass it (pass) or attack it.")
    assert moved.explain(("allow-pass",)).rule == "no-pending"


def test_passing_an_occupied_asteroid_field_is_crossing_it(table):
    state = table(options={"asteroids": "on"}, ships={1: [LANE], 2: ["nw-rocks"]})
    state.apply(passing(state, LANE, "nw-rocks", "nw-w-lane"))
    force(state, ("asteroid", 2))
    state.apply(("allow-pass",))
    assert not forced_left(state) and state.occ[S(state, "nw-w-lane")] == 0   # 2 or more: through
    lost = table(options={"asteroids": "on"}, ships={1: [LANE], 2: ["nw-rocks"]})
    lost.apply(passing(lost, LANE, "nw-rocks", "nw-w-lane"))
    force(lost, ("asteroid", 1))
    lost.apply(("allow-pass",))
    assert not forced_left(lost) and lost.occ[S(lost, "nw-w-lane")] == -1 and lost.occ[S(lost, "nw-rocks")] == 1
    assert said(lost)[-2:] == [                                            # lost in the field, not where it stood
        "The AstroShip of player 1 on asteroid field between Brazil Nut and Walnut is destroyed (asteroids).",
        "Player 1 has no AstroShip left: a new one starts from Home NW."]
    assert [lost.data.ids[s] for s in lost.ships[0] if s >= 0] == ["nw-home"]   # a new one from home
    assert lost.passing is None and lost.phase == "act" and lost.actions_left == 7


@pytest.mark.parametrize("mine, theirs, others, answer", [
    (2, 0, 1, "refuse-pass"),        # the mover leads: refused
    (2, 2, 0, "allow-pass"),         # level with the occupant
    (1, 0, 3, "allow-pass"),         # ahead of the occupant, behind another player
    (0, 0, 0, "allow-pass"),
])
def test_the_greedy_occupant_refuses_a_leader_and_lets_everyone_else_pass(table, mine, theirs, others, answer):
    state = table(players=3, ships={1: [LANE], 2: [SMALL], 3: ["se-home"]},
                  colonies={"core": {1: mine}, "ne-n-large": {2: theirs}, "se-e-large": {3: others}})
    state.apply(passing(state, LANE, SMALL, HOLE))
    assert GreedyPolicy().choose(state, random.Random(0)) == (answer,)


@pytest.mark.parametrize("policy", ["random", "greedy", "mcts:8"])
def test_every_policy_answers_the_question_with_one_of_its_two_answers(table, policy):
    state = table(ships={1: [LANE], 2: [SMALL]})
    state.apply(passing(state, LANE, SMALL, HOLE))
    chosen = make_policy(policy, state.game).choose(state, random.Random(1))
    assert chosen in (("allow-pass",), ("refuse-pass",))


def test_the_greedy_mover_asks_to_pass_the_ship_between_it_and_the_planet_it_wants(table):
    state = table(ships={1: [LANE], 2: [SMALL]}, hand={1: {"red": 0, "purple": 0, "yellow": 0, "orange": 0}})
    for s in state.data.planets:                   # nuts only on Cashew, beyond Hazelnut's ship and the AstroHole
        if state.data.ids[s] != "ne-n-small":
            for c in range(4):
                state.bank[c] += state.nuts[s] >> c & 1
            state.nuts[s] = 0
    state._legal = None
    assert GreedyPolicy().choose(state, random.Random(0)) == passing(state, LANE, SMALL, HOLE)   # 3 -> 1 for 2


def test_the_notation_writes_and_reads_a_pass_and_its_answers(table):
    state = table(ships={1: [LANE], 2: [SMALL]})
    action = passing(state, LANE, SMALL, HOLE)
    assert format_action(state, action) == "pass nw-n-lane nw-n-small north-hole"
    assert parse_action(state, "pass nw-n-lane nw-n-small north-hole") == action
    assert parse_action(state, "allow-pass") == ("allow-pass",)
    assert parse_action(state, "refuse-pass") == ("refuse-pass",)
    assert state.game.presentation.describe(state, action, "en") == \
        "Player 1 asks to pass Hazelnut on the way from space between Hazelnut and Home NW to AstroHole between " \
        "Cashew and Hazelnut."


def test_a_lost_attack_drops_a_pass_it_can_no_longer_pay(table):
    """The action a lost attack cost takes the last two a pass needs: the pass is no longer offered."""
    state = table(ships={1: [LANE], 2: [SMALL]}, actions=2)
    state.quiet = True
    assert passes(state) == [(LANE, SMALL, HOLE), (LANE, SMALL, LARGE)]
    force(state, ("attack", 1), ("defence", 6))
    state.apply(("attack", S(state, LANE), S(state, SMALL), 1))
    assert state.actions_left == 1 and state.occ[S(state, SMALL)] == 1
    assert passes(state) == [] and state.legal_actions() == decisions.legal_actions(state)
