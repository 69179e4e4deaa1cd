"""Motifs set in space: planets with craters or rings, an ocean world, a space station, a comet, orbits, a star.

Each motif draws into a Sketch with a seeded random source and a palette; every size is a share
of the box, so a motif reads at any card size.
"""

from __future__ import annotations

import math
from random import Random

from generator.art.palette import Palette, hue_shift, mix
from generator.art.sketch import Sketch, circle_points


def starry_sky(s: Sketch, rng: Random, p: Palette, stars: int = 11) -> None:
    """A dark sky with a lighter haze and scattered stars."""
    s.rect(0, 0, s.w, s.h, p.sky)
    s.ellipse(rng.uniform(0.2, 0.8) * s.w, rng.uniform(0.2, 0.8) * s.h, s.w * rng.uniform(0.35, 0.6),
              s.h * rng.uniform(0.2, 0.4), mix(p.sky, p.sky2, 0.6), rng.uniform(-0.6, 0.6))
    unit = min(s.w, s.h)
    for _ in range(stars):
        s.circle(rng.uniform(0, s.w), rng.uniform(0, s.h), unit * rng.uniform(0.008, 0.02),
                 mix(p.light, "#ffffff", 0.5))


def _disc_with_bands(s: Sketch, cx: float, cy: float, r: float, colours: list[str], rng: Random, tilt: float) -> None:
    """A planet's disc striped with bands of `colours` (cut to the disc)."""
    disc = circle_points(cx, cy, r, 36)
    s.polygon(disc, colours[0])
    bands = len(colours) * 2
    for index in range(1, bands):
        top = cy - r + 2 * r * index / bands
        height = 2 * r / bands * rng.uniform(0.35, 0.9)
        band = [(cx - r * 1.2, top), (cx + r * 1.2, top + tilt * r), (cx + r * 1.2, top + tilt * r + height),
                (cx - r * 1.2, top + height)]
        inside = s.inside(disc)  # a disc is convex: clip the band to it, then to the box
        inside.polygon(band, colours[index % len(colours)])
        for shape in inside.shapes:
            s.polygon(shape.points, colours[index % len(colours)])  # type: ignore[union-attr]


def cratered_planet(s: Sketch, rng: Random, p: Palette) -> None:
    """A rocky planet, large and partly out of frame, with craters and a small moon."""
    starry_sky(s, rng, p)
    unit = min(s.w, s.h)
    r = unit * rng.uniform(0.55, 0.8)
    cx, cy = s.w * rng.uniform(0.3, 0.7), s.h * rng.uniform(0.65, 1.0)
    s.circle(cx, cy, r * 1.04, mix(p.ground, "#ffffff", 0.35))
    s.circle(cx, cy, r, p.ground)
    s.circle(cx + r * 0.18, cy + r * 0.15, r * 0.85, p.ground2)
    for _ in range(rng.randint(4, 8)):
        angle, dist = rng.uniform(math.pi, math.tau), r * rng.uniform(0.1, 0.8)
        size = r * rng.uniform(0.06, 0.16)
        x, y = cx + dist * math.cos(angle), cy + dist * math.sin(angle)
        s.ellipse(x, y, size, size * 0.7, mix(p.ground2, "#000000", 0.25))
        s.ellipse(x + size * 0.15, y + size * 0.12, size * 0.75, size * 0.5, p.ground)
    moon = unit * rng.uniform(0.06, 0.11)
    s.circle(s.w * rng.uniform(0.12, 0.88), s.h * rng.uniform(0.12, 0.3), moon, p.light)


