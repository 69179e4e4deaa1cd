"""PDF pages to PNG images with pypdfium2, for uploads and Tabletop Simulator.

Everything raster is rendered from the PDFs the vector backend wrote, so an image shows exactly
what prints. PNGs are written by Pillow without time stamps (byte-identical rebuilds) and carry
their resolution, so a shop's upload form reads the intended size.
"""

from __future__ import annotations

from pathlib import Path
from typing import Generator

from PIL import Image


def render_pages(pdf: Path, dpi: float, sizes: list[tuple[int, int]] | None = None) -> Generator[Image.Image, None, None]:
    """Every page of `pdf` at `dpi`, one at a time (a deck's sheet is 50 MB as pixels: a caller saves each
    before the next is drawn); with `sizes`, each page is rendered to exactly that many pixels."""
    import pypdfium2 as pdfium  # here: most builds take every picture from the cache, and it loads in 13 ms

    document = pdfium.PdfDocument(str(pdf))
    try:
        for index in range(len(document)):
            page = document[index]
            if sizes is not None:
                width_px, height_px = sizes[index]
                scale = width_px / page.get_width()
                image = _pixels(page.render(scale=scale, crop=(0, 0, 0, 0), draw_annots=False))
                if image.size != (width_px, height_px):  # rounding of the last pixel row or column
                    image = image.resize((width_px, height_px), Image.Resampling.LANCZOS)
            else:
                image = _pixels(page.render(scale=dpi / 72, draw_annots=False))
            page.close()
            yield image
            del image  # not held while the next page is drawn
    finally:
        document.close()


def _pixels(bitmap) -> Image.Image:
    """The bitmap as an RGB image; pdfium's own buffer is let go at once (PIL copies a 3-byte bitmap)."""
    image = bitmap.to_pil()
    bitmap.close()
    return image if image.mode == "RGB" else image.convert("RGB")


def save_png(image: Image.Image, path: Path, dpi: float) -> Path:
    """A PNG with its resolution recorded and nothing that changes between runs."""
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path, format="PNG", dpi=(dpi, dpi), optimize=False, compress_level=6)
    return path
