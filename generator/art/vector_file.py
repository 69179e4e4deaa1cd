"""An SVG picture file as the drawing model's shapes: its outlines flattened into polygons, fitted into a box.

The file is parsed as icons are (generator.drawing.icons: svgelements, bounded size, transforms
applied); curves become short straight pieces, so the picture is drawn by the same backends as
everything else. Holes of an even-odd fill are drawn filled: keep pictures to plain shapes.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from generator.drawing.icons import Command, load_icon
from generator.drawing.shapes import Item, Paint, Polygon

CURVE_STEPS = 8


def _subpaths(commands: tuple[Command, ...]) -> list[tuple[list[tuple[float, float]], bool]]:
    """(points, closed) of each subpath, curves flattened."""
    found: list[tuple[list[tuple[float, float]], bool]] = []
    points: list[tuple[float, float]] = []
    for cmd in commands:
        op = cmd[0]
        if op == "M":
            if len(points) > 1:
                found.append((points, False))
            points = [(cmd[1], cmd[2])]
        elif op == "L":
            points.append((cmd[1], cmd[2]))
        elif op == "C" and points:
            (x0, y0), (x1, y1, x2, y2, x3, y3) = points[-1], cmd[1:]
            for step in range(1, CURVE_STEPS + 1):
                t = step / CURVE_STEPS
                u = 1 - t
                points.append((u ** 3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t ** 3 * x3,
                               u ** 3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t ** 3 * y3))
        elif op == "Z":
            if len(points) > 1:
                found.append((points, True))
            points = points[:1]
    if len(points) > 1:
        found.append((points, False))
    return found


def vector_picture(path: Path, x: float, y: float, w: float, h: float) -> tuple[Item, ...]:
    """The SVG file's shapes fitted, centred and uncropped, into the box (x, y, w, h) mm (IconError if unreadable)."""
    stat = path.stat()
    return _picture(path, stat.st_mtime_ns, stat.st_size, x, y, w, h)


@lru_cache(maxsize=64)
def _picture(path: Path, _mtime: int, _size: int, x: float, y: float, w: float, h: float) -> tuple[Item, ...]:
    icon = load_icon(path)
    vx, vy, vw, vh = icon.view
    scale = min(w / vw, h / vh)
    dx, dy = x + (w - vw * scale) / 2 - vx * scale, y + (h - vh * scale) / 2 - vy * scale
    items: list[Item] = []
    for shape in icon.shapes:
        for points, closed in _subpaths(shape.commands):
            placed = tuple((round(dx + px * scale, 2), round(dy + py * scale, 2)) for px, py in points)
            filled = closed or shape.fill is not None
            if filled and len(placed) >= 3:
                items.append(Polygon(placed, Paint(shape.fill, shape.stroke, shape.stroke_width * scale)))
            elif shape.stroke and len(placed) >= 2:
                items.append(Polygon(placed, Paint(None, shape.stroke, shape.stroke_width * scale), closed=False))
    return tuple(items)
