"""Cut a board into pages for a home printer: the plan (pure numbers) and the tiled PDF.

Each page shows a window of the board inside a margin the printer can reach. Neighbouring
windows overlap by `overlap` mm so the pages can be trimmed and glued; in every overlap strip
registration marks sit at the same board position on both pages, a dashed line shows where
the next page's edge goes, and each page names itself (row letter, column number) and its
neighbours. Page 1 is an overview of how the pages go together.
"""

from __future__ import annotations

import math
import string
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from generator.boards.pdf import draw_scene, new_canvas
from generator.boards.scene import Scene
from generator.drawing.fonts import face, text_width_pt
from generator.render.sheet_marks import (
    MARGIN_TEXT_PT,
    draw_scale_bar,
    scale_bar_width,
    single_sided_label,
    tool_version,
)

PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARGIN_MM = 10.0
OVERLAP_MM = 10.0

WORDS = {
    "de": {"overview": "Übersicht", "row": "Reihe", "column": "Spalte", "page": "Seite", "pages": "Seiten",
           "of": "von",
           "how": "So setzt ihr den Plan zusammen: Schneidet bei jeder Seite den linken und oberen Rand bis zur "
                  "Bildkante ab (außer in Spalte 1 bzw. Reihe A). Legt die Seite so auf ihre linke bzw. obere "
                  "Nachbarseite, dass die Bildkante auf der gestrichelten Linie liegt und sich die Passkreuze "
                  "decken, und klebt sie fest.",
           "overlap": "Überlappung"},
    "en": {"overview": "Overview", "row": "row", "column": "column", "page": "page", "pages": "pages", "of": "of",
           "how": "To assemble the board: trim the left and top margin of each page up to the printed edge "
                  "(except in column 1 and row A). Lay each page on its left or upper neighbour so that the "
                  "printed edge sits on the dashed line and the registration marks meet, then glue it down.",
           "overlap": "overlap"},
}


@dataclass(frozen=True)
class Tile:
    """One page's window of the board: row/column, and the window in board millimetres."""

    row: int
    column: int
    x: float
    y: float
    width: float
    height: float

    @property
    def label(self) -> str:
        return f"{row_letter(self.row)}{self.column + 1}"


@dataclass(frozen=True)
class TilePlan:
    """How a board of `board` size is cut onto pages of `page` size (mm, after orientation)."""

    board: tuple[float, float]
    page: tuple[float, float]
    margin: float
    overlap: float
    rows: int
    columns: int

    @property
    def window(self) -> tuple[float, float]:
        return (self.page[0] - 2 * self.margin, self.page[1] - 2 * self.margin)

    @property
    def step(self) -> tuple[float, float]:
        return (self.window[0] - self.overlap, self.window[1] - self.overlap)

    @property
    def tiles(self) -> list[Tile]:
        (ww, wh), (sx, sy) = self.window, self.step
        return [Tile(r, c, c * sx, r * sy, ww, wh) for r in range(self.rows) for c in range(self.columns)]

    @property
    def pages(self) -> int:
        return self.rows * self.columns


