"""Every entry of the fate table acts as written, for the rest of the turn; its effects are content."""

from __future__ import annotations

import pytest

from .conftest import C, S, events, force, forced_left

LANE, PLANET, HOME = "nw-n-lane", "nw-n-small", "nw-home"


def land(table, roll: str, **kwargs):
    """Player 1's ship lands on Hazelnut (2 nuts, 2 colonies) from the lane with fate `roll`; 8 actions left."""
    kwargs.setdefault("ships", {1: [LANE]})
    state = table(**kwargs)
    first, second = roll.split("-")
    force(state, ("fate-1", int(first)), ("fate-2", int(second)))
    state.apply(("move", S(state, LANE), S(state, PLANET)))
    assert not forced_left(state)
    assert ("fate", roll) in [(e.kind, e.get("roll")) for e in state.events]
    return state


def kinds(state) -> set[str]:
    return {a[0] for a in state.legal_actions()}


def leave_cost(state) -> int:
    before = state.actions_left
    state.apply(("move", S(state, PLANET), S(state, LANE)))
    return before - state.actions_left


def mine_cost(state) -> int:
    before = state.actions_left
    pay = next(a[2] for a in state.legal_actions() if a[0] == "mine")
    state.apply(("mine", S(state, PLANET), pay))
    return before - state.actions_left


def colonise(state, *pay: str):
    state.apply(("colonise", S(state, PLANET), tuple(sorted(C(state, c) for c in pay))))


def test_1_1_destroys_the_ship_and_the_last_one_starts_again_at_home(table):
    state = land(table, "1-1")
    assert [state.data.ids[s] for s in state.ships[0] if s >= 0] == [HOME]
    assert events(state)[-2:] == ["ship-destroyed", "new-ship"]


def test_1_2_the_ship_takes_no_further_action(table):
    state = land(table, "1-2")
    assert kinds(state) <= {"build", "tech", "trade", "end"}
    assert state.explain(("move", S(state, PLANET), S(state, LANE))).rule == "ship.done"


@pytest.mark.parametrize(
    "roll, action, rule",
    [
        ("1-3", "mine", "mine.blocked"),
        ("1-4", "colonise", "colonise.blocked"),
        ("1-5", "move", "move.engine"),
        ("1-6", "attack", "attack.blocked"),
    ],
)
def test_1_3_to_1_6_block_one_kind_of_action(table, roll, action, rule):
    state = land(table, roll, ships={1: [LANE], 2: ["nw-n-large"]})
    assert action not in kinds(state)
    attempt = {"mine": ("mine", S(state, PLANET), ()), "colonise": ("colonise", S(state, PLANET), (0,)),
               "move": ("move", S(state, PLANET), S(state, LANE)),
               "attack": ("attack", S(state, PLANET), S(state, "nw-n-large"), 1)}[action]
    assert state.explain(attempt).rule == rule
    assert {"mine", "colonise", "move", "attack"} - {action} <= kinds(state)


@pytest.mark.parametrize("roll, dies, lives", [("2-1", 3, 4), ("2-2", 2, 3)])
def test_2_1_and_2_2_a_new_colony_dies_on_a_low_roll(table, roll, dies, lives):
    state = land(table, roll)
    force(state, ("colony", dies))
    colonise(state, "red")
    assert state.colonies[0] == 0 and events(state)[-1] == "colony-lost"
    force(state, ("colony", lives))
    colonise(state, "purple")
    assert state.colonies[0] == 1 and events(state)[-1] == "colony-survives"


@pytest.mark.parametrize("roll, cost", [("2-3", 3), ("2-4", 2)])
def test_2_3_and_2_4_mining_costs_more_actions(table, roll, cost):
    assert mine_cost(land(table, roll)) == cost


