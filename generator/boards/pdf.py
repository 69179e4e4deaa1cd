"""Draw a board scene with reportlab, and write the one-page full-size PDF for print shops.

`draw_scene` paints a scene (through generator.drawing.pdf, the card faces' drawer) with the
board's bottom-left corner at the current origin, in points; the tiled PDF puts that drawing
into a form XObject once and shows a window of it on every page. Fonts are the project's DejaVu faces, embedded
(subset) by reportlab.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from generator.boards.scene import Scene
from generator.drawing.fonts import face
from generator.drawing.pdf import PdfDrawer

BLEED_MM = 3.0


def new_canvas(path: Path, width_pt: float, height_pt: float, title: str) -> Canvas:
    """A canvas that writes byte-identical files for identical drawings (no dates, no random ids)."""
    # initialFontName is a font name (the stubs say float)
    canvas = Canvas(str(path), pagesize=(width_pt, height_pt), invariant=1, pageCompression=1,
                    initialFontName=face("regular").pdf_name)  # type: ignore[arg-type]
    canvas.setTitle(title)
    canvas.setCreator("pnp-forge")
    canvas.setProducer("pnp-forge")
    return canvas


def draw_scene(canvas: Canvas, scene: Scene) -> None:
    """Paint every item of `scene` with the board's bottom-left corner at the current origin.

    Through the drawing model's PDF drawer, as card faces are drawn; icons are drawn out (a tiled
    board puts the whole scene into one form, which may not open another form's definition)."""
    PdfDrawer(canvas, scene.icons, use_forms=False).items(scene.items, scene.height)


def write_full_pdf(scene: Scene, path: Path, bleed: float = BLEED_MM) -> Path:
    """One page at full size with `bleed` mm of background around the trim box (for print shops)."""
    width, height = (scene.width + 2 * bleed) * mm, (scene.height + 2 * bleed) * mm
    canvas = new_canvas(path, width, height, scene.title)
    trim = (bleed * mm, bleed * mm, width - bleed * mm, height - bleed * mm)
    canvas.setTrimBox(trim)
    canvas.setBleedBox((0, 0, width, height))
    if scene.background:
        canvas.setFillColor(HexColor(scene.background))
        canvas.rect(0, 0, width, height, stroke=0, fill=1)
    canvas.saveState()
    canvas.translate(bleed * mm, bleed * mm)
    draw_scene(canvas, scene)
    canvas.restoreState()
    canvas.showPage()
    canvas.save()
    return path
