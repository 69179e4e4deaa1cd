"""Random Habitable playouts per second on one core, events off, as a batch simulation runs them.

    python benchmarks/habitable_playouts.py [--games N] [--players 2 3 4 5]

Prints complete games per second for each player count, measured in CPU time of this process
(so other work on the machine does not shrink the figure) and in wall-clock time, and the
decisions per game. The target for 4 players is 100 games per second per core. Run on demand;
this is not a test.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.checking import load_checked  # noqa: E402
from generator.content.errors import ErrorList  # noqa: E402
from generator.rules.registry import make_game  # noqa: E402
from generator.rules.simulate import game_seed, policy_seed  # noqa: E402

TARGET = 100.0


def playouts(game, games: int) -> tuple[float, float, float]:
    """(games per CPU second, games per wall second, decisions per game) of uniformly random play."""
    decisions = 0
    cpu, wall = time.process_time(), time.perf_counter()
    for i in range(games):
        seed = game_seed(0, i)
        state = game.new_initial_state(seed, quiet=True)
        rng = random.Random(policy_seed(seed))
        while not state.is_terminal:
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
            decisions += 1
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return games / cpu, games / wall, decisions / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5])
    args = parser.parse_args()
    errors = ErrorList()
    [content] = load_checked(ROOT / "content", ["habitable"], errors)
    if errors:
        sys.exit(errors.as_text())
    for players in args.players:
        game = make_game(content, {"players": str(players)})
        cpu, wall, decisions = playouts(game, args.games)
        mark = f" (target {TARGET:.0f})" if players == 4 else ""
        print(f"{players} players: {cpu:7.1f} games/s CPU, {wall:7.1f} games/s wall, "
              f"{decisions:5.0f} decisions/game{mark}")


if __name__ == "__main__":
    main()
