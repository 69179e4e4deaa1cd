"""Tiled board PDFs: the board drawn once as a form XObject against drawing it out on every page.

    python benchmarks/boards.py [--repeat 5]

Lays out the Astronuts star map once, then writes its A4 and Letter tiled PDFs (overview + one
page per tile) two ways, alternately in each repeat, and prints CPU and wall time per PDF
(min / median / max) and file size:

  per-page   baseline: every page draws the whole board scene again, clipped to its window
  forge      pnp-forge: the board is drawn once into a PDF form, every page shows a window of it

The ratio compares medians with the per-page baseline measured in the same run. Run on demand;
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
sys.path.insert(0, str(REPO / "benchmarks"))

from timing import Timings, ratio  # noqa: E402


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
    from generator.checking import load_checked
    from generator.content.errors import ErrorList

    errors = ErrorList()
    [content] = load_checked(REPO / "content", ["astronuts"], errors)
    board = next(b for b in content.boards if b.id == "map")
    scene, _ = layout_board(board, "en", content.icons)
    variants = {
        "per-page": lambda path, paper: per_page_pdf(scene, path, paper, "en", "Astronuts"),
        "forge": lambda path, paper: write_tiled_pdf(scene, path, paper, "en", "Astronuts"),
    }
    figures = {name: Timings(name) for name in variants}
    sizes: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(args.repeat):  # alternated, so a busy moment of the machine hits both
            for name, make in variants.items():
                cpu, wall = time.process_time(), time.perf_counter()
                for paper in ("a4", "letter"):
                    path = Path(tmp) / f"{name}-{paper}.pdf"
                    make(path, paper)
                    if paper == "a4":
                        sizes[name] = path.stat().st_size
                figures[name].add((time.process_time() - cpu) / 2, (time.perf_counter() - wall) / 2)
    print(f"seconds per tiled PDF (A4 and Letter), {args.repeat} repeats, min / median / max")
    for name in variants:
        print(f"  {figures[name].line(9)}   A4 {sizes[name] / 1024:5.0f} KiB "
              f"({sizes[name] / sizes['per-page']:.2f} of per-page)")
    print(f"  forge vs per-page: {ratio(figures['per-page'], figures['forge'])}")


if __name__ == "__main__":
    main()
