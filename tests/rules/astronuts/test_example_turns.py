"""The example turns beside the rulebook's own: a trade accepted and one refused; landings gone wrong; a pass granted
and one refused."""

from __future__ import annotations

import pytest

from generator.rules.examples import replay_example


def _replay(astro, example_id: str, steps: int | None = None):
    example = next(e for e in astro.examples if e.id == example_id)
    if steps is not None:
        example = example.model_copy(update={"steps": example.steps[:steps]})
    return replay_example(astro, example)


def _step(replay, action: str, nth: int = 0):
    return [s for s in replay.steps if s.action == action][nth]


def _rows(step, lang: str = "en") -> dict[str, str]:
    return dict(step.after[lang])


@pytest.fixture(scope="module")
def trading(astro):
    return _replay(astro, "trading")


@pytest.fixture(scope="module")
def landing(astro):
    return _replay(astro, "landing-gone-wrong")


def test_the_accepted_trade_is_player_2s_decision_and_swaps_one_nut_each(trading):
    accept = _step(trading, "accept")
    assert accept.player == 1                                        # the other player (seat 1: player 2) answers
    assert accept.events_text["en"] == ["Player 2 accepts: players 1 and 2 swap the nuts."]
    assert accept.events_text["de"] == ["Spieler 2 nimmt an: Spieler 1 und 2 tauschen die Nuts."]
    rows = _rows(accept)
    assert "nuts Red nut 1, Purple nut 1, Yellow nut 2, Orange nut 2" in rows["Player 1"]
    assert "nuts Red nut 2, Purple nut 1, Yellow nut 1;" in rows["Player 2"]   # no orange left
    started = _step(trading, "trade 2")
    assert started.events_text["en"] == ["Player 1 spends 1 action on a trade with player 2."]
    assert "8 actions left" in _rows(started)["Turn"]             # 9 -> 8: the trade's action


def test_the_refused_trade_keeps_the_nuts_and_still_costs_its_action(trading):
    refuse = _step(trading, "refuse")
    offer = _step(trading, "offer yellow purple")
    assert refuse.player == 1 and offer.player == 0                # seats from 0: player 2 refuses, player 1 offers
    assert refuse.events_text["en"] == ["Player 2 refuses the trade."]
    before, after = dict(refuse.before["en"]), _rows(refuse)
    assert before["Player 1"] == after["Player 1"] and before["Player 2"] == after["Player 2"]
    assert "7 actions left" in after["Turn"]                       # 8 -> 7 at `trade 2`, not given back


def test_the_trade_pays_for_both_the_technology_and_the_ship(trading):
    state = trading.state
    orange, yellow = state.data.colour("orange"), state.data.colour("yellow")
    assert state.tech[orange] == 1 and sum(state.tech[:4]) == 1
    assert sorted(state.ships[0]) == sorted([-1, state.data.index["nw-home"], state.data.index["nw-w-small"]])
    assert state.hand[:4] == [1 if c == yellow else 0 for c in range(4)]
    assert state.hand[4:8] == [2, 1, 1, 0]                           # player 2: red 2, purple 1, yellow 1
    assert "Player 1 ends the turn (2 actions unused)." in trading.steps[-1].events_text["en"]


def test_the_toxic_atmosphere_kills_the_new_colony_and_its_nut_is_gone(landing):
    colonise = _step(landing, "colonise nw-w-small pay red")
    text = colonise.events_text["en"]
    assert text[-2:] == ["Player 1 rolls 2 (the colony's survival).",
                         "A colony of player 1 on Almond is lost (the atmosphere)."]
    assert "7 actions left" in _rows(colonise)["Turn"]
    assert "0 colonies" in _rows(colonise)["Player 1"] and "Red nut" not in _rows(colonise)["Player 1"]