def ringed_giant(s: Sketch, rng: Random, p: Palette) -> None:
    """A banded gas giant crossed by a tilted ring, with moons."""
    starry_sky(s, rng, p, 9)
    unit = min(s.w, s.h)
    r = unit * rng.uniform(0.26, 0.46)
    cx, cy = s.w * rng.uniform(0.3, 0.7), s.h * rng.uniform(0.4, 0.6)
    colours = [hue_shift(p.ground, rng.uniform(-0.05, 0.05), 0.7, 1.1), p.light, p.ground2,
               hue_shift(p.accent, 0.0, 0.5, 1.0)]
    tilt = rng.uniform(-0.35, 0.35)
    _disc_with_bands(s, cx, cy, r, colours, rng, tilt)
    angle = math.atan(tilt / 2.4) + rng.uniform(-0.15, 0.15)
    ring = circle_points(0, 0, r * 0.32, 48, rx=r * 1.75)
    cos, sin = math.cos(angle), math.sin(angle)
    points = [(cx + x * cos - y * sin, cy + x * sin + y * cos) for x, y in ring]
    front = [pt for pt in points if (pt[1] - cy) * cos - (pt[0] - cx) * sin >= 0]
    s.polyline(points + points[:1], mix(p.light, "#ffffff", 0.3), unit * 0.035)
    s.polyline(front, p.accent, unit * 0.012)
    for _ in range(rng.randint(1, 3)):
        s.circle(s.w * rng.uniform(0.08, 0.92), s.h * rng.uniform(0.1, 0.9), unit * rng.uniform(0.03, 0.06), p.light)
    if rng.random() < 0.5:  # seen from the icy surface of one of its moons
        ground = [(s.w * i / 8, s.h * (0.86 + rng.uniform(-0.05, 0.05))) for i in range(9)]
        s.polygon([(0, s.h), *ground, (s.w, s.h)], mix(p.light, "#a5d8ff", 0.4))


def blue_world(s: Sketch, rng: Random, p: Palette) -> None:
    """A world of oceans and continents under clouds, seen whole."""
    starry_sky(s, rng, p, 10)
    unit = min(s.w, s.h)
    r = unit * rng.uniform(0.3, 0.46)
    cx, cy = s.w * rng.uniform(0.3, 0.7), s.h * rng.uniform(0.4, 0.5)
    s.circle(cx, cy, r * 1.08, "#9ad0f5")
    disc = circle_points(cx, cy, r, 36)
    s.polygon(disc, "#1f6fb2")
    inside = s.inside(disc)
    for _ in range(rng.randint(2, 4)):
        x, y = cx + rng.uniform(-0.7, 0.7) * r, cy + rng.uniform(-0.7, 0.7) * r
        blob = [(x + math.cos(a) * r * rng.uniform(0.15, 0.45), y + math.sin(a) * r * rng.uniform(0.12, 0.35))
                for a in (i * math.tau / 9 for i in range(9))]
        inside.polygon(blob, rng.choice(["#3f9a4a", "#6aa84f", "#b8965a"]))
    for _ in range(rng.randint(2, 4)):
        y = cy + rng.uniform(-0.8, 0.8) * r
        inside.ellipse(cx + rng.uniform(-0.5, 0.5) * r, y, r * rng.uniform(0.3, 0.6), r * 0.07, "#f4f8fb",
                       rng.uniform(-0.2, 0.2))
    for shape in inside.shapes:
        s.polygon(shape.points, shape.paint.fill)  # type: ignore[union-attr]
    terminator = [pt for pt in circle_points(cx, cy, r, 36) if pt[0] > cx + r * 0.45]
    if len(terminator) >= 3:
        s.polygon(terminator, mix("#1f6fb2", "#000000", 0.45))
    if rng.random() < 0.5:  # seen from the grey, cratered surface of its moon
        ground = [(s.w * i / 8, s.h * (0.8 + rng.uniform(-0.04, 0.04))) for i in range(9)]
        s.polygon([(0, s.h), *ground, (s.w, s.h)], "#adb5bd")
        for _ in range(rng.randint(2, 4)):
            s.ellipse(s.w * rng.uniform(0.1, 0.9), s.h * rng.uniform(0.86, 0.95), unit * rng.uniform(0.06, 0.12),
                      unit * 0.025, "#868e96")


