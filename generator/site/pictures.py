"""Small SVG pictures of components that have no picture of their own (cubes, tokens, ships).

Drawn from the component's data (shape, size in mm, colour, icon), so the components page shows
what the box holds without anyone drawing it. Icons are nested inline: an SVG shown through
<img> may not load other files.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from pathlib import Path

SVG_NS = "http://www.w3.org/2000/svg"
PX_PER_MM = 3.0
ET.register_namespace("", SVG_NS)


def _fmt(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _nested_icon(icon: Path, x: float, y: float, size: float) -> ET.Element:
    root = ET.fromstring(icon.read_text(encoding="utf-8"))
    root.set("x", _fmt(x))
    root.set("y", _fmt(y))
    root.set("width", _fmt(size))
    root.set("height", _fmt(size))
    return root


def token_svg(shape: str, size_mm: float, colour: str, icon: Path | None, label: str) -> bytes:
    """A round, square or hex token of `size_mm`, filled with `colour`, with its icon in the middle."""
    side = size_mm * PX_PER_MM
    pad = 2.0
    full = side + 2 * pad
    svg = ET.Element(f"{{{SVG_NS}}}svg", {"width": _fmt(full), "height": _fmt(full),
                                          "viewBox": f"0 0 {_fmt(full)} {_fmt(full)}", "role": "img"})
    ET.SubElement(svg, f"{{{SVG_NS}}}title").text = label
    common = {"fill": colour, "stroke": "#222222", "stroke-width": "1.5"}
    if shape == "round":
        ET.SubElement(svg, f"{{{SVG_NS}}}circle", {"cx": _fmt(full / 2), "cy": _fmt(full / 2),
                                                   "r": _fmt(side / 2), **common})
    elif shape == "hex":  # pointy-top, `side` from corner to corner
        corners = [(full / 2 + side / 2 * math.cos(math.radians(a)), full / 2 + side / 2 * math.sin(math.radians(a)))
                   for a in range(-90, 270, 60)]
        ET.SubElement(svg, f"{{{SVG_NS}}}polygon", {"points": " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in corners),
                                                    **common})
    else:
        ET.SubElement(svg, f"{{{SVG_NS}}}rect", {"x": _fmt(pad), "y": _fmt(pad), "width": _fmt(side),
                                                 "height": _fmt(side), "rx": _fmt(side * 0.12), **common})
    if icon is not None:
        inner = side * 0.62
        backdrop = {"fill": "#ffffff", "opacity": "0.85"}
        ET.SubElement(svg, f"{{{SVG_NS}}}circle", {"cx": _fmt(full / 2), "cy": _fmt(full / 2),
                                                   "r": _fmt(inner * 0.58), **backdrop})
        svg.append(_nested_icon(icon, (full - inner) / 2, (full - inner) / 2, inner))
    return ET.tostring(svg, encoding="utf-8", xml_declaration=False) + b"\n"


def card_svg(width_mm: float, height_mm: float, colour: str, icon: Path | None, label: str) -> bytes:
    """A plain card of the kind's size and colour with its icon: used while no card face exists."""
    w, h = width_mm * PX_PER_MM, height_mm * PX_PER_MM
    svg = ET.Element(f"{{{SVG_NS}}}svg", {"width": _fmt(w + 4), "height": _fmt(h + 4),
                                          "viewBox": f"0 0 {_fmt(w + 4)} {_fmt(h + 4)}", "role": "img"})
    ET.SubElement(svg, f"{{{SVG_NS}}}title").text = label
    ET.SubElement(svg, f"{{{SVG_NS}}}rect", {"x": "2", "y": "2", "width": _fmt(w), "height": _fmt(h),
                                             "rx": _fmt(3 * PX_PER_MM), "fill": colour, "stroke": "#222222",
                                             "stroke-width": "1.5"})
    if icon is not None:
        inner = w * 0.5
        svg.append(_nested_icon(icon, 2 + (w - inner) / 2, 2 + (h - inner) / 2, inner))
    return ET.tostring(svg, encoding="utf-8", xml_declaration=False) + b"\n"
