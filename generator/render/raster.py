"""PDF pages to PNG images with pypdfium2, for uploads and Tabletop Simulator.

Everything raster is rendered from the PDFs the vector backend wrote, so an image shows exactly
what prints. PNGs are written by Pillow without time stamps (byte-identical rebuilds) and carry
their resolution, so a shop's upload form reads the intended size.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Generator
from pathlib import Path

from PIL import Image

BAND_ROWS = 512  # rows of a page drawn at once: a band of a 4,090-px sheet is 6 MB of pixels, the whole 49 MB


def render_pages(
    pdf: Path, dpi: float, sizes: list[tuple[int, int]] | None = None
) -> Generator[Image.Image, None, None]:
    """Every page of `pdf` at `dpi`, one at a time (a deck's sheet is 50 MB as pixels: a caller saves each
    before the next is drawn); with `sizes`, each page is drawn to exactly that many pixels."""
    import pypdfium2 as pdfium  # here: most builds take every picture from the cache, and it loads in 13 ms

    document = pdfium.PdfDocument(str(pdf))
    try:
        for index in range(len(document)):
            page = document[index]
            if sizes is not None:
                image = _drawn_in_bands(pdfium, page, *sizes[index])
            else:
                image = _pixels(page.render(scale=dpi / 72, draw_annots=False))
            page.close()
            yield image
            del image  # not held while the next page is drawn
    finally:
        document.close()


def _drawn_in_bands(pdfium, page, width_px: int, height_px: int) -> Image.Image:
    """The page stretched to exactly `width_px` × `height_px` (its size in points rounds to a pixel or two
    more or less), drawn by pdfium a band of rows at a time into the one image: pdfium's bitmap of the
    whole sheet would double the memory a sheet needs."""
    pdfium_c = pdfium.raw  # pdfium's own functions, as pypdfium2 wraps them

    image = Image.new("RGB", (width_px, height_px))
    for top in range(0, height_px, BAND_ROWS):
        rows = min(BAND_ROWS, height_px - top)
        bitmap = pdfium.PdfBitmap.new_native(width_px, rows, pdfium_c.FPDFBitmap_BGR)
        bitmap.fill_rect((255, 255, 255, 255), 0, 0, width_px, rows)
        # the whole page at width_px × height_px, moved up by `top` rows: the band is rows top..top+rows
        pdfium_c.FPDF_RenderPageBitmap(bitmap, page, 0, -top, width_px, height_px, 0, 0)
        image.paste(_pixels(bitmap), (0, top))
    return image


def _pixels(bitmap) -> Image.Image:
    """The bitmap as an RGB image; pdfium's own buffer is let go at once (PIL copies a 3-byte bitmap)."""
    image = bitmap.to_pil()
    bitmap.close()
    return image if image.mode == "RGB" else image.convert("RGB")


# zlib's level, chosen by measurement on a Tabletop Simulator sheet of 70 cards (4090 x 3997 px), CPU s / MB:
# 0: 0.20 / 49.1, 1: 0.24 / 1.56, 3: 0.24 / 1.53, 4: 0.30 / 1.34, 6 (Pillow's default): 0.31 / 1.33,
# 7: 0.34 / 1.32, 8: 0.53 / 1.30, 9: 1.08 / 1.29. Levels 1-3 use zlib's fast strategy: a quarter less CPU for 15 %
# more bytes.
PNG_LEVEL = 3


def save_png(image: Image.Image, path: Path, dpi: float) -> Path:
    """A PNG with its resolution recorded and nothing that changes between runs."""
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path, format="PNG", dpi=(dpi, dpi), optimize=False, compress_level=PNG_LEVEL)
    return path


APART_PIXELS = 60_000_000  # pages of more pixels than this in all are drawn by a process of their own
# glibc serves 128 KiB or more from a mapping of its own, unmapped when freed, but raises that threshold
# to the size of the last such buffer freed: after the first sheet's pixels (16 MiB blocks) every later
# sheet came from the heap and stayed (a 5,000-card deck's sheets: 90 -> 290 MB). Fixed in the child
# that draws them, through glibc's own variables (other C libraries ignore them)
BIG_BLOCKS_BACK = {"MALLOC_MMAP_THRESHOLD_": str(1 << 20), "MALLOC_TRIM_THRESHOLD_": str(4 << 20)}


def save_pages(pdf: Path, dpi: float, sizes: list[tuple[int, int]], paths: list[Path]) -> list[Path]:
    """Page i of `pdf`, `sizes[i]` pixels, as the PNG `paths[i]`.

    A big batch (a deck of hundreds of cards: dozens of sheets of 16 million pixels) is drawn by a
    short-lived process of its own (`python -m generator.render.raster`): each sheet needs about
    70 MB while it is drawn and written, which would otherwise come on top of everything the
    build holds (a 5,000-card deck's model and layouts), and a process gives all of it back when it
    ends. The PNGs are the same either way (the same code draws them)."""
    if sum(width * height for width, height in sizes) <= APART_PIXELS:
        return _save_pages_here(pdf, dpi, sizes, paths)
    job = json.dumps({"pdf": str(pdf), "dpi": dpi, "sizes": sizes, "paths": [str(path) for path in paths]})
    from generator.forked import own_code_env

    done = subprocess.run([sys.executable, "-m", "generator.render.raster"], input=job, text=True,
                          capture_output=True, env=own_code_env(**BIG_BLOCKS_BACK))
    if done.returncode != 0:
        raise RuntimeError(f"drawing {pdf.name}'s pages failed:\n{done.stderr[-2000:]}")
    return list(paths)


def _save_pages_here(pdf: Path, dpi: float, sizes: list[tuple[int, int]], paths: list[Path]) -> list[Path]:
    pages = render_pages(pdf, dpi, sizes)
    try:
        for path in paths:  # not zip(): its reused result tuple would hold a sheet while the next is drawn
            save_png(next(pages), path, dpi)
        return list(paths)
    finally:
        pages.close()


def main() -> int:
    """The separate process of `save_pages`: one job as JSON on standard input."""
    job = json.loads(sys.stdin.read())
    _save_pages_here(Path(job["pdf"]), float(job["dpi"]), [tuple(size) for size in job["sizes"]],
                     [Path(path) for path in job["paths"]])
    return 0


if __name__ == "__main__":
    sys.exit(main())
