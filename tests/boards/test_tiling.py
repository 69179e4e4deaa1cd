"""Tiled PDFs for home printers: page count, overlap, and that each page shows its window of the board."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageStat
from pypdf import PdfReader

from generator.boards.layout import layout_board
from generator.boards.pdf import BLEED_MM, write_full_pdf
from generator.boards.tiling import MARGIN_MM, OVERLAP_MM, PAPERS, plan_tiles, seam_marks, write_tiled_pdf

MM = 72 / 25.4


@pytest.fixture(scope="module")
def map_pdfs(astronuts, tmp_path_factory) -> dict:
    """The Astronuts map in English: the one-page PDF and the tiled A4 and Letter PDFs."""
    out = tmp_path_factory.mktemp("tiles")
    board = next(b for b in astronuts.boards if b.id == "map")
    scene, problems = layout_board(board, "en", astronuts.icons)
    assert not problems
    files = {"full": write_full_pdf(scene, out / "map-en-full.pdf"), "scene": scene}
    for paper in PAPERS:
        path = out / f"map-en-{paper}-tiled.pdf"
        files[paper] = (path, write_tiled_pdf(scene, path, paper, "en", "Astronuts"))
    return files


def test_the_plan_uses_the_fewest_pages_and_portrait_on_a_tie():
    plan = plan_tiles(500, 500, "a4")
    assert plan.page == (210, 297)
    assert (plan.rows, plan.columns) == (2, 3)
    tall_on_letter = plan_tiles(500, 540, "letter")  # portrait would need 3 x 3
    assert tall_on_letter.page == (279.4, 215.9) and (tall_on_letter.rows, tall_on_letter.columns) == (3, 2)
    wide = plan_tiles(600, 180, "a4")  # portrait would need 4 pages
    assert wide.page == (297, 210) and (wide.rows, wide.columns) == (1, 3)
    small = plan_tiles(250, 180, "letter")
    assert small.pages == 1 and small.page == (279.4, 215.9)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tiles_cover_the_board_and_neighbours_overlap_by_the_overlap(paper):
    plan = plan_tiles(500, 500, paper)
    tiles = {(t.row, t.column): t for t in plan.tiles}
    last = tiles[(plan.rows - 1, plan.columns - 1)]
    assert last.x + last.width >= 500 and last.y + last.height >= 500
    for (r, c), tile in tiles.items():
        if (r, c + 1) in tiles:
            right = tiles[(r, c + 1)]
            assert tile.x + tile.width - right.x == pytest.approx(OVERLAP_MM)
        if (r + 1, c) in tiles:
            below = tiles[(r + 1, c)]
            assert tile.y + tile.height - below.y == pytest.approx(OVERLAP_MM)
    for bx, by in seam_marks(plan):  # every registration mark is on (at least) two pages
        holders = [t for t in plan.tiles if t.x <= bx <= t.x + t.width and t.y <= by <= t.y + t.height]
        assert len(holders) >= 2


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_tiled_pdf_has_an_overview_and_one_labelled_page_per_tile(map_pdfs, paper):
    path, plan = map_pdfs[paper]
    reader = PdfReader(path)
    assert len(reader.pages) == plan.pages + 1 == 7
    width_mm, height_mm = plan.page
    assert sorted(plan.page) == sorted(PAPERS[paper])
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(width_mm * MM, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(height_mm * MM, abs=0.01)
    overview = reader.pages[0].extract_text()
    assert "Overview" in overview and all(t.label in overview for t in plan.tiles)
    for tile, page in zip(plan.tiles, reader.pages[1:], strict=False):
        text = page.extract_text()
        assert tile.label in text and f"row {tile.label[0]}, column {tile.column + 1}" in text


def _board_words(page, dx_pt: float, dy_pt: float, box) -> dict[tuple[str, int, int], None]:
    """Words drawn inside `box` (page pt, top-down), as (text, x, y) in board tenths of a mm."""
    x0, top, x1, bottom = box
    out = {}
    for w in page.extract_words():
        if x0 <= w["x0"] and w["x1"] <= x1 and top <= w["top"] and w["bottom"] <= bottom:
            out[(w["text"], round((w["x0"] - dx_pt) / MM * 10), round((w["top"] - dy_pt) / MM * 10))] = None
    return out


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_page_shows_the_text_of_its_window_where_the_board_has_it(map_pdfs, paper):
    path, plan = map_pdfs[paper]
    scene = map_pdfs["scene"]
    with pdfplumber.open(map_pdfs["full"]) as full_pdf, pdfplumber.open(path) as tiled:
        full = full_pdf.pages[0]
        bleed = BLEED_MM * MM
        for tile, page in zip(plan.tiles, tiled.pages[1:], strict=False):
            vis_w = min(tile.width, scene.width - tile.x)
            vis_h = min(tile.height, scene.height - tile.y)
            window_full = (bleed + tile.x * MM, bleed + tile.y * MM, bleed + (tile.x + vis_w) * MM,
                           bleed + (tile.y + vis_h) * MM)
            expected = _board_words(full, bleed, bleed, window_full)
            margin = MARGIN_MM * MM
            window_page = (margin, margin, margin + vis_w * MM, margin + vis_h * MM)
            shown = _board_words(page, margin - tile.x * MM, margin - tile.y * MM, window_page)
            assert expected, f"tile {tile.label} has no text to compare"
            assert shown == expected, tile.label


def _render(path: Path, index: int, scale: float) -> Image.Image:
    pdf = pdfium.PdfDocument(str(path))
    try:
        return pdf[index].render(scale=scale).to_pil().convert("L")
    finally:
        pdf.close()


def _mean_difference(a: Image.Image, b: Image.Image) -> float:
    assert a.size == b.size
    return ImageStat.Stat(ImageChops.difference(a, b)).mean[0]


def test_each_page_is_the_right_window_of_the_board_pixel_for_pixel(map_pdfs):
    """Cut each page's window out of the full-size render: it must look like the page's printed area."""
    path, plan = map_pdfs["a4"]
    scene = map_pdfs["scene"]
    full = _render(map_pdfs["full"], 0, 1.0)  # 72 dpi: 1 px = 1 pt
    strip = int(OVERLAP_MM * MM) + 4  # registration marks and seam lines sit in the overlap strips
    for index, tile in enumerate(plan.tiles, start=1):
        page = _render(path, index, 1.0)
        vis_w = min(tile.width, scene.width - tile.x) * MM
        vis_h = min(tile.height, scene.height - tile.y) * MM
        fx, fy = round((BLEED_MM + tile.x) * MM), round((BLEED_MM + tile.y) * MM)
        px = py = round(MARGIN_MM * MM)
        x0 = strip if tile.column > 0 else 0
        y0 = strip if tile.row > 0 else 0
        x1 = int(vis_w) - 2 - (strip if tile.column < plan.columns - 1 else 0)
        y1 = int(vis_h) - 2 - (strip if tile.row < plan.rows - 1 else 0)
        assert (x1 - x0) * (y1 - y0) > 10_000
        shown = page.crop((px + x0, py + y0, px + x1, py + y1))
        board = full.crop((fx + x0, fy + y0, fx + x1, fy + y1))
        assert _mean_difference(board, shown) < 4.0, tile.label
        # and a window one centimetre off would not pass
        shifted = full.crop((fx + x0, fy + y0 + 28, fx + x1, fy + y1 + 28))
        assert _mean_difference(shifted, shown) > 8.0, tile.label
        # outside the board the page stays white
        if tile.x + tile.width > scene.width:
            beyond = page.crop((px + int(vis_w) + 3, py + 3, px + int(tile.width * MM) - 3, py + int(vis_h)))
            assert beyond.getextrema()[0] > 250


def test_the_full_pdf_is_the_board_with_bleed_and_a_trim_box(map_pdfs):
    reader = PdfReader(map_pdfs["full"])
    page = reader.pages[0]
    assert len(reader.pages) == 1
    assert float(page.mediabox.width) == pytest.approx((500 + 2 * BLEED_MM) * MM, abs=0.01)
    assert float(page.mediabox.height) == pytest.approx((540 + 2 * BLEED_MM) * MM, abs=0.01)
    trim = page.trimbox
    assert float(trim.left) == pytest.approx(BLEED_MM * MM, abs=0.01)
    assert float(trim.width) == pytest.approx(500 * MM, abs=0.01)
    fonts = {str(f) for f in _fonts(reader)}
    assert fonts and all("DejaVu" in f for f in fonts)


def _fonts(reader: PdfReader):
    for page in reader.pages:
        resources = page["/Resources"]
        for xobj in resources.get("/XObject", {}).values():
            fonts = xobj.get_object().get("/Resources", {}).get("/Font", {})
            for font in fonts.values():
                obj = font.get_object()
                assert "/FontFile2" in obj["/FontDescriptor"].get_object() if "/FontDescriptor" in obj else True
                yield obj["/BaseFont"]
        for font in resources.get("/Font", {}).values():
            yield font.get_object()["/BaseFont"]


def test_same_board_same_bytes(astronuts, tmp_path):
    board = next(b for b in astronuts.boards if b.id == "map")
    scene, _ = layout_board(board, "de", astronuts.icons)
    a = write_tiled_pdf(scene, tmp_path / "a.pdf", "a4", "de", "Astronuts")
    write_tiled_pdf(scene, tmp_path / "b.pdf", "a4", "de", "Astronuts")
    assert a.pages == 6
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


def test_nut_slots_print_in_their_planet_colour_on_the_tiled_pages(map_pdfs):
    """The slots are a pale tint of the planet (once translucent white, which the tiled PDF lost)."""
    from generator.boards.scene import Circle
    from generator.layout.templating import tint

    scene = map_pdfs["scene"]
    path, plan = map_pdfs["a4"]
    circles = [item for item in scene.items if isinstance(item, Circle)]
    slots = [
        (s, b)
        for s in circles
        for b in circles
        if b.r > 3 * s.r
        and (b.cx - s.cx) ** 2 + (b.cy - s.cy) ** 2 < b.r**2
        and b.paint.fill
        and s.paint.fill == tint(b.paint.fill, 0.85)
    ]
    assert len(slots) >= 40, "the planets' piece slots are not a tint of their planet"
    pdf = pdfium.PdfDocument(str(path))
    scale = 4
    checked = 0
    for slot, _planet in slots[:8]:
        found = [(i, t) for i, t in enumerate(plan.tiles)
                 if t.x + 2 < slot.cx < t.x + t.width - 2 and t.y + 2 < slot.cy < t.y + t.height - 2]
        tile_index, tile = found[0]
        image = pdf[tile_index + 1].render(scale=scale).to_pil().convert("RGB")
        px = (plan.margin + slot.cx - tile.x) * MM * scale
        py = (plan.margin + slot.cy - tile.y) * MM * scale
        got = image.getpixel((round(px), round(py)))
        want = tuple(int(slot.paint.fill[i:i + 2], 16) for i in (1, 3, 5))
        assert max(abs(a - b) for a, b in zip(got, want, strict=False)) <= 3, (slot, got, want)
        assert got != (255, 255, 255)
        checked += 1
    assert checked == 8


@pytest.mark.parametrize("paper", PAPERS)
def test_tile_pages_keep_their_marks_and_labels_out_of_the_printers_margin(paper, tmp_path):
    """Measured on a blank board, so every character and line on the pages is the pages' own furniture."""
    from generator.boards.scene import Scene
    from tests.render.printed_sheet import scale_bars, too_close_to_edge

    path = tmp_path / "blank.pdf"
    write_tiled_pdf(Scene(500, 500, title="Blank"), path, paper, "de", "Test")
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) > 4
        for page in pdf.pages:
            assert too_close_to_edge(page) == []
            assert len(scale_bars(page)) == 1


def _words_overlap(a: dict, b: dict) -> bool:
    return a["x0"] < b["x1"] and b["x0"] < a["x1"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang, side", [("de", "einseitig drucken"), ("en", "print one-sided")])
def test_every_tiled_page_names_its_language_side_and_build_at_a_readable_size(paper, lang, side, tmp_path):
    from generator.boards.scene import Scene

    path = tmp_path / "blank.pdf"
    write_tiled_pdf(Scene(500, 500, title="Blank"), path, paper, lang, "Test", "pnp-forge 9.9 · c0ffee00")
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            lines = [line for line in page.extract_text_lines() if "c0ffee00" in line["text"]]
            assert len(lines) == 1, page.page_number
            assert f"{lang.upper()} · {side} · pnp-forge 9.9 · c0ffee00" in lines[0]["text"]
            assert min(ch["size"] for ch in lines[0]["chars"]) >= 8
            bottom = [w for w in page.extract_words() if w["top"] > page.height - MARGIN_MM * MM]
            clashes = [(a["text"], b["text"]) for i, a in enumerate(bottom) for b in bottom[i + 1:]
                       if _words_overlap(a, b)]
            assert clashes == [], page.page_number
