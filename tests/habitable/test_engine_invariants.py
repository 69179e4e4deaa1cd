"""Habitable engine: invariants over seeded playouts, refusals that agree with the legal set, the greedy player.

Every card in exactly one place (hands, piles, market, black hole, box, in play), goal and planet
cards conserved, markers on their tracks, one stack per circle, the legal set empty exactly when
the game is over, clones equal, saved games replay to the same hash (the generic checker).
"""

from __future__ import annotations

import random

import pytest

from generator.rules.contract import ONLOOKER
from generator.rules.habitable import HabitableGame
from generator.rules.invariants import check_many
from generator.rules.policies import make_policy
from generator.rules.presentation import format_action, parse_action
from tests.habitable.conftest import new_state
from tests.scale import games

RANDOM_GAMES = games(150)     # PNP_TEST_SCALE=20 for a deep run (tests/scale.py)
FAST_GAMES = 30
MAX_TURNS = 200


def _check(content, players: int, games: int, policy: str = "random", variant: str = "normal", replay_every: int = 10):
    report = check_many(HabitableGame(content, {"players": str(players), "variant": variant}), games,
                        batch_seed=players, policy=policy, max_turns=MAX_TURNS, replay_every=replay_every)
    assert report.problems == []
    assert report.games == games and report.outcomes == {"score": games}
    assert report.longest <= MAX_TURNS
    return report


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_invariants_hold_over_a_few_random_playouts(habitable, players):
    _check(habitable, players, FAST_GAMES, replay_every=5)


@pytest.mark.parametrize("variant", ["easy", "hard"])
def test_invariants_hold_with_each_difficulty(habitable, variant):
    _check(habitable, 4, 10, variant=variant, replay_every=5)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_invariants_hold_over_many_random_playouts(habitable, players):
    _check(habitable, players, RANDOM_GAMES, replay_every=50)


def test_invariants_hold_in_greedy_games(habitable):
    report = _check(habitable, 3, 2, policy="greedy", replay_every=1)
    assert report.steps > 0


def _candidates(state) -> list[tuple]:
    """Actions of every kind with many values, legal or not."""
    p = state.current_player
    cards = sorted(set(state.hands[p]) | {"eiskomet", "mond", "industrialisierung"})
    planets = [None] + [(q, t) for q in range(state.n) for t in (1, 2, 3)]
    out: list[tuple] = [("end",), ("allow",), ("discover",), ("leave",), ("trash", ())]
    for card in cards:
        out += [("play", card, t) for t in planets]
        out += [("archive", (card,)), ("pay", (card,)), ("trash", (card,)), ("defend", card)]
    for slot in range(8):
        out.append(("buy", slot))
        out += [("buy-play", slot, t) for t in planets]
    out += [("distance", d) for d in range(0, 9)] + [("migrate", 1), ("migrate", -1)]
    out += [("search", "star", s.id) for s in state.data.stars] + [("search", "planet", t) for t in (1, 2, 3)]
    return out


def test_refusals_agree_with_the_legal_set(habitable):
    rng = random.Random(4)
    checked = 0
    for seed in range(6):
        state = new_state(habitable, players=2 + seed % 4, seed=seed)
        while not state.is_terminal and checked < 4000:
            legal = set(state.legal_actions())
            for action in _candidates(state):
                problem = state._violation(action)
                assert (problem is None) == (action in legal), (state.phase, state.choice, action, problem)
                checked += 1
            for action in legal:
                assert parse_action(state, format_action(state, action)) == action
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
    assert checked >= 4000


def test_the_greedy_player_scores_more_than_random_players(habitable):
    game = HabitableGame(habitable, {"players": "2"})
    greedy_total = random_total = 0.0
    for seed in range(4):
        state = game.new_initial_state(seed, quiet=True)
        rng = random.Random(seed)
        policies = [make_policy("greedy", game), make_policy("random", game)]
        if seed % 2:
            policies.reverse()
        while not state.is_terminal:
            state.apply(policies[state.current_player].choose(state, rng))
        scores = [r.score for r in state.outcome().results]
        greedy_total += scores[seed % 2]
        random_total += scores[1 - seed % 2]
    assert greedy_total > random_total


def test_evaluate_is_within_zero_and_one_and_reads_finished_games(habitable):
    game = HabitableGame(habitable, {"players": "2"})
    state = game.new_initial_state(3)
    assert 0.0 < game.ai.evaluate(state, 0) < 1.0
    state.planet(0, 1).status = 2
    state.planet(0, 1).star, state.planet(0, 1).pos, state.planet(0, 1).card = 0, 5, "gesteinsplanet"
    state.planet(0, 1).life = 5
    assert game.ai.evaluate(state, 0) > 0.5 > game.ai.evaluate(state, 1)
    state.result = "score"
    assert game.ai.evaluate(state, 0) == 1.0 and game.ai.evaluate(state, 1) == 0.0


def test_every_event_and_action_reads_as_a_whole_sentence_in_both_languages(habitable):
    game = HabitableGame(habitable, {"players": "3", "variant": "hard"})
    rng = random.Random(2)
    kinds: set[str] = set()
    for seed in range(4):
        state = game.new_initial_state(seed)
        while not state.is_terminal:
            actions = state.legal_actions()
            for action in actions[:12]:
                for lang in ("de", "en"):
                    text = game.presentation.describe(state, action, lang)
                    assert "[" not in text and "{" not in text, text
            state.apply(actions[rng.randrange(len(actions))])
        for event in state.events:
            kinds.add(event.kind)
            for lang in ("de", "en"):
                for viewer in (None, ONLOOKER, 0, 1):
                    text = game.presentation.render_event(event, lang, viewer)
                    assert "[" not in text and "{" not in text, text
        assert state.outcome().text["de"] and state.outcome().text["en"]
    assert {"drew", "rolled", "end-of-turn", "event", "game-over"} <= kinds


def test_a_drawn_card_is_seen_only_by_its_player(habitable):
    state = new_state(habitable, players=2, seed=3)
    drawn = next(e for e in state.events if e.kind == "drew")
    own = state.game.presentation.render_event(drawn, "en", 0)        # seat 0 is player 1
    other = state.game.presentation.render_event(drawn, "en", 1)
    assert own.startswith("Player 1 draws 5 cards: ") and other == "Player 1 draws 5 cards."
