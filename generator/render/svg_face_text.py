"""Card faces written straight as SVG text: the same bytes svg_document's svgwrite drawing gives, faster.

A build writes one SVG per design, side and language; through svgwrite each face built an
element tree and serialised it with ElementTree, a third of the time of the cards step. Faces
use a handful of elements, so this module writes them as strings with svgwrite's conventions:
attributes sorted by name, empty values left out, ElementTree's escaping, `<tag ... />` for an
element without content. Each icon's <symbol> is written once per process and reused.
tests/render/test_svg_face_text.py holds the bundled games' faces to svgwrite's bytes.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from generator.layout.fonts import face as font_face
from generator.layout.geometry import (PT_MM, CircleShape, FaceLayout, IconPlacement, ImagePlacement, Item, LineShape,
                                       RectShape, TextRun)
from generator.layout.icons import load_icon
from generator.render.svg_document import image_data_uri, number

CORNER_MM = 3.0
_ROOT_FIXED = {"baseProfile": "full", "version": "1.1", "xmlns": "http://www.w3.org/2000/svg",
               "xmlns:ev": "http://www.w3.org/2001/xml-events", "xmlns:xlink": "http://www.w3.org/1999/xlink"}


def _cdata(text: str) -> str:
    """ElementTree's escaping of character data."""
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    return text


_ATTRIBUTE_MORE = (('"', "&quot;"), ("\r", "&#13;"), ("\n", "&#10;"), ("\t", "&#09;"))


def _attr(text: str) -> str:
    """ElementTree's escaping of an attribute value: character data's, then quotes and white space."""
    text = _cdata(text)
    for char, entity in _ATTRIBUTE_MORE:
        if char in text:
            text = text.replace(char, entity)
    return text


def _open(tag: str, attrs: dict[str, str]) -> str:
    """`<tag a="..." b="..."` with the attributes sorted and empty ones left out, as svgwrite writes them."""
    return "<" + tag + "".join(f' {key}="{_attr(value)}"' for key, value in sorted(attrs.items()) if value)


def _element(tag: str, attrs: dict[str, str], content: str = "", text: bool = False) -> str:
    """A whole element; `content` is markup, or character data when `text`."""
    if not content:
        return _open(tag, attrs) + " />"
    return _open(tag, attrs) + ">" + (_cdata(content) if text else content) + f"</{tag}>"


def _paint(fill: str | None, stroke: str | None, width: float) -> dict[str, str]:
    attrs = {"fill": fill or "none"}
    if stroke and width > 0:
        attrs.update({"stroke": stroke, "stroke-width": number(width)})
    return attrs


@lru_cache(maxsize=256)  # as many as load_icon keeps
def _symbol(name: str, path: Path) -> str:
    """The icon's <symbol>, from the same outlines the PDF draws (written once per icon file)."""
    icon = load_icon(path)
    paths = []
    for shape in icon.shapes:
        attrs = {"d": shape.svg_d(), "fill": shape.fill or "none"}
        if shape.stroke:
            attrs.update({"stroke": shape.stroke, "stroke-width": number(shape.stroke_width)})
            if shape.line_cap != "butt":
                attrs["stroke-linecap"] = shape.line_cap
            if shape.line_join != "miter":
                attrs["stroke-linejoin"] = shape.line_join
            if shape.dash:
                attrs["stroke-dasharray"] = " ".join(number(d) for d in shape.dash)
        if shape.even_odd:
            attrs["fill-rule"] = "evenodd"
        paths.append(_element("path", attrs))
    view = ",".join(number(v) for v in icon.view)
    return _element("symbol", {"id": f"icon-{name}", "viewBox": view}, "".join(paths))


@lru_cache(maxsize=64)
def _font_attrs(font: str) -> tuple[tuple[str, str], ...]:
    spec = font_face(font)
    attrs = [("font-family", f"'{spec.css_family}', 'DejaVu Sans', sans-serif")]
    if spec.css_weight != "normal":
        attrs.append(("font-weight", spec.css_weight))
    if spec.css_style != "normal":
        attrs.append(("font-style", spec.css_style))
    return tuple(attrs)


def _item(item: Item) -> str:
    if isinstance(item, TextRun):
        attrs = dict(_font_attrs(item.font))
        attrs.update({"font-size": number(item.size * PT_MM), "fill": item.color, "textLength": number(item.width),
                      "lengthAdjust": "spacingAndGlyphs", "x": number(item.x), "y": number(item.baseline),
                      "xml:space": "preserve"})
        return _element("text", attrs, item.text, text=True)
    if isinstance(item, RectShape):
        attrs = _paint(item.fill, item.stroke, item.stroke_width)
        attrs.update({"x": number(item.x), "y": number(item.y), "width": number(item.w), "height": number(item.h)})
        if item.radius > 0:
            attrs["rx"] = attrs["ry"] = number(item.radius)
        return _element("rect", attrs)
    if isinstance(item, CircleShape):
        attrs = _paint(item.fill, item.stroke, item.stroke_width)
        attrs.update({"cx": number(item.cx), "cy": number(item.cy), "r": number(item.r)})
        return _element("circle", attrs)
    if isinstance(item, LineShape):
        attrs = {"stroke": item.stroke, "stroke-width": number(item.stroke_width), "x1": number(item.x1),
                 "y1": number(item.y1), "x2": number(item.x2), "y2": number(item.y2)}
        if item.dash:
            attrs["stroke-dasharray"] = " ".join(number(d) for d in item.dash)
        return _element("line", attrs)
    if isinstance(item, IconPlacement):
        size = number(item.size)
        return _element("use", {"xlink:href": f"#icon-{item.name}", "x": number(item.x), "y": number(item.y),
                                "width": size, "height": size})
    if isinstance(item, ImagePlacement):  # embedded, so the face stays one self-contained file
        return _element("image", {"xlink:href": image_data_uri(item.path), "x": number(item.x), "y": number(item.y),
                                  "width": number(item.w), "height": number(item.h)})
    raise TypeError(f"cannot draw {type(item).__name__}")


def face_svg(face: FaceLayout, icons: dict[str, Path], title: str, card_id: str, side: str) -> str:
    """The SVG document of one face, as text (deterministic: same layout, same bytes)."""
    width, height = number(face.width), number(face.height)
    root = {**_ROOT_FIXED, "class": "pnp-card", "data-card": card_id, "data-side": side, "width": f"{width}mm",
            "height": f"{height}mm", "viewBox": f"0 0 {width} {height}"}
    corner = number(CORNER_MM)
    clip = _element("clipPath", {"id": "trim"}, _element("rect", {"x": "0", "y": "0", "width": width,
                                                                  "height": height, "rx": corner, "ry": corner}))
    names = sorted({item.name for item in face.all_items() if isinstance(item, IconPlacement)})
    defs = _element("defs", {}, clip + "".join(_symbol(name, icons[name]) for name in names))
    frame = _element("g", {"class": "frame"}, "".join(_item(item) for item in face.frame))
    content = _element("g", {"class": "content"}, "".join(_item(item) for item in face.items))
    body = _element("g", {"clip-path": "url(#trim)"}, frame + content)
    return _open("svg", root) + ">" + _element("title", {}, title, text=True) + defs + body + "</svg>"
