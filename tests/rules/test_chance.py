"""Declared chance and numeric returns: outcomes with their probabilities, tree search branching on
them, the same draws as before for every other tool, and each seat's value of a finished game."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.rules.ai_hooks import SearchSettings
from generator.rules.contract import TERMINAL, Game, GameState, copy_rng
from generator.rules.core import Action, Chance, ChanceError, Outcome, PlayerResult, RuleError
from generator.rules.escape_earth import new_game as new_escape_earth
from generator.rules.habitable import new_game as new_habitable
from generator.rules.log import ReplayError, dump_lines, header_of, replay_text
from generator.rules.mcts import MCTSPolicy, sampled
from generator.rules.policies import make_policy
from tests.rules.test_mcts import NimGame

CONTENT_DIR = Path(__file__).resolve().parents[2] / "content"


@pytest.fixture(scope="module")
def habitable():
    errors = ErrorList()
    [content] = load_checked(CONTENT_DIR, ["habitable"], errors)
    assert not errors, errors.as_text()
    return content


# -- the outcomes of a declared chance step -------------------------------------------------------
def test_a_roll_lists_every_ordered_roll_once_and_the_probabilities_sum_to_one():
    outcomes = Chance.roll("distance-dice", 6, 2).outcomes()
    assert len(outcomes) == 36 and len({o for o, _ in outcomes}) == 36
    assert {o for o, _ in outcomes} == {(a, b) for a in range(1, 7) for b in range(1, 7)}
    assert all(p == pytest.approx(1 / 36) for _, p in outcomes)
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    sums = Counter()
    for (a, b), p in outcomes:
        sums[a + b] += p
    assert sums[7] == pytest.approx(6 / 36) and sums[2] == pytest.approx(1 / 36)


def test_a_pick_weighs_a_choice_by_how_often_it_is_listed():
    outcomes = Chance.pick("event", ["hungersnot", "raeuber", "hungersnot", "aliens"]).outcomes()
    assert outcomes == [("hungersnot", 0.5), ("raeuber", 0.25), ("aliens", 0.25)]
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)


@pytest.mark.parametrize("chance, outcome, says", [
    (Chance.roll("d", 6, 2), (7, 1), "not a roll of 2 d6"), (Chance.roll("d", 6, 2), (1,), "not a roll of 2 d6"),
    (Chance.roll("d", 6, 1), (True,), "not a roll of 1 d6"), (Chance.pick("c", ["a", "b"]), "z", "not one of"),
])
def test_an_outcome_the_step_cannot_have_is_refused(chance, outcome, says):
    assert says in (chance.problem(outcome) or "")


def test_sampled_draws_each_outcome_by_its_probability():
    rng = random.Random(5)
    counts = Counter(sampled([("a", 0.25), ("b", 0.75)], rng) for _ in range(4000))
    assert set(counts) == {"a", "b"} and 850 <= counts["a"] <= 1150


# -- Habitable's distance dice ----------------------------------------------------------------------
def at_search(content, seed: int, explicit: bool) -> GameState:
    """A random Habitable game played up to its first planet search (the decision that rolls the dice)."""
    state = new_habitable(content, seed, {"players": "2"})
    rng = random.Random(seed)
    for _ in range(2000):
        assert not state.is_terminal
        if state.phase == "choice" and state.choice and state.choice[0] == "search":
            state.explicit_chance = explicit
            return state
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    raise AssertionError("no planet search in 2,000 decisions")


def test_a_search_in_explicit_mode_waits_on_the_dice_with_their_36_rolls(habitable):
    state = at_search(habitable, 3, explicit=True)
    search = state.legal_actions()[0]
    rng_before = state.rng.getstate()
    state.apply(search)
    assert state.is_chance_node() and state.rng.getstate() == rng_before      # nothing rolled yet
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 36 and sum(p for _, p in outcomes) == pytest.approx(1.0)
    with pytest.raises(RuntimeError, match="apply_chance"):
        state.apply(search)
    with pytest.raises(ChanceError, match="not a roll of 2 d6"):
        state.apply_chance((1, 9))
    events = state.apply_chance((1, 6))                      # faces 1 and 3
    assert not state.is_chance_node() and state.phase == "choice" and state.choice[4] == 4
    assert [(e.kind, e.get("dice"), e.get("total")) for e in events] == [("rolled", (1, 3), 4)]


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_an_outcome_given_by_hand_makes_the_table_the_seeded_roll_makes(habitable, seed):
    drawn = at_search(habitable, seed, explicit=False)
    given = drawn.clone()
    given.explicit_chance = True
    search = drawn.legal_actions()[0]
    rng = copy_rng(drawn.rng)
    roll = (rng.randint(1, 6), rng.randint(1, 6))            # what the state's RNG rolls next
    events = drawn.apply(search)
    given.apply(search)
    given_events = given.apply_chance(roll)
    assert drawn.key() == given.key() and [e.kind for e in events][-1:] == ["rolled"]
    assert [e for e in events if e.kind == "rolled"] == given_events


def test_a_saved_game_with_distance_rolls_replays_to_the_same_table(habitable):
    state = new_habitable(habitable, 4, {"players": "2"}, log=True)
    rng = random.Random(4)
    while not state.is_terminal:
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    rolls = [row for row in state.log if row.get("what") == "distance-dice"]
    assert rolls and all(len(row["outcome"]) == 2 for row in rolls)
    text = dump_lines(header_of(state, state.game.options, "random"), state.log or [])
    again = replay_text(text, habitable)
    assert again.final_hash == state.state_hash()
    edited = text.replace(f'"outcome":{rolls[0]["outcome"]}'.replace(" ", ""), '"outcome":[7,7]', 1)
    assert edited != text
    with pytest.raises(ReplayError, match="not a roll of 2 d6 for 'distance-dice'"):
        replay_text(edited, habitable)


def test_tree_search_on_habitable_meets_the_dice_and_leaves_the_table_alone(habitable):
    state = at_search(habitable, 3, explicit=False)
    before = state.clone()
    met = Counter()
    real_apply_chance = GameState.apply_chance

    def counting(self: GameState, outcome: Any) -> list:
        met[outcome] += 1
        return real_apply_chance(self, outcome)

    GameState.apply_chance = counting  # type: ignore[method-assign]
    try:
        action = MCTSPolicy(state.game, 60).choose(state, random.Random(1))
    finally:
        GameState.apply_chance = real_apply_chance  # type: ignore[method-assign]
    assert action in state.legal_actions() and state == before and not state.is_chance_node()
    assert sum(met.values()) >= 60 and all(len(o) == 2 for o in met)


# -- tree search branches on declared chance ------------------------------------------------------
class CoinGame(Game):
    """One player: take a sure 0.6, or toss a coin and then call it (the toss is seen): right 1, wrong 0."""

    engine_id = "coin"
    engine_version = "1"

    def __init__(self, declared: bool):
        self.declared = declared
        self.options = {}
        self.presentation, self.ai = self.presentation_class(self), self.ai_class(self)

    def new_initial_state(self, seed: int, *, log: bool = False, forced: list | None = None,
                          quiet: bool = False) -> CoinState:
        return CoinState(self, seed, log=log, forced=forced, quiet=quiet)

    def num_players(self) -> int:
        return 1


class CoinState(GameState):
    game: CoinGame

    def __init__(self, game: CoinGame, seed: int, **kw: Any):
        super().__init__(game, seed, **kw)
        self.coin, self.value = 0, -1.0

    @property
    def current_player(self) -> int:
        return TERMINAL if self.value >= 0 else 0

    def _legal_now(self) -> list[Action]:
        if self.value >= 0:
            return []
        return [("call", 1), ("call", 2)] if self.coin else [("safe",), ("toss",)]

    def _violation(self, action: Action) -> RuleError | None:
        return RuleError("no")

    def _do(self, action: Action) -> None:
        if action[0] == "safe":
            self.value = 0.6
        elif action[0] == "call":
            self.value = float(action[1] == self.coin)
        elif self.game.declared:
            self._await_chance(Chance.roll("coin", 2, 1))
        else:
            self.coin = self._roll("coin", 2, 1)[0]

    def _after_chance(self, chance: Chance, outcome: Any) -> None:
        self.coin = outcome[0]

    def returns(self) -> list[float]:
        return [max(self.value, 0.0)]

    def key(self) -> tuple:
        return (self.coin, self.value)

    def clone(self) -> CoinState:
        other = CoinState.__new__(CoinState)
        self._copy_base(other)
        other.coin, other.value = self.coin, self.value
        return other

    def outcome(self) -> Outcome | None:
        return None if self.value < 0 else Outcome("end", (PlayerResult(0, self.value, 1, self.value == 1.0),))

    def observation(self, player: int) -> dict[str, Any]:
        return {"coin": self.coin}


@pytest.mark.parametrize("seed", range(5))
def test_search_tosses_when_the_toss_is_declared_and_plays_safe_when_it_is_only_reseeded(seed):
    """Below a declared toss each side has its own node, so the search learns to call what it sees (worth 1);
    a toss inside `apply` puts both sides under one node, where either call is right half the time (0.5).
    (Exploration 1: at the default 0.5 a sure 0.6 can starve the toss of visits before it is learnt.)"""
    declared, reseeded = CoinGame(declared=True), CoinGame(declared=False)
    search = MCTSPolicy(declared, 300, exploration=1.0)
    assert search.choose(declared.new_initial_state(0), random.Random(seed)) == ("toss",)
    search = MCTSPolicy(reseeded, 300, exploration=1.0)
    assert search.choose(reseeded.new_initial_state(0), random.Random(seed)) == ("safe",)


def test_search_draws_the_declared_outcomes_by_their_probabilities():
    game = CoinGame(declared=True)
    tossed = Counter()
    real = CoinState._after_chance

    def counting(self: CoinState, chance: Chance, outcome: Any) -> None:
        tossed[outcome] += 1
        real(self, chance, outcome)

    CoinState._after_chance = counting  # type: ignore[method-assign]
    try:
        MCTSPolicy(game, 400, exploration=1.0).choose(game.new_initial_state(0), random.Random(2))
    finally:
        CoinState._after_chance = real  # type: ignore[method-assign]
    assert set(tossed) == {(1,), (2,)} and sum(tossed.values()) >= 200
    assert abs(tossed[(1,)] - tossed[(2,)]) <= 0.2 * sum(tossed.values())


def test_without_explicit_chance_a_declared_toss_is_drawn_and_logged_as_a_roll():
    game = CoinGame(declared=True)
    state = game.new_initial_state(11, log=True)
    state.apply(("toss",))
    assert not state.is_chance_node() and state.coin in (1, 2)
    rows = [(row["kind"], row.get("what"), row.get("outcome")) for row in state.log]
    assert rows[1] == ("chance", "coin", [state.coin])
    assert state.coin == random.Random(11).randint(1, 2)


# -- returns ---------------------------------------------------------------------------------------
def test_returns_are_one_for_the_winner_zero_for_the_loser_and_zero_while_the_game_runs():
    state = NimGame(2).new_initial_state(0)
    assert state.returns() == [0.0, 0.0]
    state.apply(("take", 2))
    assert state.returns() == [1.0, 0.0]


def test_returns_rank_the_losers_of_three_from_a_half_down_to_nothing():
    class Three(NimGame):
        def num_players(self) -> int:
            return 3

    state = Three(1).new_initial_state(0)
    state.outcome = lambda: Outcome("x", (PlayerResult(0, 1, 2, False), PlayerResult(1, 5, 1, True),  # type: ignore
                                          PlayerResult(2, 0, 3, False)))
    assert state.returns() == [0.25, 1.0, 0.0]


def test_escape_earth_returns_what_the_contract_gives_from_its_outcome(content):
    rng = random.Random(1)
    seen = set()
    for seed in range(8):
        state = new_escape_earth(content, seed, {"variant": "beginner"})
        assert state.returns() == GameState.returns(state) == [0.0, 0.0]
        while not state.is_terminal:
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
        assert state.returns() == GameState.returns(state)
        seen.add(state.returns()[0])
    assert seen == {0.0} or seen == {0.0, 1.0}


def test_a_lost_cooperative_game_is_worth_nothing_to_every_seat(content):
    state = new_escape_earth(content, 2, {"variant": "beginner"})
    state.result = "chaos"
    assert GameState.returns(state) == [0.0, 0.0] and state.game.ai.evaluate(state, 1) == 0.0


def test_paired_search_judges_finished_playouts_by_their_returns(content):
    game = new_escape_earth(content, 5, {"variant": "beginner"}).game
    policy = make_policy("mcts:8", game)
    state = game.new_initial_state(5)
    calls = Counter()
    real = type(state).returns

    def counting(self: GameState) -> list[float]:
        calls["returns"] += 1
        return real(self)

    type(state).returns = counting  # type: ignore[method-assign]
    try:
        policy.choose(state, random.Random(3))
    finally:
        type(state).returns = real  # type: ignore[method-assign]
    assert calls["returns"] >= 4


# -- Escape Earth: the time card turned up and the event it draws ----------------------------------
def before_turn_end(content, seed: int, explicit: bool) -> GameState:
    """An expert game (time cards on) whose player has one action left, to be spent passing."""
    state = new_escape_earth(content, seed, {"variant": "expert"})
    state.apply(("pass",))
    assert state.actions_left == 1 and ("pass",) in state.legal_actions()
    state.explicit_chance = explicit
    return state


def test_in_explicit_mode_the_time_card_turned_up_is_a_chance_node_weighed_by_the_deck(content):
    state = before_turn_end(content, 1, explicit=True)
    deck = list(state.time_deck)
    state.apply(("pass",))
    assert state.is_chance_node() and state.time_deck == deck and state.player == 1
    outcomes = dict(state.chance_outcomes())
    assert outcomes == {card: pytest.approx(deck.count(card) / len(deck)) for card in set(deck)}
    assert sum(outcomes.values()) == pytest.approx(1.0)
    events = state.apply_chance("die-zeit-vergeht")
    assert not state.is_chance_node() and state.time_seen[-1] == "die-zeit-vergeht"
    assert sorted(state.time_deck) == sorted(deck[:deck.index("die-zeit-vergeht")] +
                                             deck[deck.index("die-zeit-vergeht") + 1:])
    assert [e.kind for e in events][:2] == ["time-card", "time-passes"]


def test_an_event_card_drawn_by_the_time_card_is_a_chance_node_of_its_own(content):
    state = before_turn_end(content, 1, explicit=True)
    state.apply(("pass",))
    events_before = list(state.event_deck)
    state.apply_chance("ereignis")
    assert state.is_chance_node() and dict(state.chance_outcomes()).keys() == set(events_before)
    card = events_before[-1]
    state.apply_chance(card)
    assert not state.is_chance_node() and len(state.event_deck) == len(events_before) - 1
    assert state.pending_event == card or card in state.active_events or state.is_terminal


@pytest.mark.parametrize("seed", range(6))
def test_the_top_cards_given_by_hand_make_the_table_play_makes(content, seed):
    drawn = before_turn_end(content, seed, explicit=False)
    given = drawn.clone()
    given.explicit_chance = True
    time_card, event = drawn.time_deck[0], drawn.event_deck[0]
    drawn.apply(("pass",))
    given.apply(("pass",))
    given.apply_chance(time_card)
    if time_card == "ereignis":
        given.apply_chance(event)
    assert not given.is_chance_node() and given.key() == drawn.key()


def test_generic_tree_search_on_escape_earth_branches_on_time_cards_and_events(content):
    game = type(new_escape_earth(content, 1, {"variant": "expert"}).game)(content, {"variant": "expert"})
    game.ai.search_settings = SearchSettings  # type: ignore[method-assign]  # the generic tree, not the paired search
    state = game.new_initial_state(3)
    state.apply(("pass",))
    met = Counter()
    real = type(state)._after_chance

    def counting(self, chance: Chance, outcome: Any) -> None:
        met[chance.what] += 1
        real(self, chance, outcome)

    type(state)._after_chance = counting  # type: ignore[method-assign]
    try:
        before = state.clone()
        action = MCTSPolicy(game, 80).choose(state, random.Random(4))
    finally:
        type(state)._after_chance = real  # type: ignore[method-assign]
    assert action in state.legal_actions() and state == before
    assert met["time-card"] >= 40 and met["event-card"] >= 1