def row_letter(row: int) -> str:
    letters = string.ascii_uppercase
    return letters[row] if row < 26 else letters[row // 26 - 1] + letters[row % 26]


def _count(length: float, window: float, overlap: float) -> int:
    if length <= window:
        return 1
    return math.ceil((length - overlap) / (window - overlap) - 1e-9)


def plan_tiles(board_w: float, board_h: float, paper: str, margin: float = MARGIN_MM,
               overlap: float = OVERLAP_MM) -> TilePlan:
    """The fewest pages of `paper` that cover the board; portrait wins a tie."""
    paper_w, paper_h = PAPERS[paper]
    best: TilePlan | None = None
    for page in ((paper_w, paper_h), (paper_h, paper_w)):
        ww, wh = page[0] - 2 * margin, page[1] - 2 * margin
        plan = TilePlan((board_w, board_h), page, margin, overlap, _count(board_h, wh, overlap),
                        _count(board_w, ww, overlap))
        if best is None or plan.pages < best.pages:
            best = plan
    assert best is not None
    return best


def _font(canvas: Canvas, role: str, size: float) -> None:
    canvas.setFont(face(role).pdf_name, size)


def registration_mark(canvas: Canvas, x_pt: float, y_pt: float, radius_mm: float = 3.0) -> None:
    """A circle with a cross, white under black so it shows on dark and light boards alike."""
    r = radius_mm * mm
    for colour, width in (("#ffffff", 1.6), ("#000000", 0.5)):
        canvas.setStrokeColor(HexColor(colour))
        canvas.setLineWidth(width)
        canvas.circle(x_pt, y_pt, r * 0.6, stroke=1, fill=0)
        canvas.line(x_pt - r, y_pt, x_pt + r, y_pt)
        canvas.line(x_pt, y_pt - r, x_pt, y_pt + r)


def seam_marks(plan: TilePlan) -> list[tuple[float, float]]:
    """Board positions (mm) of the registration marks: two on the middle line of each overlap strip."""
    marks = []
    (sx, sy), (ww, wh) = plan.step, plan.window
    half = plan.overlap / 2
    for c in range(1, plan.columns):
        x = c * sx + half
        for r in range(plan.rows):
            for frac in (0.25, 0.75):
                marks.append((x, r * sy + wh * frac))
    for r in range(1, plan.rows):
        y = r * sy + half
        for c in range(plan.columns):
            for frac in (0.25, 0.75):
                marks.append((c * sx + ww * frac, y))
    return marks


def trim_ticks(canvas: Canvas, left: float, top: float, w: float, h: float) -> None:
    """Short lines in the margin at the corners of the drawn board (points): where to trim."""
    tick, gap = 3.5 * mm, 1 * mm  # they end 5.5 mm from the page edge, inside what a home printer prints
    canvas.setStrokeColor(HexColor("#000000"))
    canvas.setLineWidth(0.3)
    for x, dx in ((left, -1), (left + w, 1)):
        for y, dy in ((top, 1), (top - h, -1)):
            canvas.line(x + dx * gap, y, x + dx * (gap + tick), y)
            canvas.line(x, y + dy * gap, x, y + dy * (gap + tick))


class TiledBoardPdf:
    """Writes the overview page and one page per tile, the board drawn once as a form."""

    def __init__(self, scene: Scene, plan: TilePlan, lang: str, caption: str, version: str | None = None):
        self.scene, self.plan, self.lang, self.caption = scene, plan, lang, caption
        self.version = version or tool_version()
        self.words = WORDS[lang]

    def write(self, path: Path) -> Path:
        page_w, page_h = self.plan.page
        canvas = new_canvas(path, page_w * mm, page_h * mm, f"{self.caption} — {self.scene.title}")
        canvas.beginForm("board", 0, 0, self.scene.width * mm, self.scene.height * mm)
        draw_scene(canvas, self.scene)
        canvas.endForm()
        self.overview(canvas)
        for tile in self.plan.tiles:
            self.tile_page(canvas, tile)
        canvas.save()
        return path

    # -- page 1 -----------------------------------------------------------------------------
    def overview(self, canvas: Canvas) -> None:
        page_w, page_h = self.plan.page
        margin = self.plan.margin
        canvas.setFillColor(HexColor("#111111"))
        _font(canvas, "wide-bold", 14)
        canvas.drawString(margin * mm, (page_h - margin - 5) * mm,
                          f"{self.scene.title} — {self.words['overview']}")
        _font(canvas, "regular", 9)
        canvas.drawString(margin * mm, (page_h - margin - 11) * mm,
                          f"{self.caption} · 1 + {self.plan.pages} {self.words['pages']} · "
                          f"{self.plan.rows} × {self.plan.columns} · {self.words['overlap']} {self.plan.overlap:g} mm")
        text = canvas.beginText(margin * mm, (page_h - margin - 17) * mm)
        text.setFont(face("regular").pdf_name, 9, 11)
        for line in _wrap_words(self.words["how"], (page_w - 2 * margin) * mm, 9):
            text.textLine(line)
        canvas.drawText(text)
        total_w, total_h = self.scene.width, self.scene.height
        area_top = page_h - margin - 40
        area_w, area_h = page_w - 2 * margin, area_top - margin
        scale = min(area_w / total_w, area_h / total_h)
        ox = margin + (area_w - total_w * scale) / 2
        oy_top = area_top
        canvas.saveState()
        canvas.translate(ox * mm, (oy_top - self.scene.height * scale) * mm)
        canvas.scale(scale, scale)
        canvas.doForm("board")
        canvas.restoreState()
        for tile in self.plan.tiles:
            visible_w = min(tile.width, self.scene.width - tile.x) * scale * mm
            visible_h = min(tile.height, self.scene.height - tile.y) * scale * mm
            x = (ox + tile.x * scale) * mm
            y = (oy_top - tile.y * scale) * mm - visible_h
            canvas.setStrokeColor(HexColor("#e03131"))
            canvas.setLineWidth(0.8)
            canvas.rect(x, y, visible_w, visible_h, stroke=1, fill=0)
            cx, cy = x + visible_w / 2, y + visible_h / 2
            canvas.setFillColor(HexColor("#ffffff"))
            canvas.roundRect(cx - 9 * mm, cy - 4 * mm, 18 * mm, 8 * mm, 1.5 * mm, stroke=1, fill=1)
            canvas.setFillColor(HexColor("#e03131"))
            _font(canvas, "wide-bold", 12)
            canvas.drawCentredString(cx, cy - 1.5 * mm, tile.label)
        draw_scale_bar(canvas, margin * mm, (margin - 2.5) * mm, self.lang)
        self.sheet_label(canvas, (page_h - margin - 5) * mm)  # beside the title: the long scale note fills the bottom
        canvas.showPage()

    # -- one page per tile ------------------------------------------------------------------
    def tile_page(self, canvas: Canvas, tile: Tile) -> None:
        page_w, page_h = self.plan.page
        margin = self.plan.margin
        board_w, board_h = self.scene.width, self.scene.height
        left, top = margin * mm, (page_h - margin) * mm

        def to_page(bx: float, by: float) -> tuple[float, float]:
            return left + (bx - tile.x) * mm, top - (by - tile.y) * mm

        visible_w = max(0.0, min(tile.width, board_w - tile.x))
        visible_h = max(0.0, min(tile.height, board_h - tile.y))
        canvas.saveState()
        clip = canvas.beginPath()
        clip.rect(left, top - visible_h * mm, visible_w * mm, visible_h * mm)
        canvas.clipPath(clip, stroke=0, fill=0)
        origin_x, origin_y = to_page(0, board_h)
        canvas.translate(origin_x, origin_y)
        canvas.doForm("board")
        canvas.restoreState()
        self.seams(canvas, tile, to_page)
        trim_ticks(canvas, left, top, visible_w * mm, visible_h * mm)
        self.labels(canvas, tile)
        draw_scale_bar(canvas, margin * mm, (margin - 2.5) * mm, self.lang, "short")
        self.sheet_label(canvas, (margin - 2.5) * mm - MARGIN_TEXT_PT * 0.36)
        canvas.showPage()

    def sheet_label(self, canvas: Canvas, baseline: float) -> None:
        """Language, "print one-sided" and build version, right-aligned (a tile's page number is at its top).

        It ends 2 mm short of the window's corner, where the trim tick runs down into the margin.
        """
        page_w = self.plan.page[0]
        canvas.setFillColor(HexColor("#333333"))
        _font(canvas, "regular", MARGIN_TEXT_PT)
        canvas.drawRightString(
            (page_w - self.plan.margin - 2) * mm, baseline, single_sided_label(self.lang, self.version)
        )

    def seams(self, canvas: Canvas, tile: Tile, to_page) -> None:
        (sx, sy) = self.plan.step
        canvas.saveState()
        canvas.setDash([2 * mm, 1.5 * mm])
        if tile.column < self.plan.columns - 1:
            x, y0 = to_page(tile.x + sx, tile.y)
            _, y1 = to_page(tile.x + sx, min(tile.y + tile.height, self.scene.height))
            for colour, width in (("#ffffff", 1.4), ("#000000", 0.5)):
                canvas.setStrokeColor(HexColor(colour))
                canvas.setLineWidth(width)
                canvas.line(x, y0, x, y1)
        if tile.row < self.plan.rows - 1:
            x0, y = to_page(tile.x, tile.y + sy)
            x1, _ = to_page(min(tile.x + tile.width, self.scene.width), tile.y + sy)
            for colour, width in (("#ffffff", 1.4), ("#000000", 0.5)):
                canvas.setStrokeColor(HexColor(colour))
                canvas.setLineWidth(width)
                canvas.line(x0, y, x1, y)
        canvas.restoreState()
        for bx, by in seam_marks(self.plan):
            if tile.x <= bx <= tile.x + tile.width and tile.y <= by <= tile.y + tile.height \
                    and bx <= self.scene.width and by <= self.scene.height:
                registration_mark(canvas, *to_page(bx, by))

    def labels(self, canvas: Canvas, tile: Tile) -> None:
        """The page's name in the top margin, its neighbours' names at the edges they join."""
        page_w, page_h = self.plan.page
        margin = self.plan.margin
        number = tile.row * self.plan.columns + tile.column + 2
        total = self.plan.pages + 1

        def neighbour(r: int, c: int) -> str | None:
            inside = 0 <= r < self.plan.rows and 0 <= c < self.plan.columns
            return f"{row_letter(r)}{c + 1}" if inside else None

        top_line = (page_h - margin + 1.7) * mm  # 8.3 mm below the edge: the glyphs stay clear of the 5 mm margin
        canvas.setFillColor(HexColor("#111111"))
        _font(canvas, "wide-bold", 9)
        canvas.drawString(margin * mm, top_line, tile.label)
        _font(canvas, "regular", 8)
        canvas.drawString((margin + 10) * mm, top_line,
                          f"{self.words['row']} {row_letter(tile.row)}, {self.words['column']} {tile.column + 1} · "
                          f"{self.scene.title} · {self.caption}")
        up = neighbour(tile.row - 1, tile.column)
        right_text = f"{self.words['page']} {number} {self.words['of']} {total}"
        canvas.drawRightString((page_w - margin) * mm, top_line, (f"▲ {up} · " if up else "") + right_text)
        _font(canvas, "bold", 8)
        down = neighbour(tile.row + 1, tile.column)
        if down:  # midway between the scale bar and the sheet label, which share the bottom margin
            bar_end = margin * mm + scale_bar_width(canvas, self.lang, "short")
            label_start = (page_w - margin - 2) * mm - canvas.stringWidth(
                single_sided_label(self.lang, self.version), face("regular").pdf_name, MARGIN_TEXT_PT)
            canvas.drawCentredString((bar_end + label_start) / 2, (margin - 3.5) * mm, f"▼ {down}")
        for side, label in (("left", neighbour(tile.row, tile.column - 1)),
                            ("right", neighbour(tile.row, tile.column + 1))):
            if label is None:
                continue
            canvas.saveState()
            x = (margin - 1.2) if side == "left" else (page_w - margin + 3.5)  # turned: glyphs rise towards -x
            canvas.translate(x * mm, page_h / 2 * mm)
            canvas.rotate(90)
            canvas.drawCentredString(0, 0, f"◀ {label}" if side == "left" else f"{label} ▶")
            canvas.restoreState()


def _wrap_words(text: str, width_pt: float, size: float) -> list[str]:
    """Greedy line breaks for the overview's instructions (plain text, one font)."""
    lines, line = [], ""
    for word in text.split():
        candidate = f"{line} {word}".strip()
        if line and text_width_pt(candidate, "regular", size) > width_pt:
            lines.append(line)
            line = word
        else:
            line = candidate
    if line:
        lines.append(line)
    return lines


def write_tiled_pdf(scene: Scene, path: Path, paper: str, lang: str, caption: str,
                    version: str | None = None) -> TilePlan:
    """Write the tiled PDF of `scene` for `paper`; returns the plan it followed."""
    plan = plan_tiles(scene.width, scene.height, paper)
    TiledBoardPdf(scene, plan, lang, caption, version).write(path)
    return plan
