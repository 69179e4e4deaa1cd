"""Printable PDFs: sheets for home printers (with crop marks and duplex backs) and one card per page for print on demand."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from generator.layout.fonts import face as font_face
from generator.layout.geometry import FaceLayout
from generator.render.imposition import SheetGrid, Slot, fit_grid
from generator.render.pdf_face import PdfFaceDrawer

MARK_COLOUR = HexColor("#000000")
CUT_COLOUR = HexColor("#9a9a9a")
LABEL_COLOUR = HexColor("#6a6a6a")


@dataclass(frozen=True)
class PrintCard:
    """One physical card: the faces printed on its two sides."""

    card_id: str
    front: FaceLayout
    back: FaceLayout


def new_canvas(path: Path, page_w: float, page_h: float, title: str) -> Canvas:
    """A canvas whose output depends only on what is drawn (no dates, no random ids)."""
    canvas = Canvas(str(path), pagesize=(page_w * mm, page_h * mm), invariant=1, pageCompression=1,
                    initialFontName=font_face("regular").pdf_name)  # no stray, unembedded Helvetica
    canvas.setTitle(title)
    canvas.setAuthor("pnp-forge")
    canvas.setCreator("pnp-forge")
    canvas.setProducer("pnp-forge (reportlab)")
    return canvas


def _place(drawer: PdfFaceDrawer, face: FaceLayout, slot: Slot) -> None:
    c = drawer.canvas
    c.saveState()
    if slot.rotation == 90:  # counter-clockwise: the card's top points left
        c.translate((slot.x + slot.w) * mm, slot.y * mm)
        c.rotate(90)
    elif slot.rotation == -90:  # clockwise: the card's top points right
        c.translate(slot.x * mm, (slot.y + slot.h) * mm)
        c.rotate(-90)
    else:
        c.translate(slot.x * mm, slot.y * mm)
    drawer.draw(face)
    c.restoreState()


def _marks(c: Canvas, grid: SheetGrid, cut_lines: bool) -> None:
    c.saveState()
    c.setStrokeColor(MARK_COLOUR)
    c.setLineWidth(0.25)
    for x1, y1, x2, y2 in grid.crop_marks():
        c.line(x1 * mm, y1 * mm, x2 * mm, y2 * mm)
    if cut_lines:
        xs, ys = grid.trim_lines()
        left, bottom, right, top = grid.block
        c.setStrokeColor(CUT_COLOUR)
        c.setLineWidth(0.2)
        c.setDash([2, 2])
        for x in xs:
            c.line(x * mm, bottom * mm, x * mm, top * mm)
        for y in ys:
            c.line(left * mm, y * mm, right * mm, y * mm)
    c.restoreState()


def _label(c: Canvas, grid: SheetGrid, text: str) -> None:
    """A small page label in the bottom margin, between the crop marks, where the margin has room."""
    _, bottom, _, _ = grid.block
    if bottom < 7.0:
        return
    xs, _ = grid.trim_lines()
    edges = [0.0, *xs, grid.page_w]
    centre = grid.page_w / 2
    left, right = max(zip(edges, edges[1:]),  # the widest gap; of equal ones, the most central
                      key=lambda gap: (round(gap[1] - gap[0], 1), -abs((gap[0] + gap[1]) / 2 - centre)))
    room = (right - left - 4.0) * mm
    name = font_face("regular").pdf_name
    size = 6.5
    while size > 5.0 and c.stringWidth(text, name, size) > room:
        size -= 0.25
    c.setFillColor(LABEL_COLOUR)
    c.setFont(name, size)
    c.drawCentredString((left + right) / 2 * mm, (bottom - 5.0) * mm, text)


SIDE_LABELS = {
    "de": ("Vorderseiten", "Rückseiten · beidseitig, lange Kante"),
    "en": ("fronts", "backs · double-sided, long edge"),
}


def write_sheets(path: Path, cards: list[PrintCard], paper: str, icons: dict[str, Path], title: str,
                 lang: str = "en", cut_lines: bool = False, use_forms: bool = True) -> int:
    """Fronts on one page, their backs on the next (mirrored for long-edge duplex). Returns the page count."""
    size = lambda card: (card.front.width, card.front.height)  # noqa: E731
    groups = [(dims, list(group)) for dims, group in groupby(cards, key=size)]
    first = fit_grid(paper, *groups[0][0])
    canvas = new_canvas(path, first.page_w, first.page_h, title)
    drawer = PdfFaceDrawer(canvas, icons, use_forms)
    drawer.share_blocks([face for card in cards for face in (card.front, card.back)])
    total = sum(-(-len(group) // fit_grid(paper, *dims).per_page) for dims, group in groups)
    sheet = 0
    for dims, group in groups:
        grid = fit_grid(paper, *dims)
        for start in range(0, len(group), grid.per_page):
            chunk = group[start:start + grid.per_page]
            sheet += 1
            for back in (False, True):
                for index, card in enumerate(chunk):
                    _place(drawer, card.back if back else card.front, grid.slot(index, back))
                _marks(canvas, grid, cut_lines)
                _label(canvas, grid, f"{title} · {sheet}/{total} · {SIDE_LABELS[lang][int(back)]}")
                canvas.showPage()
    canvas.save()
    return sheet * 2


def write_pod(path: Path, cards: list[PrintCard], icons: dict[str, Path], title: str, use_forms: bool = True) -> int:
    """One card per page at card size plus bleed, TrimBox and BleedBox set, front then back."""
    first = cards[0].front
    canvas = new_canvas(path, first.width + 2 * first.bleed, first.height + 2 * first.bleed, title)
    drawer = PdfFaceDrawer(canvas, icons, use_forms)
    drawer.share_blocks([face for card in cards for face in (card.front, card.back)])
    pages = 0
    for card in cards:
        for face in (card.front, card.back):
            b = face.bleed
            page_w, page_h = face.width + 2 * b, face.height + 2 * b
            canvas.setPageSize((page_w * mm, page_h * mm))
            canvas.setBleedBox((0, 0, page_w * mm, page_h * mm))
            canvas.setTrimBox((b * mm, b * mm, (b + face.width) * mm, (b + face.height) * mm))
            canvas.saveState()
            canvas.translate(b * mm, b * mm)
            drawer.draw(face)
            canvas.restoreState()
            canvas.showPage()
            pages += 1
    canvas.save()
    return pages
