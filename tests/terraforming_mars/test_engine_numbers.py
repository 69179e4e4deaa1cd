"""The summary's held numbers as the referee plays them: costs, values, conversions and tracks."""

from __future__ import annotations

import pytest

from generator.rules.terraforming_mars.data import HEAT, MC, PLANTS, STEEL, TITANIUM

from .conftest import give, names


@pytest.mark.parametrize("project, cost", [("kraftwerk-bauen", 11), ("asteroid-lenken", 14), ("bewaesserung", 18),
                                           ("gruenflaeche", 23), ("stadtbau", 25)])
def test_standard_projects_cost_11_14_18_23_25(table, project, cost):
    state = table()
    state.res[0][MC] = cost
    state.apply(("project", project))
    assert state.res[0][MC] == 0
    assert state.events[0].kind == "project" and state.events[0].get("cost") == cost
    poorer = table()
    poorer.res[0][MC] = cost - 1
    assert f"project {project}" not in names(poorer)
    assert poorer.explain(("project", project)).rule == "project.cost"


def test_power_plant_raises_energy_production_and_city_building_mc_production(table):
    state = table()
    state.res[0][MC] = 11 + 25
    state.apply(("project", "kraftwerk-bauen"))
    assert state.prod[0][4] == 2
    state.apply(("project", "stadtbau"))
    state.apply(("place", "mars-0-0"))
    assert state.prod[0][MC] == 2 and state.tiles["mars-0-0"] == ("city", 0)


def test_sell_patents_gives_one_mc_per_card_sold(table):
    state = table()
    give(state, 0, "erzader", "titanader", "wetterballone")
    state.res[0][MC] = 0
    state.apply(("project", "patente-verkaufen"))
    assert state.explain(("done",)).rule == "sell.none"
    state.apply(("sell", "erzader"))
    state.apply(("sell", "wetterballone"))
    state.apply(("done",))
    assert state.res[0][MC] == 2 and state.hand[0] == ["titanader"]
    assert state.discard[-2:] == ["erzader", "wetterballone"]


def test_milestones_cost_8_and_only_3_of_5_are_claimed(table):
    state = table()
    state.tr[0] = 35
    state.res[0][MC] = 8
    assert "milestone terraformer" in names(state)
    state.apply(("milestone", "terraformer"))
    assert state.res[0][MC] == 0 and state.milestones == {"terraformer": 0}
    state.milestones.update({"buergermeister": 1, "gaertner": 2})
    state.res[1][MC] = 50
    state.hand[1] = state.deck[:16]
    del state.deck[:16]
    state.apply(("end",))
    assert state.explain(("milestone", "planer")).rule == "milestone.all-claimed"


def test_awards_cost_8_14_20_and_only_3_are_funded(table):
    state = table()
    state.res[0][MC] = 100
    paid = []
    for award in ("energiebaron", "biologin"):
        before = state.res[0][MC]
        state.apply(("award", award))
        paid.append(before - state.res[0][MC])
    state.res[1][MC] = 100
    state.apply(("award", "raumfahrerin"))
    paid.append(100 - state.res[1][MC])
    assert paid == [8, 14, 20]
    assert state.explain(("award", "sammler")).rule == "award.all-funded"


def test_steel_pays_2_and_titanium_3_with_no_change(table):
    state = table()
    give(state, 0, "kratergiesserei", "schrottbergung")   # 12 M€ building / 8 M€ space
    state.res[0][STEEL], state.res[0][TITANIUM], state.res[0][MC] = 7, 3, 10
    legal = state.legal_actions()
    assert ("play", "kratergiesserei", 6, 0) in legal and ("play", "kratergiesserei", 7, 0) not in legal
    assert ("play", "schrottbergung", 0, 3) in legal and ("play", "schrottbergung", 3, 0) not in legal
    state.apply(("play", "schrottbergung", 0, 3))      # 9 M€ of titanium for 8 M€: no change
    assert (state.res[0][TITANIUM], state.res[0][MC]) == (3, 10)    # 3 titanium spent, then 3 gained by the event
    state.apply(("play", "kratergiesserei", 5, 0))     # 10 M€ of steel, 2 M€ on top
    assert (state.res[0][STEEL], state.res[0][MC]) == (2, 8)


def test_a_steel_cube_that_pays_nothing_is_refused(table):
    state = table()
    give(state, 0, "erzader")                          # 7 M€: 4 steel already pay 8
    state.res[0][STEEL] = 9
    assert state.explain(("play", "erzader", 5, 0)).rule == "pay.wasted"
    assert state.explain(("play", "erzader", 4, 0)).legal
    assert state.explain(("play", "erzader", 0, 1)).rule == "pay.titanium-tag"


def test_eight_plants_make_a_greenery_and_eight_heat_a_temperature_step(table):
    state = table()
    state.res[0][PLANTS], state.res[0][HEAT] = 8, 15
    state.apply(("convert", "heat"))
    assert (state.temperature, state.tr[0], state.res[0][HEAT]) == (-28, 21, 7)
    assert state.explain(("convert", "heat")).rule == "convert.heat"
    state.apply(("convert", "plants"))
    state.apply(("place", "mars-2-0"))
    assert (state.oxygen, state.tr[0], state.res[0][PLANTS]) == (1, 22, 0)


def test_the_tracks_run_minus_30_to_8_in_2_degree_steps_0_to_14_percent_and_9_oceans(table):
    state = table()
    d = state.data
    assert d.temperature == (-30, 8, 2)   # 19 steps, raised one by one below
    assert d.oxygen == (0, 14) and d.oceans_max == 9 and len(d.ocean_spaces) == 12
    state.res[0][HEAT] = 8 * 20
    for _ in range(19):
        state.apply(("convert", "heat"))
        state.actions_done = 0
    assert state.temperature == 8 and state.tr[0] == 20 + 19
    assert state.explain(("convert", "heat")).rule == "convert.at-goal"
    assert state.explain(("project", "asteroid-lenken")).rule == "project.at-goal"
