"""Board pictures go into the rulebook as their PNG rows: the same pixels as reportlab's own image path, no
decoding or compressing again; PNGs PDF cannot read so are drawn by reportlab as before."""

from __future__ import annotations

import io

import pypdfium2
from PIL import Image as PilImage
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Image

from generator.rulebook.png_picture import PngPicture, picture, pixel_size, png_rows


def _page(flowable) -> bytes:
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(200, 200), invariant=1)
    flowable.wrapOn(canvas, 200, 200)
    flowable.drawOn(canvas, 10, 10)
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def _pixels(pdf: bytes) -> bytes:
    document = pypdfium2.PdfDocument(pdf)
    try:
        return document[0].render(scale=2).to_pil().convert("RGB").tobytes()
    finally:
        document.close()


def _drawn(tmp_path, mode: str) -> PilImage.Image:
    image = PilImage.new(mode, (37, 23), "white")
    for x in range(37):
        for y in range(23):
            value = (x * 7 + y * 11) % 256
            image.putpixel((x, y), value if mode == "L" else (value, 255 - value, (x * y) % 256)[:len(mode)] + (
                (128,) if mode == "RGBA" else ()))
    return image


def test_an_rgb_or_grey_png_is_printed_from_its_rows_with_the_pixels_reportlab_prints(tmp_path):
    for mode in ("RGB", "L"):
        path = tmp_path / f"{mode}.png"
        _drawn(tmp_path, mode).save(path, compress_level=3)
        made = picture(path, 111, 69)
        assert isinstance(made, PngPicture)
        assert pixel_size(path) == (37, 23)
        assert b"/Predictor 15" in _page(made)
        assert _pixels(_page(made)) == _pixels(_page(Image(str(path), 111, 69))), mode


def test_a_png_with_transparency_or_a_palette_is_drawn_by_reportlab(tmp_path):
    for mode in ("RGBA", "P"):
        path = tmp_path / f"{mode}.png"
        (_drawn(tmp_path, "RGBA") if mode == "RGBA" else _drawn(tmp_path, "RGB").convert("P")).save(path)
        assert png_rows(path) is None
        assert isinstance(picture(path, 50, 30), Image)
    not_png = tmp_path / "board.jpg"
    _drawn(tmp_path, "RGB").save(not_png)
    assert png_rows(not_png) is None and pixel_size(not_png) is None
