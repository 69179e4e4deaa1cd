"""PDF pages to PNG images with pypdfium2, for uploads and Tabletop Simulator.

Everything raster is rendered from the PDFs the vector backend wrote, so an image shows exactly
what prints. PNGs are written by Pillow without time stamps (byte-identical rebuilds) and carry
their resolution, so a shop's upload form reads the intended size.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image


def render_pages(pdf: Path, dpi: float, sizes: list[tuple[int, int]] | None = None) -> list[Image.Image]:
    """Every page of `pdf` at `dpi`; with `sizes`, each page is rendered to exactly that many pixels."""
    import pypdfium2 as pdfium  # here: most builds take every picture from the cache, and it loads in 13 ms

    document = pdfium.PdfDocument(str(pdf))
    try:
        images = []
        for index in range(len(document)):
            page = document[index]
            if sizes is not None:
                width_px, height_px = sizes[index]
                scale = width_px / page.get_width()
                bitmap = page.render(scale=scale, crop=(0, 0, 0, 0), draw_annots=False)
                image = bitmap.to_pil().convert("RGB")
                if image.size != (width_px, height_px):  # rounding of the last pixel row or column
                    image = image.resize((width_px, height_px), Image.Resampling.LANCZOS)
            else:
                image = page.render(scale=dpi / 72, draw_annots=False).to_pil().convert("RGB")
            images.append(image)
            page.close()
        return images
    finally:
        document.close()


def save_png(image: Image.Image, path: Path, dpi: float) -> Path:
    """A PNG with its resolution recorded and nothing that changes between runs."""
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path, format="PNG", dpi=(dpi, dpi), optimize=False, compress_level=6)
    return path
