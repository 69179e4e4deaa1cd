"""The colours of a picture, derived from one base colour (a card kind's).

An ink-saving print pales a whole picture afterwards (generator.art.generate, `lighten`).
"""

from __future__ import annotations

import colorsys
from dataclasses import dataclass


def mix(colour: str, other: str, amount: float) -> str:
    """`colour` moved `amount` (0..1) of the way to `other`."""
    a = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i:i + 2], 16) for i in (1, 3, 5)]
    amount = max(0.0, min(1.0, amount))
    return "#" + "".join(f"{round(x + (y - x) * amount):02x}" for x, y in zip(a, b, strict=True))


def hue_shift(colour: str, turn: float, saturation: float = 1.0, value: float = 1.0) -> str:
    """`colour` with its hue turned by `turn` (0..1 of a circle) and saturation and value scaled."""
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    h, s, v = colorsys.rgb_to_hsv(r, g, b)
    r, g, b = colorsys.hsv_to_rgb((h + turn) % 1.0, min(1.0, s * saturation), min(1.0, v * value))
    return "#" + "".join(f"{round(c * 255):02x}" for c in (r, g, b))


@dataclass(frozen=True)
class Palette:
    """Named colours a motif paints with: sky (two tones), ground (two tones), an accent, dark and light."""

    sky: str
    sky2: str
    ground: str
    ground2: str
    accent: str
    dark: str
    light: str


def palette_for(base: str, turn: float = 0.0) -> Palette:
    """A palette around `base` (a `#rrggbb`): its own hue for the ground, a darker sky, a complementary accent.

    `turn` moves all hues a little, so cards of one kind differ in colour as well as in shape."""
    base = hue_shift(base, turn)
    return Palette(
        sky=mix(hue_shift(base, 0.55, 0.6, 0.5), "#0b1026", 0.55),
        sky2=mix(hue_shift(base, 0.5, 0.5, 0.7), "#1b2a55", 0.35),
        ground=hue_shift(base, 0.0, 0.9, 0.85),
        ground2=mix(hue_shift(base, 0.04, 1.0, 0.6), "#000000", 0.2),
        accent=hue_shift(base, 0.5, 1.2, 1.2),
        dark=mix(base, "#000000", 0.7),
        light=mix(base, "#ffffff", 0.8),
    )