def space_station(s: Sketch, rng: Random, p: Palette) -> None:
    """A station in orbit: a hub, modules along a truss, solar wings, a planet's limb below."""
    starry_sky(s, rng, p, 12)
    unit = min(s.w, s.h)
    s.circle(s.w * rng.uniform(0.2, 0.8), s.h * 1.9, s.h * 1.05, mix(p.ground, p.sky, 0.3))
    cx, cy = s.w * rng.uniform(0.4, 0.6), s.h * rng.uniform(0.38, 0.52)
    span = s.w * rng.uniform(0.32, 0.42)
    angle = rng.uniform(-0.25, 0.25)
    cos, sin = math.cos(angle), math.sin(angle)

    def at(dx: float, dy: float) -> tuple[float, float]:
        return cx + dx * cos - dy * sin, cy + dx * sin + dy * cos

    def box(dx: float, dy: float, w: float, h: float, fill: str) -> None:
        s.polygon([at(dx - w / 2, dy - h / 2), at(dx + w / 2, dy - h / 2), at(dx + w / 2, dy + h / 2),
                   at(dx - w / 2, dy + h / 2)], fill)

    s.line(*at(-span, 0), *at(span, 0), "#c9ccd6", unit * 0.03)
    wings = rng.randint(1, 3)
    for side in (-1, 1):
        for index in range(wings):
            dx = side * span * (0.45 + 0.5 * index / max(1, wings))
            box(dx, -unit * 0.17, unit * 0.13, unit * 0.26, "#2b4f8c")
            box(dx, unit * 0.17, unit * 0.13, unit * 0.26, "#2b4f8c")
            s.line(*at(dx, -unit * 0.3), *at(dx, unit * 0.3), "#9fb6e0", unit * 0.008)
    for index in range(rng.randint(2, 4)):
        dx = (index - 1.5) * unit * 0.11
        box(dx, 0, unit * 0.1, unit * 0.13, rng.choice(["#e8e8ee", "#d0d4de", p.light]))
    s.circle(*at(0, 0), unit * rng.uniform(0.08, 0.12), p.accent)
    s.circle(*at(0, 0), unit * 0.045, "#ffffff")


def comet(s: Sketch, rng: Random, p: Palette) -> None:
    """Comets: a bright head and a long tapered tail across a starry sky; at times a shower of them, or one
    about to strike a planet below."""
    starry_sky(s, rng, p, 13)
    unit = min(s.w, s.h)
    scene = rng.randrange(3)
    facing = rng.choice([-1, 1])  # which way the comets fly
    if scene == 2:
        s.circle(s.w * rng.uniform(0.3, 0.7), s.h * 1.6, s.h * 0.85, p.ground2)
    heads = 1 if scene != 1 else rng.randint(3, 4)
    for index in range(heads):
        small = 1.0 if heads == 1 else rng.uniform(0.45, 0.7)
        if heads == 1:
            hx = s.w * (0.5 + facing * rng.uniform(0.1, 0.3))
        else:
            hx = s.w * (index + rng.uniform(0.3, 0.7)) / heads
        hy = s.h * (rng.uniform(0.5, 0.75) if heads == 1 else rng.uniform(0.3, 0.85))
        angle = math.pi * (1 + rng.uniform(0.05, 0.3) if facing > 0 else rng.uniform(-0.3, -0.05))
        _one_comet(s, p, hx, hy, angle, unit * rng.uniform(0.08, 0.12) * small,
                   math.hypot(s.w, s.h) * rng.uniform(0.6, 0.9) * small)
    if scene == 0 and rng.random() < 0.6:
        s.circle(s.w * rng.uniform(0.0, 0.4), s.h * 1.25, s.h * 0.45, p.ground2)


def _one_comet(s: Sketch, p: Palette, hx: float, hy: float, angle: float, r: float, length: float) -> None:
    for spread, colour in ((1.4, mix(p.accent, p.sky, 0.5)), (0.8, mix(p.light, p.accent, 0.3)), (0.35, "#ffffff")):
        tail = length * (0.5 + spread / 2)
        ex, ey = hx + tail * math.cos(angle), hy + tail * math.sin(angle)
        nx, ny = -math.sin(angle) * r * 2.2 * spread, math.cos(angle) * r * 2.2 * spread
        s.polygon([(hx + nx * 0.5, hy + ny * 0.5), (ex + nx, ey + ny), (ex - nx * 0.2, ey - ny * 0.2),
                   (hx - nx * 0.5, hy - ny * 0.5)], colour)
    s.circle(hx, hy, r * 1.6, mix(p.light, "#ffffff", 0.4))
    s.circle(hx, hy, r, "#ffffff")


def orbits(s: Sketch, rng: Random, p: Palette) -> None:
    """A star with planets on tilted orbits."""
    starry_sky(s, rng, p, 12)
    unit = min(s.w, s.h)
    cx, cy = s.w * rng.uniform(0.4, 0.6), s.h * rng.uniform(0.45, 0.55)
    s.circle(cx, cy, unit * 0.14, mix(p.accent, "#ffd43b", 0.6))
    s.circle(cx, cy, unit * 0.1, "#fff3bf")
    flat = rng.uniform(0.3, 0.5)
    for index in range(rng.randint(3, 4)):
        rx = unit * (0.22 + 0.13 * index) * s.w / s.h
        points = circle_points(cx, cy, rx * flat, 56, rx=rx)
        s.polyline(points + points[:1], mix(p.light, p.sky, 0.4), unit * 0.01)
        t = rng.uniform(0, math.tau)
        s.circle(cx + rx * math.cos(t), cy + rx * flat * math.sin(t), unit * rng.uniform(0.03, 0.06),
                 rng.choice([p.ground, p.accent, p.light, "#4dabf7"]))


