"""Tree search: its budget, that it plays legal and seeded, never peeks, replays, and finds a good move."""

from __future__ import annotations

import random
from typing import Any

import pytest

from generator.rules.ai_hooks import AIHooks, SearchSettings
from generator.rules.contract import TERMINAL, Game, GameState
from generator.rules.core import Action, Outcome, PlayerResult, RuleError
from generator.rules.escape_earth import EscapeEarthGame
from generator.rules.log import dump_lines, header_of, replay_text
from generator.rules.mcts import MAX_BUDGET, MCTSPolicy, parse_budget
from generator.rules.policies import make_policy
from tests.rules.conftest import put


# -- the budget ---------------------------------------------------------------------------------
@pytest.mark.parametrize("name, budget", [("mcts:1", 1), ("mcts:200", 200), (f"mcts:{MAX_BUDGET}", MAX_BUDGET)])
def test_parse_budget_reads_the_playouts(name, budget):
    assert parse_budget(name) == budget


@pytest.mark.parametrize("name, says", [
    ("mcts", "mcts:N"), ("mcts:", "whole number"), ("mcts:abc", "not 'abc'"), ("mcts:2.5", "whole number"),
    ("mcts:-3", "whole number"), ("mcts:0", "from 1 to 100,000"), ("mcts:100001", "from 1 to 100,000"),
    ("mcst:20", "mcts:N"),
])
def test_parse_budget_refuses_bad_text_and_says_why(name, says):
    with pytest.raises(ValueError, match=says):
        parse_budget(name)


def test_make_policy_names_the_budget(content):
    policy = make_policy("mcts:7", EscapeEarthGame(content))
    assert isinstance(policy, MCTSPolicy) and policy.playouts == 7 and policy.name == "mcts:7"


# -- a tiny competitive game: the search is generic ----------------------------------------------
class NimGame(Game):
    """Take 1 or 2 from a pile; whoever takes the last one wins."""

    engine_id = "nim"
    engine_version = "1"

    def __init__(self, pile: int):
        self.pile = pile
        self.options = {}
        self.presentation, self.ai = self.presentation_class(self), self.ai_class(self)

    def new_initial_state(self, seed: int, *, log: bool = False, forced: list | None = None,
                          quiet: bool = False) -> NimState:
        return NimState(self, seed, log=log, forced=forced, quiet=quiet)

    def num_players(self) -> int:
        return 2


class NimState(GameState):
    def __init__(self, game: NimGame, seed: int, **kw: Any):
        super().__init__(game, seed, **kw)
        self.pile, self.player, self.winner = game.pile, 0, -1

    @property
    def current_player(self) -> int:
        return TERMINAL if self.winner >= 0 else self.player

    def _legal_now(self) -> list[Action]:
        return [] if self.winner >= 0 else [("take", n) for n in (1, 2) if n <= self.pile]

    def _violation(self, action: Action) -> RuleError | None:
        return RuleError("too-many")

    def _do(self, action: Action) -> None:
        self.pile -= action[1]
        if self.pile == 0:
            self.winner = self.player
        self.player = 1 - self.player
        self.turn += 1

    def key(self) -> tuple:
        return (self.pile, self.player, self.winner)

    def clone(self) -> NimState:
        other = NimState.__new__(NimState)
        self._copy_base(other)
        other.pile, other.player, other.winner = self.pile, self.player, self.winner
        return other

    def outcome(self) -> Outcome | None:
        if self.winner < 0:
            return None
        return Outcome("last", tuple(PlayerResult(p, float(p == self.winner), 1 if p == self.winner else 2,
                                                  p == self.winner) for p in range(2)))

    def observation(self, player: int) -> dict[str, Any]:
        return {"pile": self.pile}


@pytest.mark.parametrize("rollout", [0, 3])
@pytest.mark.parametrize("pile, best", [(4, 1), (5, 2), (7, 1), (8, 2)])
def test_finds_the_winning_move_of_a_two_player_game(pile, best, rollout):
    """Leaving a multiple of 3 wins: each node's value belongs to the player who chose there."""
    game = NimGame(pile)
    for seed in range(5):
        policy = MCTSPolicy(game, 300, rollout_decisions=rollout)
        assert policy.choose(game.new_initial_state(0), random.Random(seed)) == ("take", best)


class RankedNimAI(AIHooks):
    """A quick judgement that ranks the actions in a fixed order (counted), and the game's rollout policy."""

    game: RankedNimGame

    def rank_actions(self, state: GameState, actions: list[Action]) -> list[Action]:
        self.game.ranked += 1
        return sorted(actions, key=lambda a: a[1] != self.game.first)

    def rollout_policy(self) -> CountingPolicy | None:
        return self.game.rollout


class RankedNimGame(NimGame):
    """Nim whose quick judgement ranks the actions in a fixed order and whose rollouts are counted."""

    ai_class = RankedNimAI

    def __init__(self, pile: int, first: int, rollout: CountingPolicy | None = None):
        super().__init__(pile)
        self.first, self.ranked, self.rollout = first, 0, rollout


