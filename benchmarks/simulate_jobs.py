"""`pnp simulate --jobs N` against one process: the same seeded batch, alternately, in CPU and wall time.

    python benchmarks/simulate_jobs.py [--game escape-earth] [--games 2000] [--policy random] [--jobs 2]
                                       [--repeat 5]

Plays the batch through `generator.rules.simulate.simulate` (what the command runs after loading
the game) with one process and with `--jobs` processes, alternating within each repeat, and
prints CPU seconds (the workers' included) and wall seconds as min / median / max, and the
speed-up of the median wall time. Both runs must give the same results, game by game; the
benchmark stops if they do not. Run on demand; this is not a test.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from timing import Timings, cpu_with_children, ratio  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="escape-earth")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--policy", default="random")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    from generator.checking import load_checked
    from generator.content.errors import ErrorList
    from generator.rules.simulate import simulate

    errors = ErrorList()
    [content] = load_checked(REPO / "content", [args.game], errors)
    if errors:
        raise SystemExit(errors.as_text())
    figures = {jobs: Timings(f"--jobs {jobs}") for jobs in (1, args.jobs)}
    results: dict[int, list] = {}
    for _ in range(args.repeat):
        for jobs in (1, args.jobs):
            cpu, wall = cpu_with_children(), time.perf_counter()
            results[jobs] = simulate(content, REPO / "content", args.games, args.policy, {}, 0, jobs=jobs)
            figures[jobs].add(cpu_with_children() - cpu, time.perf_counter() - wall)
    if results[1] != results[args.jobs]:  # GameResult records compare by value
        raise SystemExit("the processes played other games than one process: not the same batch")
    print(f"{args.game}: {args.games} {args.policy} games, {args.repeat} repeats, min / median / max")
    for timings in figures.values():
        print(f"  {timings.line(9)}")
    print(f"  --jobs {args.jobs} vs one process: {ratio(figures[1], figures[args.jobs])}")


if __name__ == "__main__":
    main()
