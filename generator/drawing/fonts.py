"""The project's fonts: DejaVu TrueType files from fonts/, measured with reportlab, checked with fontTools.

Layouts name fonts by role ("regular", "bold", "italic", "wide", "wide-bold"); this module maps a
role to its TTF file, its reportlab font name (used for metrics and for embedding in PDFs) and
the CSS family/weight/style that the SVG backend writes. Glyph coverage comes from the font's
cmap, so a character the font lacks is found before anything is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Literal

from fontTools.ttLib import TTFont as ToolsFont
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).resolve().parents[2] / "fonts"


@dataclass(frozen=True)
class FontFace:
    """One font role: where its file is and how each backend names it."""

    role: str
    file: str
    pdf_name: str
    css_family: str
    css_weight: str = "normal"
    css_style: str = "normal"

    @property
    def path(self) -> Path:
        return FONT_DIR / self.file


FontRole = Literal["regular", "bold", "italic", "wide", "wide-bold"]
"""The roles a layout may name: the keys of FACES, spelled out so a type checker knows them."""

FACES: dict[str, FontFace] = {
    face.role: face
    for face in (
        FontFace("regular", "DejaVuSansCondensed.ttf", "DejaVuSansCondensed", "DejaVu Sans Condensed"),
        FontFace("bold", "DejaVuSansCondensed-Bold.ttf", "DejaVuSansCondensed-Bold", "DejaVu Sans Condensed", "bold"),
        FontFace("italic", "DejaVuSansCondensed-Oblique.ttf", "DejaVuSansCondensed-Oblique", "DejaVu Sans Condensed",
                 css_style="oblique"),
        FontFace("wide", "DejaVuSans.ttf", "DejaVuSans", "DejaVu Sans"),
        FontFace("wide-bold", "DejaVuSans-Bold.ttf", "DejaVuSans-Bold", "DejaVu Sans", "bold"),
    )
}

BOLD_OF = {"regular": "bold", "italic": "bold", "bold": "bold", "wide": "wide-bold", "wide-bold": "wide-bold"}
"""The face `**bold**` markup switches to from a text element's base face."""


def face(role: str) -> FontFace:
    """The face for a role, registered with reportlab so it can be measured and embedded."""
    found = FACES[role]
    _register(found.role)
    return found


@cache
def _register(role: str) -> None:
    spec = FACES[role]
    if spec.pdf_name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(spec.pdf_name, str(spec.path)))


@cache
def coverage(role: str) -> frozenset[int]:
    """Code points the font of `role` has a glyph for (the cmap reportlab already parsed)."""
    font = pdfmetrics.getFont(face(role).pdf_name)
    assert isinstance(font, TTFont)  # every role is registered from a TrueType file (_register)
    return frozenset(font.face.charToGlyph)


def coverage_from_file(path: Path) -> frozenset[int]:
    """Code points of a TrueType file read with fontTools (an independent check of `coverage`)."""
    with ToolsFont(str(path), lazy=True) as font:
        return frozenset(font.getBestCmap())


def missing_glyphs(text: str, role: str) -> list[str]:
    """Characters of `text` the font cannot draw, in order of first appearance."""
    have = coverage(role)
    seen: dict[str, None] = {}
    for char in text:
        if ord(char) not in have and char not in "\n\r\t":
            seen[char] = None
    return list(seen)


@lru_cache(maxsize=65536)
def unit_width(text: str, role: str) -> float:
    """Advance width of `text` at 1 pt (widths scale linearly with the size: no hinting in PDF)."""
    return pdfmetrics.stringWidth(text, face(role).pdf_name, 1000.0) / 1000.0


def text_width_pt(text: str, role: str, size: float) -> float:
    """Advance width of `text` in points at `size` pt, from the font's own metrics."""
    return unit_width(text, role) * size


def ascent_descent(role: str, size: float) -> tuple[float, float]:
    """Ascent (positive) and descent (negative) in points at `size`."""
    ascent, descent = pdfmetrics.getAscentDescent(face(role).pdf_name, size)
    return ascent, descent