class CountingPolicy:
    """Takes 1 every time and remembers the turn of each decision it made."""

    def __init__(self) -> None:
        self.turns: list[int] = []

    def choose(self, state: GameState, rng: random.Random) -> Action:
        self.turns.append(state.turn)
        return ("take", 1)


@pytest.mark.parametrize("first", [1, 2])
def test_widening_expands_the_games_first_ranked_action_first(first):
    """With one playout the only action searched is the ranking's first; the search asks the ranking once per node."""
    game = RankedNimGame(9, first)
    for seed in range(4):
        assert MCTSPolicy(game, 1, widen=1.0).choose(game.new_initial_state(0), random.Random(seed)) == ("take", first)
    assert game.ranked == 4


@pytest.mark.parametrize("pile, best", [(4, 1), (5, 2), (8, 2)])
def test_widening_finds_the_winning_move_the_ranking_puts_last(pile, best):
    game = RankedNimGame(pile, 3 - best)
    for seed in range(3):
        assert MCTSPolicy(game, 300, widen=1.0).choose(game.new_initial_state(0), random.Random(seed)) == ("take", best)


def test_without_widening_the_ranking_is_never_asked():
    game = RankedNimGame(7, 2)
    MCTSPolicy(game, 50).choose(game.new_initial_state(0), random.Random(1))
    assert game.ranked == 0


@pytest.mark.parametrize("decisions, horizon, called", [(0, None, False), (5, None, True), (20, 2, True)])
def test_rollouts_play_the_games_own_rollout_policy_up_to_the_horizon(decisions, horizon, called):
    rollout = CountingPolicy()
    game = RankedNimGame(30, 1, rollout)
    MCTSPolicy(game, 40, rollout_decisions=decisions, rollout_turns=50, horizon=horizon).choose(
        game.new_initial_state(0), random.Random(2))
    assert bool(rollout.turns) is called
    if horizon is not None:
        assert max(rollout.turns) == 1 + horizon      # the deciding turn is 1; no rollout goes past turn 3
    elif called:
        assert max(rollout.turns) > 3



class PairedNimAI(RankedNimAI):
    """The flat, paired search, with rollouts that take 1 and are counted."""

    game: PairedNimGame

    def rollout_policy(self) -> CountingPolicy:
        self.game.made.append(CountingPolicy())
        return self.game.made[-1]

    def search_settings(self) -> SearchSettings:
        return SearchSettings(paired=True, candidates=2)


class PairedNimGame(RankedNimGame):
    """Nim searched in the flat, paired form, with rollouts that take 1 and are counted."""

    ai_class = PairedNimAI

    def __init__(self, pile: int, first: int):
        super().__init__(pile, first)
        self.made: list[CountingPolicy] = []


@pytest.mark.parametrize("pile, best", [(4, 2), (5, 1)])
def test_paired_search_takes_the_candidate_whose_playouts_win(pile, best):
    """Both players then take 1 each turn: taking `best` leaves the opponent an even pile they lose."""
    game = PairedNimGame(pile, first=1)
    assert MCTSPolicy(game, 8).choose(game.new_initial_state(0), random.Random(3)) == ("take", best)


class TakeMostPolicy:
    """Takes 2 whenever it can."""

    def choose(self, state: GameState, rng: random.Random) -> Action:
        return max(state.legal_actions())


def test_paired_search_leaves_a_tie_to_the_rollout_policys_choice():
    """Pile 5 with take-2 playouts: taking 1 (4 left: 2, 2) and taking 2 (3 left: 2, 1) both win, so
    the search keeps what the rollout policy itself does (take 2), though the ranking puts 1 first."""
    game = PairedNimGame(5, first=1)
    game.ai.rollout_policy = TakeMostPolicy  # type: ignore[method-assign]
    assert game.ai.rank_actions(game.new_initial_state(0), [("take", 1), ("take", 2)])[0] == ("take", 1)
    for seed in range(3):
        assert MCTSPolicy(game, 8).choose(game.new_initial_state(0), random.Random(seed)) == ("take", 2)


def test_paired_search_plays_random_playouts_for_a_game_without_a_rollout_policy():
    game = PairedNimGame(5, first=1)
    game.ai.rollout_policy = lambda: None  # type: ignore[method-assign]
    for seed in range(3):
        assert MCTSPolicy(game, 40).choose(game.new_initial_state(0), random.Random(seed)) in (("take", 1), ("take", 2))


@pytest.mark.parametrize("budget, rollouts", [(8, 8), (9, 8), (1, 2)])
def test_paired_search_spends_the_budget_in_whole_rounds_of_every_candidate(budget, rollouts):
    game = PairedNimGame(20, first=1)
    MCTSPolicy(game, budget).choose(game.new_initial_state(0), random.Random(1))
    assert len(game.made) == 1 + rollouts          # the proposer, then one fresh policy per playout
    assert all(policy.turns for policy in game.made[1:])   # every playout played to the end

