"""A rebuild after a one-card cost edit next to a rebuild with no edit, for one game or several.

    python benchmarks/edit_rebuild.py [--games escape-earth ...] [--repeat 5] [--baseline /path/to/other/checkout]

Each tree builds a copy of the content (`pnp build --content DIR`) into an output folder of its own, twice
(neither timed: the second fills what the first left to the cache). Then, in each repeat and alternating the
trees: `no edit` rebuilds with nothing changed; `one-card edit` raises CARD's first `...cost: {resource: N}` in
CARD_FILE by one (a new value every time, in both languages' cards) and rebuilds. Figures are whole-process
CPU (user + system, children included) and wall, min / median / max, and the edit's median CPU as a multiple
of the no-edit median (the target is at most 1.25x). Run on demand; this is not a test.
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benchmarks"))

from timing import Timings, python_env  # noqa: E402

NUMBER = re.compile(r"(cost: \{\w+: )(\d+)")


def edit_cost(path: Path, card: str) -> None:
    """One more of card `card`'s first cost in `path`: a change every run, never back to a state built before."""
    text = path.read_text(encoding="utf-8")
    start = text.find(f"id: {card}\n")
    found = NUMBER.search(text, start) if start >= 0 else None
    if found is None:
        raise SystemExit(f"no card '{card}' with a `cost: {{resource: N}}` in {path}")
    path.write_text(f"{text[:found.start(2)]}{int(found.group(2)) + 1}{text[found.end(2):]}", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", nargs="*", default=["escape-earth"], help="games to build (all: every bundled)")
    parser.add_argument("--card-file", default="escape-earth/cards/events.yaml")
    parser.add_argument("--card", default="raeuber", help="the card whose cost is raised (no example fights it)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--baseline", help="another checkout of pnp-forge measured alternately (e.g. main)")
    args = parser.parse_args()
    games = args.games if args.games != ["all"] else sorted(p.name for p in (REPO / "content").iterdir()
                                                             if (p / "game.yaml").is_file())
    trees = ([("baseline", args.baseline)] if args.baseline else []) + [("this tree", str(REPO))]
    figures = {(tree, what): Timings(f"{what}, {tree}") for tree, _ in trees for what in ("no edit", "one-card edit")}
    with tempfile.TemporaryDirectory() as tmp:
        works = {}
        for number, (tree, path) in enumerate(trees):
            work = Path(tmp) / str(number)
            for game in games:
                shutil.copytree(REPO / "content" / game, work / "content" / game)
            works[tree] = work
            for _ in range(2):
                Timings("warm").run(_command(games), env=_env(path, work), cwd=str(work))
        for _ in range(args.repeat):
            for tree, path in trees:
                figures[tree, "no edit"].run(_command(games), env=_env(path, works[tree]), cwd=str(works[tree]))
                edit_cost(works[tree] / "content" / args.card_file, args.card)
                figures[tree, "one-card edit"].run(_command(games), env=_env(path, works[tree]),
                                                   cwd=str(works[tree]))
    print(f"{' '.join(games)}: pnp build, {args.repeat} repeats, min / median / max")
    for tree, _ in trees:
        for what in ("no edit", "one-card edit"):
            print("  " + figures[tree, what].line(30))
        ratio = statistics.median(figures[tree, "one-card edit"].cpu) / statistics.median(figures[tree, "no edit"].cpu)
        print(f"  {'':30} one-card edit / no edit, median CPU: {ratio:.2f}x")


def _command(games: list[str]) -> list[str]:
    return [sys.executable, "-m", "generator.cli", "build", "--content", "content", "--output", "output", *games]


def _env(tree: str, work: Path) -> dict[str, str]:
    return {**python_env(tree), "XDG_CACHE_HOME": str(work / "user-cache")}


if __name__ == "__main__":
    main()
