"""Ink coverage of the printed pages, designed against ink saver: back pages of the card sheets and board pages.

    python benchmarks/ink.py [--games habitable escape-earth ...] [--lang en] [--paper a4] [--dpi 50] [--keep DIR]

Writes each game's cards and boards (the build's own steps, `ink: saver`) into a scratch folder,
renders with poppler's pdftoppm at `--dpi` in grey, and prints per game and page set:

  dark   the share of pixels darker than mid-grey (below 128 of 255): what a page looks like from afar
  ink    the mean ink over the page, 0 (paper) to 1 (black): about what a printer puts down

for the designed files and their ink-saver versions, and the saver's cut (1 - saver / designed).
Back pages are the even pages of cards-<lang>-<paper>.pdf (each follows its front page); board
pages are every page of boards/<board>-<lang>-full.pdf (each board once, at full size). The target
is a cut of at least half on both. Not a test: a figure for benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

DARK = 128  # a grey level below this is a dark pixel


@dataclass
class Coverage:
    """Pixels counted over a set of pages: how many, how many dark, and their ink summed."""

    pixels: int = 0
    dark: int = 0
    ink: float = 0.0

    def add(self, other: Coverage) -> None:
        self.pixels += other.pixels
        self.dark += other.dark
        self.ink += other.ink

    @property
    def dark_share(self) -> float:
        return self.dark / self.pixels if self.pixels else 0.0

    @property
    def mean_ink(self) -> float:
        return self.ink / self.pixels if self.pixels else 0.0


def page_coverage(pdf: Path, pages: list[int] | None = None, dpi: int = 50) -> Coverage:
    """Coverage of the given 1-based pages of `pdf` (None: every page), rendered in grey at `dpi`."""
    from PIL import Image

    total = Coverage()
    with tempfile.TemporaryDirectory() as scratch:
        wanted = pages if pages is not None else [None]
        for page in wanted:
            command = ["pdftoppm", "-r", str(dpi), "-gray"]
            if page is not None:
                command += ["-f", str(page), "-l", str(page)]
            subprocess.run([*command, str(pdf), f"{scratch}/p{page or 0}"], check=True)
        for image_path in sorted(Path(scratch).glob("*.pgm")):
            with Image.open(image_path) as image:
                histogram = image.convert("L").histogram()
            pixels = sum(histogram)
            total.add(Coverage(pixels, sum(histogram[:DARK]),
                               sum(count * (1 - level / 255) for level, count in enumerate(histogram))))
    return total


def page_count(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], check=True, capture_output=True, text=True).stdout
    return next(int(line.split()[1]) for line in info.splitlines() if line.startswith("Pages:"))


def back_pages(pdf: Path) -> list[int]:
    """The back pages of a duplex card sheet file: every second page."""
    return list(range(2, page_count(pdf) + 1, 2))


def build_prints(game: str, out: Path, lang: str, paper: str) -> Path:
    """The game's cards and boards in both looks, made by the build's own steps; the game's output folder."""
    from generator.boards.step import render_boards
    from generator.build import BuildOptions
    from generator.content.errors import ErrorList
    from generator.content.loader import load_game
    from generator.render.cards_step import render_cards

    errors = ErrorList()
    content = load_game(REPO / "content" / game, errors)
    if content is None or errors:
        raise SystemExit(f"{game}: the content has errors; run `pnp check {game}`")
    options = BuildOptions(languages=(lang,), papers=(paper,), ink="saver", tts=False)
    folder = out / game
    folder.mkdir(parents=True, exist_ok=True)
    render_cards(content, folder, options, errors)
    render_boards(content, folder, options, errors)
    if errors:
        raise SystemExit(f"{game}: {errors.errors[0]}")
    return folder


def measure(folder: Path, lang: str, paper: str, dpi: int) -> dict[str, tuple[Coverage, Coverage]]:
    """Per page set ("backs", "boards"): the designed pages' coverage and the ink saver's."""
    found: dict[str, tuple[Coverage, Coverage]] = {}
    sheets = folder / f"cards-{lang}-{paper}.pdf"
    if sheets.exists():
        pages = back_pages(sheets)
        found["backs"] = (page_coverage(sheets, pages, dpi), page_coverage(folder / "ink-saver" / sheets.name,
                                                                            pages, dpi))
    boards = sorted((folder / "boards").glob(f"*-{lang}-full.pdf")) if (folder / "boards").is_dir() else []
    if boards:
        designed, saver = Coverage(), Coverage()
        for board in boards:
            designed.add(page_coverage(board, None, dpi))
            saver.add(page_coverage(folder / "ink-saver" / "boards" / board.name, None, dpi))
        found["boards"] = (designed, saver)
    return found


def cut(designed: float, saver: float) -> str:
    return f"{1 - saver / designed:.0%}" if designed else "–"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=["astronuts", "escape-earth", "habitable", "terraforming-mars"])
    parser.add_argument("--lang", default="en")
    parser.add_argument("--paper", default="a4")
    parser.add_argument("--dpi", type=int, default=50)
    parser.add_argument("--keep", type=Path, default=None, help="write the PDFs here and keep them")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        out = args.keep or Path(scratch)
        print("| game | pages | dark designed | dark saver | cut | ink designed | ink saver | cut |")
        print("|---|---|---|---|---|---|---|---|")
        for game in args.games:
            folder = build_prints(game, out, args.lang, args.paper)
            for name, (designed, saver) in measure(folder, args.lang, args.paper, args.dpi).items():
                print(f"| {game} | {name} | {designed.dark_share:.1%} | {saver.dark_share:.1%} | "
                      f"{cut(designed.dark_share, saver.dark_share)} | {designed.mean_ink:.3f} | "
                      f"{saver.mean_ink:.3f} | {cut(designed.mean_ink, saver.mean_ink)} |", flush=True)


if __name__ == "__main__":
    main()
