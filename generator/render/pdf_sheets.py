"""Printable PDFs: sheets for home printers (shared cuts, crop marks, label, scale bar, duplex backs) and one card per page for print on demand."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from generator.layout.fonts import face as font_face
from generator.layout.geometry import FaceLayout
from generator.render.imposition import PRINTER_MARGIN, SCALE_MM, SheetGrid, Slot, TextLine, fit_grid
from generator.render.pdf_face import PdfFaceDrawer

MARK_COLOUR = HexColor("#000000")
PAPER_COLOUR = HexColor("#ffffff")
CUT_COLOUR = HexColor("#9a9a9a")
LABEL_COLOUR = HexColor("#333333")
MARGIN_TEXT_PT = 8.0


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
    """Draw a face into its slot, clipped to the trim plus the bleed the block's outside allows."""
    c = drawer.canvas
    c.saveState()
    x0, y0, x1, y1 = slot.clip
    clip = c.beginPath()
    clip.rect(x0 * mm, y0 * mm, (x1 - x0) * mm, (y1 - y0) * mm)
    c.clipPath(clip, stroke=0, fill=0)
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


def draw_marks(c: Canvas, marks: list[tuple[float, float, float, float]]) -> None:
    """Crop marks white under black, so a mark that crosses a dark bleed still shows."""
    c.saveState()
    for colour, width in ((PAPER_COLOUR, 1.1), (MARK_COLOUR, 0.35)):
        c.setStrokeColor(colour)
        c.setLineWidth(width)
        for x1, y1, x2, y2 in marks:
            c.line(x1 * mm, y1 * mm, x2 * mm, y2 * mm)
    c.restoreState()


def _cut_lines(c: Canvas, grid: SheetGrid) -> None:
    xs, ys = grid.trim_lines()
    left, bottom, right, top = grid.block
    c.saveState()
    c.setStrokeColor(CUT_COLOUR)
    c.setLineWidth(0.2)
    c.setDash([2, 2])
    for x in xs:
        c.line(x * mm, bottom * mm, x * mm, top * mm)
    for y in ys:
        c.line(left * mm, y * mm, right * mm, y * mm)
    c.restoreState()


def sheet_label(title: str, lang: str, sheet: int, total: int, side: str, version: str) -> str:
    """What a printed sheet says about itself: game, language, page, side and duplex edge, build version."""
    words = SHEET_WORDS[lang]
    return f"{title} · {lang.upper()} · {words['sheet']} {sheet}/{total} · {words[side]} · {version}"


def draw_margin_texts(c: Canvas, lines: list[TextLine], label: str, lang: str) -> None:
    """The label on the first line; the 50 mm scale bar with its "print at 100 %" note on the second."""
    name = font_face("regular").pdf_name
    scale_note = SHEET_WORDS[lang]["scale"]
    for line, kind in zip(lines, ("label", "scale")):
        c.saveState()
        c.translate(line.x * mm, line.y * mm)
        if line.turned:
            c.rotate(90)
        baseline = -MARGIN_TEXT_PT * 0.36
        c.setFillColor(LABEL_COLOUR)
        c.setFont(name, MARGIN_TEXT_PT)
        if kind == "label":
            if c.stringWidth(label, name, MARGIN_TEXT_PT) > line.length * mm:
                raise ValueError(f"sheet label does not fit its margin: {label}")
            c.drawCentredString(0, baseline, label)
        else:
            text = f"{SCALE_MM:g} mm · {scale_note}"
            width = SCALE_MM * mm + 2 * mm + c.stringWidth(text, name, MARGIN_TEXT_PT)
            x0 = -width / 2
            c.setStrokeColor(MARK_COLOUR)
            c.setLineWidth(0.5)
            c.line(x0, 0, x0 + SCALE_MM * mm, 0)
            for step in range(0, int(SCALE_MM) + 1, 10):
                tick = 1.2 if step in (0, SCALE_MM) else 0.6
                c.line(x0 + step * mm, -tick * mm, x0 + step * mm, tick * mm)
            c.drawString(x0 + (SCALE_MM + 2) * mm, baseline, text)
        c.restoreState()


SHEET_WORDS = {
    "de": {"sheet": "Bogen", "front": "Vorderseiten · beidseitig drucken, Wenden an der langen Kante",
           "back": "Rückseiten · beidseitig, lange Kante",
           "scale": "mit 100 % / Originalgröße drucken: der Balken misst dann genau 50 mm"},
    "en": {"sheet": "sheet", "front": "fronts · print double-sided, flip on the long edge",
           "back": "backs · double-sided, long edge",
           "scale": "print at 100 % / actual size: the bar then measures exactly 50 mm"},
}


def write_sheets(path: Path, cards: list[PrintCard], paper: str, icons: dict[str, Path], title: str,
                 lang: str = "en", cut_lines: bool = False, use_forms: bool = True, version: str = "",
                 back_offset: tuple[float, float] = (0.0, 0.0), margin: float = PRINTER_MARGIN) -> int:
    """Fronts on one page, their backs on the next (mirrored for long-edge duplex). Returns the page count.

    `back_offset` (mm, x right and y up as the back page is printed) moves everything on the back
    pages, to make up for a printer that shifts its second side (see the calibration sheet)."""
    size = lambda card: (card.front.width, card.front.height)  # noqa: E731
    groups = [(dims, list(group)) for dims, group in groupby(cards, key=size)]
    grids = {dims: fit_grid(paper, *dims, margin=margin) for dims, _ in groups}
    first = grids[groups[0][0]]
    canvas = new_canvas(path, first.page_w, first.page_h, title)
    drawer = PdfFaceDrawer(canvas, icons, use_forms)
    drawer.share_blocks([face for card in cards for face in (card.front, card.back)])
    total = sum(-(-len(group) // grids[dims].per_page) for dims, group in groups)
    sheet = 0
    for dims, group in groups:
        grid = grids[dims]
        for start in range(0, len(group), grid.per_page):
            chunk = group[start:start + grid.per_page]
            sheet += 1
            for back in (False, True):
                shifted = back and back_offset != (0.0, 0.0)
                if shifted:
                    canvas.saveState()
                    canvas.translate(back_offset[0] * mm, back_offset[1] * mm)
                for index, card in enumerate(chunk):
                    _place(drawer, card.back if back else card.front, grid.slot(index, back))
                if cut_lines:
                    _cut_lines(canvas, grid)
                draw_marks(canvas, grid.crop_marks())
                label = sheet_label(title, lang, sheet, total, "back" if back else "front", version)
                draw_margin_texts(canvas, grid.text_lines(2), label, lang)
                if shifted:
                    canvas.restoreState()
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