def burst(s: Sketch, rng: Random, p: Palette) -> None:
    """An exploding star: spikes of light around a white core."""
    starry_sky(s, rng, p, 10)
    unit = min(s.w, s.h)
    cx, cy = s.w * rng.uniform(0.35, 0.65), s.h * rng.uniform(0.4, 0.6)
    for scale, colour in ((1.0, mix(p.accent, "#e8590c", 0.5)), (0.7, "#ffd43b"), (0.4, "#fff9db")):
        spikes = rng.randint(9, 14)
        points = []
        for index in range(spikes * 2):
            angle = index * math.pi / spikes + rng.uniform(-0.08, 0.08)
            radius = unit * scale * (rng.uniform(0.35, 0.55) if index % 2 == 0 else 0.16)
            points.append((cx + radius * math.cos(angle) * 1.2, cy + radius * math.sin(angle)))
        s.polygon(points, colour)
    s.circle(cx, cy, unit * 0.07, "#ffffff")


def magnetosphere(s: Sketch, rng: Random, p: Palette) -> None:
    """A planet inside its magnetic field lines, the star's wind streaming at it."""
    starry_sky(s, rng, p, 10)
    unit = min(s.w, s.h)
    cx, cy = s.w * rng.uniform(0.45, 0.6), s.h * 0.5
    r = unit * 0.17
    for index in range(3):
        scale = 1.6 + index * 0.7
        for side in (-1, 1):
            loop = circle_points(cx + side * r * scale * 0.9, cy, r * scale * 0.55, 36, rx=r * scale)
            s.polyline(loop + loop[:1], mix(p.accent, p.sky, 0.2 + 0.2 * index), unit * 0.012)
    for _ in range(rng.randint(5, 8)):
        y = rng.uniform(0.1, 0.9) * s.h
        s.line(0, y, cx - r * rng.uniform(2.2, 3.2), y + rng.uniform(-1, 1), "#ffe066", unit * 0.012)
    s.circle(cx, cy, r, p.ground)
    s.circle(cx + r * 0.25, cy + r * 0.2, r * 0.7, p.ground2)


def cutaway(s: Sketch, rng: Random, p: Palette) -> None:
    """A planet cut open: crust, mantle and a glowing core."""
    starry_sky(s, rng, p, 12)
    unit = min(s.w, s.h)
    cx, cy = s.w * rng.uniform(0.4, 0.6), s.h * 0.52
    r = unit * rng.uniform(0.38, 0.44)
    s.circle(cx, cy, r, p.ground2)
    start = rng.uniform(-0.4, 0.4)
    layers = [(1.0, p.ground), (0.78, "#e8590c"), (0.5, "#ffa94d"), (0.28, "#fff3bf")]
    for scale, colour in layers:
        wedge = [(cx, cy)] + circle_points(cx, cy, r * scale, 40, start=start - math.pi / 2, end=start)
        s.polygon(wedge, colour)


def atmosphere(s: Sketch, rng: Random, p: Palette) -> None:
    """A planet's limb under layers of haze, the star rising behind it."""
    starry_sky(s, rng, p, 8)
    unit = min(s.w, s.h)
    cx = s.w * rng.uniform(0.3, 0.7)
    big = s.w * rng.uniform(0.9, 1.3)
    cy = s.h * 0.62 + big
    s.circle(cx + rng.uniform(-0.3, 0.3) * s.w, s.h * 0.58, unit * 0.14, "#fff3bf")
    for index, colour in enumerate((mix(p.accent, "#ffffff", 0.5), mix(p.sky2, p.light, 0.5), p.light)):
        s.circle(cx, cy, big + unit * (0.2 - 0.07 * index), colour)
    s.circle(cx, cy, big, p.ground)
    for _ in range(rng.randint(3, 6)):
        s.ellipse(rng.uniform(0, s.w), s.h * rng.uniform(0.7, 0.95), unit * rng.uniform(0.1, 0.25), unit * 0.04,
                  p.ground2)