@pytest.mark.parametrize("roll, cost", [("2-5", 3), ("2-6", 2), ("3-6", 2), ("4-1", 1)])
def test_2_5_2_6_and_3_6_leaving_the_planet_costs_more(table, roll, cost):
    state = land(table, roll)
    assert leave_cost(state) == cost
    state.apply(("move", S(state, LANE), S(state, "nw-rocks")))    # once off the planet, a move costs 1 again
    assert state.actions_left == 8 - cost - 1


@pytest.mark.parametrize("roll, low, enough", [("3-1", 2, 3), ("3-2", 1, 2)])
def test_3_1_and_3_2_natives_end_the_ships_turn_unless_the_roll_is_enough(table, roll, low, enough):
    first, second = roll.split("-")
    state = table(ships={1: [LANE]})
    force(state, ("fate-1", int(first)), ("fate-2", int(second)), ("natives", low))
    state.apply(("move", S(state, LANE), S(state, PLANET)))
    assert "ship-stopped" in events(state) and "move" not in kinds(state)
    state = table(ships={1: [LANE]})
    force(state, ("fate-1", int(first)), ("fate-2", int(second)), ("natives", enough))
    state.apply(("move", S(state, LANE), S(state, PLANET)))
    assert "natives-leave" in events(state) and "move" in kinds(state) and not forced_left(state)


def test_3_3_calming_the_natives_costs_an_action(table):
    state = land(table, "3-3")
    assert state.actions_left == 7 and "actions-lost" in events(state)


def test_3_4_mining_costs_a_nut_for_the_natives(table):
    state = land(table, "3-4")
    assert sorted(a[2] for a in state.legal_actions() if a[0] == "mine") == [(0,), (1,), (2,), (3,)]
    assert state.explain(("mine", S(state, PLANET), ())).rule == "mine.pay"


def test_3_5_colonising_costs_a_second_nut(table):
    state = land(table, "3-5")
    pays = {a[2] for a in state.legal_actions() if a[0] == "colonise"}
    assert pays and all(len(p) == 2 for p in pays)
    assert state.explain(("colonise", S(state, PLANET), (0,))).rule == "colonise.pay"


def test_4_1_is_only_photos(table):
    state = land(table, "4-1")
    assert state.actions_left == 8 and not state.mods and state.phase == "act"


@pytest.mark.parametrize("roll, swaps", [("4-2", 1), ("4-3", 2)])
def test_4_2_and_4_3_swap_nuts_with_the_bank(table, roll, swaps):
    state = land(table, roll)
    for _ in range(swaps):
        assert state.phase == "choose" and ("done",) in state.legal_actions()
        state.apply(("swap", C(state, "red"), C(state, "purple")) if state.hand[0] else
                    ("swap", C(state, "yellow"), C(state, "purple")))
    assert state.phase == "act" and state.hand[C(state, "purple")] == 1 + swaps


def test_4_4_colonies_cost_no_action_only_a_nut(table):
    state = land(table, "4-4")
    colonise(state, "red")
    colonise(state, "purple")
    assert state.colonies[0] == 2 and state.actions_left == 8


def test_4_5_one_colony_is_free(table):
    state = land(table, "4-5")
    assert ("colonise", S(state, PLANET), ()) in state.legal_actions()
    colonise(state)
    assert state.actions_left == 8 and state.hand[:4] == [1, 1, 1, 1]
    assert ("colonise", S(state, PLANET), ()) not in state.legal_actions()
    colonise(state, "red")
    assert state.actions_left == 7 and state.colonies[0] == 2


def test_4_6_colonies_cost_nothing(table):
    state = land(table, "4-6")
    colonise(state)
    colonise(state)
    assert state.colonies[0] == 2 and state.actions_left == 8 and state.hand[:4] == [1, 1, 1, 1]


@pytest.mark.parametrize("roll, gained", [("5-1", ["purple", "red"]), ("5-2", ["yellow", "orange"]),
                                          ("5-5", ["red", "purple", "yellow", "orange"])])
def test_5_1_5_2_and_5_5_give_nuts_from_the_bank(table, roll, gained):
    state = land(table, roll)
    assert state.hand[:4] == [1 + gained.count(c) for c in state.data.colours]


