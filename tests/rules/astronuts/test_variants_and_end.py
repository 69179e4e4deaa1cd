"""The optional rules as options, the end of the game, results and ties."""

from __future__ import annotations

from generator.rules.astronuts.data import WIN_COLONIES

from .conftest import C, S, events, force, forced_left


def test_the_map_joins_each_astrohole_to_the_other_three(astro):
    board = next(b for b in astro.boards if b.id == "map")
    holes = board.spaces_of_kind("astrohole")
    assert len(holes) == 4
    for hole in holes:
        assert board.jumps(hole) == tuple(sorted(set(holes) - {hole}))
        assert not set(board.jumps(hole)) & set(board.neighbours(hole))   # jumps are no lanes
    assert board.jumps("core") == ()


def test_without_the_option_astroholes_are_ordinary_spaces(table):
    state = table(ships={1: ["nw-n-small"]}, nuts={"nw-n-small": []})
    state.apply(("move", S(state, "nw-n-small"), S(state, "north-hole")))
    assert not any(a[0] == "jump" for a in state.legal_actions())
    assert state.explain(("jump", S(state, "north-hole"), S(state, "west-hole"))).rule == "jump.off"


def test_a_ship_entering_an_astrohole_may_jump_to_another_without_an_action(table):
    state = table(options={"astroholes": "on"}, ships={1: ["nw-n-small"], 2: ["east-hole"]})
    state.apply(("move", S(state, "nw-n-small"), S(state, "north-hole")))
    jumps = sorted(state.data.ids[a[2]] for a in state.legal_actions() if a[0] == "jump")
    assert jumps == ["south-hole", "west-hole"]                      # east-hole holds a ship
    assert state.explain(("jump", S(state, "north-hole"), S(state, "east-hole"))).rule == "jump.occupied"
    assert state.explain(("jump", S(state, "north-hole"), S(state, "core"))).rule == "jump.target"
    state.apply(("jump", S(state, "north-hole"), S(state, "west-hole")))
    assert state.actions_left == 8 and state.occ[S(state, "west-hole")] == 0
    assert state.explain(("jump", S(state, "west-hole"), S(state, "south-hole"))).rule == "jump.not-entered"


def test_the_last_action_into_an_astrohole_still_allows_the_free_jump(table):
    state = table(actions=1, options={"astroholes": "on"}, ships={1: ["nw-n-small"]})
    state.apply(("move", S(state, "nw-n-small"), S(state, "north-hole")))
    assert state.phase == "act" and any(a[0] == "jump" for a in state.legal_actions())


def test_asteroids_crossing_survives_on_two_stopping_on_three(table):
    state = table(options={"asteroids": "on"}, ships={1: ["nw-n-lane"]})
    state.apply(("move", S(state, "nw-n-lane"), S(state, "nw-rocks")))
    force(state, ("asteroid", 2))
    state.apply(("move", S(state, "nw-rocks"), S(state, "nw-w-lane")))   # crossed: 2 is enough
    assert state.occ[S(state, "nw-w-lane")] == 0 and not forced_left(state)
    state.apply(("move", S(state, "nw-w-lane"), S(state, "nw-rocks")))
    force(state, ("asteroid", 1))
    state.apply(("move", S(state, "nw-rocks"), S(state, "nw-n-lane")))
    assert "ship-destroyed" in events(state) and state.occ[S(state, "nw-n-lane")] == -1
    stop = table(options={"asteroids": "on"}, ships={1: ["nw-n-lane"]})
    stop.apply(("move", S(stop, "nw-n-lane"), S(stop, "nw-rocks")))
    force(stop, ("asteroid", 2))
    stop.apply(("end",))                                                  # stopped there: 2 is not enough
    assert stop.occ[S(stop, "nw-rocks")] == -1 and not forced_left(stop)
    assert [stop.data.ids[s] for s in stop.ships[0] if s >= 0] == ["nw-home"]


def test_without_the_option_asteroid_fields_are_ordinary_spaces(table):
    state = table(ships={1: ["nw-n-lane"]})
    state.apply(("move", S(state, "nw-n-lane"), S(state, "nw-rocks")))
    state.apply(("move", S(state, "nw-rocks"), S(state, "nw-w-lane")))
    assert "rolled" not in events(state)


def test_the_game_ends_at_the_end_of_the_round_in_which_the_last_nuts_were_mined(table):
    state = table(players=2, ships={1: ["nw-n-small"], 2: ["se-home"]},
                  nuts={s: [] for s in ("core", "east-inner", "ne-e-large", "ne-e-small", "ne-n-large", "ne-n-small",
                                        "north-inner", "nw-n-large", "nw-w-large", "nw-w-small", "se-e-large",
                                        "se-e-small", "se-s-large", "se-s-small", "south-inner", "sw-s-large",
                                        "sw-s-small", "sw-w-large", "sw-w-small", "west-inner")})
    state.apply(("mine", S(state, "nw-n-small"), ()))
    state.apply(("end",))
    assert state.outcome() is None and state.current_player == 1         # player 2 still has the round's turn
    state.apply(("declare", 1))
    state.apply(("end",))
    outcome = state.outcome()
    assert outcome is not None and outcome.cause == "all-mined"
    assert "no planet holds any nuts" in outcome.text["en"]


def test_the_fourteenth_colony_ends_the_game_at_once_and_most_colonies_win(table):
    state = table(ships={1: ["core"]}, colonies={"nw-n-small": {1: 2}, "nw-w-small": {1: 2}, "ne-n-small": {1: 2},
                                                  "ne-e-small": {1: 2}, "se-e-small": {1: 2}, "se-s-small": {1: 2},
                                                  "sw-s-small": {1: 1}, "sw-w-small": {2: 1}})
    assert state.colonies[0] == WIN_COLONIES - 1
    state.apply(("colonise", S(state, "core"), (C(state, "red"),)))
    outcome = state.outcome()
    assert outcome.cause == "colonies" and state.current_player == -1 and state.legal_actions() == []
    first, second = outcome.results
    assert (first.player, first.score, first.rank, first.won) == (0, 14.0, 1, True)
    assert (second.score, second.rank, second.won) == (1.0, 2, False)
    assert dict(first.breakdown) == {"colonies": 14.0}        # the score's one source; nuts only break ties
    assert state.explain(("end",)).rule == "game-over"


def test_a_tie_on_colonies_goes_to_the_player_with_more_nuts_then_it_is_shared(table):
    state = table(players=3, hand={1: {"purple": 2}, 2: {"red": 1}, 3: {"red": 1}},
                  colonies={"core": {1: 1, 2: 1}, "nw-n-small": {3: 1}})
    state.finish("all-mined")
    ranks = [(r.rank, r.won) for r in state.outcome().results]
    assert ranks == [(1, True), (2, False), (2, False)]
    state.hand[1] = 1   # player 1 gives a purple nut back: 4 nuts each
    state.bank[1] += 1
    ranks = [(r.rank, r.won) for r in state.outcome().results]
    assert ranks == [(1, True), (1, True), (1, True)]
