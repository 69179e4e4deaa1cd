"""The reference for the SVG writer's bytes: pieces drawn element by element through svgwrite.

The project wrote its SVGs through svgwrite before generator.drawing.svg wrote them as strings
(several times faster); tests hold the string writer to the bytes this drawing gives, for card
faces and board scenes alike.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import svgwrite

from generator.drawing.fonts import face as font_face
from generator.drawing.fonts import text_width_pt
from generator.drawing.icons import load_icon
from generator.drawing.shapes import PT_MM, Circle, Icon, Image, Line, Paint, Polygon, Rect, Text
from generator.drawing.svg import image_data_uri, number
from generator.layout.geometry import FaceLayout

Element = Any  # an svgwrite element; callers only pass it back to `SvgDocument.add`
CORNER_MM = 3.0


def _dash(dash: tuple[float, ...] | list[float]) -> str:
    return " ".join(number(d) for d in dash)


class SvgDocument:
    """A drawing of `width` x `height` mm whose user unit is one millimetre."""

    def __init__(self, width: float, height: float, css_class: str, title: str, **data: str):
        self.dwg = svgwrite.Drawing(size=(f"{number(width)}mm", f"{number(height)}mm"),
                                    viewBox=f"0 0 {number(width)} {number(height)}", profile="full", debug=False)
        self.dwg.attribs["class"] = css_class
        for key, value in data.items():
            self.dwg.attribs[f"data-{key}"] = value
        self.dwg.set_desc(title=title)

    # -- structure ------------------------------------------------------------------------
    def clip_rect(self, clip_id: str, width: float, height: float, radius: float) -> None:
        clip = self.dwg.defs.add(self.dwg.clipPath(id=clip_id))
        clip.add(self.dwg.rect(insert=(0, 0), size=(number(width), number(height)), rx=number(radius),
                               ry=number(radius)))

    def group(self, parent: Element | None = None, **attrs: str) -> Element:
        return (parent if parent is not None else self.dwg).add(self.dwg.g(**attrs))

    def icon_symbols(self, names: list[str], icons: dict[str, Path]) -> None:
        """Define each named icon once as `#icon-<name>`, from the same outlines the PDF draws."""
        for name in sorted(set(names)):
            icon = load_icon(icons[name])
            symbol = self.dwg.symbol(id=f"icon-{name}")
            symbol.viewbox(*(number(v) for v in icon.view))
            for shape in icon.shapes:
                attrs = {"d": shape.svg_d(), "fill": shape.fill or "none"}
                if shape.stroke:
                    attrs.update(stroke=shape.stroke, stroke_width=number(shape.stroke_width))
                    if shape.line_cap != "butt":
                        attrs["stroke_linecap"] = shape.line_cap
                    if shape.line_join != "miter":
                        attrs["stroke_linejoin"] = shape.line_join
                    if shape.dash:
                        attrs["stroke_dasharray"] = _dash(shape.dash)
                if shape.even_odd:
                    attrs["fill_rule"] = "evenodd"
                symbol.add(self.dwg.path(**attrs))
            self.dwg.defs.add(symbol)

    # -- elements -------------------------------------------------------------------------
    @staticmethod
    def paint(fill: str | None, stroke: str | None = None, stroke_width: float = 0.0,
              dash: tuple[float, ...] | list[float] | None = None, opacity: float = 1.0) -> dict[str, str]:
        attrs = {"fill": fill or "none"}
        if stroke and stroke_width > 0:
            attrs.update(stroke=stroke, stroke_width=number(stroke_width))
            if dash:
                attrs["stroke_dasharray"] = _dash(dash)
        if opacity < 1:
            attrs["opacity"] = number(opacity)
        return attrs

    def text(self, text: str, x: float, baseline: float, font: str, size_mm: float, color: str, width_mm: float,
             anchor: str = "start") -> Element:
        spec = font_face(font)
        attrs = {"font_family": f"'{spec.css_family}', 'DejaVu Sans', sans-serif", "font_size": number(size_mm),
                 "fill": color, "textLength": number(width_mm), "lengthAdjust": "spacingAndGlyphs"}
        if anchor != "start":
            attrs["text_anchor"] = anchor
        if spec.css_weight != "normal":
            attrs["font_weight"] = spec.css_weight
        if spec.css_style != "normal":
            attrs["font_style"] = spec.css_style
        element = self.dwg.text(text, insert=(number(x), number(baseline)), **attrs)
        element.attribs["xml:space"] = "preserve"
        return element

    def rect(self, x: float, y: float, w: float, h: float, paint: dict[str, str], radius: float = 0.0) -> Element:
        extra = {"rx": number(radius), "ry": number(radius)} if radius > 0 else {}
        return self.dwg.rect(insert=(number(x), number(y)), size=(number(w), number(h)), **paint, **extra)

    def circle(self, cx: float, cy: float, r: float, paint: dict[str, str]) -> Element:
        return self.dwg.circle(center=(number(cx), number(cy)), r=number(r), **paint)

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str, width: float,
             dash: tuple[float, ...] | list[float] | None = None) -> Element:
        attrs = {"stroke": stroke, "stroke_width": number(width)}
        if dash:
            attrs["stroke_dasharray"] = _dash(dash)
        return self.dwg.line(start=(number(x1), number(y1)), end=(number(x2), number(y2)), **attrs)

    def polygon(self, points: list[tuple[float, float]], paint: dict[str, str], closed: bool = True) -> Element:
        shown = [(number(x), number(y)) for x, y in points]
        if closed:
            return self.dwg.polygon(shown, **paint)
        return self.dwg.polyline(shown, **{**paint, "fill": "none"})

    def icon(self, name: str, x: float, y: float, size: float) -> Element:
        return self.dwg.use(f"#icon-{name}", insert=(number(x), number(y)), size=(number(size), number(size)))

    def image(self, path: str, x: float, y: float, w: float, h: float) -> Element:
        """An embedded PNG/JPEG, so the file stays self-contained."""
        return self.dwg.image(image_data_uri(path), insert=(number(x), number(y)), size=(number(w), number(h)))

    # -- output ---------------------------------------------------------------------------
    def tostring(self) -> str:
        return self.dwg.tostring()

    def write(self, path: Path) -> Path:
        path.write_text('<?xml version="1.0" encoding="utf-8" ?>\n' + self.tostring() + "\n", encoding="utf-8")
        return path


def _paint(doc: SvgDocument, paint: Paint) -> dict[str, str]:
    return doc.paint(paint.fill, paint.stroke, paint.stroke_width, paint.dash)


def _element(doc: SvgDocument, item) -> Element:
    if isinstance(item, Text):
        width = item.width if item.width is not None else text_width_pt(item.text, item.font, item.size) * PT_MM
        return doc.text(item.text, item.x, item.baseline, item.font, item.size * PT_MM, item.color, width, item.anchor)
    if isinstance(item, Rect):
        return doc.rect(item.x, item.y, item.w, item.h, _paint(doc, item.paint), item.radius)
    if isinstance(item, Circle):
        return doc.circle(item.cx, item.cy, item.r, _paint(doc, item.paint))
    if isinstance(item, Polygon):
        return doc.polygon(list(item.points), _paint(doc, item.paint), item.closed)
    if isinstance(item, Line):
        return doc.line(item.x1, item.y1, item.x2, item.y2, item.paint.stroke, item.paint.stroke_width, item.paint.dash)
    if isinstance(item, Icon):
        return doc.icon(item.name, item.x, item.y, item.size)
    if isinstance(item, Image):
        return doc.image(item.path, item.x, item.y, item.w, item.h)
    raise TypeError(type(item).__name__)


def svgwrite_face(face: FaceLayout, icons: dict[str, Path], title: str, card_id: str, side: str) -> str:
    """A card face as the project drew it through svgwrite."""
    doc = SvgDocument(face.width, face.height, "pnp-card", title, card=card_id, side=side)
    doc.clip_rect("trim", face.width, face.height, CORNER_MM)
    doc.icon_symbols([item.name for item in face.all_items() if isinstance(item, Icon)], icons)
    body = doc.group(clip_path="url(#trim)")
    frame = doc.group(body, class_="frame")
    content = doc.group(body, class_="content")
    for group, items in ((frame, face.frame), (content, face.items)):
        for item in items:
            group.add(_element(doc, item))
    return doc.tostring()


def svgwrite_scene(scene, board_id: str) -> str:
    """A board scene as the project drew it through svgwrite."""
    doc = SvgDocument(scene.width, scene.height, "pnp-board", scene.title, board=board_id)
    doc.icon_symbols([item.name for item in scene.items if isinstance(item, Icon) and item.name in scene.icons],
                     scene.icons)
    body = doc.group(class_="board")
    for item in scene.items:
        if isinstance(item, Icon) and item.name not in scene.icons:
            continue
        element = _element(doc, item)
        space = getattr(item, "space", None)
        if space:
            element.attribs["data-space"] = space
        body.add(element)
    return doc.tostring()
