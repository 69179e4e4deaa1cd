"""`pnp check` (or `pnp cards`) time on the bundled games and on a synthetic deck of thousands of cards.

    python benchmarks/check.py [--cards 5000] [--repeat 3] [--baseline /path/to/other/checkout]
                               [--command cards] [--skip-bundled]

The synthetic deck is Escape Earth with `--cards` extra event cards (its own events with
numbered names, one copy each) in one cards file, as a designer with a big deck would keep it;
its examples and golden playthroughs are left out (they were written for the real deck), and so are the text of the
two rules pages that list every card (thousands of cards are over a rules page's size bound; a designer splits such a
page) and the quick reference's table of events (thousands of rows do not fit its one page). Each figure is the CPU time
(user + system of the child process) and wall time of `python -m generator.cli check`, repeated
and printed as min / median / max. With `--baseline`, the same commands run against that
checkout too (e.g. the main branch before a change), alternating with this one. `--command
cards` times `pnp cards` instead (sheets, print-on-demand PDF, SVG faces, Tabletop Simulator
decks; into a temporary output folder).
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import tempfile
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benchmarks"))

from timing import Timings, python_env, ratio  # noqa: E402

PER_COMPONENT = 1000  # the schema's bound on one component's count


def synthetic_content(folder: Path, cards: int) -> Path:
    """A content folder holding Escape Earth with `cards` more event cards; returns the folder."""
    game = folder / "escape-earth"
    shutil.copytree(REPO / "content" / "escape-earth", game)
    for written_for_the_real_deck in ("examples", "playthroughs"):
        shutil.rmtree(game / written_for_the_real_deck, ignore_errors=True)
    for lang in ("de", "en"):  # pages listing every card: thousands are over a rules page's bound (a designer splits
        for listing in ("50-events.md", "80-card-reference.md"):  # them), so only their titles stay
            page = game / "rules" / lang / listing
            title = page.read_text(encoding="utf-8").splitlines()[0]
            page.write_text(f"{title}\n\nThe cards.\n", encoding="utf-8")
    events = yaml.safe_load((game / "cards" / "events.yaml").read_text(encoding="utf-8"))["cards"]
    lines = ["cards:"]
    for n in range(cards):
        card = dict(events[n % len(events)], id=f"{events[n % len(events)]['id']}-{n + 1}", count=1)
        card["name"] = {lang: f"{text} {n + 1}" for lang, text in card["name"].items()}
        dumped = yaml.safe_dump([card], allow_unicode=True, default_flow_style=None, width=200, sort_keys=False)
        lines.append("  " + dumped.rstrip().replace("\n", "\n  "))
    (game / "cards" / "synthetic.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    game_file = game / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    event_table = re.compile(r"^    - title: .*\n(?:      .*\n)*?      kind: event\n(?:      .*\n)*", re.MULTILINE)
    text, tables = event_table.subn("", text)  # the quick reference's table of every event
    assert tables == 1, "the quick reference's table of events moved"
    line = next(row for row in text.splitlines() if "id: event-cards," in row)
    total = sum(card.get("count", 1) for card in events) + cards
    parts = []
    for index, start in enumerate(range(0, total, PER_COMPONENT)):
        count = min(PER_COMPONENT, total - start)
        part = line.replace("id: event-cards,", f"id: event-cards-{index + 1},") if index else line
        parts.append(part.replace(f"count: {sum(c.get('count', 1) for c in events)}}}", f"count: {count}}}"))
    game_file.write_text(text.replace(line, "\n".join(parts)), encoding="utf-8")
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--cards", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--baseline", help="another checkout of pnp-forge to measure alternately (e.g. main)")
    parser.add_argument("--command", choices=("check", "cards"), default="check")
    parser.add_argument("--skip-bundled", action="store_true", help="only the synthetic deck")
    args = parser.parse_args()
    trees = ([("baseline", args.baseline)] if args.baseline else []) + [("this tree", str(REPO))]
    with tempfile.TemporaryDirectory() as tmp:
        deck = synthetic_content(Path(tmp), args.cards)
        cases = ([] if args.skip_bundled else [("bundled games", str(REPO / "content"))]) + \
            [(f"{args.cards:,}-card deck", str(deck))]
        extra = ["--output", str(Path(tmp) / "output")] if args.command == "cards" else []
        figures = {(case, tree): Timings(f"{case}, {tree}") for case, _ in cases for tree, _ in trees}
        for _ in range(args.repeat):
            for case, content in cases:
                for tree, path in trees:
                    command = [sys.executable, "-m", "generator.cli", args.command, "--content", content, *extra]
                    figures[case, tree].run(command, env=python_env(path), cwd=path)
    print(f"pnp {args.command}, {args.repeat} repeats, min / median / max")
    for case, _ in cases:
        for tree, _ in trees:
            print("  " + figures[case, tree].line(34))
        if args.baseline:
            print(f"  {'':34} this tree vs baseline: {ratio(figures[case, 'baseline'], figures[case, 'this tree'])}")


if __name__ == "__main__":
    main()
