"""Draw a board scene with reportlab, and write the one-page full-size PDF for print shops.

`draw_scene` paints a scene with the board's bottom-left corner at the current origin, in
points; the tiled PDF puts that drawing into a form XObject once and shows a window of it on
every page. Fonts are the project's DejaVu faces, embedded (subset) by reportlab.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from generator.boards.scene import Circle, Icon, Paint, Polygon, Rect, Scene, Text
from generator.layout.fonts import face
from generator.layout.icons import load_icon
from generator.render.pdf_icons import draw_icon

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


def _apply_paint(canvas: Canvas, paint: Paint) -> tuple[bool, bool]:
    fill = paint.fill is not None
    stroke = paint.stroke is not None and paint.stroke_width > 0
    if paint.fill is not None:  # = fill, spelled so the type checker narrows
        canvas.setFillColor(HexColor(paint.fill))
    if stroke and paint.stroke is not None:  # the second test only narrows: stroke implies it
        canvas.setStrokeColor(HexColor(paint.stroke))
        canvas.setLineWidth(paint.stroke_width * mm)
        canvas.setDash([d * mm for d in paint.dash] if paint.dash else [])
    return fill, stroke


def draw_scene(canvas: Canvas, scene: Scene) -> None:
    """Paint every item of `scene` with the board's bottom-left corner at the current origin."""
    height = scene.height

    def X(x: float) -> float:
        return x * mm

    def Y(y: float) -> float:
        return (height - y) * mm

    for item in scene.items:
        canvas.saveState()
        if isinstance(item, Rect):
            fill, stroke = _apply_paint(canvas, item.paint)
            if item.radius:
                canvas.roundRect(X(item.x), Y(item.y + item.h), item.w * mm, item.h * mm, item.radius * mm,
                                 stroke=int(stroke), fill=int(fill))
            else:
                canvas.rect(X(item.x), Y(item.y + item.h), item.w * mm, item.h * mm, stroke=int(stroke),
                            fill=int(fill))
        elif isinstance(item, Circle):
            fill, stroke = _apply_paint(canvas, item.paint)
            canvas.circle(X(item.cx), Y(item.cy), item.r * mm, stroke=int(stroke), fill=int(fill))
        elif isinstance(item, Polygon):
            fill, stroke = _apply_paint(canvas, item.paint)
            path = canvas.beginPath()
            first, *rest = item.points
            path.moveTo(X(first[0]), Y(first[1]))
            for px, py in rest:
                path.lineTo(X(px), Y(py))
            if item.closed:
                path.close()
            canvas.drawPath(path, stroke=int(stroke), fill=int(fill and item.closed))
        elif isinstance(item, Text):
            canvas.setFillColor(HexColor(item.color))
            canvas.setFont(face(item.font).pdf_name, item.size)
            draw = {"start": canvas.drawString, "middle": canvas.drawCentredString,
                    "end": canvas.drawRightString}[item.anchor]
            draw(X(item.x), Y(item.baseline), item.text)
        elif isinstance(item, Icon):
            path_ = scene.icons.get(item.name)
            if path_ is not None:
                draw_icon(canvas, load_icon(path_), X(item.x), Y(item.y), item.size * mm)
        canvas.restoreState()


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
