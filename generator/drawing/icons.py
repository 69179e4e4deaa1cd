"""Icons as vector paths: an SVG file parsed once into shapes both backends draw the same way.

svgelements parses the SVG (paths, circles, ellipses, rects, polygons, transforms, arcs) and
applies its transforms; we keep only move/line/cubic/close commands so the PDF backend can
replay them with reportlab path operations and the SVG backend can write them as `d` strings.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import svgelements as se

Command = tuple  # ("M", x, y) | ("L", x, y) | ("C", x1, y1, x2, y2, x, y) | ("Z",)


class IconError(ValueError):
    """An icon file that cannot be drawn (not SVG, no viewBox size, nothing visible)."""


@dataclass(frozen=True)
class IconShape:
    """One filled and/or stroked outline of an icon, in the icon's viewBox units."""

    commands: tuple[Command, ...]
    fill: str | None
    stroke: str | None
    stroke_width: float
    dash: tuple[float, ...] = ()
    line_cap: str = "butt"
    line_join: str = "miter"
    even_odd: bool = False

    def svg_d(self) -> str:
        """The outline as an SVG path `d` attribute (3 decimals, stable across runs)."""
        parts = []
        for cmd in self.commands:
            parts.append(cmd[0] + " ".join(_num(v) for v in cmd[1:]))
        return "".join(parts)


@dataclass(frozen=True)
class VectorIcon:
    """An icon: its shapes and the viewBox they live in."""

    name: str
    view: tuple[float, float, float, float]
    shapes: tuple[IconShape, ...]

    def placement(self, size: float) -> tuple[float, float, float]:
        """(scale, dx, dy) that fit the viewBox centred into a size x size square."""
        vx, vy, vw, vh = self.view
        scale = size / max(vw, vh)
        return scale, (size - vw * scale) / 2 - vx * scale, (size - vh * scale) / 2 - vy * scale


def _num(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _colour(value: se.Color | None) -> str | None:
    if value is None or value.value is None or value.opacity == 0:
        return None
    return value.hexrgb


def _commands(shape: se.Shape) -> tuple[Command, ...]:
    path = se.Path(shape)
    path.reify()
    out: list[Command] = []
    for seg in path.segments():
        if isinstance(seg, se.Move):
            out.append(("M", seg.end.x, seg.end.y))
        elif isinstance(seg, se.Close):
            out.append(("Z",))
        elif isinstance(seg, se.Line):
            out.append(("L", seg.end.x, seg.end.y))
        elif isinstance(seg, se.CubicBezier):
            out.append(("C", seg.control1.x, seg.control1.y, seg.control2.x, seg.control2.y, seg.end.x, seg.end.y))
        elif isinstance(seg, se.QuadraticBezier):
            start, ctrl, end = seg.start, seg.control, seg.end
            c1 = (start.x + 2 / 3 * (ctrl.x - start.x), start.y + 2 / 3 * (ctrl.y - start.y))
            c2 = (end.x + 2 / 3 * (ctrl.x - end.x), end.y + 2 / 3 * (ctrl.y - end.y))
            out.append(("C", *c1, *c2, end.x, end.y))
        elif isinstance(seg, se.Arc):
            for cubic in seg.as_cubic_curves():
                out.append(("C", cubic.control1.x, cubic.control1.y, cubic.control2.x, cubic.control2.y,
                            cubic.end.x, cubic.end.y))
    return tuple(tuple(round(v, 4) if isinstance(v, float) else v for v in cmd) for cmd in out)


def _dash(value: str | None) -> tuple[float, ...]:
    if not value or value.strip() == "none":
        return ()
    return tuple(float(v) for v in value.replace(",", " ").split())


@lru_cache(maxsize=256)
def load_icon(path: Path) -> VectorIcon:
    """Parse an SVG icon file (cached per path: icons are drawn thousands of times)."""
    try:
        svg = se.SVG.parse(str(path), reify=True)
    except Exception as exc:  # svgelements raises many kinds of parse errors
        raise IconError(f"cannot parse icon {path.name}: {exc}") from None
    box = svg.viewbox
    if box is not None and box.width and box.height:
        view = (float(box.x), float(box.y), float(box.width), float(box.height))
    elif svg.width and svg.height:
        view = (0.0, 0.0, float(svg.width), float(svg.height))
    else:
        raise IconError(f"icon {path.name} has no viewBox or size")
    shapes: list[IconShape] = []
    for element in svg.elements():
        if not isinstance(element, se.Shape) or element.values.get("visibility") == "hidden":
            continue
        commands = _commands(element)
        if not commands:
            continue
        fill, stroke = _colour(element.fill), _colour(element.stroke)
        width = float(element.implicit_stroke_width or 0.0) if stroke else 0.0
        if fill is None and (stroke is None or width <= 0):
            continue
        shapes.append(IconShape(
            commands=commands, fill=fill, stroke=stroke, stroke_width=width,
            dash=_dash(element.values.get("stroke-dasharray")),
            line_cap=element.values.get("stroke-linecap", "butt"),
            line_join=element.values.get("stroke-linejoin", "miter"),
            even_odd=element.values.get("fill-rule") == "evenodd",
        ))
    if not shapes:
        raise IconError(f"icon {path.name} draws nothing")
    return VectorIcon(path.stem, view, tuple(shapes))
