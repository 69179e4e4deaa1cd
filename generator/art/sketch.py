"""A box to draw a picture in: shapes in the box's own millimetres, clipped to its (rounded) outline.

The drawing model has no clipping paths (print files stay simple), so what would cross the box's
edge is cut here: polygons against the convex outline (Sutherland-Hodgman), lines against the
rectangle, and a circle that is not wholly inside becomes a polygon first. Coordinates are
rounded to 0.01 mm: same picture, same bytes, short files.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from generator.drawing.shapes import Circle, Item, Line, Paint, Polygon

Point = tuple[float, float]
SPARK_MM = 0.6  # circles smaller than this (stars, bubbles) are drawn as four-pointed sparks


def circle_points(cx: float, cy: float, r: float, n: int = 32, rx: float | None = None,
                  start: float = 0.0, end: float = math.tau) -> list[Point]:
    """Points on a circle (or, with `rx`, an ellipse of half-width rx and half-height r) from `start` to `end`."""
    rx = r if rx is None else rx
    full = abs(end - start - math.tau) < 1e-9
    steps = n if full else max(2, round(n * abs(end - start) / math.tau))
    count = steps if full else steps + 1
    angles = [start + (end - start) * i / steps for i in range(count)]
    return [(cx + rx * math.cos(a), cy + r * math.sin(a)) for a in angles]


def corner_arcs(w: float, h: float, radius: float) -> list[list[Point]]:
    """The four rounded corners of a w x h box, each as its arc of points, clockwise in y-down coordinates."""
    radius = max(0.0, min(radius, w / 2, h / 2))
    if radius <= 0.01:
        return []
    return [circle_points(cx, cy, radius, 24, start=start, end=start + math.pi / 2)
            for cx, cy, start in ((w - radius, radius, -math.pi / 2), (w - radius, h - radius, 0.0),
                                  (radius, h - radius, math.pi / 2), (radius, radius, math.pi))]


def rounded_outline(w: float, h: float, radius: float) -> list[Point]:
    """The outline of a w x h box with rounded corners, clockwise in y-down coordinates (convex)."""
    arcs = corner_arcs(w, h, radius)
    return [point for arc in arcs for point in arc] if arcs else [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)]


def _clip(points: Sequence[Point], outline: Sequence[Point], closed: bool = True) -> list[Point]:
    """Sutherland-Hodgman: `points` cut to the convex `outline` (clockwise with y down); with `closed` False the
    outline is a chain of edges (a rounded corner's arc) and only those edges cut."""
    result = list(points)
    count = len(outline) if closed else len(outline) - 1
    for index in range(count):
        ax, ay = outline[index]
        bx, by = outline[(index + 1) % len(outline)]
        ex, ey = bx - ax, by - ay
        flags = [ex * (py - ay) - ey * (px - ax) >= 0 for px, py in result]
        if all(flags):
            continue
        if not any(flags):
            return []
        cut: list[Point] = []
        previous, previous_in = result[-1], flags[-1]
        for current, current_in in zip(result, flags, strict=True):
            if current_in != previous_in:
                cut.append(_cross(previous, current, (ax, ay), (bx, by)))
            if current_in:
                cut.append(current)
            previous, previous_in = current, current_in
        result = cut
    return result


def _cross(p: Point, q: Point, a: Point, b: Point) -> Point:
    """Where the segment p-q meets the line through a and b."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    ex, ey = b[0] - a[0], b[1] - a[1]
    denominator = dx * ey - dy * ex
    if abs(denominator) < 1e-12:
        return q
    t = ((a[0] - p[0]) * ey - (a[1] - p[1]) * ex) / denominator
    return p[0] + t * dx, p[1] + t * dy


def _clip_segment(x1: float, y1: float, x2: float, y2: float, w: float, h: float) -> tuple[float, ...] | None:
    """Liang-Barsky: the part of a segment inside 0..w x 0..h, or None."""
    t0, t1 = 0.0, 1.0
    dx, dy = x2 - x1, y2 - y1
    for p, q in ((-dx, x1), (dx, w - x1), (-dy, y1), (dy, h - y1)):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return x1 + t0 * dx, y1 + t0 * dy, x1 + t1 * dx, y1 + t1 * dy


class Sketch:
    """Shapes drawn in a w x h box (its own mm, y down) and placed at (x, y) when done."""

    def __init__(self, w: float, h: float, radius: float = 0.0):
        self.w = w
        self.h = h
        self.outline = rounded_outline(w, h, radius)
        self._arcs = corner_arcs(w, h, radius)
        self.radius = radius
        self.boxed = True  # the outline is the box's own (see `inside`)
        self._rectangle = [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)]
        self.shapes: list[Item] = []

    def inside(self, outline: list[Point]) -> Sketch:
        """A sketch of the same box whose shapes are cut to `outline` (convex, clockwise), e.g. a planet's disc."""
        other = Sketch(self.w, self.h)
        other.outline = outline
        other.boxed = False
        return other

    def polygon(self, points: Iterable[Point], fill: str | None, stroke: str | None = None,
                width: float = 0.0) -> None:
        points = list(points)
        xs, ys = [x for x, _ in points], [y for _, y in points]
        left, right, top, bottom = min(xs), max(xs), min(ys), max(ys)
        r = self.radius  # away from the rounded corners a shape inside the rectangle needs no cutting
        inside = self.boxed and (left >= 0 and right <= self.w and top >= r and bottom <= self.h - r
                                 or left >= r and right <= self.w - r and top >= 0 and bottom <= self.h)
        if inside:
            clipped = points
        elif self.boxed:  # the box's four sides first; a rounded corner only for what is left near it
            clipped = _clip(points, self._rectangle)
            for arc in self._arcs:  # the corner's square spans the arc's two ends
                (x0, y0), (x1, y1) = arc[0], arc[-1]
                left, right, top, bottom = min(x0, x1), max(x0, x1), min(y0, y1), max(y0, y1)
                if any(left <= x <= right and top <= y <= bottom for x, y in clipped):
                    clipped = _clip(clipped, arc, closed=False)
        else:
            clipped = _clip(points, self.outline)
        if len(clipped) >= 3:
            self.shapes.append(Polygon(tuple(clipped), Paint(fill, stroke, width)))

    def rect(self, x: float, y: float, w: float, h: float, fill: str) -> None:
        self.polygon([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], fill)

    def circle(self, cx: float, cy: float, r: float, fill: str | None, stroke: str | None = None,
               width: float = 0.0) -> None:
        if r < SPARK_MM and fill is not None and stroke is None:  # a star: four points draw faster than a circle
            self.polygon([(cx, cy - r * 1.3), (cx + r, cy), (cx, cy + r * 1.3), (cx - r, cy)], fill)
            return
        margin = r + width / 2 + self.radius
        if margin <= cx <= self.w - margin and margin <= cy <= self.h - margin:
            self.shapes.append(Circle(cx, cy, r, Paint(fill, stroke, width)))
        elif fill is not None:
            self.polygon(circle_points(cx, cy, r, 28), fill, stroke, width)

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, fill: str | None, angle: float = 0.0) -> None:
        points = circle_points(0.0, 0.0, ry, 24, rx=rx)
        cos, sin = math.cos(angle), math.sin(angle)
        self.polygon([(cx + x * cos - y * sin, cy + x * sin + y * cos) for x, y in points], fill)

    def line(self, x1: float, y1: float, x2: float, y2: float, colour: str, width: float) -> None:
        segment = _clip_segment(x1, y1, x2, y2, self.w, self.h)
        if segment is not None:
            self.shapes.append(Line(segment[0], segment[1], segment[2], segment[3], Paint(None, colour, width)))

    def polyline(self, points: Sequence[Point], colour: str, width: float) -> None:
        """An open line through `points`: the parts inside the box, each as one polyline."""
        paint = Paint(None, colour, width)
        run: list[Point] = []
        for (x1, y1), (x2, y2) in zip(points, points[1:], strict=False):
            segment = _clip_segment(x1, y1, x2, y2, self.w, self.h)
            if segment is None:
                self._open(run, paint)
                run = []
                continue
            start, end = (segment[0], segment[1]), (segment[2], segment[3])
            if run and run[-1] != start:
                self._open(run, paint)
                run = []
            run += [start, end] if not run else [end]
        self._open(run, paint)

    def _open(self, run: list[Point], paint: Paint) -> None:
        if len(run) == 2:
            self.shapes.append(Line(run[0][0], run[0][1], run[1][0], run[1][1], paint))
        elif len(run) > 2:
            self.shapes.append(Polygon(tuple(run), paint, closed=False))

    def placed(self, x: float, y: float) -> tuple[Item, ...]:
        """The shapes moved to the box's place (x, y), coordinates rounded to 0.01 mm."""
        return tuple(_moved(shape, x, y) for shape in self.shapes)


def _r(value: float) -> float:
    return round(value, 2) + 0.0


def _moved(shape: Item, x: float, y: float) -> Item:
    if isinstance(shape, Polygon):
        return Polygon(tuple((_r(px + x), _r(py + y)) for px, py in shape.points), shape.paint, shape.closed)
    if isinstance(shape, Circle):
        return Circle(_r(shape.cx + x), _r(shape.cy + y), _r(shape.r), shape.paint)
    if isinstance(shape, Line):
        return Line(_r(shape.x1 + x), _r(shape.y1 + y), _r(shape.x2 + x), _r(shape.y2 + y), shape.paint)
    raise TypeError(f"a sketch holds no {type(shape).__name__}")
