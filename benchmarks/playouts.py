"""Playout and decision throughput on one core, logging off, as a batch simulation runs them.

    python benchmarks/playouts.py [--games N] [--game escape-earth] [--repeat 5]
                                  [--greedy-decisions 500] [--mcts 32] [--mcts-decisions 10]

Measures, per variant of the game: complete random games per second (the target is 1,000
per core), and decisions per second of the greedy policy and of tree search (`mcts:N`).

Fairness on a shared machine: every figure is taken from CPU time (`time.process_time`, what
this process used) next to wall time (`time.perf_counter`, what it waited for too); each
measurement is repeated (`--repeat`) and printed as min / median / max; the baseline and the
engine are measured alternately within each repeat, so a load that comes and goes hits both.
The baseline is a fixed pure-Python workload measured in the same run (shuffle a 16-card list,
pick 40 random moves from a list of 12, count into a dict): the bare loop-and-RNG cost of a game
of this size. The ratio engine/baseline is comparable across machines; the absolute figure is
compared with the target.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.checking import load_checked  # noqa: E402
from generator.content.errors import ErrorList  # noqa: E402
from generator.content.loader import GameContent  # noqa: E402
from generator.rules.contract import Game  # noqa: E402
from generator.rules.policies import make_policy  # noqa: E402
from generator.rules.registry import engine_class, make_game  # noqa: E402
from generator.rules.simulate import game_seed, policy_seed  # noqa: E402

TARGET = 1000.0


@dataclass
class Figures:
    """Rates of one measured thing over the repeats, by CPU time and by wall time."""

    unit: str
    cpu: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)
    per: list[float] = field(default_factory=list)     # e.g. decisions per game

    def add(self, work: Callable[[], tuple[int, int]]) -> None:
        """Run `work` (it returns (units done, further count)) and record its rates."""
        cpu0, wall0 = time.process_time(), time.perf_counter()
        done, other = work()
        cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
        self.cpu.append(done / max(cpu, 1e-9))
        self.wall.append(done / max(wall, 1e-9))
        self.per.append(other / max(done, 1))

    def line(self, label: str) -> str:
        return (f"{label}: {_spread(self.cpu)} {self.unit}/s CPU; wall {_spread(self.wall)}")


def _spread(values: list[float]) -> str:
    return f"{min(values):,.0f} / {statistics.median(values):,.0f} / {max(values):,.0f}"


def baseline(games: int) -> tuple[int, int]:
    """The reference workload: `games` pseudo-games."""
    for i in range(games):
        rng = random.Random(i)
        deck = list(range(16))
        rng.shuffle(deck)
        moves = list(range(12))
        counts: dict[int, int] = {}
        for _ in range(40):
            move = moves[rng.randrange(len(moves))]
            counts[move] = counts.get(move, 0) + 1
    return games, 0


def playouts(game: Game, games: int, policy_name: str = "random") -> tuple[int, int]:
    """Play `games` seeded games to their end, quiet; returns (games, decisions)."""
    decisions = 0
    for i in range(games):
        seed = game_seed(0, i)
        state = game.new_initial_state(seed, quiet=True)
        policy = make_policy(policy_name, game)
        rng = random.Random(policy_seed(seed))
        while not state.is_terminal:
            state.apply(policy.choose(state, rng))
            decisions += 1
    return games, decisions


def decisions(game: Game, policy_name: str, count: int) -> tuple[int, int]:
    """Take `count` decisions with a policy, game after game (decisions with one legal action count too)."""
    done, i = 0, 0
    while done < count:
        seed = game_seed(1, i)
        state = game.new_initial_state(seed, quiet=True)
        policy = make_policy(policy_name, game)
        rng = random.Random(policy_seed(seed))
        while not state.is_terminal and done < count:
            state.apply(policy.choose(state, rng))
            done += 1
        i += 1
    return done, 0


def variants(content: GameContent) -> list[str | None]:
    """The game's variants when its engine takes a `variant` option (each is measured), else one run."""
    if "variant" not in {spec.name for spec in engine_class(content).option_specs}:
        return [None]
    return [v.id for v in content.game.variants] or [None]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=3000, help="random games per measurement")
    parser.add_argument("--game", default="escape-earth")
    parser.add_argument("--repeat", type=int, default=5, help="measurements of each figure")
    parser.add_argument("--greedy-decisions", type=int, default=500, help="greedy decisions per measurement")
    parser.add_argument(
        "--mcts",
        type=int,
        default=32,
        help="tree-search budget N of mcts:N (Escape Earth plays every playout to the end: keep it small)",
    )
    parser.add_argument("--mcts-decisions", type=int, default=10, help="tree-search decisions per measurement")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option, e.g. players=4 (repeatable)")
    parser.add_argument("--target", type=float, default=TARGET, help="random games/s one core should reach")
    args = parser.parse_args()
    options = dict(item.split("=", 1) for item in args.option)
    errors = ErrorList()
    loaded = load_checked(ROOT / "content", [args.game], errors)
    if errors or not loaded:
        sys.exit(f"content errors: {len(errors)}")
    content = loaded[0]
    mcts = f"mcts:{args.mcts}"
    print(f"{args.game}: {args.repeat} repeats, figures min / median / max; baseline = {args.games:,} "
          f"pseudo-games of the reference workload (see the module docstring), measured alternately")
    for variant in variants(content):
        game = make_game(content, {**options, **({"variant": variant} if variant else {})})
        base, rand = Figures("pseudo-games"), Figures("games")
        greedy, tree = Figures("decisions"), Figures("decisions")
        for _ in range(args.repeat):
            base.add(lambda: baseline(args.games))
            rand.add(lambda game=game: playouts(game, args.games))
            base.add(lambda: baseline(args.games))
            greedy.add(lambda game=game: decisions(game, "greedy", args.greedy_decisions))
            tree.add(lambda game=game: decisions(game, mcts, args.mcts_decisions))
        ratio = statistics.median(rand.cpu) / statistics.median(base.cpu)
        median = statistics.median(rand.cpu)
        verdict = "meets" if median >= args.target else "below"
        print(f"\n{args.game} {variant or ''} {' '.join(args.option)}")
        print("  " + base.line("baseline (same run)"))
        print("  " + rand.line("random playouts") + f"; {statistics.fmean(rand.per):.1f} decisions/game")
        print(
            f"  random: median {ratio:.3g} × baseline, {median / args.target:.2f} × target {args.target:,.0f} games/s "
            f"({verdict})"
        )
        print("  " + greedy.line("greedy"))
        print("  " + tree.line(mcts))


if __name__ == "__main__":
    main()
