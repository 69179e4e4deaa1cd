"""Habitable engine: set-up by player count and difficulty, the engine's registration and its sentences."""

from __future__ import annotations

from collections import Counter

import pytest

from generator.checking import check_engine
from generator.content.errors import ErrorList
from generator.rules import registry
from generator.rules.habitable import HabitableGame
from generator.rules.habitable.data import DIE_FACES
from generator.rules.habitable.effects import search_places
from tests.habitable.conftest import new_state


def test_the_engine_is_registered_and_implements_every_declared_operation(habitable):
    assert habitable.game.engine == "habitable"
    assert "habitable" in registry.known_engines()
    assert registry.engine_class(habitable) is HabitableGame
    assert {op.id for op in habitable.game.operations} == set(HabitableGame.operations)
    errors = ErrorList()
    check_engine(habitable, errors)
    assert not errors, errors.as_text()


def test_an_event_without_a_sentence_is_named_by_pnp_check(habitable, monkeypatch):
    monkeypatch.setattr(HabitableGame, "event_kinds", HabitableGame.event_kinds | {"supernova-flash"})
    errors = ErrorList()
    check_engine(habitable, errors)
    assert sorted(e.message for e in errors) == [
        "no 'de' sentence for event 'supernova-flash' of the 'habitable' engine",
        "no 'en' sentence for event 'supernova-flash' of the 'habitable' engine"]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_lays_out_the_market_goals_and_hands(habitable, players):
    state = new_state(habitable, players=players, seed=players)
    data = state.data
    epoch_one = set(data.epoch_one)
    assert len(state.market) == 8 and all(card in epoch_one for card in state.market)
    assert len(state.goals_shown) == players + 1                    # "eine Karte mehr als ihr Spielende seid"
    assert all(len(h) == 5 for h in state.hands)                     # each player draws 5
    assert all(len(d) == 5 for d in state.decks)
    assert all(sorted(h + d) == sorted(data.starter) for h, d in zip(state.hands, state.decks, strict=False))
    assert state.current_player == 0 and state.phase == "archive"


@pytest.mark.parametrize("variant,first,second", [("easy", 1, 1), ("normal", 1, 2), ("hard", 2, 2)])
def test_the_difficulty_shuffles_its_events_into_each_epoch(habitable, variant, first, second):
    state = new_state(habitable, players=4, seed=11, variant=variant)
    events = set(state.data.events)
    top = state.pile[len(state.pile) - state.epoch_one_left:]       # Epoch I lies on top (the list's end)
    bottom = state.pile[:len(state.pile) - state.epoch_one_left]
    assert sum(c in events for c in top) == first
    assert sum(c in events for c in bottom) == second
    assert all(c in events or c in state.data.epoch_one for c in top)
    assert all(c in events or c in state.data.epoch_two for c in bottom)
    assert len(top) == 38 - 8 + first and len(bottom) == 34 + second
    assert len(state.events_box) == 7 - first - second


@pytest.mark.parametrize("players,kepler", [(2, False), (3, False), (4, True), (5, True)])
def test_kepler_117_is_used_only_with_four_or_five_players(habitable, players, kepler):
    state = new_state(habitable, players=players)
    stars = {place[1] for place in search_places(state, 0)}
    assert ("kepler-117" in stars) is kepler
    assert {"sonne", "proxima-centauri", "trappist-1", "kepler-186"} <= stars


def test_the_distance_dice_show_one_one_two_two_three_three(habitable):
    state = new_state(habitable, players=2)
    state.explicit_chance = True
    state.roll_distance((1, 0, 0, 0))              # a search's dice, declared and not yet rolled
    faces: Counter[int] = Counter()
    for roll, probability in state.chance_outcomes():
        faces[DIE_FACES[roll[0] - 1]] += probability
    assert faces == {1: pytest.approx(1 / 3), 2: pytest.approx(1 / 3), 3: pytest.approx(1 / 3)}
    assert DIE_FACES == (1, 1, 2, 2, 3, 3)


def test_options_name_players_and_difficulty(habitable):
    game = HabitableGame(habitable, {"players": "3", "variant": "hard"})
    assert game.num_players() == 3 and game.options == {"players": "3", "variant": "hard"}
    assert HabitableGame(habitable).num_players() == 4
