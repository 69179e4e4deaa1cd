"""Start-up of the commands that draw nothing: `pnp info` and a short `pnp simulate`, after a build and without one.

    python benchmarks/startup.py [--game escape-earth] [--repeat 5] [--baseline /path/to/other/checkout]

Each tree gets its own copy of the game in a temporary folder and, for the "after a build" case, a build of it
into that folder's ./output first (that build is not timed). A command is then timed as a whole process (user
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
    with tempfile.TemporaryDirectory() as tmp:
        folders = {(tree, built): prepared(Path(tmp) / f"{tree.replace(' ', '-')}-{built}", args.game, path, built)
                   for tree, path in trees for built in (True, False)}
        figures = {(name, built, tree): Timings(f"{name}, {'after a build' if built else 'no build'}, {tree}")
                   for name in commands for built in (True, False) for tree, _ in trees}
        for _ in range(args.repeat):
            for name, command in commands.items():
                for built in (True, False):
                    for tree, path in trees:
                        figures[name, built, tree].run([sys.executable, "-m", "generator.cli", *command],
                                                      env=python_env(path), cwd=str(folders[tree, built]))
    print(f"{args.game}: whole commands, {args.repeat} repeats, min / median / max")
    for name in commands:
        for built in (True, False):
            for tree, _ in trees:
                print("  " + figures[name, built, tree].line(48))
            if args.baseline:
                print(f"  {'':48} this tree vs baseline: "
                      f"{ratio(figures[name, built, 'baseline'], figures[name, built, 'this tree'])}")


if __name__ == "__main__":
    main()
