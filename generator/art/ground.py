"""Motifs on a planet's surface: a red landscape, a city, a forest, the sea, a power plant, a factory, a lab,
a volcano, ice, life under a microscope and in the sea, animals on a plain.

Each draws into a Sketch with a seeded random source and a palette, sizes as shares of the box.
"""

from __future__ import annotations

import math
from random import Random

from generator.art.palette import Palette, mix
from generator.art.sketch import Sketch, circle_points

SKIES = [("#4a90d9", "#dbeefc"), ("#5f3dc4", "#ffc078"), ("#c98b4a", "#f6e2c0"), ("#1c3f8c", "#a5d8ff")]
"""(top, horizon) colours of a blue day, a dusk, a dusty Martian day and a clear evening."""


def day_sky(s: Sketch, rng: Random, p: Palette, horizon: float) -> None:
    """A sky in bands from the palette's sky to its light colour, down to `horizon` (a share of the height)."""
    bands = 4
    top, low = rng.choice(SKIES)
    top, low = mix(top, p.sky2, 0.2), mix(low, p.light, 0.3)
    for index in range(bands):
        s.rect(0, s.h * horizon * index / bands - 0.01, s.w, s.h * horizon / bands + 0.02,
               mix(top, low, index / (bands - 1)))
    if rng.random() < 0.8:
        s.circle(s.w * rng.uniform(0.1, 0.9), s.h * horizon * rng.uniform(0.25, 0.6), min(s.w, s.h) * 0.08,
                 mix("#fff3bf", p.accent, 0.15))


def ridge(s: Sketch, rng: Random, base: float, rough: float, colour: str, steps: int = 9) -> None:
    """Hills from left to right around height `base` (a share of the height), filled down to the bottom."""
    points = [(s.w * i / steps, s.h * (base + rng.uniform(-rough, rough))) for i in range(steps + 1)]
    s.polygon([(0, s.h), *points, (s.w, s.h)], colour)


def mars_plain(s: Sketch, rng: Random, p: Palette) -> None:
    """A dusty plain under a pale sky: dunes, craters, a far mesa."""
    horizon = rng.uniform(0.45, 0.6)
    day_sky(s, rng, p, horizon + 0.05)
    ridge(s, rng, horizon, 0.06, mix(p.ground, p.light, 0.3))
    ridge(s, rng, horizon + 0.15, 0.05, p.ground)
    ridge(s, rng, horizon + 0.3, 0.04, p.ground2, 6)
    unit = min(s.w, s.h)
    for _ in range(rng.randint(2, 4)):
        x, y = s.w * rng.uniform(0.1, 0.9), s.h * rng.uniform(horizon + 0.25, 0.92)
        size = unit * rng.uniform(0.06, 0.12)
        s.ellipse(x, y, size, size * 0.3, mix(p.ground2, "#000000", 0.3))
        s.ellipse(x, y + size * 0.06, size * 0.8, size * 0.2, p.ground2)