# -- Escape Earth ---------------------------------------------------------------------------------
def test_only_legal_action_is_taken_without_searching(table, content):
    state = table(phase="lose", pending_loss="food", free=[None, "food"] + [None] * 14)
    assert state.legal_actions() == [("lose", 1)]
    rng = random.Random(3)
    before = rng.getstate()
    assert MCTSPolicy(state.game, 500).choose(state, rng) == ("lose", 1)
    assert rng.getstate() == before


def test_the_ranking_puts_the_fight_that_averts_chaos_first_and_chaos_last(table):
    state = table(events=["hungersnot", "aufstaende"], phase="respond", pending_event="weltraumanomalie")
    put(state, 3, "lab", cubes=1)
    ranked = state.game.ai.rank_actions(state, state.legal_actions())
    assert sorted(ranked) == sorted(state.legal_actions())
    assert ranked[0][0] == "fight-now" and ranked[-1] == ("let-happen",)


def test_fights_at_once_when_letting_the_event_happen_is_chaos(table):
    """Two different events are active; a third kind drawn must be fought now or the game is lost."""
    state = table(events=["hungersnot", "aufstaende"], phase="respond", pending_event="weltraumanomalie")
    put(state, 3, "lab", cubes=1)
    actions = state.legal_actions()
    assert ("let-happen",) in actions and any(a[0] == "fight-now" for a in actions)
    choice = MCTSPolicy(state.game, 40).choose(state, random.Random(1))
    assert choice[0] == "fight-now"


GUIDED = {"widen": 1.0, "rollout_decisions": 6, "horizon": 1}   # ranking, quick rollouts, a common horizon


def _mid_game(content, seed: int = 11, decisions: int = 14) -> GameState:
    game = EscapeEarthGame(content, {"variant": "expert"})
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    greedy = game.ai.greedy_policy()
    for _ in range(decisions):
        state.apply(greedy.choose(state, rng))
    assert not state.is_terminal and len(state.legal_actions()) > 3
    return state


@pytest.mark.slow
@pytest.mark.parametrize("aids", [{}, GUIDED], ids=["plain", "guided"])
def test_same_seed_same_decision_and_the_table_is_untouched(content, aids):
    state = _mid_game(content)
    key = state.key()
    policy = MCTSPolicy(state.game, 60, **aids)
    first = policy.choose(state, random.Random(4))
    assert state.key() == key
    assert [policy.choose(state, random.Random(4)) for _ in range(3)] == [first] * 3


@pytest.mark.slow
@pytest.mark.parametrize("aids", [{}, GUIDED], ids=["plain", "guided"])
def test_decision_never_depends_on_hidden_cards_or_the_rng(content, aids):
    """A table whose face-down cards, decks and RNG were redrawn looks the same to the player: same choice."""
    state = _mid_game(content)
    twin = state.clone()
    shuffle = random.Random(99)
    hidden = twin.track[twin.revealed:-1] + twin.removed_galaxy
    shuffle.shuffle(hidden)
    cut = len(twin.track) - 1 - twin.revealed
    twin.track = twin.track[:twin.revealed] + hidden[:cut] + [twin.track[-1]]
    twin.removed_galaxy = hidden[cut:]
    twin.parsecs = [twin.data.galaxy[c].parsecs for c in twin.track]
    twin.planet = [twin.data.galaxy[c].planet for c in twin.track]
    shuffle.shuffle(twin.time_deck)
    shuffle.shuffle(twin.event_deck)
    twin.rng.seed(12345)
    assert twin.key() != state.key() and twin.observation(0) == state.observation(0)
    policy = MCTSPolicy(state.game, 60, **aids)
    for seed in range(4):
        assert policy.choose(twin, random.Random(seed)) == policy.choose(state, random.Random(seed))


@pytest.mark.slow
def test_plays_only_legal_actions_to_the_end(content):
    game = EscapeEarthGame(content, {"variant": "beginner", "outposts": "frontier"})
    for seed, rollout in ((0, 0), (1, 4), (2, 0)):
        policy = MCTSPolicy(game, 6, rollout_decisions=rollout)
        state = game.new_initial_state(seed, quiet=True)
        rng = random.Random(seed)
        while not state.is_terminal:
            action = policy.choose(state, rng)
            assert action in state.legal_actions()
            state.apply(action)


@pytest.mark.slow
def test_a_tree_search_game_replays_like_any_other(content):
    game = EscapeEarthGame(content, {"variant": "expert"})
    state = game.new_initial_state(2024, log=True)
    policy = make_policy("mcts:15", game)
    rng = random.Random(7)
    decisions = 0
    while not state.is_terminal and state.turn <= 4:
        state.apply(policy.choose(state, rng))
        decisions += 1
    text = dump_lines(header_of(state, game.options, policy.name), state.log or [])
    replayed = replay_text(text, content)
    assert replayed.decisions == decisions > 4
    assert replayed.final_hash == state.state_hash()
