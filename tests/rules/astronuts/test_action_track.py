"""The action track is printed from 0 to 16, and the number of actions left never leaves it: a Time Masters gift
(fate 6-2, or 6-6 choosing it) that would carry the marker past the end stops there, the rest is lost, as the
rules page says. Fuzzed games check that no reachable state exceeds the printed track."""

from __future__ import annotations

import random

import pytest

from generator.rules.astronuts import new_game
from generator.rules.policies import make_policy

from .conftest import S, force, forced_left
from .test_fate import LANE, PLANET


def track_end(astro) -> int:
    board = next(b for b in astro.boards if b.id == "action-track")
    [track] = [t for t in board.tracks if t.id == "actions"]
    assert int(track.start) == 0
    return int(track.end)


def test_the_printed_track_runs_to_16(astro):
    assert track_end(astro) == 16


@pytest.mark.parametrize("before, after, gained", [(8, 11, 3), (13, 16, 3), (14, 16, 2), (16, 16, 0)])
def test_time_masters_fill_the_track_up_to_its_end_and_no_further(table, before, after, gained):
    state = table(ships={1: [LANE]}, actions=before + 1)  # the landing move costs 1
    force(state, ("fate-1", 6), ("fate-2", 2))
    state.apply(("move", S(state, LANE), S(state, PLANET)))
    assert not forced_left(state)
    assert state.actions_left == after
    [gain] = [e for e in state.events if e.kind == "actions-gained"]
    assert gain.get("n") == gained
    assert state.game.presentation.render_event(gain, "en", None).startswith(f"Player 1 gains {gained} action")


def _max_actions(astro, seed: int, policy_name: str, players: int, time_masters: bool = False) -> int:
    """The most actions any state of one game holds; `time_masters`: every landing rolls 6-2 (each roll possible,
    so every state so reached is reachable), the fastest way up the track."""
    state = new_game(astro, seed, {"players": str(players)}, log=True)
    if time_masters:
        roll = state._roll

        def fate_6_2(what: str, sides: int = 6, dice: int = 1) -> tuple[int, ...]:
            return {"fate-1": (6,), "fate-2": (2,)}.get(what) or roll(what, sides, dice)

        state._roll = fate_6_2  # type: ignore[method-assign]
    policy = make_policy(policy_name, state.game)
    rng = random.Random(seed)
    highest = state.actions_left
    steps = 0
    while not state.is_terminal and steps < 4000:
        state.apply(policy.choose(state, rng))
        highest = max(highest, state.actions_left)
        steps += 1
    return highest


@pytest.mark.parametrize("policy_name, games, time_masters, reached", [  # the long fuzzing runs in the full suite
    pytest.param("random", 60, False, 12, marks=pytest.mark.slow),
    pytest.param("random", 60, True, 16, marks=pytest.mark.slow),
    ("greedy", 30, True, 13)])
def test_no_reachable_state_has_more_actions_than_the_printed_track(astro, policy_name, games, time_masters, reached):
    end = track_end(astro)
    highest = [_max_actions(astro, seed, policy_name, 2 + seed % 3, time_masters) for seed in range(games)]
    assert max(highest) <= end
    assert max(highest) >= reached  # the fuzzing reached the track's upper part (with Time Masters: its end)