def city(s: Sketch, rng: Random, p: Palette) -> None:
    """A skyline of towers with lit windows, domes among them."""
    horizon = 0.82
    day_sky(s, rng, p, horizon)
    unit = min(s.w, s.h)
    x = -rng.uniform(0, unit * 0.1)
    while x < s.w:
        w = unit * rng.uniform(0.1, 0.2)
        if rng.random() < 0.25:
            dome = circle_points(x + w, s.h * horizon, w, 24, start=math.pi, end=math.tau)
            s.polygon(dome, mix(p.light, p.sky2, 0.3))
            x += 2 * w + unit * 0.02
            continue
        top = s.h * rng.uniform(0.2, 0.65)
        colour = rng.choice([p.ground2, mix(p.ground2, p.sky, 0.4), mix(p.dark, p.ground, 0.3)])
        s.rect(x, top, w, s.h * horizon - top, colour)
        if rng.random() < 0.4:
            s.line(x + w / 2, top, x + w / 2, top - unit * 0.1, colour, unit * 0.015)
        rows = int((s.h * horizon - top) / (unit * 0.08))
        for row in range(rows):
            for col in range(max(1, int(w / (unit * 0.06)))):
                if rng.random() < 0.4:
                    s.rect(x + unit * 0.02 + col * unit * 0.06, top + unit * 0.03 + row * unit * 0.08,
                           unit * 0.03, unit * 0.035, "#ffe066")
        x += w + unit * rng.uniform(0.0, 0.04)
    s.rect(0, s.h * horizon, s.w, s.h * (1 - horizon), p.ground)
    look = rng.random()
    if look < 0.4:  # under a glass dome
        cx, r = s.w * rng.uniform(0.35, 0.65), s.w * rng.uniform(0.35, 0.5)
        for rib in (1.0, 0.6, 0.25):
            arc = circle_points(cx, s.h * horizon, r * 0.9, 28, rx=r * rib, start=math.pi, end=math.tau)
            s.polyline(arc, "#e7f5ff", unit * (0.025 if rib == 1.0 else 0.012))
    elif look < 0.7:  # a monorail on pillars in front
        rail = s.h * rng.uniform(0.55, 0.7)
        for index in range(5):
            px = s.w * (index + 0.5) / 5
            s.line(px, rail, px, s.h * horizon, "#868e96", unit * 0.03)
        s.rect(0, rail - unit * 0.02, s.w, unit * 0.04, "#495057")
        start = s.w * rng.uniform(0.0, 0.5)
        s.rect(start, rail - unit * 0.09, s.w * 0.3, unit * 0.07, "#f1f3f5")


def forest(s: Sketch, rng: Random, p: Palette) -> None:
    """Rows of conifers on green hills."""
    horizon = rng.uniform(0.4, 0.5)
    day_sky(s, rng, p, horizon + 0.1)
    greens = ["#2b8a3e", "#37b24d", "#2f9e44", "#1e6b30"]
    ridge(s, rng, horizon, 0.06, "#8ce99a")
    unit = min(s.w, s.h)
    for row in range(3):
        base = s.h * (horizon + 0.12 + row * 0.17)
        count = rng.randint(5, 9)
        for index in range(count):
            x = s.w * (index + rng.uniform(0.1, 0.9)) / count
            height = unit * rng.uniform(0.22, 0.34) * (1 + row * 0.2)
            width = height * rng.uniform(0.35, 0.5)
            s.rect(x - width * 0.08, base - height * 0.2, width * 0.16, height * 0.22, "#6b4423")
            low = base - height * 0.15
            s.polygon([(x, base - height), (x + width / 2, low), (x - width / 2, low)], rng.choice(greens))
        if row < 2:
            ridge(s, rng, horizon + 0.18 + row * 0.17, 0.02, mix("#51cf66", "#2b8a3e", row / 2), 7)


def sea(s: Sketch, rng: Random, p: Palette) -> None:
    """Waves rolling in layers under the sky, a shore or a moon far away."""
    horizon = rng.uniform(0.35, 0.5)
    day_sky(s, rng, p, horizon + 0.02)
    blues = ["#a5d8ff", "#4dabf7", "#1c7ed6", "#1864ab", "#0b4a85"]
    layers = 5
    for index in range(layers):
        base = s.h * (horizon + (1 - horizon) * index / layers)
        amplitude = s.h * 0.03 * (1 + index * 0.4)
        phase, waves = rng.uniform(0, math.tau), rng.uniform(1.5, 3.0)
        points = [(s.w * i / 24, base + amplitude * math.sin(phase + waves * math.tau * i / 24)) for i in range(25)]
        s.polygon([(0, s.h), *points, (s.w, s.h)], blues[index])
        for i in range(1, 24, 5):
            x, y = points[i]
            s.line(x, y, x + s.w / 40, y - amplitude * 0.3, "#e7f5ff", min(s.w, s.h) * 0.01)


