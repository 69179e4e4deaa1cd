"""Pages to pixels: drawn to the exact size asked, in bands that leave no seam, one sheet in memory at a time."""

from __future__ import annotations

import gc
import os
import platform
import subprocess
import sys
import textwrap
import weakref
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from reportlab.pdfgen.canvas import Canvas

from generator.render import raster

REPO = Path(__file__).resolve().parents[2]


def _sheets(path: Path, pages: int = 3) -> Path:
    """A PDF of `pages` pages, 300 × 200 pt, each with a diagonal line and a disc crossing band edges."""
    canvas = Canvas(str(path), pagesize=(300, 200))
    for number in range(pages):
        canvas.setLineWidth(3)
        canvas.line(0, 0, 300, 200)
        canvas.setFillColorRGB(0.8, 0.1, 0.1 * number)
        canvas.circle(150, 100, 60, stroke=0, fill=1)
        canvas.showPage()
    canvas.save()
    return path


def test_pages_are_drawn_to_exactly_the_size_asked(tmp_path):
    pdf = _sheets(tmp_path / "sheets.pdf")
    sizes = [(601, 399), (600, 401), (64, 43)]  # a pixel or two off the page's own proportions, as sheets are
    images = list(raster.render_pages(pdf, 144, sizes))
    assert [image.size for image in images] == sizes
    assert images[0].getpixel((300, 200))[0] > 150  # the disc is drawn at the middle
    assert images[0].getpixel((2, 2)) == (255, 255, 255)  # paper white, not an empty bitmap's black


def test_drawing_in_bands_leaves_no_seam(tmp_path, monkeypatch):
    import pypdfium2 as pdfium

    pdf = _sheets(tmp_path / "sheets.pdf", pages=1)
    document = pdfium.PdfDocument(str(pdf))
    whole = raster._pixels(document[0].render(scale=2, draw_annots=False))  # 600 × 400: the page at 144 dpi
    document.close()
    monkeypatch.setattr(raster, "BAND_ROWS", 37)  # eleven bands, edges through the line and the disc
    banded = next(raster.render_pages(pdf, 144, [(600, 400)]))
    difference = ImageChops.difference(whole, banded)
    # anti-aliasing may round one level apart in a band; a seam (a row missing, doubled or moved) is far more
    assert max(high for _, high in difference.getextrema()) <= 2


def test_a_sheet_is_let_go_before_the_next_is_drawn(tmp_path, monkeypatch):
    pdf = _sheets(tmp_path / "sheets.pdf")
    alive_while_drawing: list[int] = []
    drawn: list[weakref.ref[Image.Image]] = []
    draw = raster._drawn_in_bands

    def watched(*args) -> Image.Image:
        gc.collect()
        alive_while_drawing.append(sum(ref() is not None for ref in drawn))
        image = draw(*args)
        drawn.append(weakref.ref(image))
        return image

    monkeypatch.setattr(raster, "_drawn_in_bands", watched)
    paths = [tmp_path / f"{n}.png" for n in range(3)]
    assert raster.save_pages(pdf, 72, [(300, 200)] * 3, paths) == paths
    assert alive_while_drawing == [0, 0, 0]  # a sheet's pixels are gone before the next sheet's are drawn
    assert all(Image.open(path).size == (300, 200) for path in paths)


FREED_BLOCKS = textwrap.dedent("""
    def rss() -> int:
        return int(open("/proc/self/statm").read().split()[1]) * 4096 // 2**20

    first = bytearray(16 << 20)
    del first                                    # glibc raises its threshold to this size (unless fixed)
    base = rss()
    blocks = [bytearray(8 << 20) for _ in range(10)]   # ten sheets' worth of pixels
    pin = bytearray(200 << 10)                   # a later allocation above them keeps the heap from shrinking
    del blocks
    print(rss() - base)
""")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's allocator")
def test_big_blocks_go_back_to_the_system_once_freed_with_the_raster_childs_environment():
    env = {name: value for name, value in os.environ.items() if not name.startswith("MALLOC_")}  # glibc's own knobs

    def kept_mb(mode: str) -> int:
        fixed = raster.BIG_BLOCKS_BACK if mode == "fixed" else {}
        done = subprocess.run([sys.executable, "-c", FREED_BLOCKS, mode], capture_output=True, text=True, check=True,
                              env={**env, **fixed, "PYTHONPATH": str(REPO)})
        return int(done.stdout)

    assert kept_mb("fixed") <= 8
    if platform.libc_ver()[0] == "glibc":  # what the fix is for: glibc keeps those 80 MB by itself
        assert kept_mb("dynamic") >= 60
