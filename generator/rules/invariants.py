"""A reusable checker that plays many seeded games and asserts what must hold at every step.

Every game engine provides `invariant_problems(state) -> list[str]` (its own accounting:
every card and cube in exactly one place, capacities, no negative supply). On top of that the
checker asserts for every game: the legal set is empty exactly when the game is over, every
legal action is explained as legal, a clone equals its original (and hashes the same), the
game ends within `max_turns`, and the saved log replays to the same final state hash.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from generator.content.loader import GameContent
from generator.rules.log import dump_lines, header_of, replay_text, ReplayError
from generator.rules.policies import make_policy
from generator.rules.registry import engine_module
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


def check_game(content: GameContent, seed: int, options: dict, report: InvariantReport, policy: str = "random",
               max_turns: int = 200, clone_every: int = 7, replay: bool = True) -> None:
    """Play one game with the policy and record every broken invariant in `report`."""
    module = engine_module(content.game.engine or "")
    state = module.new_game(content, seed, options, log=replay)
    chooser = make_policy(policy, content.game.engine or "")
    rng = random.Random(policy_seed(seed))
    step = 0
    while True:
        for problem in module.invariant_problems(state):
            report.add(seed, step, problem)
        legal = state.legal_actions()
        if bool(legal) == state.is_over:
            report.add(seed, step, f"legal set has {len(legal)} actions but is_over is {state.is_over}")
            break
        if state.is_over:
            break
        if step % clone_every == 0:
            twin = state.clone()
            if twin != state or twin.state_hash() != state.state_hash():
                report.add(seed, step, "a clone differs from its original")
            if twin.legal_actions() != legal:
                report.add(seed, step, "a clone offers other legal actions")
        if state.turn > max_turns:
            report.add(seed, step, f"the game is still running after {max_turns} turns")
            break
        action = chooser.choose(state, rng)
        if not state.explain(action).legal:
            report.add(seed, step, f"legal action {action!r} is explained as illegal")
        state.apply(action)
        step += 1
    report.games += 1
    report.steps += step
    report.longest = max(report.longest, state.turn)
    outcome = state.outcome()
    cause = outcome.cause if outcome else "unfinished"
    report.outcomes[cause] = report.outcomes.get(cause, 0) + 1
    if replay and state.log is not None:
        text = dump_lines(header_of(state, content, options), state.log)
        try:
            result = replay_text(text, content)
        except ReplayError as exc:
            report.add(seed, step, f"the saved game does not replay: {exc}")
            return
        if result.final_hash != state.state_hash():
            report.add(seed, step, "replay reaches another final state")


def check_many(content: GameContent, games: int, options: dict, batch_seed: int = 0, policy: str = "random",
               max_turns: int = 200, replay_every: int = 10) -> InvariantReport:
    """Check `games` seeded playouts; every `replay_every`-th game is also saved and replayed."""
    report = InvariantReport()
    for i in range(games):
        check_game(content, game_seed(batch_seed, i), options, report, policy, max_turns,
                   replay=i % replay_every == 0)
    return report