def power_plant(s: Sketch, rng: Random, p: Palette) -> None:
    """Energy: wind turbines on a ridge, or a field of solar panels, or cooling towers, by the seed."""
    horizon = 0.6
    day_sky(s, rng, p, horizon + 0.1)
    ridge(s, rng, horizon, 0.05, p.ground)
    unit = min(s.w, s.h)
    choice = rng.randrange(4)
    if choice == 3:
        _reactor(s, rng, horizon, unit)
    elif choice == 0:
        for _ in range(rng.randint(2, 4)):
            x, base = s.w * rng.uniform(0.1, 0.9), s.h * rng.uniform(horizon + 0.05, horizon + 0.2)
            top = base - unit * rng.uniform(0.35, 0.55)
            foot, tip = unit * 0.02, unit * 0.008
            s.polygon([(x - foot, base), (x - tip, top), (x + tip, top), (x + foot, base)], "#f1f3f5")
            turn = rng.uniform(0, math.tau)
            for blade in range(3):
                a = turn + blade * math.tau / 3
                length = unit * 0.2
                s.polygon([(x, top), (x + length * math.cos(a - 0.08), top + length * math.sin(a - 0.08)),
                           (x + length * math.cos(a), top + length * math.sin(a))], "#dee2e6")
            s.circle(x, top, unit * 0.02, p.dark)
    elif choice == 1:
        rows, cols = rng.randint(2, 3), rng.randint(4, 6)
        for row in range(rows):
            for col in range(cols):
                x = s.w * (0.06 + 0.9 * col / cols)
                y = s.h * (horizon + 0.08 + row * 0.13)
                w, h = s.w * 0.9 / cols * 0.85, s.h * 0.09
                s.polygon([(x + w * 0.15, y), (x + w, y), (x + w * 0.85, y + h), (x, y + h)], "#1c3f8c")
                s.line(x + w * 0.575, y, x + w * 0.425, y + h, "#74c0fc", unit * 0.008)
    else:
        for index in range(rng.randint(2, 3)):
            x, w = s.w * (0.15 + 0.3 * index + rng.uniform(-0.05, 0.05)), unit * rng.uniform(0.2, 0.28)
            base, top = s.h * (horizon + 0.15), s.h * rng.uniform(0.25, 0.4)
            s.polygon([(x - w / 2, base), (x - w * 0.3, top + (base - top) * 0.4), (x - w * 0.35, top),
                       (x + w * 0.35, top), (x + w * 0.3, top + (base - top) * 0.4), (x + w / 2, base)], "#ced4da")
            for puff in range(3):
                s.circle(x + rng.uniform(-0.5, 0.5) * w * 0.4, top - unit * (0.05 + puff * 0.07), unit * 0.07,
                         "#f8f9fa")
    _power_line(s, rng, horizon, unit)


def _reactor(s: Sketch, rng: Random, horizon: float, unit: float) -> None:
    """A domed reactor hall with its glowing core behind a window, pipes running off."""
    cx, base = s.w * rng.uniform(0.3, 0.7), s.h * (horizon + 0.12)
    r = unit * rng.uniform(0.28, 0.36)
    for side in (-1, 1):
        s.rect(cx + side * r * 0.9 - (unit * 0.5 if side < 0 else 0), base - unit * 0.08, unit * 0.5, unit * 0.04,
               "#868e96")
    s.polygon(circle_points(cx, base, r, 32, start=math.pi, end=math.tau), "#dee2e6")
    s.rect(cx - r * 1.1, base, r * 2.2, unit * 0.06, "#495057")
    s.circle(cx, base - r * 0.45, r * 0.3, "#ffd43b")
    s.circle(cx, base - r * 0.45, r * 0.16, "#fff3bf")


