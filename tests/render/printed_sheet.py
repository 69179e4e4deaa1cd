"""Measure a printed sheet as a home printer sees it: what lies in the unprintable margin, where the cuts are marked.

Used by the card, gutterfold, token and board tests. Everything is read back from the PDF with
pdfplumber (positions in points, y from the top), not from the generator's own geometry.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.units import mm

MARGIN_MM = 5.0
TOL = 0.05  # mm


@dataclass(frozen=True)
class Box:
    """A rectangle in mm, PDF orientation (y up)."""

    x0: float
    y0: float
    x1: float
    y1: float

    def distance_to_edge(self, page_w: float, page_h: float) -> float:
        return min(self.x0, self.y0, page_w - self.x1, page_h - self.y1)


def _box(obj, page_h_pt: float) -> Box:
    return Box(obj["x0"] / mm, (page_h_pt - obj["bottom"]) / mm, obj["x1"] / mm, (page_h_pt - obj["top"]) / mm)


def marks_and_texts(page) -> list[tuple[str, Box]]:
    """Every character, line and stroked outline of the page (filled artwork, which may be clipped, left out)."""
    found = [(f"char {c['text']!r}", _box(c, page.height)) for c in page.chars]
    found += [("line", _box(ln, page.height)) for ln in page.lines]
    found += [
        ("outline", _box(r, page.height)) for r in page.rects + page.curves if r.get("stroke") and not r.get("fill")
    ]
    return found


def too_close_to_edge(page, margin: float = MARGIN_MM) -> list[str]:
    """Characters, lines and outlines closer than `margin` mm to the page edge, described for a failure message."""
    page_w, page_h = page.width / mm, page.height / mm
    return [f"{what} at {box}" for what, box in marks_and_texts(page)
            if box.distance_to_edge(page_w, page_h) < margin - TOL]


def card_boxes(page, card_w: float, card_h: float, bleed: float = 3.0) -> list[Box]:
    """Trim boxes of the cards on a page, found by their background (a filled rect of card plus bleed size)."""
    found = []
    for rect in page.rects:
        if not rect.get("fill"):
            continue
        box = _box(rect, page.height)
        w, h = box.x1 - box.x0, box.y1 - box.y0
        for cw, ch in ((card_w, card_h), (card_h, card_w)):
            if abs(w - cw - 2 * bleed) < TOL and abs(h - ch - 2 * bleed) < TOL:
                found.append(Box(box.x0 + bleed, box.y0 + bleed, box.x1 - bleed, box.y1 - bleed))
                break
    return found


def unmarked_cuts(page, cards: list[Box]) -> list[str]:
    """Cut lines (card edges) without a printed mark at both ends, beyond the block of cards."""
    lines = [_box(ln, page.height) for ln in page.lines]
    left, bottom = min(c.x0 for c in cards), min(c.y0 for c in cards)
    right, top = max(c.x1 for c in cards), max(c.y1 for c in cards)
    missing = []
    for x in sorted({round(v, 2) for c in cards for v in (c.x0, c.x1)}):
        vertical = [b for b in lines if abs(b.x0 - x) < TOL and abs(b.x1 - x) < TOL]
        if not any(b.y0 >= top - TOL for b in vertical):
            missing.append(f"vertical cut x={x} has no mark above the cards")
        if not any(b.y1 <= bottom + TOL for b in vertical):
            missing.append(f"vertical cut x={x} has no mark below the cards")
    for y in sorted({round(v, 2) for c in cards for v in (c.y0, c.y1)}):
        horizontal = [b for b in lines if abs(b.y0 - y) < TOL and abs(b.y1 - y) < TOL]
        if not any(b.x1 <= left + TOL for b in horizontal):
            missing.append(f"horizontal cut y={y} has no mark left of the cards")
        if not any(b.x0 >= right - TOL for b in horizontal):
            missing.append(f"horizontal cut y={y} has no mark right of the cards")
    return missing


def scale_bars(page, length_mm: float = 50.0) -> list[Box]:
    """Straight lines exactly `length_mm` long (the "print at 100 %" check)."""
    bars = []
    for ln in page.lines:
        box = _box(ln, page.height)
        if abs(max(box.x1 - box.x0, box.y1 - box.y0) - length_mm) < 0.02:
            bars.append(box)
    return bars


def margin_text(page, cards: list[Box]) -> tuple[str, float]:
    """The text outside the cards, in drawing order, and its smallest font size in pt."""
    outside = []
    for char in page.chars:
        b = _box(char, page.height)
        cx, cy = (b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2
        if not any(c.x0 <= cx <= c.x1 and c.y0 <= cy <= c.y1 for c in cards):
            outside.append(char)
    sizes = [c["size"] if c["upright"] else c["x1"] - c["x0"] for c in outside]  # a turned glyph's size is its width
    return "".join(c["text"] for c in outside), min(sizes, default=0.0)
