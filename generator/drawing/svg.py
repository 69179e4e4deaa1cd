"""The SVG backend of the drawing model: shape items written straight as SVG text, for cards, boards and pictures.

Card faces (generator.render.svg), boards and token pictures (generator.boards.svg) and the
engines' table pictures are written here, as strings with svgwrite's conventions (the library
the project used before; tests/render/svgwrite_reference.py keeps its drawing as the reference
the bytes are held to): attributes sorted by name, empty values left out, ElementTree's
escaping, `<tag ... />` for an element without content, numbers with at most three decimals.
Same items, same bytes. Icons are <symbol>s built from the parsed outlines the PDF draws, each
written once per process and used by reference; texts are pinned to their width (`textLength`)
so a browser's fallback font cannot reflow them.
"""

from __future__ import annotations

import base64
from functools import lru_cache
from pathlib import Path

from generator.drawing.fonts import face as font_face
from generator.drawing.fonts import text_width_pt
from generator.drawing.icons import load_icon
from generator.drawing.shapes import PT_MM, Circle, Icon, Image, Item, Line, Paint, Polygon, Rect, Text

_ROOT_FIXED = {"baseProfile": "full", "version": "1.1", "xmlns": "http://www.w3.org/2000/svg",
               "xmlns:ev": "http://www.w3.org/2001/xml-events", "xmlns:xlink": "http://www.w3.org/1999/xlink"}
XML_DECLARATION = '<?xml version="1.0" encoding="utf-8" ?>\n'


def number(value: float) -> str:
    """A coordinate as short, stable text: 12.5, 0, -3.125."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def image_data_uri(path: str) -> str:
    """A PNG or JPEG file as a data: URI, so an SVG that shows it stays one self-contained file."""
    data = base64.b64encode(Path(path).read_bytes()).decode("ascii")
    mime = "image/png" if path.lower().endswith(".png") else "image/jpeg"
    return f"data:{mime};base64,{data}"


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


def open_tag(tag: str, attrs: dict[str, str]) -> str:
    """`<tag a="..." b="..."` with the attributes sorted and empty ones left out, as svgwrite writes them."""
    return "<" + tag + "".join(f' {key}="{_attr(value)}"' for key, value in sorted(attrs.items()) if value)


def element(tag: str, attrs: dict[str, str], content: str = "", text: bool = False) -> str:
    """A whole element; `content` is markup, or character data when `text`."""
    if not content:
        return open_tag(tag, attrs) + " />"
    return open_tag(tag, attrs) + ">" + (_cdata(content) if text else content) + f"</{tag}>"


def _dash(dash: tuple[float, ...]) -> str:
    return " ".join(number(d) for d in dash)


def paint_attrs(paint: Paint) -> dict[str, str]:
    """Fill and outline attributes: `fill="none"` when not filled, no outline without a width."""
    attrs = {"fill": paint.fill or "none"}
    if paint.stroke and paint.stroke_width > 0:
        attrs.update({"stroke": paint.stroke, "stroke-width": number(paint.stroke_width)})
        if paint.dash:
            attrs["stroke-dasharray"] = _dash(paint.dash)
    return attrs


@lru_cache(maxsize=256)  # as many as load_icon keeps
def icon_symbol(name: str, path: Path) -> str:
    """The icon's <symbol id="icon-NAME">, from the same outlines the PDF draws (written once per icon file)."""
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
                attrs["stroke-dasharray"] = _dash(shape.dash)
        if shape.even_odd:
            attrs["fill-rule"] = "evenodd"
        paths.append(element("path", attrs))
    view = ",".join(number(v) for v in icon.view)
    return element("symbol", {"id": f"icon-{name}", "viewBox": view}, "".join(paths))


def icon_symbols(items: list[Item], icons: dict[str, Path]) -> str:
    """The <symbol>s of the icons `items` use, sorted by name (icons the piece lacks are left out)."""
    names = sorted({item.name for item in items if isinstance(item, Icon) and item.name in icons})
    return "".join(icon_symbol(name, icons[name]) for name in names)