def _power_line(s: Sketch, rng: Random, horizon: float, unit: float) -> None:
    """Pylons striding across the land with sagging cables between them."""
    count = rng.randint(2, 4)
    base = s.h * rng.uniform(horizon + 0.22, horizon + 0.32)
    height = unit * rng.uniform(0.25, 0.35)
    tops = []
    for index in range(count + 1):
        x = s.w * (index + rng.uniform(-0.15, 0.15)) / count
        s.polygon([(x - unit * 0.04, base), (x, base - height), (x + unit * 0.04, base)], None, "#343a40",
                  unit * 0.012)
        s.line(x - unit * 0.06, base - height * 0.8, x + unit * 0.06, base - height * 0.8, "#343a40", unit * 0.012)
        tops.append((x, base - height * 0.8))
    for (x1, y1), (x2, y2) in zip(tops, tops[1:], strict=False):
        sag = [(x1 + (x2 - x1) * t / 6, y1 + (y2 - y1) * t / 6 + unit * 0.06 * math.sin(math.pi * t / 6))
               for t in range(7)]
        s.polyline(sag, "#495057", unit * 0.008)


def factory(s: Sketch, rng: Random, p: Palette) -> None:
    """Halls with saw-tooth roofs and smoking chimneys."""
    horizon = 0.78
    day_sky(s, rng, p, horizon)
    unit = min(s.w, s.h)
    teeth = rng.randint(3, 6)
    left, right = s.w * rng.uniform(0.05, 0.2), s.w * rng.uniform(0.8, 0.95)
    top = s.h * rng.uniform(0.45, 0.55)
    for index in range(rng.randint(1, 3)):
        x = left + (right - left) * rng.uniform(0.1, 0.9)
        chimney_top = s.h * rng.uniform(0.12, 0.3)
        s.rect(x, chimney_top, unit * 0.06, top - chimney_top + 1, mix(p.ground2, "#000000", 0.2))
        for puff in range(3):
            s.circle(x + unit * (0.03 + puff * 0.05 * (index % 2 * 2 - 1)), chimney_top - unit * (0.05 + puff * 0.06),
                     unit * (0.04 + puff * 0.015), mix("#adb5bd", p.light, 0.4))
    step = (right - left) / teeth
    roof = rng.randrange(3)  # saw-tooth, arched or flat halls
    points = [(left, s.h * horizon), (left, top)]
    for index in range(teeth):
        if roof == 0:
            points += [(left + step * (index + 1), top - unit * 0.12), (left + step * (index + 1), top)]
        elif roof == 1:
            points += circle_points(left + step * (index + 0.5), top, step / 2, 12, rx=step / 2, start=math.pi,
                                    end=math.tau)[1:]
        else:
            points.append((left + step * (index + 1), top))
    points.append((right, s.h * horizon))
    s.polygon(points, rng.choice([p.ground2, mix(p.ground2, "#495057", 0.6), mix(p.dark, "#1864ab", 0.4)]))
    if rng.random() < 0.5:
        mast = rng.choice([left - unit * 0.05, right + unit * 0.05])
        reach = unit * rng.uniform(0.3, 0.45) * (1 if mast < s.w / 2 else -1)
        s.line(mast, s.h * horizon, mast, s.h * 0.18, "#f08c00", unit * 0.03)
        s.line(mast - reach * 0.3, s.h * 0.2, mast + reach, s.h * 0.2, "#f08c00", unit * 0.025)
        s.line(mast + reach * 0.8, s.h * 0.2, mast + reach * 0.8, s.h * 0.38, "#343a40", unit * 0.008)
    for index in range(teeth):
        s.rect(left + step * (index + 0.25), top + unit * 0.08, step * 0.5, unit * 0.08, "#ffe066")
    s.rect(0, s.h * horizon, s.w, s.h * (1 - horizon), p.ground)


