"""Tiled board PDFs: the board drawn once as a form XObject against drawing it out on every page.

    python benchmarks/boards.py [--repeat 5]

Lays out the Astronuts star map once, then writes its A4 and Letter tiled PDFs (overview + one
page per tile) two ways and prints CPU time per PDF and file size:

  per-page   baseline: every page draws the whole board scene again, clipped to its window
  forge      pnp-forge: the board is drawn once into a PDF form, every page shows a window of it

The ratio column compares with the per-page baseline measured in the same run. Run on demand;
this is not a test.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def per_page_pdf(scene, path: Path, paper: str, lang: str, caption: str) -> None:
    """The baseline: the same pages, but the scene drawn out on each page instead of a form."""
    from generator.boards import tiling
    from generator.boards.pdf import draw_scene

    plan = tiling.plan_tiles(scene.width, scene.height, paper)
    writer = tiling.TiledBoardPdf(scene, plan, lang, caption)
    original = tiling.Canvas.doForm

    def draw_instead(canvas, name):  # every use of the form draws the scene again
        draw_scene(canvas, scene)

    tiling.Canvas.doForm = draw_instead
    try:
        canvas_cls = tiling.Canvas
        begin, end = canvas_cls.beginForm, canvas_cls.endForm
        canvas_cls.beginForm = lambda self, *a, **k: self.saveState()
        canvas_cls.endForm = lambda self, *a, **k: self.restoreState()
        try:
            writer.write(path)
        finally:
            canvas_cls.beginForm, canvas_cls.endForm = begin, end
    finally:
        tiling.Canvas.doForm = original


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    from generator.boards.layout import layout_board
    from generator.boards.tiling import write_tiled_pdf
    from generator.content.errors import ErrorList
    from generator.checking import load_checked

    errors = ErrorList()
    [content] = load_checked(REPO / "content", ["astronuts"], errors)
    board = next(b for b in content.boards if b.id == "map")
    scene, _ = layout_board(board, "en", content.icons)
    variants = {
        "per-page": lambda path, paper: per_page_pdf(scene, path, paper, "en", "Astronuts"),
        "forge": lambda path, paper: write_tiled_pdf(scene, path, paper, "en", "Astronuts"),
    }
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, make in variants.items():
            best, size = float("inf"), 0
            for _ in range(args.repeat):
                start = time.process_time()
                for paper in ("a4", "letter"):
                    path = Path(tmp) / f"{name}-{paper}.pdf"
                    make(path, paper)
                    size = path.stat().st_size if paper == "a4" else size
                best = min(best, (time.process_time() - start) / 2)
            results[name] = (best, size)
    base_time, base_size = results["per-page"]
    print(f"{'variant':10} {'s/PDF':>8} {'time ratio':>10} {'A4 KiB':>8} {'size ratio':>10}")
    for name, (seconds, size) in results.items():
        print(f"{name:10} {seconds:8.3f} {seconds / base_time:10.2f} {size / 1024:8.0f} {size / base_size:10.2f}")


if __name__ == "__main__":
    main()