@lru_cache(maxsize=64)
def _font_attrs(font: str) -> tuple[tuple[str, str], ...]:
    spec = font_face(font)
    attrs = [("font-family", f"'{spec.css_family}', 'DejaVu Sans', sans-serif")]
    if spec.css_weight != "normal":
        attrs.append(("font-weight", spec.css_weight))
    if spec.css_style != "normal":
        attrs.append(("font-style", spec.css_style))
    return tuple(attrs)


def item_svg(item: Item) -> str:
    """One item as an SVG element (an icon as a <use> of its symbol; a board space named in `data-space`)."""
    if isinstance(item, Text):
        width = item.width if item.width is not None else text_width_pt(item.text, item.font, item.size) * PT_MM
        attrs = dict(_font_attrs(item.font))
        attrs.update({"font-size": number(item.size * PT_MM), "fill": item.color, "textLength": number(width),
                      "lengthAdjust": "spacingAndGlyphs", "x": number(item.x), "y": number(item.baseline),
                      "xml:space": "preserve"})
        if item.anchor != "start":
            attrs["text-anchor"] = item.anchor
        return element("text", attrs, item.text, text=True)
    if isinstance(item, Rect):
        attrs = paint_attrs(item.paint)
        attrs.update({"x": number(item.x), "y": number(item.y), "width": number(item.w), "height": number(item.h)})
        if item.radius > 0:
            attrs["rx"] = attrs["ry"] = number(item.radius)
    elif isinstance(item, Circle):
        attrs = paint_attrs(item.paint)
        attrs.update({"cx": number(item.cx), "cy": number(item.cy), "r": number(item.r)})
    elif isinstance(item, Polygon):
        attrs = paint_attrs(item.paint)
        if not item.closed:
            attrs["fill"] = "none"
        attrs["points"] = " ".join(f"{number(x)},{number(y)}" for x, y in item.points)
        if item.space:
            attrs["data-space"] = item.space
        return element("polygon" if item.closed else "polyline", attrs)
    elif isinstance(item, Line):
        attrs = {"stroke": item.paint.stroke or "", "stroke-width": number(item.paint.stroke_width),
                 "x1": number(item.x1), "y1": number(item.y1), "x2": number(item.x2), "y2": number(item.y2)}
        if item.paint.dash:
            attrs["stroke-dasharray"] = _dash(item.paint.dash)
        return element("line", attrs)
    elif isinstance(item, Icon):
        size = number(item.size)
        return element("use", {"xlink:href": f"#icon-{item.name}", "x": number(item.x), "y": number(item.y),
                               "width": size, "height": size})
    elif isinstance(item, Image):  # embedded, so the piece stays one self-contained file
        return element("image", {"xlink:href": image_data_uri(item.path), "x": number(item.x), "y": number(item.y),
                                 "width": number(item.w), "height": number(item.h)})
    else:
        raise TypeError(f"cannot draw {type(item).__name__}")
    if item.space:
        attrs["data-space"] = item.space
    tag = "rect" if isinstance(item, Rect) else "circle"
    return element(tag, attrs)


def items_svg(items: list[Item], icons: dict[str, Path] | None = None) -> str:
    """The items in order (with `icons`, an icon the piece has no file for is left out)."""
    if icons is None:
        return "".join(item_svg(item) for item in items)
    return "".join(item_svg(item) for item in items if not (isinstance(item, Icon) and item.name not in icons))


def document(width: float, height: float, css_class: str, title: str, data: dict[str, str], defs: str,
             body: str) -> str:
    """A true-size drawing of `width` x `height` mm whose user unit is one millimetre: <svg> with its
    <title>, <defs> and `body`, as text (deterministic: same arguments, same bytes)."""
    w, h = number(width), number(height)
    root = {**_ROOT_FIXED, "class": css_class, "width": f"{w}mm", "height": f"{h}mm", "viewBox": f"0 0 {w} {h}"}
    root.update({f"data-{key}": value for key, value in data.items()})
    return (open_tag("svg", root) + ">" + element("title", {}, title, text=True) + element("defs", {}, defs)
            + body + "</svg>")


def write_svg(path: Path, svg: str) -> Path:
    """Write a document with the XML declaration and a final newline."""
    path.write_text(XML_DECLARATION + svg + "\n", encoding="utf-8")
    return path
