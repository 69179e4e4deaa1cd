"""Loading time of the synthetic deck's cards from YAML against the same cards in a CSV file and an xlsx workbook.

    python benchmarks/sheets.py [--cards 5000] [--repeat 5]

The deck is benchmarks/check.py's: Escape Earth with `--cards` extra event cards. The same game
is laid out three times: its YAML card files as they are, and every card moved into one sheet
(`pnp export`'s writer) as cards/cards.csv and as cards/cards.xlsx. Each figure is the CPU and
wall time of `load_game` on the folder in this process (reading, validating each card; what
`pnp check` does before its cross-checks), the three measured alternately within each repeat,
printed as min / median / max.
"""

from __future__ import annotations

import argparse
import gc
import shutil
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benchmarks"))
sys.path.insert(0, str(REPO))

from check import synthetic_content  # noqa: E402
from timing import Timings, ratio  # noqa: E402

from generator.commands.export import card_data  # noqa: E402
from generator.content.errors import ErrorList  # noqa: E402
from generator.content.loader import load_game  # noqa: E402
from generator.content.sheet_write import card_rows, csv_bytes, xlsx_bytes  # noqa: E402


def sheet_copies(deck: Path, folder: Path) -> dict[str, Path]:
    """The deck's game folder as YAML, CSV and xlsx; by name."""
    game = deck / "escape-earth"
    errors = ErrorList()
    content = load_game(game, errors)
    assert content is not None and not errors, errors.as_text()
    headers, rows = card_rows(content.game, card_data(game, errors, content.game))
    copies = {"YAML": game}
    for name, data in (("CSV", csv_bytes(headers, rows)), ("xlsx", xlsx_bytes(headers, rows))):
        copy = folder / name / "escape-earth"
        shutil.copytree(game, copy)
        for path in (copy / "cards").glob("*.yaml"):
            path.unlink()
        (copy / "cards" / f"cards.{name.lower()}").write_bytes(data)
        copies[name] = copy
    return copies


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--cards", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        deck = synthetic_content(Path(tmp) / "deck", args.cards)
        copies = sheet_copies(deck, Path(tmp))
        sizes = {name: sum(p.stat().st_size for p in (root / "cards").iterdir()) for name, root in copies.items()}
        figures = {name: Timings(f"{name} ({sizes[name] / 1024:,.0f} KB)") for name in copies}
        cards = {}
        for _ in range(args.repeat):
            for name, root in copies.items():
                errors = ErrorList()
                gc.collect()
                content = figures[name].time(lambda root=root, errors=errors: load_game(root, errors))
                assert content is not None and not errors, errors.as_text()
                cards[name] = len(content.cards)  # type: ignore[attr-defined]
        assert len(set(cards.values())) == 1, cards
        print(f"load_game of the {args.cards:,}-card deck ({cards['YAML']:,} card designs), {args.repeat} repeats, "
              "min / median / max")
        for name in copies:
            print("  " + figures[name].line(22))
        for name in ("CSV", "xlsx"):
            print(f"  {name} vs YAML: {ratio(figures['YAML'], figures[name])}")


if __name__ == "__main__":
    main()
