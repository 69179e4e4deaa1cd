"""`pnp build` from scratch next to a rebuild after a one-card edit and after a one-rules-page edit.

    python benchmarks/build.py [--repeat 3] [--games escape-earth ...] [--card-file escape-earth/cards/events.yaml]
                               [--code /path/to/other/checkout]

Copies the bundled content to a temporary folder and, in each repeat, alternately:

  full build       `pnp build` into an empty output folder
  one-card edit    one card's English name changed (a new text each time), `pnp build` again
                   into the output of the previous build
  one-page edit    a sentence appended to one rules page, `pnp build` again likewise

Each figure is the CPU time (user + system of the build process and its children, mkdocs
included) and the wall time, printed as min / median / max, with each edit's median as a
fraction of the full build's. The target for both edits is under 2 s wall. `--code` runs the
generator of another checkout (e.g. the main branch before a change) on this checkout's content. Run on demand;
this is not a test.
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

TARGET_WALL = 2.0


def edit_card(path: Path, serial: int) -> None:
    """Give the first card in `path` a new English name (a real change every time)."""
    text = path.read_text(encoding="utf-8")
    edited, count = re.subn(r"(name: \{de: [^,]+, en: )([^}]+?)( \(edit \d+\))?\}", rf"\g<1>\g<2> (edit {serial})}}",
                            text, count=1)
    if not count:
        raise SystemExit(f"no `name: {{de: ..., en: ...}}` line to edit in {path}")
    path.write_text(edited, encoding="utf-8")


def edit_page(path: Path, serial: int) -> None:
    """Append a sentence to a rules page."""
    with path.open("a", encoding="utf-8") as page:
        page.write(f"\nThis sentence was added by edit {serial}.\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--games", nargs="*", default=[], help="games to build (default: all bundled games)")
    parser.add_argument("--card-file", default="escape-earth/cards/events.yaml", help="cards file to edit")
    parser.add_argument("--page", default="escape-earth/rules/en/10-goal.md", help="rules page to edit")
    parser.add_argument("--code", default=str(REPO), help="checkout whose generator builds (default: this one)")
    args = parser.parse_args()
    full, card, page = Timings("full build"), Timings("one-card edit"), Timings("one-page edit")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        shutil.copytree(REPO / "content", work / "content")
        command = [sys.executable, "-m", "generator.cli", "build", "--content", "content", "--output", "output",
                   *args.games]
        env = python_env(args.code)
        serial = 0
        for _ in range(args.repeat):
            shutil.rmtree(work / "output", ignore_errors=True)
            full.run(command, env=env, cwd=str(work))
            serial += 1
            edit_card(work / "content" / args.card_file, serial)
            card.run(command, env=env, cwd=str(work))
            edit_page(work / "content" / args.page, serial)
            page.run(command, env=env, cwd=str(work))
    games = ", ".join(args.games) or "all bundled games"
    print(f"pnp build of {games} by {args.code}, {args.repeat} repeats, min / median / max")
    for figures in (full, card, page):
        share = statistics.median(figures.wall) / statistics.median(full.wall)
        verdict = "" if figures is full else (
            f"  {share:.2f} of a full build; {'meets' if statistics.median(figures.wall) < TARGET_WALL else 'misses'}"
            f" the {TARGET_WALL:.0f} s wall target")
        print(f"  {figures.line(14)}{verdict}")


if __name__ == "__main__":
    main()