def laboratory(s: Sketch, rng: Random, p: Palette) -> None:
    """Science: an observatory dome aiming its telescope, or a radio dish listening, under the night sky."""
    s.rect(0, 0, s.w, s.h, p.sky)
    unit = min(s.w, s.h)
    for _ in range(10):
        s.circle(rng.uniform(0, s.w), rng.uniform(0, s.h * 0.6), unit * rng.uniform(0.008, 0.018), "#f8f9fa")
    if rng.random() < 0.45:
        _radio_dish(s, rng, p, unit)
        return
    cx, base = s.w * rng.uniform(0.3, 0.7), s.h * 0.78
    r = unit * rng.uniform(0.22, 0.3)
    angle = rng.uniform(-2.6, -0.5)
    s.polygon([(cx, base - r * 0.6), (cx + r * 1.5 * math.cos(angle), base - r * 0.6 + r * 1.5 * math.sin(angle)),
               (cx + r * 1.5 * math.cos(angle + 0.1), base - r * 0.6 + r * 1.5 * math.sin(angle + 0.1))], p.light)
    s.polygon(circle_points(cx, base, r, 32, start=math.pi, end=math.tau), "#dee2e6")
    s.rect(cx - r * 1.1, base, r * 2.2, s.h * 0.08, "#adb5bd")
    s.rect(0, base + s.h * 0.07, s.w, s.h, p.ground2)
    ax, ay = s.w * rng.uniform(0.15, 0.85), s.h * rng.uniform(0.18, 0.3)
    for turn in range(3):
        a = turn * math.pi / 3 + rng.uniform(0, 0.3)
        ring = circle_points(0, 0, unit * 0.04, 32, rx=unit * 0.13)
        points = [(ax + x * math.cos(a) - y * math.sin(a), ay + x * math.sin(a) + y * math.cos(a)) for x, y in ring]
        s.polyline(points + points[:1], p.accent, unit * 0.012)
    s.circle(ax, ay, unit * 0.03, "#ffd43b")


def _radio_dish(s: Sketch, rng: Random, p: Palette, unit: float) -> None:
    """A radio telescope's dish tilted at the sky, waves coming in, on a ridge."""
    ridge(s, rng, 0.8, 0.04, p.ground2, 6)
    cx, cy = s.w * rng.uniform(0.3, 0.6), s.h * rng.uniform(0.4, 0.5)
    r = unit * rng.uniform(0.28, 0.36)
    tilt = rng.uniform(-0.7, 0.2)
    s.polygon([(cx - unit * 0.05, s.h * 0.85), (cx, cy), (cx + unit * 0.05, s.h * 0.85)], "#adb5bd")
    dish = circle_points(0, 0, r * 0.45, 24, rx=r, start=0, end=math.pi)
    cos, sin = math.cos(tilt), math.sin(tilt)
    s.polygon([(cx + x * cos - y * sin, cy + x * sin + y * cos) for x, y in dish], "#f1f3f5")
    fx, fy = cx + r * 0.75 * sin, cy - r * 0.75 * cos
    s.line(cx, cy, fx, fy, "#868e96", unit * 0.015)
    s.circle(fx, fy, unit * 0.025, p.accent)
    for ring in range(1, 4):
        up = tilt - math.pi / 2
        arc = circle_points(fx, fy, unit * 0.12 * ring, 16, start=up - 0.5, end=up + 0.5)
        s.polyline(arc, mix(p.accent, p.sky, 0.2 * ring), unit * 0.012)


def volcano(s: Sketch, rng: Random, p: Palette) -> None:
    """A volcano erupting: lava down its flanks, ash above."""
    horizon = 0.7
    day_sky(s, rng, p, horizon)
    ridge(s, rng, horizon, 0.03, mix(p.ground, p.dark, 0.3), 6)
    unit = min(s.w, s.h)
    cx = s.w * rng.uniform(0.35, 0.65)
    top, half = s.h * rng.uniform(0.3, 0.4), s.w * rng.uniform(0.35, 0.5)
    for puff in range(rng.randint(4, 7)):
        s.circle(cx + rng.uniform(-1, 1) * unit * 0.15, top - unit * rng.uniform(0.05, 0.3),
                 unit * rng.uniform(0.07, 0.12), mix("#495057", p.light, puff / 10))
    s.polygon([(cx - half, s.h), (cx - unit * 0.08, top), (cx + unit * 0.08, top), (cx + half, s.h)], p.ground2)
    for _ in range(rng.randint(2, 4)):
        x = rng.uniform(-0.06, 0.06) * unit
        s.polyline([(cx + x, top), (cx + x + rng.uniform(-0.15, 0.15) * half, s.h * 0.6),
                    (cx + x + rng.uniform(-0.4, 0.4) * half, s.h)], "#ff6b00", unit * 0.025)
    s.ellipse(cx, top, unit * 0.08, unit * 0.025, "#ffa94d")


