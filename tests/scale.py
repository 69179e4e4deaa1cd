"""How many seeded games the playout tests play: sized for the quick loop, scalable for a deep run.

`PNP_TEST_SCALE=20 python -m pytest ...` multiplies every playout count by 20 (the counts the
engines were first checked with); CI and the everyday loop run with 1.
"""

from __future__ import annotations

import os


def scale() -> int:
    """The multiplier from PNP_TEST_SCALE (at least 1)."""
    text = os.environ.get("PNP_TEST_SCALE", "1").strip()
    return max(1, int(text)) if text.isdigit() else 1


def games(base: int) -> int:
    """`base` games times the scale."""
    return base * scale()
