"""What every printed sheet carries besides the cards: crop marks, its label, and the 50 mm scale bar.

Shared by card sheets, gutterfold sheets, token sheets, tiled boards and the calibration sheet,
so they all speak the same words and print the same check that the printer did not scale.
"""

from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from generator import __version__
from generator.drawing.fonts import face as font_face
from generator.render.imposition import SCALE_MM, TextLine

MARK_COLOUR = HexColor("#000000")
PAPER_COLOUR = HexColor("#ffffff")
LABEL_COLOUR = HexColor("#333333")
MARGIN_TEXT_PT = 8.0


def draw_marks(c: Canvas, marks: list[tuple[float, float, float, float]]) -> None:
    """Crop marks white under black, so a mark that crosses a dark bleed still shows."""
    c.saveState()
    for colour, width in ((PAPER_COLOUR, 1.1), (MARK_COLOUR, 0.35)):
        c.setStrokeColor(colour)
        c.setLineWidth(width)
        for x1, y1, x2, y2 in marks:
            c.line(x1 * mm, y1 * mm, x2 * mm, y2 * mm)
    c.restoreState()


def draw_fold_marks(c: Canvas, marks: list[tuple[float, float, float, float]]) -> None:
    """The fold line's marks: dashed, so nobody cuts there."""
    c.saveState()
    for colour, width in ((PAPER_COLOUR, 1.1), (MARK_COLOUR, 0.35)):
        c.setStrokeColor(colour)
        c.setLineWidth(width)
        c.setDash([1.2 * mm, 0.8 * mm])
        for x1, y1, x2, y2 in marks:
            c.line(x1 * mm, y1 * mm, x2 * mm, y2 * mm)
    c.restoreState()


def sheet_label(title: str, lang: str, sheet: int, total: int, side: str, version: str) -> str:
    """What a printed sheet says about itself: game, language, page, side and duplex edge, build version."""
    words = SHEET_WORDS[lang]
    return f"{title} · {lang.upper()} · {words['sheet']} {sheet}/{total} · {words[side]} · {version}"


def tool_version() -> str:
    """The version a sheet names when it was not given its build's (tests draw sheets on their own)."""
    return f"pnp-forge {__version__}"


def single_sided_label(lang: str, version: str, page: tuple[int, int] | None = None) -> str:
    """What a one-sided sheet (tokens, a board tile) says besides its title: language, page, side, version."""
    words = SHEET_WORDS[lang]
    where = f" · {words['sheet']} {page[0]}/{page[1]}" if page else ""
    return f"{lang.upper()}{where} · {words['single']} · {version}"


def fit_label(c: Canvas, label: str, room: float) -> str:
    """The label at 8 pt within `room` points: a long game title is shortened (with "…"), the rest kept."""
    name = font_face("regular").pdf_name
    if c.stringWidth(label, name, MARGIN_TEXT_PT) <= room:
        return label
    title, _, rest = label.partition(" · ")
    while title and c.stringWidth(f"{title}… · {rest}", name, MARGIN_TEXT_PT) > room:
        title = title[:-1]
    return f"{title.rstrip()}… · {rest}"


def draw_margin_texts(c: Canvas, lines: list[TextLine], label: str, lang: str) -> None:
    """The label on the first line; the 50 mm scale bar with its "print at 100 %" note on the second."""
    name = font_face("regular").pdf_name
    for line, kind in zip(lines, ("label", "scale"), strict=False):
        c.saveState()
        c.translate(line.x * mm, line.y * mm)
        if line.turned:
            c.rotate(90)
        baseline = -MARGIN_TEXT_PT * 0.36
        c.setFillColor(LABEL_COLOUR)
        c.setFont(name, MARGIN_TEXT_PT)
        if kind == "label":
            c.drawCentredString(0, baseline, fit_label(c, label, line.length * mm))
        else:
            width = scale_bar_width(c, lang)
            draw_scale_bar(c, -width / 2, 0, lang)
        c.restoreState()


def scale_bar_width(c: Canvas, lang: str, note: str = "scale") -> float:
    """Width in points of the scale bar and its note."""
    text = f"{SCALE_MM:g} mm · {SHEET_WORDS[lang][note]}"
    return SCALE_MM * mm + 2 * mm + c.stringWidth(text, font_face("regular").pdf_name, MARGIN_TEXT_PT)


def draw_scale_bar(c: Canvas, x: float, y: float, lang: str, note: str = "scale") -> None:
    """A 50 mm bar with 10 mm ticks from (x, y) in points, its note after it: proof the sheet printed at 100 %."""
    c.saveState()
    c.setStrokeColor(MARK_COLOUR)
    c.setLineWidth(0.5)
    c.line(x, y, x + SCALE_MM * mm, y)
    for step in range(0, int(SCALE_MM) + 1, 10):
        tick = 1.2 if step in (0, SCALE_MM) else 0.6
        c.line(x + step * mm, y - tick * mm, x + step * mm, y + tick * mm)
    c.setFillColor(LABEL_COLOUR)
    c.setFont(font_face("regular").pdf_name, MARGIN_TEXT_PT)
    c.drawString(x + (SCALE_MM + 2) * mm, y - MARGIN_TEXT_PT * 0.36, f"{SCALE_MM:g} mm · {SHEET_WORDS[lang][note]}")
    c.restoreState()


SHEET_WORDS = {
    "de": {"sheet": "Bogen", "front": "Vorderseiten · beidseitig drucken, Wenden an der langen Kante",
           "back": "Rückseiten · beidseitig, lange Kante",
           "gutterfold": "Faltbogen, einseitig drucken · an der gestrichelten Mitte falten, kleben, dann schneiden",
           "scale": "mit 100 % / Originalgröße drucken: der Balken misst dann genau 50 mm",
           "short": "100 % / Originalgröße",
           "single": "einseitig drucken"},
    "en": {"sheet": "sheet", "front": "fronts · print double-sided, flip on the long edge",
           "back": "backs · double-sided, long edge",
           "gutterfold": "gutterfold, print one-sided · fold on the dashed middle, glue, then cut",
           "scale": "print at 100 % / actual size: the bar then measures exactly 50 mm",
           "short": "100 % / actual size",
           "single": "print one-sided"},
}
