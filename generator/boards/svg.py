"""A board scene as a true-size SVG (width/height in mm, one user unit = 1 mm).

The boards' only svgwrite module. It follows the card pipeline's SVG conventions: fonts named
by the same CSS families as the card faces, each text run pinned to its computed width
(`textLength`) so a browser's fallback font cannot reflow the board, and icons as <symbol>s
built from the same parsed outlines the PDF draws. Space ids go into `data-space` attributes,
so the web page can highlight a space the rules text mentions.
"""

from __future__ import annotations

from pathlib import Path

import svgwrite

from generator.boards.scene import PT_MM, Circle, Icon, Paint, Polygon, Rect, Scene, Text
from generator.layout.fonts import face as font_face
from generator.layout.fonts import text_width_pt
from generator.layout.icons import load_icon


def _n(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _paint(paint: Paint) -> dict[str, str]:
    attrs = {"fill": paint.fill or "none"}
    if paint.stroke and paint.stroke_width > 0:
        attrs.update(stroke=paint.stroke, stroke_width=_n(paint.stroke_width))
        if paint.dash:
            attrs["stroke_dasharray"] = " ".join(_n(d) for d in paint.dash)
    if paint.opacity < 1:
        attrs["opacity"] = _n(paint.opacity)
    return attrs


def _symbols(dwg: svgwrite.Drawing, scene: Scene) -> None:
    used = sorted({item.name for item in scene.items if isinstance(item, Icon) and item.name in scene.icons})
    for name in used:
        icon = load_icon(scene.icons[name])
        symbol = dwg.symbol(id=f"icon-{name}")
        symbol.viewbox(*(_n(v) for v in icon.view))
        for shape in icon.shapes:
            attrs = {"d": shape.svg_d(), "fill": shape.fill or "none"}
            if shape.stroke:
                attrs.update(stroke=shape.stroke, stroke_width=_n(shape.stroke_width))
                if shape.line_cap != "butt":
                    attrs["stroke_linecap"] = shape.line_cap
                if shape.line_join != "miter":
                    attrs["stroke_linejoin"] = shape.line_join
                if shape.dash:
                    attrs["stroke_dasharray"] = " ".join(_n(d) for d in shape.dash)
            if shape.even_odd:
                attrs["fill_rule"] = "evenodd"
            symbol.add(dwg.path(**attrs))
        dwg.defs.add(symbol)


def _element(dwg: svgwrite.Drawing, item):
    if isinstance(item, Text):
        spec = font_face(item.font)
        width = text_width_pt(item.text, item.font, item.size) * PT_MM
        attrs = {"font_family": f"'{spec.css_family}', 'DejaVu Sans', sans-serif", "font_size": _n(item.size * PT_MM),
                 "fill": item.color, "textLength": _n(width), "lengthAdjust": "spacingAndGlyphs"}
        if item.anchor != "start":
            attrs["text_anchor"] = item.anchor
        if spec.css_weight != "normal":
            attrs["font_weight"] = spec.css_weight
        if spec.css_style != "normal":
            attrs["font_style"] = spec.css_style
        text = dwg.text(item.text, insert=(_n(item.x), _n(item.baseline)), **attrs)
        text.attribs["xml:space"] = "preserve"
        return text
    if isinstance(item, Rect):
        extra = {"rx": _n(item.radius), "ry": _n(item.radius)} if item.radius > 0 else {}
        return dwg.rect(insert=(_n(item.x), _n(item.y)), size=(_n(item.w), _n(item.h)), **_paint(item.paint), **extra)
    if isinstance(item, Circle):
        return dwg.circle(center=(_n(item.cx), _n(item.cy)), r=_n(item.r), **_paint(item.paint))
    if isinstance(item, Polygon):
        points = [(_n(x), _n(y)) for x, y in item.points]
        if item.closed:
            return dwg.polygon(points, **_paint(item.paint))
        return dwg.polyline(points, **{**_paint(item.paint), "fill": "none"})
    if isinstance(item, Icon):
        return dwg.use(f"#icon-{item.name}", insert=(_n(item.x), _n(item.y)), size=(_n(item.size), _n(item.size)))
    raise TypeError(f"cannot draw {type(item).__name__}")


def scene_svg(scene: Scene, board_id: str) -> str:
    """The SVG document of a board scene (deterministic: same scene, same bytes)."""
    dwg = svgwrite.Drawing(size=(f"{_n(scene.width)}mm", f"{_n(scene.height)}mm"),
                           viewBox=f"0 0 {_n(scene.width)} {_n(scene.height)}", profile="full", debug=False)
    dwg.attribs["class"] = "pnp-board"
    dwg.attribs["data-board"] = board_id
    dwg.set_desc(title=scene.title)
    _symbols(dwg, scene)
    body = dwg.add(dwg.g(class_="board"))
    for item in scene.items:
        if isinstance(item, Icon) and item.name not in scene.icons:
            continue
        element = _element(dwg, item)
        if getattr(item, "space", None):
            element.attribs["data-space"] = item.space
        body.add(element)
    return dwg.tostring()


def write_board_svg(scene: Scene, path: Path, board_id: str) -> Path:
    path.write_text('<?xml version="1.0" encoding="utf-8" ?>\n' + scene_svg(scene, board_id) + "\n", encoding="utf-8")
    return path
