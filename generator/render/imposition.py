"""Where cards go on a printed sheet: the grid, the crop marks and the mirrored duplex backs.

Pure geometry in millimetres with PDF's orientation (origin bottom-left, y up), so tests can
check it without drawing. Every card gets its own 3 mm bleed; the grid is centred on the page
and uses whichever orientation fits more cards (portrait poker cards: 3x3 on A4; on US Letter
turned sideways they fit 2x4 instead of 3x2). Backs of a long-edge duplex print sit in the
mirrored column of the same row, turned the other way when the cards are turned.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import floor

PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARK_GAP = 0.8  # crop marks start this far outside the bleed
MARK_LENGTH = 5.0
EPS = 1e-6


@dataclass(frozen=True)
class Slot:
    """One card position on a page: its trim box on the page and how the card is turned there."""

    col: int
    row: int
    x: float
    y: float
    w: float
    h: float
    rotation: int  # 0, 90 (counter-clockwise) or -90


@dataclass(frozen=True)
class SheetGrid:
    """A grid of bleed-boxed cards centred on a page."""

    page_w: float
    page_h: float
    card_w: float
    card_h: float
    bleed: float
    cols: int
    rows: int
    rotated: bool

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def cell_w(self) -> float:
        return (self.card_h if self.rotated else self.card_w) + 2 * self.bleed

    @property
    def cell_h(self) -> float:
        return (self.card_w if self.rotated else self.card_h) + 2 * self.bleed

    @property
    def block(self) -> tuple[float, float, float, float]:
        """(left, bottom, right, top) of all bleed boxes together."""
        left = (self.page_w - self.cols * self.cell_w) / 2
        bottom = (self.page_h - self.rows * self.cell_h) / 2
        return left, bottom, left + self.cols * self.cell_w, bottom + self.rows * self.cell_h

    def slot(self, index: int, back: bool = False) -> Slot:
        """The `index`-th card of a page (rows from the top, columns from the left); backs mirrored."""
        row, col = divmod(index, self.cols)
        placed_col = self.cols - 1 - col if back else col
        left, _, _, top = self.block
        x = left + placed_col * self.cell_w + self.bleed
        y = top - (row + 1) * self.cell_h + self.bleed
        rotation = 0 if not self.rotated else (-90 if back else 90)
        return Slot(placed_col, row, x, y, self.cell_w - 2 * self.bleed, self.cell_h - 2 * self.bleed, rotation)

    def trim_lines(self) -> tuple[list[float], list[float]]:
        """x positions of every vertical cut and y positions of every horizontal cut."""
        left, bottom, _, top = self.block
        xs = sorted({round(left + c * self.cell_w + self.bleed + d, 4)
                     for c in range(self.cols) for d in (0.0, self.cell_w - 2 * self.bleed)})
        ys = sorted({round(bottom + r * self.cell_h + self.bleed + d, 4)
                     for r in range(self.rows) for d in (0.0, self.cell_h - 2 * self.bleed)})
        return xs, ys

    def crop_marks(self) -> list[tuple[float, float, float, float]]:
        """Mark segments (x1, y1, x2, y2) in the margins outside the bleed, clipped to the page."""
        left, bottom, right, top = self.block
        xs, ys = self.trim_lines()
        marks: list[tuple[float, float, float, float]] = []
        for x in xs:
            if self.page_h - top > MARK_GAP + EPS:
                marks.append((x, top + MARK_GAP, x, min(self.page_h, top + MARK_GAP + MARK_LENGTH)))
            if bottom > MARK_GAP + EPS:
                marks.append((x, max(0.0, bottom - MARK_GAP - MARK_LENGTH), x, bottom - MARK_GAP))
        for y in ys:
            if left > MARK_GAP + EPS:
                marks.append((max(0.0, left - MARK_GAP - MARK_LENGTH), y, left - MARK_GAP, y))
            if self.page_w - right > MARK_GAP + EPS:
                marks.append((right + MARK_GAP, y, min(self.page_w, right + MARK_GAP + MARK_LENGTH), y))
        return marks


def fit_grid(paper: str, card_w: float, card_h: float, bleed: float = 3.0) -> SheetGrid:
    """The grid that fits most cards of this size on the paper (upright wins a tie)."""
    page_w, page_h = PAPERS[paper]
    best: SheetGrid | None = None
    for rotated in (False, True):
        w, h = (card_h, card_w) if rotated else (card_w, card_h)
        cols = floor((page_w + EPS) / (w + 2 * bleed))
        rows = floor((page_h + EPS) / (h + 2 * bleed))
        grid = SheetGrid(page_w, page_h, card_w, card_h, bleed, cols, rows, rotated)
        if best is None or grid.per_page > best.per_page:
            best = grid
    assert best is not None
    if best.per_page == 0:
        raise ValueError(f"a {card_w}x{card_h} mm card with {bleed} mm bleed does not fit on {paper} paper")
    return best