def test_ka_boooom_destroys_the_only_ship_and_a_new_one_starts_at_home(landing):
    crash = _step(landing, "move nw-w-small nw-w-large")
    assert crash.events_text["en"][-3:] == [
        "Fate 1-1 Ka-Boooom! Catastrophic landing.",
        "The AstroShip of player 1 on Brazil Nut is destroyed (catastrophic landing).",
        "Player 1 has no AstroShip left: a new one starts from Home NW."]
    assert "ships Home NW;" in _rows(crash)["Player 1"]


def test_the_ogres_end_the_ships_turn_and_leave_only_trade_technology_or_end(astro, landing):
    ogres = _step(landing, "move nw-n-lane nw-n-small")
    assert ogres.events_text["en"][-3:] == ["Fate 3-1 Aggressive ogres.", "Player 1 rolls 2 (natives).",
                                            "This AstroShip can take no more actions this turn."]
    stopped = _replay(astro, "landing-gone-wrong", steps=len(landing.steps) - 1).state
    assert stopped.actions_left == 4
    assert {a[0] for a in stopped.legal_actions()} == {"trade", "tech", "end"}
    assert "Player 1 ends the turn (4 actions unused)." in landing.steps[-1].events_text["en"]
    state = landing.state
    assert state.colonies == [0, 0] and state.hand[:4] == [0, 1, 1, 1]
    assert state.ships[0][0] == state.data.index["nw-n-small"] and state.current_player == 1


@pytest.fixture(scope="module")
def passing(astro):
    example = next(e for e in astro.examples if e.id == "passing")
    return replay_example(astro, example, draw=True)


def test_the_example_pass_is_asked_by_player_1_and_granted_by_player_2(passing):
    ask = _step(passing, "pass nw-n-small north-hole ne-n-small")
    allow = _step(passing, "allow-pass")
    assert ask.player == 0 and allow.player == 1                  # the occupant (seat 1: player 2) decides
    assert "12 actions left" in _rows(ask)["Turn"] and "asked to let a ship pass" in _rows(ask)["Turn"]
    assert allow.events_text["en"][:2] == [
        "Player 2 lets player 1 pass AstroHole between Cashew and Hazelnut.",
        "Player 1 passes AstroHole between Cashew and Hazelnut and moves from Hazelnut to Cashew."]
    assert allow.events_text["de"][0] == \
        "Spieler 2 lässt Spieler 1 auf AstroHole zwischen Cashew und Haselnuss passieren."
    assert "Fate 4-1 Cheerful natives and gorgeous scenery." in allow.events_text["en"]   # landed beyond
    assert "10 actions left" in _rows(allow)["Turn"]               # 2 actions: one for each space
    assert _rows(allow)["Player 2"].startswith("ships AstroHole between Cashew and Hazelnut, Home NE;")
    assert allow.picture["en"].alt.startswith("Player 1: ships Cashew;")
    assert allow.picture["de"].alt.startswith("Spieler 1: Schiffe Cashew;")


def test_the_example_pass_refused_costs_nothing_and_the_attack_answers_it(passing):
    refuse = _step(passing, "refuse-pass")
    assert refuse.player == 1
    assert refuse.events_text["en"] == ["Player 2 refuses player 1 the pass over Home NE."]
    assert refuse.events_text["de"] == ["Spieler 2 lässt Spieler 1 auf Heimat NO nicht passieren."]
    before, after = dict(refuse.before["en"]), _rows(refuse)
    assert "8 actions left" in before["Turn"] and "8 actions left" in after["Turn"]
    assert before["Player 1"] == after["Player 1"] and after["Player 1"].startswith("ships space between Cashew")
    assert refuse.picture["en"].alt == _step(passing, "pass ne-n-lane ne-home ne-e-lane").picture["en"].alt
    attack = _step(passing, "attack ne-n-lane ne-home 2")
    assert attack.events_text["en"][-1] == "The AstroShip of player 2 on Home NE is destroyed (attack)."
    assert _rows(passing.steps[-2])["Player 1"].startswith("ships space between Home NE and Pistachio;")
    assert passing.state.ships[1].count(-1) == 2                    # player 2 kept the ship on the AstroHole