def test_fate_gives_nothing_when_the_bank_has_none(table):
    state = table(ships={1: [LANE]})
    state.bank[C(state, "purple")] = 0
    force(state, ("fate-1", 5), ("fate-2", 1))
    state.apply(("move", S(state, LANE), S(state, PLANET)))
    assert state.hand[:4] == [2, 1, 1, 1] and "bank-empty" in events(state)


@pytest.mark.parametrize("roll, count", [("5-3", 2), ("5-4", 3), ("5-6", 5)])
def test_5_3_5_4_and_5_6_nuts_of_your_choice(table, roll, count):
    state = land(table, roll)
    for _ in range(count):
        assert state.phase == "choose" and state.legal_actions()[0][0] == "take"
        state.apply(("take", C(state, "orange")))
    assert state.phase == "act" and state.hand[C(state, "orange")] == 1 + count


def test_6_1_a_technology_of_your_choice(table):
    state = land(table, "6-1")
    state.apply(("gift-tech", C(state, "yellow")))
    assert state.has(0, C(state, "yellow")) and state.actions_left == 8 and state.hand[:4] == [1, 1, 1, 1]


def test_6_2_three_extra_actions(table):
    assert land(table, "6-2").actions_left == 11


def test_6_3_an_extra_colony_on_one_of_your_planets(table):
    state = land(table, "6-3", colonies={"core": {1: 1}})
    assert state.legal_actions() == [("gift-colony", S(state, "core"))]
    state.apply(("gift-colony", S(state, "core")))
    assert state.col[S(state, "core") * 2] == 2 and state.actions_left == 8
    lost = land(table, "6-3")
    assert lost.phase == "act" and events(lost)[-1] == "gift-lost"


def test_6_4_teleport_to_a_free_planet(table):
    state = land(table, "6-4", ships={1: [LANE], 2: ["core"]})
    targets = {a[1] for a in state.legal_actions()}
    assert S(state, "core") not in targets and S(state, PLANET) not in targets and S(state, "se-s-small") in targets
    state.apply(("teleport", S(state, "se-s-small")))
    assert state.occ[S(state, "se-s-small")] == 0 and state.occ[S(state, PLANET)] == -1


def test_6_5_a_new_ship_on_one_of_your_planets(table):
    state = land(table, "6-5", colonies={"core": {1: 1}})
    assert sorted(a[1] for a in state.legal_actions()) == sorted([S(state, HOME), S(state, "core")])
    state.apply(("gift-ship", S(state, "core")))
    assert state.ships_on_map(0) == 2 and state.occ[S(state, "core")] == 0


def test_6_6_chooses_one_of_the_other_gifts_of_block_6(table):
    state = land(table, "6-6")
    assert state.legal_actions() == [("genie", f"6-{i}") for i in range(1, 6)]
    state.apply(("genie", "6-2"))
    assert state.actions_left == 11
    assert state.explain(("genie", "6-2")).rule == "no-pending"


def test_every_entry_of_the_table_is_tested_here_and_acts_through_content_operations(astro):
    import inspect
    import sys

    source = inspect.getsource(sys.modules[__name__])
    fate = next(t for t in astro.tables if t.id == "fate")
    for entry in fate.entries:
        assert f'"{entry.roll}"' in source, entry.roll
        assert entry.roll == "4-1" or entry.effects, entry.roll


def test_a_changed_table_entry_changes_the_game_without_code(astro, table):
    from generator.rules.astronuts.data import FateEntry

    state = table(ships={1: [LANE]})
    data = state.data
    entry = data.fate["4-1"]
    data.fate["4-1"] = FateEntry("4-1", entry.name, entry.text, (("extra_actions", (("actions", 2),)),))
    try:
        force(state, ("fate-1", 4), ("fate-2", 1))
        state.apply(("move", S(state, LANE), S(state, PLANET)))
        assert state.actions_left == 10
    finally:
        data.fate["4-1"] = entry
