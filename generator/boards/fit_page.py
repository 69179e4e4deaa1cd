"""A board scaled to fit one page: the home printer's alternative to gluing tiles together.

A player board (297 × 210 mm in Habitable and Terraforming Mars) takes four tiled A4 pages at full
size, or one page at about 93 %. The page says the scale it was drawn at, so nobody takes it for
the 1:1 print: cards and tokens overhang their spaces by that much. A board is never enlarged:
one that fits at full size is drawn at 100 %. The tiled PDFs stay the default; this page is made
for boards whose file says `fit_to_page: true`, or for every board with `--fit-boards`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm

from generator.boards.pdf import draw_scene, new_canvas
from generator.boards.scene import Scene
from generator.boards.tiling import MARGIN_MM, PAPERS, trim_ticks
from generator.drawing.fonts import face
from generator.render.sheet_marks import MARGIN_TEXT_PT, single_sided_label

HEADER_MM = 14.0  # room above the board for its title and the scale note, clear of the trim ticks

WORDS = {
    "de": {"scaled": "Auf {percent} % verkleinert (eine Seite): Karten und Plättchen ragen etwas über ihre Felder.",
           "full": "In voller Größe (100 %)."},
    "en": {"scaled": "Scaled to {percent} % to fit one page: cards and tokens overhang their spaces a little.",
           "full": "At full size (100 %)."},
}


@dataclass(frozen=True)
class FitPlan:
    """Where the board goes on the page (mm, from the page's bottom-left corner) and at what scale."""

    page: tuple[float, float]
    scale: float
    x: float
    y: float
    width: float
    height: float

    @property
    def percent(self) -> int:
        """The scale as people read it, rounded down so the page never claims more than it prints."""
        return int(self.scale * 100 + 1e-9)


def plan_fit(board_w: float, board_h: float, paper: str, margin: float = MARGIN_MM) -> FitPlan:
    """The board centred in the printable area of `paper`, in the orientation that shows it largest (portrait wins a
    tie), never above full size."""
    paper_w, paper_h = PAPERS[paper]
    best: FitPlan | None = None
    for page_w, page_h in ((paper_w, paper_h), (paper_h, paper_w)):
        room_w, room_h = page_w - 2 * margin, page_h - 2 * margin - HEADER_MM
        scale = min(1.0, room_w / board_w, room_h / board_h)
        width, height = board_w * scale, board_h * scale
        plan = FitPlan((page_w, page_h), scale, (page_w - width) / 2, margin + (room_h - height) / 2, width, height)
        if best is None or plan.scale > best.scale + 1e-9:
            best = plan
    assert best is not None
    return best


def write_fit_pdf(scene: Scene, path: Path, paper: str, lang: str, caption: str, version: str) -> FitPlan:
    """One page of `paper` with the board scaled to fit (see the module docstring); returns the plan it followed."""
    plan = plan_fit(scene.width, scene.height, paper)
    page_w, page_h = plan.page
    canvas = new_canvas(path, page_w * mm, page_h * mm, f"{caption} — {scene.title}")
    canvas.saveState()
    canvas.translate(plan.x * mm, plan.y * mm)
    canvas.scale(plan.scale, plan.scale)
    draw_scene(canvas, scene)
    canvas.restoreState()
    trim_ticks(canvas, plan.x * mm, (plan.y + plan.height) * mm, plan.width * mm, plan.height * mm)
    words = WORDS[lang]
    note = words["scaled"].format(percent=plan.percent) if plan.scale < 1 else words["full"]
    canvas.setFillColor(HexColor("#111111"))
    canvas.setFont(face("wide-bold").pdf_name, 9)
    top_line = (page_h - MARGIN_MM - 3) * mm
    canvas.drawString(MARGIN_MM * mm, top_line, f"{scene.title} · {caption}")
    canvas.setFont(face("regular").pdf_name, 8)
    canvas.drawString(MARGIN_MM * mm, top_line - 4 * mm, note)
    canvas.setFillColor(HexColor("#333333"))
    canvas.setFont(face("regular").pdf_name, MARGIN_TEXT_PT)
    canvas.drawRightString((page_w - MARGIN_MM) * mm, top_line, single_sided_label(lang, version))
    canvas.showPage()
    canvas.save()
    return plan
