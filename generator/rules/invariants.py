"""A reusable checker that plays many seeded games and asserts what must hold at every step.

Every engine's `Game.invariant_problems(state) -> list[str]` gives its own accounting (every
card and cube in exactly one place, capacities, no negative supply). On top of that the
checker asserts for every engine: the legal set is empty exactly when the game is over and
holds no duplicates, every legal action is explained as legal and reads back from its
notation, the player to decide is a seat (or TERMINAL at the end), a clone equals its original
(and hashes the same) and offers the same actions, an observation is JSON data, a finished game
has one result per seat with ranks from 1, the game ends within `max_turns`, and the saved log
replays to the same final state hash.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from generator.rules.contract import TERMINAL, Game, GameState
from generator.rules.log import ReplayError, dump_lines, header_of, replay_text
from generator.rules.policies import make_policy
from generator.rules.presentation import format_action, parse_action
from generator.rules.simulate import game_seed, policy_seed


@dataclass
class InvariantReport:
    games: int = 0
    steps: int = 0
    longest: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def add(self, seed: int, step: int, problem: str) -> None:
        if len(self.problems) < 50:
            self.problems.append(f"seed {seed}, step {step}: {problem}")


def generic_problems(game: Game, state: GameState, legal: list[Any]) -> list[str]:
    problems = []
    if len(set(legal)) != len(legal):
        problems.append("the legal set repeats an action")
    player = state.current_player
    if state.is_terminal:
        if player != TERMINAL:
            problems.append(f"the game is over but player {player + 1} is to decide")
        results = state.results()
        if len(results) != game.num_players():
            problems.append(f"{len(results)} results for {game.num_players()} players")
        elif min(r.rank for r in results) != 1:
            problems.append("no player ranks first")
    elif not 0 <= player < game.num_players():
        problems.append(f"the player to decide, {player}, is no seat of {game.num_players()}")
    return problems


def check_game(game: Game, seed: int, report: InvariantReport, policy: str = "random",
               max_turns: int = 200, clone_every: int = 7, replay: bool = True) -> None:
    """Play one game with the policy and record every broken invariant in `report`."""
    state = game.new_initial_state(seed, log=replay)
    chooser = make_policy(policy, game)
    rng = random.Random(policy_seed(seed))
    step = 0
    while True:
        legal = state.legal_actions()
        for problem in game.invariant_problems(state) + generic_problems(game, state, legal):
            report.add(seed, step, problem)
        if bool(legal) == state.is_terminal:
            report.add(seed, step, f"legal set has {len(legal)} actions but is_terminal is {state.is_terminal}")
            break
        if state.is_terminal:
            break
        if step % clone_every == 0:
            twin = state.clone()
            if twin != state or twin.state_hash() != state.state_hash():
                report.add(seed, step, "a clone differs from its original")
            if twin.legal_actions() != legal:
                report.add(seed, step, "a clone offers other legal actions")
            try:
                json.dumps(state.observation(state.current_player))
            except (TypeError, ValueError) as exc:
                report.add(seed, step, f"the observation is not JSON data: {exc}")
        if state.turn > max_turns:
            report.add(seed, step, f"the game is still running after {max_turns} turns")
            break
        action = chooser.choose(state, rng)
        if not state.explain(action).legal:
            report.add(seed, step, f"legal action {action!r} is explained as illegal")
        if step % clone_every == 0 and parse_action(state, format_action(state, action)) != action:
            report.add(seed, step, f"{action!r} does not read back from its notation")
        state.apply(action)
        step += 1
    report.games += 1
    report.steps += step
    report.longest = max(report.longest, state.turn)
    outcome = state.outcome()
    cause = outcome.cause if outcome else "unfinished"
    report.outcomes[cause] = report.outcomes.get(cause, 0) + 1
    if replay and state.log is not None:
        text = dump_lines(header_of(state, game.options), state.log)
        try:
            result = replay_text(text, game.content)
        except ReplayError as exc:
            report.add(seed, step, f"the saved game does not replay: {exc}")
            return
        if result.final_hash != state.state_hash():
            report.add(seed, step, "replay reaches another final state")


def check_many(game: Game, games: int, batch_seed: int = 0, policy: str = "random",
               max_turns: int = 200, replay_every: int = 10) -> InvariantReport:
    """Check `games` seeded playouts; every `replay_every`-th game is also saved and replayed."""
    report = InvariantReport()
    for i in range(games):
        check_game(game, game_seed(batch_seed, i), report, policy, max_turns, replay=i % replay_every == 0)
    return report
