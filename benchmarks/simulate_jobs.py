"""`pnp simulate --jobs N` against one process: the same seeded batch, alternately, in CPU and wall time.

    python benchmarks/simulate_jobs.py [--game escape-earth] [--games 2000] [--policy random] [--jobs 2]
                                       [--repeat 5] [--baseline TREE]

Plays the batch through `generator.rules.simulate.simulate` (what the command runs after loading
the game) with one process and with `--jobs` processes, alternating within each repeat, and
prints CPU seconds (the workers' included) and wall seconds as min / median / max, and the
speed-up of the median wall time. Both runs must give the same results, game by game; the
benchmark stops if they do not. With `--baseline TREE` (a checkout of another revision) each
repeat plays the same rounds in that tree too, alternately, each side in a child process of its
own (the same load and the same start for both), and prints both sides and their ratio. Run on
demand; this is not a test.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from timing import Timings, cpu_with_children, python_env, ratio  # noqa: E402

ROUND = """
import json, sys, time, hashlib
from pathlib import Path
sys.path.insert(0, {bench!r})
from timing import cpu_with_children
from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.rules.simulate import simulate
[content] = load_checked(Path({content!r}), [{game!r}], ErrorList())
out = {{}}
for jobs in (1, {jobs}):
    cpu, wall = cpu_with_children(), time.perf_counter()
    played = simulate(content, Path({content!r}), {games}, {policy!r}, {{}}, 0, jobs=jobs)
    digest = hashlib.sha256(repr(played).encode()).hexdigest()
    out[jobs] = [cpu_with_children() - cpu, time.perf_counter() - wall, digest]
print(json.dumps(out))
"""


def one_round(tree: Path, args: argparse.Namespace) -> dict[int, tuple[float, float, str]]:
    """One round (one process, then --jobs processes) played in a child process running the checkout in `tree`."""
    code = ROUND.format(bench=str(REPO / "benchmarks"), content=str(tree / "content"), game=args.game, jobs=args.jobs,
                        games=args.games, policy=args.policy)
    done = subprocess.run([sys.executable, "-c", code], env=python_env(str(tree)), cwd=tree, capture_output=True,
                          text=True, check=False)
    if done.returncode:
        raise SystemExit(f"a round in {tree} failed:\n{done.stderr[-2000:]}")
    return {int(k): tuple(v) for k, v in json.loads(done.stdout).items()}


def against(baseline: Path, args: argparse.Namespace) -> None:
    """Both trees, alternately, a round each per repeat."""
    sides = {"baseline": baseline, "this tree": REPO}
    figures = {(side, jobs): Timings(f"{side} --jobs {jobs}") for side in sides for jobs in (1, args.jobs)}
    digests: set[str] = set()
    for _ in range(args.repeat):
        for side, tree in sides.items():
            for jobs, (cpu, wall, digest) in one_round(tree, args).items():
                figures[(side, jobs)].add(cpu, wall)
                digests.add(digest)
    if len(digests) != 1:
        raise SystemExit("the two trees (or their job counts) played other games: not the same batch")
    print(f"{args.game}: {args.games} {args.policy} games, {args.repeat} repeats, min / median / max, "
          f"same games on every side")
    for timings in figures.values():
        print(f"  {timings.line(24)}")
    for jobs in (1, args.jobs):
        print(f"  --jobs {jobs}, this tree vs baseline: "
              f"{ratio(figures[('baseline', jobs)], figures[('this tree', jobs)])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="escape-earth")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--policy", default="random")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--baseline", type=Path, default=None, help="a checkout to measure alternately")
    args = parser.parse_args()
    if args.baseline:
        against(args.baseline.resolve(), args)
        return

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
