"""Who decides in playouts and examples: one interface, random, greedy and tree search.

A policy sees the state and its own RNG (never the game's, so a policy cannot change the
game's chance outcomes) and returns one of `state.legal_actions()`. Policies are named on the
command line: `random`, `greedy`, `expert` (the game's strongest own player, greedy where it has
none), `mcts:200` (tree search with 200 playouts per decision), or one name per seat separated by
commas (`expert,greedy,greedy,greedy`) so players of different strength meet at one table.
`you` seats a person at the terminal (`pnp play` only: `you,greedy`); the command gives the policy
that asks them.
`oracle` (or `oracle:N`) is the clairvoyant measuring stick of balance figures (generator/rules/oracle.py):
it reads the true state, so `pnp simulate` and `pnp balance` may seat it and `pnp play` never does.
"""

from __future__ import annotations

import random
from typing import Protocol

from generator.rules.contract import Game, GameState
from generator.rules.core import Action
from generator.rules.engine_kit.greedy import TrialGreedy
from generator.rules.random_policy import RandomPolicy


class Policy(Protocol):
    name: str

    def choose(self, state: GameState, rng: random.Random) -> Action: ...


class NoDecision(Exception):
    """A policy that cannot decide (a person's input ended): the game stops there, unfinished."""


class OneStepPolicy(TrialGreedy):
    """The generic greedy player for engines without their own: the action whose result the game values most."""

    def __init__(self, game: Game):
        self.game = game
        super().__init__(lambda trial, me, action: game.ai.evaluate(trial, me), tolerance=1e-12)


POLICY_NAMES = ("random", "greedy", "expert", "mcts:N")
PERSON = "you"  # a seat played by a person at the terminal (`pnp play` only)
ORACLE_REFUSED = ("'{name}' sees the hidden order of the decks and the dice to come: it measures a game for "
                  "`pnp simulate` and `pnp balance` and never plays at `pnp play`; choose random, greedy, expert "
                  "or mcts:N")


class SeatedPolicy:
    """One policy per seat: the player to decide (a defender too) asks their own; one RNG for all."""

    def __init__(self, name: str, seats: list[Policy]):
        self.name = name
        self.seats = seats

    def choose(self, state: GameState, rng: random.Random) -> Action:
        return self.seats[state.current_player].choose(state, rng)


def check_policy_name(name: str, person: bool = False) -> str:
    """`name` when it names a policy (or one per seat); ValueError saying what is wrong otherwise.

    `person`: the command can seat a person (`you`) at the terminal."""
    for part in name.split(","):
        if part in ("random", "greedy", "expert"):
            continue
        if part == PERSON:
            if person:
                continue
            raise ValueError(f"'{PERSON}' (a person at the terminal) plays only in `pnp play`")
        if part.startswith("mcts"):
            from generator.rules.mcts import parse_budget

            parse_budget(part)
            continue
        if part.startswith("oracle"):
            from generator.rules.oracle import parse_oracle

            parse_oracle(part)
            if person:
                raise ValueError(ORACLE_REFUSED.format(name=part))
            continue
        choices = f"random, greedy, expert, mcts:N (N playouts per decision) or {PERSON} (a person)" if person \
            else "random, greedy, expert, mcts:N (N playouts per decision) or oracle (sees the hidden cards)"
        raise ValueError(f"'{part}': choose {choices}, "
                         "or one of them per seat separated by commas (expert,greedy,greedy)")
    return name


def make_policy(name: str, game: Game, person: Policy | None = None) -> Policy:
    """The policy called `name` for `game` (ValueError for a name no policy has); `person` plays `you`."""
    if "," in name:
        parts = name.split(",")
        if len(parts) != game.num_players():
            raise ValueError(f"'{name}' names {len(parts)} seats but the game seats {game.num_players()}: "
                             "give one policy per seat")
        return SeatedPolicy(name, [make_policy(part, game, person) for part in parts])
    if name == PERSON:
        if person is None:
            raise ValueError(f"'{PERSON}' (a person at the terminal) plays only in `pnp play`")
        return person
    if name == "expert":
        expert: Policy | None = game.ai.expert_policy()
        return expert if expert is not None else make_policy("greedy", game)
    if name == "random":
        return RandomPolicy()
    if name == "greedy":
        own: Policy | None = game.ai.greedy_policy()
        return own if own is not None else OneStepPolicy(game)
    if name.startswith("mcts"):
        from generator.rules.mcts import MCTSPolicy, parse_budget

        search: Policy = MCTSPolicy(game, parse_budget(name))
        return search
    if name.startswith("oracle"):
        from generator.rules.oracle import OraclePolicy, parse_oracle

        if person is not None:
            raise ValueError(ORACLE_REFUSED.format(name=name))
        oracle: Policy = OraclePolicy(game, parse_oracle(name))
        return oracle
    raise ValueError(f"unknown policy '{name}'; choose random, greedy, expert or mcts:N (N playouts per decision)")
