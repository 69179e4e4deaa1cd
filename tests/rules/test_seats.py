"""Seats count from 0 in the engine API, events' data and action values included, and read from 1 for people.

A sentence says "Player 1" for seat 0, and a saved game writes every seat the game's `seat_keys`
names from 1, as games saved before the API counted from 0 did, so they replay byte for byte
(tests/rules/test_golden.py and the examples replay them; this file checks the two forms side by side).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest

from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.rules.core import Event, moved_seats, seat_paths, seat_values
from generator.rules.log import dump_lines, header_of, replay_text
from generator.rules.registry import make_game

CONTENT_DIR = Path(__file__).resolve().parents[2] / "content"
GAMES = ("habitable", "astronuts", "terraforming-mars", "escape-earth")
SEAT_WORD = r"(?i)\b(player|spieler(\*in)?) {n}\b"


@pytest.fixture(scope="module")
def bundled():
    errors = ErrorList()
    loaded = {c.id: c for c in load_checked(CONTENT_DIR, list(GAMES), errors)}
    assert not errors, errors.as_text()
    return loaded


def played(content, seed: int = 1, actions: int = 150):
    game = make_game(content, {})
    state = game.new_initial_state(seed, log=True)
    rng = random.Random(seed)
    for _ in range(actions):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return game, state


@pytest.mark.parametrize("game_id", GAMES)
def test_events_name_seats_from_0_and_the_saved_game_writes_them_from_1(bundled, game_id: str) -> None:
    game, state = played(bundled[game_id])
    n = game.num_players()
    saved = [row for entry in state.log or [] for row in entry.get("events", ())]
    assert len(saved) > 20
    seen: set[int] = set()
    for ev in state.events:
        for key, value in ev.data:
            seats = seat_values(key, value, game.seat_keys)
            assert all(0 <= seat < n for seat in seats), (ev, key)
            seen.update(seats)
    assert seen == set(range(n))
    assert {row["player"] for row in saved if "player" in row} == set(range(1, n + 1))  # the last seat written as n
    # reading the saved form gives the engine's events back, seats from 0 (an automatic step inside a decision is
    # logged before the decision's own events, so the two are compared as collections)
    restored = Counter(Event.from_json(row, game.seat_keys) for row in saved)
    assert restored == Counter(state.events[:len(saved)])


@pytest.mark.parametrize("game_id", GAMES)
def test_a_saved_game_replays_and_its_text_names_every_seat_from_1(bundled, game_id: str) -> None:
    game, state = played(bundled[game_id], seed=2, actions=60)
    text = dump_lines(header_of(state, dict(game.options)), state.log or [])
    assert replay_text(text, bundled[game_id]).final_hash == state.state_hash()
    written = {int(seat) for seat in re.findall(r'"player":(\d+)', text)}
    assert written and min(written) >= 1 and max(written) <= game.num_players()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_sentence_says_player_1_for_seat_0(bundled, game_id: str) -> None:
    game, state = played(bundled[game_id], actions=60)
    for seat in (0, game.num_players() - 1):
        ev = next(e for e in state.events if e.get("player") == seat and "player" in _template(game, e.kind))
        for lang in ("en", "de"):
            sentence = game.presentation.render_event(ev, lang)
            assert re.search(SEAT_WORD.format(n=seat + 1), sentence), sentence


@pytest.mark.parametrize("game_id", GAMES)
def test_action_values_name_the_seat_to_move_from_0_and_its_sentence_from_1(bundled, game_id: str) -> None:
    game, state = played(bundled[game_id], actions=0)
    rng, described = random.Random(3), 0
    for _ in range(200):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        values = state.game.presentation.action_values(state, action)
        if "player" in values:
            assert values["player"] == state.current_player
        if "{player}" in _template(game, str(action[0]), "actions"):
            said = game.presentation.describe(state, action, "en")
            assert re.search(SEAT_WORD.format(n=state.current_player + 1), said)
            described += 1
        state.apply(action)
    assert described > 0


def test_terraforming_mars_names_the_player_an_effect_hits_from_0_in_its_action_values(bundled) -> None:
    game = make_game(bundled["terraforming-mars"], {})
    state = game.new_initial_state(1)
    values = game.presentation.action_values(state, ("target", 2))  # "target 2": the notation counts from 1
    assert values["target"] == 1
    assert game.presentation.describe(state, ("target", 2), "en").startswith("Player 1 aims the effect at player 2")


def test_seat_keys_name_a_seat_a_list_of_seats_or_one_item_of_a_pair() -> None:
    seats = frozenset({"player", "others", "planet[0]"})
    assert seat_paths(seats) == {"player": None, "others": None, "planet": 0}
    assert moved_seats("player", 0, seats, 1) == 1
    assert moved_seats("others", (0, None, 2), seats, 1) == (1, None, 3)
    assert moved_seats("others", [0, 2], seats, 1) == [1, 3]
    assert moved_seats("planet", (0, 3), seats, 1) == (1, 3)          # the owner moves, the tile stays
    assert moved_seats("planet", None, seats, 1) is None
    assert moved_seats("player", True, seats, 1) is True               # a flag is no seat
    assert moved_seats("player", "ship", seats, 1) == "ship"           # nor is a forged action's word
    assert moved_seats("card", 0, seats, 1) == 0                       # an undeclared key is left alone
    assert seat_values("planet", (2, 3), seats) == [2] and seat_values("others", (0, None), seats) == [0]
    assert seat_paths(frozenset({"planet[x]", "two words"})) == {}


def test_the_saved_form_counts_seats_from_1_and_reads_back_to_0() -> None:
    seats = frozenset({"player", "others", "planet[0]"})
    ev = Event("migrated", (("player", 1), ("planet", (0, 3)), ("others", (0, 2)), ("n", 4)), frozenset({"n"}), 1)
    row = ev.as_json(seats)
    assert row == {"event": "migrated", "player": 2, "planet": [1, 3], "others": [1, 3], "n": 4, "secret": ["n"],
                   "private": 2}
    assert Event.from_json(row, seats) == ev
    assert Event("turn", (("player", 0),)).as_json() == {"event": "turn", "player": 1}  # `player` unless told more


def _template(game, kind: str, section: str = "events") -> str:
    return str(game.content.sentences["en"].get(section, {}).get(kind, ""))