def ice(s: Sketch, rng: Random, p: Palette) -> None:
    """An icy plain with shards and a pale sun low on the horizon."""
    horizon = rng.uniform(0.45, 0.55)
    day_sky(s, rng, p, horizon + 0.05)
    s.rect(0, s.h * horizon, s.w, s.h, "#e7f5ff")
    unit = min(s.w, s.h)
    for _ in range(rng.randint(5, 9)):
        x, base = s.w * rng.uniform(0, 1), s.h * rng.uniform(horizon + 0.1, 1.0)
        height, width = unit * rng.uniform(0.12, 0.35), unit * rng.uniform(0.05, 0.12)
        lean = rng.uniform(-0.3, 0.3) * width
        s.polygon([(x - width, base), (x + lean, base - height), (x + width, base)], rng.choice(["#a5d8ff", "#d0ebff"]))
        s.polygon([(x + lean, base - height), (x + width, base), (x + width * 0.2, base)], "#74c0fc")
    for _ in range(rng.randint(3, 5)):
        y = s.h * rng.uniform(horizon + 0.05, 0.95)
        s.line(s.w * rng.uniform(0, 0.5), y, s.w * rng.uniform(0.5, 1.0), y + rng.uniform(-1, 1), "#ffffff",
               unit * 0.01)


def microbes(s: Sketch, rng: Random, p: Palette) -> None:
    """Cells seen through a microscope: a round field, cells with nuclei and tails."""
    s.rect(0, 0, s.w, s.h, mix(p.dark, "#000000", 0.3))
    unit = min(s.w, s.h)
    s.circle(s.w / 2, s.h / 2, unit * 0.47, mix("#d3f9d8", p.light, 0.4))
    for _ in range(rng.randint(5, 9)):
        angle, dist = rng.uniform(0, math.tau), unit * rng.uniform(0, 0.32)
        x, y = s.w / 2 + dist * math.cos(angle), s.h / 2 + dist * math.sin(angle)
        r = unit * rng.uniform(0.05, 0.1)
        tilt = rng.uniform(0, math.pi)
        s.line(x - math.cos(tilt) * r * 1.2, y - math.sin(tilt) * r * 1.2, x - math.cos(tilt) * r * 2.2,
               y - math.sin(tilt) * r * 2.2 + rng.uniform(-1, 1) * r * 0.4, "#2b8a3e", unit * 0.01)
        s.ellipse(x, y, r * rng.uniform(1.0, 1.5), r, rng.choice(["#69db7c", "#8ce99a", "#63e6be"]), tilt)
        s.circle(x, y, r * 0.35, "#2b8a3e")


def sea_life(s: Sketch, rng: Random, p: Palette) -> None:
    """Creatures of an early sea: segmented crawlers on the floor, fronds swaying."""
    layers = ["#1864ab", "#1971c2", "#1c7ed6"]
    for index, colour in enumerate(layers):
        s.rect(0, s.h * index / 3, s.w, s.h / 3 + 0.02, colour)
    ridge(s, rng, 0.8, 0.04, "#c9a66b")
    unit = min(s.w, s.h)
    for _ in range(rng.randint(3, 6)):
        x = s.w * rng.uniform(0.05, 0.95)
        sway = rng.uniform(-0.2, 0.2) * unit
        s.polyline([(x, s.h * 0.85), (x + sway, s.h * 0.65), (x - sway * 0.5, s.h * rng.uniform(0.4, 0.55))],
                   "#37b24d", unit * 0.02)
    for _ in range(rng.randint(1, 3)):
        x, y = s.w * rng.uniform(0.2, 0.8), s.h * rng.uniform(0.6, 0.82)
        length, tilt = unit * rng.uniform(0.14, 0.22), rng.uniform(-0.4, 0.4)
        colour = rng.choice(["#e8590c", "#f08c00", "#a0522d"])
        s.ellipse(x, y, length, length * 0.45, colour, tilt)
        for seg in range(-2, 3):
            dx, dy = math.cos(tilt) * seg * length * 0.3, math.sin(tilt) * seg * length * 0.3
            s.line(x + dx - math.sin(tilt) * length * 0.4, y + dy + math.cos(tilt) * length * 0.4,
                   x + dx + math.sin(tilt) * length * 0.4, y + dy - math.cos(tilt) * length * 0.4,
                   mix(colour, "#000000", 0.4), unit * 0.01)
    for _ in range(rng.randint(4, 8)):
        s.circle(rng.uniform(0, s.w), rng.uniform(0, s.h * 0.6), unit * rng.uniform(0.01, 0.025), "#d0ebff")


