"""The one routine that replays a vector icon's outlines on a reportlab canvas, for cards, boards and tokens.

Icons are parsed once by generator.layout.icons; cards (inside PDF forms) and boards (in scenes)
both draw them here, so a change to how icons are painted (caps, joins, dashes, even-odd fills)
reaches every printed piece at once.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from generator.layout.icons import VectorIcon

CAPS = {"butt": 0, "round": 1, "square": 2}
JOINS = {"miter": 0, "round": 1, "bevel": 2}


def draw_icon(canvas: Canvas, icon: VectorIcon, x_pt: float, top_pt: float, size_pt: float,
              colour: Callable[[str], Color] = HexColor) -> None:
    """Draw `icon` centred in the square whose top-left corner is (x_pt, top_pt), PDF coordinates (y up)."""
    scale, dx, dy = icon.placement(size_pt)

    def pt(x: float, y: float) -> tuple[float, float]:
        return x_pt + dx + x * scale, top_pt - (dy + y * scale)

    for shape in icon.shapes:
        path = canvas.beginPath()
        for cmd in shape.commands:
            op = cmd[0]
            if op == "M":
                path.moveTo(*pt(cmd[1], cmd[2]))
            elif op == "L":
                path.lineTo(*pt(cmd[1], cmd[2]))
            elif op == "C":
                path.curveTo(*pt(cmd[1], cmd[2]), *pt(cmd[3], cmd[4]), *pt(cmd[5], cmd[6]))
            else:
                path.close()
        canvas.saveState()
        if shape.fill:
            canvas.setFillColor(colour(shape.fill))
        if shape.stroke:
            canvas.setStrokeColor(colour(shape.stroke))
            canvas.setLineWidth(shape.stroke_width * scale)
            canvas.setLineCap(CAPS.get(shape.line_cap, 0))
            canvas.setLineJoin(JOINS.get(shape.line_join, 0))
            if shape.dash:  # each shape is drawn in its own saved state: no dash to reset otherwise
                canvas.setDash([d * scale for d in shape.dash])
        canvas.drawPath(path, stroke=int(bool(shape.stroke)), fill=int(bool(shape.fill)),
                        fillMode=1 if shape.even_odd else 0)
        canvas.restoreState()
