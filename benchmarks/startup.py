"""Start-up of the commands that draw nothing: `pnp info` and a short `pnp simulate`, after a build and without one.

    python benchmarks/startup.py [--game escape-earth] [--repeat 5] [--baseline /path/to/other/checkout]

Each tree gets its own copy of the game in a temporary folder and, for the "after a build" case, a build of it
into that folder's ./output first (that build is not timed). Without a build, "first command" empties the
user's cache folder (where a command that only reads remembers a game it checked clean) before each run, and
"checked before" keeps it, as a designer's second `pnp info` finds it. A command is then timed as a whole process (user
+ system CPU and wall), min / median / max over the repeats; with `--baseline` the two trees alternate within
each repeat. The fair baseline for `pnp info` is the same command on the other tree: no plain-Python loop
shows a game's components without loading and checking it.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benchmarks"))

from timing import Timings, python_env, ratio  # noqa: E402


def prepared(folder: Path, game: str, tree: str, built: bool) -> Path:
    """A folder holding content/GAME, built into ./output by `tree` when `built`."""
    shutil.copytree(REPO / "content" / game, folder / "content" / game)
    if built:
        done = subprocess.run([sys.executable, "-m", "generator.cli", "build", game], cwd=folder,
                              env=python_env(tree), capture_output=True)
        if done.returncode:
            raise SystemExit(f"the build in {folder} failed:\n{done.stderr.decode()[-2000:]}")
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="escape-earth")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--baseline", help="another checkout of pnp-forge to measure alternately (e.g. main)")
    args = parser.parse_args()
    trees = ([("baseline", args.baseline)] if args.baseline else []) + [("this tree", str(REPO))]
    commands = {"info": ["info", args.game],
                "simulate 50 games": ["simulate", args.game, "--games", "50", "--jobs", "1", "--format", "json"]}
    cases = {"after a build": True, "no build, checked before": False, "no build, first command": False}
    with tempfile.TemporaryDirectory() as tmp:
        folders = {(tree, case): prepared(Path(tmp) / f"{tree.replace(' ', '-')}-{number}", args.game, path, built)
                   for tree, path in trees for number, (case, built) in enumerate(cases.items())}
        caches = {key: Path(tmp) / f"cache-{number}" for number, key in enumerate(folders)}
        figures = {(name, case, tree): Timings(f"{name}, {case}, {tree}")
                   for name in commands for case in cases for tree, _ in trees}
        for _ in range(args.repeat):
            for name, command in commands.items():
                for case in cases:
                    for tree, path in trees:
                        if case.endswith("first command"):
                            shutil.rmtree(caches[tree, case], ignore_errors=True)
                        env = {**python_env(path), "XDG_CACHE_HOME": str(caches[tree, case])}
                        figures[name, case, tree].run([sys.executable, "-m", "generator.cli", *command],
                                                     env=env, cwd=str(folders[tree, case]))
    print(f"{args.game}: whole commands, {args.repeat} repeats, min / median / max")
    for name in commands:
        for case in cases:
            for tree, _ in trees:
                print("  " + figures[name, case, tree].line(56))
            if args.baseline:
                print(f"  {'':56} this tree vs baseline: "
                      f"{ratio(figures[name, case, 'baseline'], figures[name, case, 'this tree'])}")

if __name__ == "__main__":
    main()
