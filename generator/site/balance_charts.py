"""What every chart of the balance page shares: its labels made safe for matplotlib, its PNG bytes made stable."""

from __future__ import annotations

import io
from typing import Any


def chart_text(value: Any) -> str:
    """A label for matplotlib: `$` would start its maths mode, so content text has it escaped."""
    return str(value).replace("$", r"\$")


def png(figure: Any) -> bytes:
    """A finished chart as PNG bytes (no timestamp, margins fitted to labels and legend); closes it."""
    import matplotlib.pyplot as plt

    try:
        figure.tight_layout()
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png", metadata={"Software": None}, bbox_inches="tight")
        return buffer.getvalue()
    finally:
        plt.close(figure)
