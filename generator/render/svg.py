"""The SVG backend: one card face as a standalone SVG for the web. The only module that imports svgwrite.

It draws the same FaceLayout the PDF backend draws: text runs at their computed positions with
their computed widths (`textLength`, so a browser's font cannot reflow them), icons as symbols
built from the same parsed outlines. The view is the trim box with rounded corners, as a cut
card looks; text stays text, so the site can search it.
"""

from __future__ import annotations

import base64
from pathlib import Path

import svgwrite

from generator.layout.fonts import face as font_face
from generator.layout.geometry import (PT_MM, CircleShape, FaceLayout, IconPlacement, ImagePlacement, LineShape,
                                       RectShape, TextRun)
from generator.layout.icons import load_icon

CORNER_MM = 3.0


def _n(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def face_svg(face: FaceLayout, icons: dict[str, Path], title: str, card_id: str, side: str) -> str:
    """The SVG document of one face, as text (deterministic: same layout, same bytes)."""
    w, h = face.width, face.height
    dwg = svgwrite.Drawing(size=(f"{_n(w)}mm", f"{_n(h)}mm"), viewBox=f"0 0 {_n(w)} {_n(h)}", profile="full",
                           debug=False)
    dwg.attribs["class"] = "pnp-card"
    dwg.attribs["data-card"] = card_id
    dwg.attribs["data-side"] = side
    dwg.set_desc(title=title)
    clip = dwg.defs.add(dwg.clipPath(id="trim"))
    clip.add(dwg.rect(insert=(0, 0), size=(_n(w), _n(h)), rx=_n(CORNER_MM), ry=_n(CORNER_MM)))
    used = sorted({item.name for item in face.all_items() if isinstance(item, IconPlacement)})
    for name in used:
        icon = load_icon(icons[name])
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
    body = dwg.add(dwg.g(clip_path="url(#trim)"))
    frame = body.add(dwg.g(class_="frame"))
    content = body.add(dwg.g(class_="content"))
    for group, items in ((frame, face.frame), (content, face.items)):
        for item in items:
            group.add(_element(dwg, item))
    return dwg.tostring()


def _paint(fill: str | None, stroke: str | None, width: float) -> dict[str, str]:
    attrs = {"fill": fill or "none"}
    if stroke:
        attrs.update(stroke=stroke, stroke_width=_n(width))
    return attrs


def _element(dwg: svgwrite.Drawing, item):
    if isinstance(item, TextRun):
        spec = font_face(item.font)
        attrs = {"font_family": f"'{spec.css_family}', 'DejaVu Sans', sans-serif", "font_size": _n(item.size * PT_MM),
                 "fill": item.color, "textLength": _n(item.width), "lengthAdjust": "spacingAndGlyphs"}
        if spec.css_weight != "normal":
            attrs["font_weight"] = spec.css_weight
        if spec.css_style != "normal":
            attrs["font_style"] = spec.css_style
        text = dwg.text(item.text, insert=(_n(item.x), _n(item.baseline)), **attrs)
        text.attribs["xml:space"] = "preserve"
        return text
    if isinstance(item, RectShape):
        extra = {"rx": _n(item.radius), "ry": _n(item.radius)} if item.radius > 0 else {}
        return dwg.rect(insert=(_n(item.x), _n(item.y)), size=(_n(item.w), _n(item.h)),
                        **_paint(item.fill, item.stroke, item.stroke_width), **extra)
    if isinstance(item, CircleShape):
        return dwg.circle(center=(_n(item.cx), _n(item.cy)), r=_n(item.r), **_paint(item.fill, item.stroke,
                                                                                        item.stroke_width))
    if isinstance(item, LineShape):
        attrs = {"stroke": item.stroke, "stroke_width": _n(item.stroke_width)}
        if item.dash:
            attrs["stroke_dasharray"] = " ".join(_n(d) for d in item.dash)
        return dwg.line(start=(_n(item.x1), _n(item.y1)), end=(_n(item.x2), _n(item.y2)), **attrs)
    if isinstance(item, IconPlacement):
        return dwg.use(f"#icon-{item.name}", insert=(_n(item.x), _n(item.y)), size=(_n(item.size), _n(item.size)))
    if isinstance(item, ImagePlacement):  # embedded, so the face stays one self-contained file
        data = base64.b64encode(Path(item.path).read_bytes()).decode("ascii")
        mime = "image/png" if item.path.lower().endswith(".png") else "image/jpeg"
        return dwg.image(f"data:{mime};base64,{data}", insert=(_n(item.x), _n(item.y)), size=(_n(item.w), _n(item.h)))
    raise TypeError(f"cannot draw {type(item).__name__}")


def write_face_svg(path: Path, face: FaceLayout, icons: dict[str, Path], title: str, card_id: str, side: str) -> Path:
    path.write_text('<?xml version="1.0" encoding="utf-8" ?>\n' + face_svg(face, icons, title, card_id, side) + "\n",
                    encoding="utf-8")
    return path
