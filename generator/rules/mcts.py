"""Tree search for any engine on the contract: single-observer information-set MCTS.

A player who cannot see the face-down cards must not plan as if they could. Each iteration
therefore starts from a fresh determinisation: `state.resample_hidden(me, rng)` redraws every
hidden card and the game's RNG from what the deciding player sees. One tree is shared by all
determinisations and keyed by actions (Cowling, Powley and Whitehouse 2012): a node's children
are actions, only the actions legal in the current determinisation compete at a node, and each
child counts how often it was available so that UCB compares it fairly with its siblings.

An iteration descends by UCB, expands one new action, may play a short random rollout (at most
`rollout_decisions` decisions and a turn or two; none by default, as random decisions only
added noise to the game's judgement) and asks `game.ai.evaluate(state, player)` for each player's
value in [0, 1], or, where the game is over, its `returns()`. UCB compares values rescaled to the
range of node values seen in this search, so one exploration constant suits an evaluation that
spreads its values widely or narrowly.
Each node's value is kept for the player who decided there, so the same code serves
cooperative games (every player shares one value) and competitive ones.

Chance the game declares (`GameState.is_chance_node`: dice with their outcomes and
probabilities) is a node of the tree too, as in OpenSpiel's MCTS: the descent draws an outcome
by its probability from the policy's RNG and goes on below that outcome's own child, so what the
search learns after a roll of 2 stays apart from what it learns after a 6, and a plan that needs
the right answer to each roll is valued as such. Chance a game keeps inside `apply` (shuffles, a
game that declares none) is only reseeded by the determinisations, as before. A leaf that waits
on chance is judged after an outcome drawn the same way.

All randomness comes from the policy's RNG, so a decision is a function of the visible table
and that RNG: the same seed plays the same game, and a saved game replays like any other.

Two optional aids use the game's own knowledge through the contract, never game code here:
progressive widening (`widen` > 0) lets a node consider only its best `1 + widen * passes^0.5`
actions by `game.rank_actions` (so the search starts where the game's quick judgement points and
widens as the node is visited), and `rollout_decisions` > 0 with the game's `rollout_policy()`
plays that policy instead of random decisions before the evaluation. With `horizon` set, every
rollout runs to the end of the same turn (the deciding turn plus `horizon`), so leaves reached
at different depths are judged at the same moment of the game. Neither aid is on for `mcts:N`
by default: measured in Escape Earth (see docs/engines.md) they did not make the search stronger.

A game may ask for the flat, paired form instead (`AIHooks.search_settings()`, see
`contract.SearchSettings`): a few candidate actions at the root, each played out to the end of
the game by the game's rollout policy from the same determinisations with the same RNG, the best
mean value taken and a tie left to the rollout policy's own choice. The budget still counts
playouts: `mcts:32` with four candidates is eight determinisations, each played out four times.
Escape Earth uses it: its wins come from plans longer than any evaluation a turn ahead sees.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

from generator.rules.ai_hooks import SearchSettings
from generator.rules.contract import Game, GameState
from generator.rules.random_policy import RandomPolicy

Action = tuple[Any, ...]  # core.Action (a bare `tuple`) spelled out for strict type checking

MIN_BUDGET = 1
MAX_BUDGET = 100_000
EXPLORATION = 0.5        # UCB constant on values rescaled to the range the search has seen
ROLLOUT_DECISIONS = 0    # random decisions after the new node before the game's evaluation: in Escape
                         # Earth a few random decisions made the search weaker, not stronger
ROLLOUT_TURNS = 1        # ... and never past the end of the next turn
WIDEN = 0.0              # progressive widening over the game's ranking: off (see the module docstring)
WIDEN_POWER = 0.5
MAX_ROLLOUT_DECISIONS = 500   # a paired playout that runs this long is judged where it stands (a stalled game)


def parse_budget(name: str) -> int:
    """The playouts per decision of a policy named `mcts:N` (ValueError saying what is wrong)."""
    head, sep, tail = name.partition(":")
    if head != "mcts" or not sep:
        raise ValueError(f"'{name}': write the tree-search policy as mcts:N, N playouts per decision (e.g. mcts:200)")
    text = tail.strip()
    if not text.isdigit():
        raise ValueError(f"'{name}': the budget after 'mcts:' must be a whole number from {MIN_BUDGET} "
                         f"to {MAX_BUDGET:,}, not '{tail}'")
    budget = int(text)
    if not MIN_BUDGET <= budget <= MAX_BUDGET:
        raise ValueError(f"'{name}': the budget must be from {MIN_BUDGET} to {MAX_BUDGET:,} playouts per decision")
    return budget


@dataclass(eq=False)
class _Node:
    """Statistics of one action in one information set, and the actions after it."""

    visits: int = 0
    total: float = 0.0        # summed value for the player who chose the action
    available: int = 0        # iterations in which the action was legal at its parent
    children: dict[Action, _Node] = field(default_factory=dict)
    order: list[Action] | None = None   # the game's ranking of the actions here, best first (widening only)
    outcomes: dict[Any, _Node] | None = None   # a declared chance step here: the node below each outcome

    def ucb(self, exploration: float, low: float, span: float) -> float:
        mean = (self.total / self.visits - low) / span
        return mean + exploration * math.sqrt(math.log(self.available) / self.visits)


class MCTSPolicy:
    """Information-set MCTS with `playouts` iterations per decision (see the module docstring)."""

    def __init__(self, game: Game, playouts: int, exploration: float = EXPLORATION,
                 rollout_decisions: int = ROLLOUT_DECISIONS, rollout_turns: int = ROLLOUT_TURNS,
                 widen: float = WIDEN, horizon: int | None = None):
        if not MIN_BUDGET <= playouts <= MAX_BUDGET:
            raise ValueError(f"mcts: the budget must be from {MIN_BUDGET} to {MAX_BUDGET:,} playouts per decision")
        self.game = game
        self.playouts = playouts
        self.exploration = exploration
        self.rollout_decisions = rollout_decisions
        self.rollout_turns = rollout_turns
        self.widen = widen
        self.horizon = horizon
        self._last_turn = 0              # horizon: the turn after which every rollout of this search stops
        self.name = f"mcts:{playouts}"
        self._low = self._high = 0.0     # the range of node values in the current search (UCB normalises by it)
        self.settings: SearchSettings = game.ai.search_settings()
        # paired search: the rollout policy that proposes the default candidate; kept across decisions,
        # as a policy that plans its turn (Escape Earth's greedy) remembers its plan
        self._proposer: Any = self._rollout_player() if self.settings.paired else None

    def choose(self, state: GameState, rng: random.Random) -> Action:
        """The root action searched most often; the table's own legal set has the last word."""
        legal = state.legal_actions()
        if self._proposer is not None:
            return self._choose_paired(state, legal, rng)
        if len(legal) == 1:
            return legal[0]
        me = state.current_player
        root = _Node()
        self._low, self._high = math.inf, -math.inf
        self._last_turn = state.turn + (self.horizon or 0)
        for _ in range(self.playouts):
            self._iterate(state.resample_hidden(me, rng), root, rng)
        most = max((root.children[a].visits for a in legal if a in root.children), default=0)
        best = [a for a in legal if a in root.children and root.children[a].visits == most] if most else legal
        return best[rng.randrange(len(best))]

    def _choose_paired(self, state: GameState, legal: list[Action], rng: random.Random) -> Action:
        """The flat, paired search of `SearchSettings`: candidates played out to the end from shared samples."""
        if len(legal) == 1:
            self._proposer.choose(state, random.Random(0))  # it sees every decision (a planner keeps count)
            return legal[0]
        default: Action = self._proposer.choose(state, random.Random(rng.getrandbits(64)))
        others = [a for a in self.game.ai.rank_actions(state, legal) if a != default]
        candidates: list[Action] = [default, *others[: max(0, self.settings.candidates - 1)]]
        me = state.current_player
        totals = [0.0] * len(candidates)
        for _ in range(max(1, self.playouts // len(candidates))):
            sample = state.resample_hidden(me, rng)
            dice = rng.getrandbits(64)
            for i, action in enumerate(candidates):
                trial = sample.clone()
                trial.quiet = True
                trial.apply(action)
                totals[i] += self._play_out(trial, random.Random(dice), me)
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]

    def _play_out(self, sample: GameState, rng: random.Random, me: int) -> float:
        """Play `sample` to its end with a fresh rollout policy; the game's value of it for `me`."""
        chooser = self._rollout_player()
        for _ in range(MAX_ROLLOUT_DECISIONS):
            if sample.is_terminal:
                break
            sample.apply(chooser.choose(sample, rng))
        if not sample.is_terminal:
            return 0.0  # a game the policy cannot end (it stalls) is as good as lost
        return sample.returns()[me]

    def _rollout_player(self) -> Any:
        """A fresh rollout policy of the game, or the random player for a game that offers none."""
        return self.game.ai.rollout_policy() or RandomPolicy()

    def _iterate(self, sample: GameState, root: _Node, rng: random.Random) -> None:
        """One determinised descent, expansion, rollout and backup."""
        sample.quiet = True
        sample.explicit_chance = True
        node = root
        path: list[tuple[_Node, int]] = []
        while not sample.is_terminal:
            if sample.is_chance_node():
                outcome = sampled(sample.chance_outcomes(), rng)
                if node.outcomes is None:
                    node.outcomes = {}
                below = node.outcomes.get(outcome)
                if below is None:
                    below = node.outcomes[outcome] = _Node()
                sample.apply_chance(outcome)
                node = below
                continue
            actions = sample.legal_actions()
            if self.widen > 0 and len(actions) > 1:
                actions = self._widened(sample, node, actions)
                untried = [a for a in actions if a not in node.children][:1]
            else:
                untried = [a for a in actions if a not in node.children]
            for a in actions:
                child = node.children.get(a)
                if child is not None:
                    child.available += 1
            if untried:
                action = untried[rng.randrange(len(untried))]
                child = node.children[action] = _Node(available=1)
            else:
                action, child = self._select(node, actions, rng)
            path.append((child, sample.current_player))
            sample.apply(action)
            node = child
            if untried:
                break
        values = self._rollout_values(sample, rng)
        for child, player in path:
            child.visits += 1
            child.total += values[player]
            mean = child.total / child.visits
            self._low, self._high = min(self._low, mean), max(self._high, mean)

    def _widened(self, sample: GameState, node: _Node, actions: list[Action]) -> list[Action]:
        """The best `1 + widen * passes^0.5` of `actions` by the game's ranking, made once per node."""
        if node.order is None:
            node.order = list(self.game.ai.rank_actions(sample, actions))
        legal = set(actions)
        known = set(node.order)
        order = [a for a in node.order if a in legal] + [a for a in actions if a not in known]
        passes = sum(child.visits for child in node.children.values())
        k = 1 + int(self.widen * passes ** WIDEN_POWER)
        return order[:k]

    def _select(self, node: _Node, actions: list[Action], rng: random.Random) -> tuple[Action, _Node]:
        """UCB among the children legal in this determinisation; ties broken by the RNG."""
        best: list[Action] = []
        best_value = -math.inf
        span = self._high - self._low if self._high - self._low > 1e-9 else 1.0
        for a in actions:
            value = node.children[a].ucb(self.exploration, self._low, span)
            if value > best_value + 1e-12:
                best, best_value = [a], value
            elif value >= best_value - 1e-12:
                best.append(a)
        action = best[0] if len(best) == 1 else best[rng.randrange(len(best))]
        return action, node.children[action]

    def _rollout_values(self, sample: GameState, rng: random.Random) -> list[float]:
        """A few decisions (the game's rollout policy, else random), then the game's judgement for every player
        (its `returns()` where the game is over)."""
        while sample.is_chance_node():
            sample.apply_chance(sampled(sample.chance_outcomes(), rng))
        sample.explicit_chance = False   # the rollout's own chance: the sample's reseeded RNG
        last_turn = self._last_turn if self.horizon is not None else sample.turn + self.rollout_turns
        chooser = self.game.ai.rollout_policy() if self.rollout_decisions else None
        for _ in range(self.rollout_decisions):
            if sample.is_terminal or sample.turn > last_turn:
                break
            if chooser is not None:
                sample.apply(chooser.choose(sample, rng))
            else:
                actions = sample.legal_actions()
                sample.apply(actions[rng.randrange(len(actions))])
        if sample.is_terminal:
            return sample.returns()
        players = self.game.num_players()
        if self.game.cooperative:
            return [self.game.ai.evaluate(sample, 0)] * players
        return [self.game.ai.evaluate(sample, p) for p in range(players)]


def sampled(outcomes: list[tuple[Any, float]], rng: random.Random) -> Any:
    """One of a chance node's `outcomes`, each drawn with its probability."""
    left = rng.random()
    for outcome, probability in outcomes:
        left -= probability
        if left < 0.0:
            return outcome
    return outcomes[-1][0]
