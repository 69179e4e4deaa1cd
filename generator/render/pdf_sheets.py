"""Printable PDFs: sheets for home printers (shared cuts, crop marks, label, scale bar, duplex backs) and one card
per page for print on demand."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby
from pathlib import Path
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from generator.drawing.fonts import face as font_face
from generator.layout.geometry import FaceLayout
from generator.render.imposition import PRINTER_MARGIN, SheetGrid, Slot, fit_grid
from generator.render.pdf_face import PdfFaceDrawer
from generator.render.sheet_marks import draw_fold_marks, draw_margin_texts, draw_marks, sheet_label
from generator.render.sheet_plan import EMPTY, SheetPlan, impose

CUT_COLOUR = HexColor("#9a9a9a")


@dataclass(frozen=True)
class PrintCard:
    """One physical card: the faces printed on its two sides."""

    card_id: str
    front: FaceLayout
    back: FaceLayout
    deck: str = ""  # its deck (or the deck whose back looks the same): decks never touch (generator.render.sheet_plan)


def plan_sheets(cards: list[PrintCard], paper: str, margin: float = PRINTER_MARGIN,
                folded: bool = False) -> list[tuple[SheetPlan, list[PrintCard]]]:
    """Every sheet of these cards in print order: its plan, and the cards its plan's indices name.

    Cards of a size follow each other (a size change starts a new sheet and grid)."""
    size = lambda card: (card.front.width, card.front.height)  # noqa: E731
    sheets: list[tuple[SheetPlan, list[PrintCard]]] = []
    for dims, group in groupby(cards, key=size):
        same = list(group)
        grid = fit_grid(paper, *dims, margin=margin, folded=folded)
        sheets += [(plan, same) for plan in impose([card.deck for card in same], grid)]
    return sheets


def new_canvas(path: Path, page_w: float, page_h: float, title: str) -> Canvas:
    """A canvas whose output depends only on what is drawn (no dates, no random ids)."""
    # initialFontName: a font of ours from the start, no stray unembedded Helvetica (the stubs say float)
    canvas = Canvas(str(path), pagesize=(page_w * mm, page_h * mm), invariant=1, pageCompression=1,
                    initialFontName=font_face("regular").pdf_name)  # type: ignore[arg-type]
    canvas.setTitle(title)
    canvas.setAuthor("pnp-forge")
    canvas.setCreator("pnp-forge")
    canvas.setProducer("pnp-forge (reportlab)")
    return canvas


def _place(drawer: PdfFaceDrawer, face: FaceLayout, slot: Slot, openings: dict[Slot, list[str]] | None = None) -> None:
    """Draw a face into its slot, clipped to the trim plus the bleed its neighbours allow (the slot's clip).

    `openings` keeps each slot's clip and move as the operators the canvas wrote for them the first time, and
    writes those again for the slot's later faces (the same bytes: after `q` nothing merges into them)."""
    c: Any = drawer.canvas  # reportlab's page accumulator is not in its stubs
    c.saveState()
    opening = openings.get(slot) if openings is not None else None
    if opening is not None:
        c._code.extend(opening)
        drawer.draw(face)
        c.restoreState()
        return
    code_at = len(c._code)
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
    if openings is not None:
        openings[slot] = c._code[code_at:]
    drawer.draw(face)
    c.restoreState()


def _faces(plan: SheetPlan, back: bool, known: dict[tuple, list[tuple[int, Slot, bool]]]
           ) -> list[tuple[int, Slot, bool]]:
    """`plan.faces(back)`, its slots worked out once for all sheets of the same grid and decks (`known`)."""
    key = (plan.grid, plan.decks, back)
    if key not in known:  # the plan's faces with each card named by its slot's index
        by_slot = tuple(EMPTY if deck is None else index for index, deck in enumerate(plan.decks))
        known[key] = SheetPlan(plan.grid, by_slot, plan.decks).faces(back)
    return [(plan.cards[index], slot, is_back) for index, slot, is_back in known[key]]


def _marks_form(drawer: PdfFaceDrawer, grid: SheetGrid) -> str:
    """A grid's crop marks as a form: every sheet of that grid places the same one."""
    name = drawer._form_name(("marks", grid))
    drawer.canvas.beginForm(name, 0, 0, grid.page_w * mm, grid.page_h * mm)
    draw_marks(drawer.canvas, grid.crop_marks())
    drawer.canvas.endForm()
    return name


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


def write_sheets(path: Path, cards: list[PrintCard], paper: str, icons: dict[str, Path], title: str,
                 lang: str = "en", cut_lines: bool = False, use_forms: bool = True, version: str = "",
                 back_offset: tuple[float, float] = (0.0, 0.0), margin: float = PRINTER_MARGIN) -> int:
    """Fronts on one page, their backs on the next (mirrored for long-edge duplex). Returns the page count.

    `back_offset` (mm, x right and y up as the back page is printed) moves everything on the back
    pages, to make up for a printer that shifts its second side (see the calibration sheet)."""
    sheets = plan_sheets(cards, paper, margin)
    first = sheets[0][0].grid
    canvas = new_canvas(path, first.page_w, first.page_h, title)
    drawer = PdfFaceDrawer(canvas, icons, use_forms)
    drawer.share_blocks([face for card in cards for face in (card.front, card.back)])
    margins: dict[SheetGrid, tuple[str, list]] = {}  # per grid: its crop marks' form and its margin lines
    slots: dict[tuple, list[tuple[int, Slot, bool]]] = {}
    openings: dict[Slot, list[str]] = {}
    for sheet, (plan, group) in enumerate(sheets, start=1):
        grid = plan.grid
        if grid not in margins:
            margins[grid] = (_marks_form(drawer, grid), grid.text_lines(2))
        marks, lines = margins[grid]
        for back in (False, True):
            shifted = back and back_offset != (0.0, 0.0)
            if shifted:
                canvas.saveState()
                canvas.translate(back_offset[0] * mm, back_offset[1] * mm)
            for index, slot, is_back in _faces(plan, back, slots):
                card = group[index]
                _place(drawer, card.back if is_back else card.front, slot, openings)
            if cut_lines:
                _cut_lines(canvas, grid)
            canvas.doForm(marks)
            label = sheet_label(title, lang, sheet, len(sheets), "back" if back else "front", version)
            draw_margin_texts(canvas, lines, label, lang)
            if shifted:
                canvas.restoreState()
            canvas.showPage()
    canvas.save()
    return len(sheets) * 2


def write_gutterfold(path: Path, cards: list[PrintCard], paper: str, icons: dict[str, Path], title: str,
                     lang: str = "en", version: str = "", margin: float = PRINTER_MARGIN) -> int:
    """Fronts and backs on one page for single-sided printers: fold on the middle line, glue, cut. Returns pages."""
    sheets = plan_sheets(cards, paper, margin, folded=True)
    first = sheets[0][0].grid
    canvas = new_canvas(path, first.page_w, first.page_h, title)
    drawer = PdfFaceDrawer(canvas, icons)
    drawer.share_blocks([face for card in cards for face in (card.front, card.back)])
    for page, (plan, group) in enumerate(sheets, start=1):
        grid = plan.grid
        for index, slot, is_back in plan.faces():
            card = group[index]
            _place(drawer, card.back if is_back else card.front, slot)
        draw_marks(canvas, grid.crop_marks())
        draw_fold_marks(canvas, grid.fold_marks())
        label = sheet_label(title, lang, page, len(sheets), "gutterfold", version)
        draw_margin_texts(canvas, grid.text_lines(2), label, lang)
        canvas.showPage()
    canvas.save()
    return len(sheets)


def write_pod(path: Path, cards: list[PrintCard], icons: dict[str, Path], title: str, use_forms: bool = True,
              back_first: bool = False) -> int:
    """One card per page at card size plus bleed, TrimBox and BleedBox set, front then back (`back_first`: each
    back before its front, as some shops ask)."""
    first = cards[0].front
    canvas = new_canvas(path, first.width + 2 * first.bleed, first.height + 2 * first.bleed, title)
    drawer = PdfFaceDrawer(canvas, icons, use_forms)
    drawer.share_blocks([face for card in cards for face in (card.front, card.back)])
    pages = 0
    for card in cards:
        for face in (card.back, card.front) if back_first else (card.front, card.back):
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
