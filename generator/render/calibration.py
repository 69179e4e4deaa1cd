"""The duplex calibration sheet: one sheet that shows how far a printer shifts the back side.

The front carries a cross of long lines through the middle of the page; the back carries two
rulers (-10 to +10 mm, 0.5 mm steps) whose zeros sit behind that cross when the printer is
exact. Printed double-sided (long edge) and held against the light, the front's lines cross the
rulers at the shift to enter as `--back-offset X,Y`: moving the back pages by the numbers read
brings them onto the fronts. (Long-edge duplex mirrors x about the middle of the page, so the
middle is where a front line and a back ruler meet; the rulers count in the back page's own
directions, right and up as it is printed.) A back offset already given is applied here too, so
a second print of the sheet checks it: both lines then cross at 0.
"""

from __future__ import annotations

from pathlib import Path
from typing import TypedDict

from reportlab.lib.units import mm

from generator.drawing.fonts import face as font_face
from generator.render.imposition import PAPERS, PRINTER_MARGIN
from generator.render.pdf_sheets import new_canvas
from generator.render.sheet_marks import LABEL_COLOUR, MARGIN_TEXT_PT, MARK_COLOUR, draw_scale_bar

RULER_MM = 10.0  # each ruler reads -10 .. +10 mm
LINE_MM = 60.0  # half length of the front's cross lines

class _SheetWords(TypedDict):
    title: str
    front: list[str]  # the instructions, one printed line each
    back: str
    offset: str


WORDS: dict[str, _SheetWords] = {
    "de": {
        "title": "Duplex-Kalibrierung",
        "front": ["Beidseitig drucken (Wenden an der langen Kante), mit 100 % / Originalgröße.",
                  "Das Blatt gegen das Licht halten: Die Linien dieser Seite kreuzen die Skalen der Rückseite.",
                  "Waagrechte Skala: dort, wo die senkrechte Linie sie kreuzt, steht X;",
                  "senkrechte Skala: dort, wo die waagrechte Linie sie kreuzt, steht Y.",
                  "Dann bauen mit: pnp build --back-offset X,Y (in mm, z. B. --back-offset 1.5,-0.5)."],
        "back": "Rückseite: Skalen in mm. Kreuzen beide Linien bei 0, liegen die Rückseiten genau.",
        "offset": "Angewandter Versatz der Rückseite",
    },
    "en": {
        "title": "Duplex calibration",
        "front": ["Print double-sided (flip on the long edge) at 100 % / actual size.",
                  "Hold the sheet against the light: this side's lines cross the rulers on the back.",
                  "Horizontal ruler: where the vertical line crosses it, read X;",
                  "vertical ruler: where the horizontal line crosses it, read Y.",
                  "Then build with: pnp build --back-offset X,Y (in mm, e.g. --back-offset 1.5,-0.5)."],
        "back": "Back: rulers in mm. When both lines cross at 0, the backs are exactly behind the fronts.",
        "offset": "Back offset applied",
    },
}


def _text(canvas, x: float, y: float, text: str, size: float = 10, role: str = "regular", centred: bool = True) -> None:
    canvas.setFillColor(LABEL_COLOUR)
    canvas.setFont(font_face(role).pdf_name, size)
    (canvas.drawCentredString if centred else canvas.drawString)(x * mm, y * mm, text)


def _ruler(canvas, cx: float, cy: float, vertical: bool) -> None:
    """A ruler through (cx, cy) mm: ticks every 0.5 mm, longer every 1 and 5 mm, numbers every 5 mm."""
    canvas.saveState()
    canvas.translate(cx * mm, cy * mm)
    if vertical:
        canvas.rotate(90)
    canvas.setStrokeColor(MARK_COLOUR)
    canvas.setLineWidth(0.25)
    canvas.line(-RULER_MM * mm, 0, RULER_MM * mm, 0)
    steps = int(RULER_MM * 2)
    for step in range(-steps, steps + 1):
        value = step / 2
        tick = 3.0 if value % 5 == 0 else 2.0 if value == int(value) else 1.2
        canvas.line(value * mm, 0, value * mm, tick * mm)
    canvas.setFillColor(LABEL_COLOUR)
    canvas.setFont(font_face("regular").pdf_name, 7)
    for value in range(-int(RULER_MM), int(RULER_MM) + 1, 5):
        label = f"{value:+d}" if value else "0"
        if vertical:  # upright numbers beside a vertical ruler
            canvas.saveState()
            canvas.translate(value * mm, -1.5 * mm)
            canvas.rotate(-90)
            canvas.drawString(0, -0.8 * mm, label)
            canvas.restoreState()
        else:
            canvas.drawCentredString(value * mm, -3.5 * mm, label)
    canvas.restoreState()


def write_calibration(path: Path, paper: str, lang: str, version: str = "",
                      back_offset: tuple[float, float] = (0.0, 0.0)) -> Path:
    """The two-page calibration sheet for `paper` (front: cross; back: rulers). Returns `path`."""
    page_w, page_h = PAPERS[paper]
    words = WORDS[lang]
    cx, cy = page_w / 2, page_h / 2
    canvas = new_canvas(path, page_w, page_h, words["title"])
    top = page_h - PRINTER_MARGIN
    # front: the cross and the instructions
    _text(canvas, cx, top - 12, words["title"], 16, "wide-bold")
    for line_no, line in enumerate(words["front"]):
        _text(canvas, cx, top - 22 - 5.5 * line_no, line, 9.5)
    canvas.setStrokeColor(MARK_COLOUR)
    canvas.setLineWidth(0.6 * mm)
    canvas.line((cx - LINE_MM) * mm, cy * mm, (cx + LINE_MM) * mm, cy * mm)
    canvas.line(cx * mm, (cy - LINE_MM) * mm, cx * mm, (cy + LINE_MM) * mm)
    _footer(canvas, page_w, lang, f"{words['title']} · {lang.upper()} · 1/2 · {version}")
    canvas.showPage()
    # back: the rulers, shifted by the offset already in use
    canvas.saveState()
    canvas.translate(back_offset[0] * mm, back_offset[1] * mm)
    _ruler(canvas, cx, cy + 14, vertical=False)  # above the middle: the horizontal line is not behind it
    _ruler(canvas, cx + 14, cy, vertical=True)
    canvas.setStrokeColor(MARK_COLOUR)
    canvas.setLineWidth(0.25)
    canvas.line((cx - 2) * mm, cy * mm, (cx + 2) * mm, cy * mm)  # where the cross should be
    canvas.line(cx * mm, (cy - 2) * mm, cx * mm, (cy + 2) * mm)
    canvas.restoreState()
    _text(canvas, cx, top - 12, words["title"], 16, "wide-bold")
    _text(canvas, cx, top - 22, words["back"], 9.5)
    if back_offset != (0.0, 0.0):
        _text(canvas, cx, top - 28, f"{words['offset']}: {back_offset[0]:+g}, {back_offset[1]:+g} mm", 9.5)
    _footer(canvas, page_w, lang, f"{words['title']} · {lang.upper()} · 2/2 · {version}")
    canvas.showPage()
    canvas.save()
    return path


def _footer(canvas, page_w: float, lang: str, label: str) -> None:
    base = PRINTER_MARGIN + 3
    draw_scale_bar(canvas, (PRINTER_MARGIN + 5) * mm, (base + 6) * mm, lang)
    _text(canvas, page_w / 2, base, label, MARGIN_TEXT_PT)