def animals(s: Sketch, rng: Random, p: Palette) -> None:
    """Grazing animals on a green plain, birds in the sky."""
    horizon = 0.55
    day_sky(s, rng, p, horizon + 0.05)
    ridge(s, rng, horizon, 0.04, "#8ce99a")
    ridge(s, rng, horizon + 0.2, 0.02, "#51cf66", 5)
    unit = min(s.w, s.h)
    for _ in range(rng.randint(2, 4)):
        x, y = s.w * rng.uniform(0.15, 0.85), s.h * rng.uniform(0.72, 0.88)
        size, facing = unit * rng.uniform(0.1, 0.15), rng.choice([-1, 1])
        colour = rng.choice(["#7c4a2d", "#a0522d", "#5c3d2e", "#868e96"])
        for leg in (-0.6, -0.3, 0.35, 0.65):
            s.line(x + leg * size, y, x + leg * size, y + size * 0.75, colour, unit * 0.018)
        s.ellipse(x, y, size, size * 0.45, colour)
        s.line(x + facing * size * 0.8, y - size * 0.1, x + facing * size * 1.2, y - size * 0.6, colour, unit * 0.035)
        s.circle(x + facing * size * 1.3, y - size * 0.65, size * 0.25, colour)
    for _ in range(rng.randint(2, 5)):
        x, y, w = s.w * rng.uniform(0.1, 0.9), s.h * rng.uniform(0.1, 0.35), unit * rng.uniform(0.03, 0.06)
        s.polyline([(x - w, y - w * 0.5), (x, y), (x + w, y - w * 0.5)], p.dark, unit * 0.012)


def outpost(s: Sketch, rng: Random, p: Palette) -> None:
    """A settlement on a dusty plain: glass domes, a mast, tracks leading away."""
    mars_plain(s, rng, p)
    unit = min(s.w, s.h)
    base = s.h * rng.uniform(0.72, 0.82)
    x = s.w * rng.uniform(0.08, 0.3)
    for _ in range(rng.randint(2, 3)):
        r = unit * rng.uniform(0.14, 0.24)
        s.polygon(circle_points(x + r, base, r, 28, start=math.pi, end=math.tau), mix("#d0ebff", p.light, 0.3))
        for rib in (0.35, 0.7):
            s.polyline(circle_points(x + r, base, r, 20, rx=r * rib, start=math.pi, end=math.tau), "#74c0fc",
                       unit * 0.01)
        s.rect(x - unit * 0.01, base, 2 * r + unit * 0.02, unit * 0.03, "#868e96")
        x += 2 * r + unit * rng.uniform(0.04, 0.1)
    mast = s.w * rng.uniform(0.7, 0.92)
    s.line(mast, base + unit * 0.03, mast, base - unit * 0.45, "#495057", unit * 0.015)
    s.circle(mast, base - unit * 0.45, unit * 0.025, "#e03131")
    s.polyline([(s.w * rng.uniform(0.3, 0.6), base + unit * 0.05), (s.w * rng.uniform(0.2, 0.8), s.h)],
               mix(p.ground2, "#000000", 0.3), unit * 0.012)
