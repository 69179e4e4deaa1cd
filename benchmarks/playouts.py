"""Random playouts per second on one core, logging off, as a batch simulation runs them.

    python benchmarks/playouts.py [--games N] [--game escape-earth] [--option players=3]

Prints complete games per second for each variant, next to a baseline measured in the same
run: a fixed pure-Python workload (shuffle a 16-card list, pick 40 random moves from a list
of 12, count into a dict) that stands for the bare loop-and-RNG cost of a game of this size.
The ratio engine/baseline is comparable across machines; the absolute figure is compared
with the target of 1,000 games per second per core.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.content.errors import ErrorList  # noqa: E402
from generator.checking import load_checked  # noqa: E402
from generator.rules.policies import RandomPolicy  # noqa: E402
from generator.rules.registry import make_game  # noqa: E402
from generator.rules.simulate import game_seed, policy_seed  # noqa: E402

TARGET = 1000.0


def baseline(games: int) -> float:
    """Pseudo-games per second of the reference workload."""
    start = time.perf_counter()
    for i in range(games):
        rng = random.Random(i)
        deck = list(range(16))
        rng.shuffle(deck)
        moves = list(range(12))
        counts: dict[int, int] = {}
        for _ in range(40):
            move = moves[rng.randrange(len(moves))]
            counts[move] = counts.get(move, 0) + 1
    return games / (time.perf_counter() - start)


def playouts(content, options: dict, games: int) -> tuple[float, float]:
    """(games per second, decisions per game) for uniformly random play, quiet mode."""
    game = make_game(content, options)
    policy = RandomPolicy()
    decisions = 0
    start = time.perf_counter()
    for i in range(games):
        seed = game_seed(0, i)
        state = game.new_initial_state(seed, quiet=True)
        rng = random.Random(policy_seed(seed))
        while not state.is_over:
            state.apply(policy.choose(state, rng))
            decisions += 1
    return games / (time.perf_counter() - start), decisions / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--game", default="escape-earth")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="an engine option, e.g. players=3 (repeatable)")
    args = parser.parse_args()
    fixed = dict(item.split("=", 1) for item in args.option)
    errors = ErrorList()
    content = load_checked(ROOT / "content", [args.game], errors)[0]
    if errors:
        sys.exit(f"content errors: {len(errors)}")
    base = baseline(args.games)
    print(f"baseline (same run): {base:,.0f} pseudo-games/s")
    for variant in [v.id for v in content.game.variants] or [None]:
        options = {**({"variant": variant} if variant else {}), **fixed}
        rate, per_game = playouts(content, options, args.games)
        verdict = "meets" if rate >= TARGET else "below"
        print(f"{args.game} {variant or ''}: {rate:,.1f} games/s ({per_game:.1f} decisions/game), "
              f"{rate / base:.3f} × baseline, {rate / TARGET:.2f} × target {TARGET:,.0f} ({verdict})")


if __name__ == "__main__":
    main()
