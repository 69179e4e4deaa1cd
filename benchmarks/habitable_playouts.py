"""Random Habitable playouts per second on one core, events off, as a batch simulation runs them.

    python benchmarks/habitable_playouts.py [--games N] [--players 2 3 4 5] [--repeat 3]

Prints complete games per second for each player count, measured in CPU time of this process
(so other work on the machine does not shrink the figure) and in wall-clock time, as
min / median / max over `--repeat` measurements, with the decisions per game. Each measurement
alternates with the reference workload of benchmarks/playouts.py (`baseline`), so the ratio
to it is comparable across machines. The target for 4 players is 100 games per second per
core. Run on demand; this is not a test.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from playouts import Figures, baseline  # noqa: E402

from generator.checking import load_checked  # noqa: E402
from generator.content.errors import ErrorList  # noqa: E402
from generator.rules.registry import make_game  # noqa: E402
from generator.rules.simulate import game_seed, policy_seed  # noqa: E402

TARGET = 100.0


def playouts(game, games: int) -> tuple[int, int]:
    """Play `games` seeded games with uniformly random moves; returns (games, decisions)."""
    decisions = 0
    for i in range(games):
        seed = game_seed(0, i)
        state = game.new_initial_state(seed, quiet=True)
        rng = random.Random(policy_seed(seed))
        while not state.is_terminal:
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
            decisions += 1
    return games, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--baseline-games", type=int, default=3000, help="pseudo-games of the reference workload")
    args = parser.parse_args()
    errors = ErrorList()
    [content] = load_checked(ROOT / "content", ["habitable"], errors)
    if errors:
        sys.exit(errors.as_text())
    print(f"habitable random playouts, {args.repeat} repeats, figures min / median / max")
    for players in args.players:
        game = make_game(content, {"players": str(players)})
        base, rand = Figures("pseudo-games"), Figures("games")
        for _ in range(args.repeat):  # alternated with the reference workload
            base.add(lambda: baseline(args.baseline_games))
            rand.add(lambda game=game: playouts(game, args.games))
        mark = f" (target {TARGET:.0f})" if players == 4 else ""
        ratio = statistics.median(rand.cpu) / statistics.median(base.cpu)
        print(f"  {players} players: " + rand.line("random") + f"; {statistics.fmean(rand.per):.0f} decisions/game; "
              f"{ratio:.3g} x baseline{mark}")
        print("  " + base.line("baseline (same run)"))


if __name__ == "__main__":
    main()
