"""Where cards go on a printed sheet: the grid, the crop marks, the margin texts and the mirrored duplex backs.

Pure geometry in millimetres with PDF's orientation (origin bottom-left, y up), so tests can
check it without drawing. It is made for home printers, which cannot print the outer ~5 mm of a
page (`margin`): nothing is placed there.

Cards of a block share their cut lines: they touch trim to trim, and the bleed is drawn only
around the block's outside (as far as the printable area allows), so a 3x3 block needs four
cuts each way and every cut ends in a printed mark above, below, left or right of the block.
Rows of different decks are parted by a gutter (`gutters`, GUTTER_BLEED of bleed on each side,
two cuts); which card goes where, and how far each card's bleed reaches, is the sheet plan's
business (generator.render.sheet_plan).
The marks start just outside the trim and reach a little beyond the bleed; a mark over the bleed
is drawn white under black so it shows on any card colour. What is left of the printable
margin beyond the marks ("bands") holds the sheet's label and its 50 mm scale line, turned when
they sit beside the block. The grid uses whichever orientation and count fits most cards with
all of that (poker cards: 3x3 upright on A4 and on US Letter). Backs of a long-edge duplex
print sit in the mirrored column of the same row, turned the other way when the cards are turned.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import floor

PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PRINTER_MARGIN = 5.0  # what a home printer cannot reach, on every side
MARK_GAP = 0.5  # marks start this far outside the trim
MARK_REACH = 1.5  # and end this far beyond the bleed, on white paper when there is room
MIN_MARK = 2.0  # the shortest mark worth printing
LINE_DEPTH = 3.6  # room one line of 8 pt margin text needs across its band
SCALE_MM = 50.0  # the length of the scale line that proves the sheet printed at 100 %
GUTTER_BLEED = 1.5  # bleed on each side of a gutter between decks: a 1 mm miscut still shows only the card's own
EPS = 1e-6


@dataclass(frozen=True)
class Slot:
    """One card position on a page: its trim box, how the card is turned, and where its drawing is clipped."""

    col: int
    row: int
    x: float
    y: float
    w: float
    h: float
    rotation: int  # 0, 90 (counter-clockwise) or -90
    clip: tuple[float, float, float, float]  # (left, bottom, right, top): trim plus the bleed on the block's outside


@dataclass(frozen=True)
class Band:
    """Free printable strip on one side of the block, beyond the marks: a place for one or more text lines.

    `side` is bottom, top, left or right; (x0, y0, x1, y1) the strip. Lines beside the block run
    upwards (turned 90 degrees).
    """

    side: str
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def depth(self) -> float:
        return self.y1 - self.y0 if self.side in ("bottom", "top") else self.x1 - self.x0

    @property
    def length(self) -> float:
        return self.x1 - self.x0 if self.side in ("bottom", "top") else self.y1 - self.y0

    @property
    def turned(self) -> bool:
        return self.side in ("left", "right")

    def line(self, index: int, lines: int) -> tuple[float, float, float]:
        """(x, y, length) of the centre line of text line `index` of `lines` (0 = nearest the block).

        For a turned band the point is the line's centre and the text runs upwards."""
        step = self.depth / lines
        offset = step * (index + 0.5)
        if self.side == "bottom":
            return (self.x0 + self.x1) / 2, self.y1 - offset, self.length
        if self.side == "top":
            return (self.x0 + self.x1) / 2, self.y0 + offset, self.length
        if self.side == "left":
            return self.x1 - offset, (self.y0 + self.y1) / 2, self.length
        return self.x0 + offset, (self.y0 + self.y1) / 2, self.length


@dataclass(frozen=True)
class TextLine:
    """Where one line of margin text goes: its centre point, whether it runs upwards, and its room."""

    x: float
    y: float
    turned: bool
    length: float


@dataclass(frozen=True)
class SheetGrid:
    """A block of cards that share their cut lines, centred on a page, with a printer's margin kept clear."""

    page_w: float
    page_h: float
    card_w: float
    card_h: float
    bleed: float
    cols: int
    rows: int
    rotated: bool
    margin: float = PRINTER_MARGIN
    folded: bool = False  # gutterfold: fronts in the left half, their backs mirrored in the right half
    gutters: tuple[int, ...] = ()  # rows followed by a gutter of 2 * GUTTER_BLEED (rows of different decks)

    @property
    def per_page(self) -> int:
        """Cards per page (a gutterfold page holds each card twice: front and back)."""
        return self.cols * self.rows // (2 if self.folded else 1)

    @property
    def fold_x(self) -> float:
        """Where a gutterfold page folds: the block's middle, which is the page's middle."""
        left, _, right, _ = self.block
        return (left + right) / 2

    def fold_slot(self, index: int, back: bool = False) -> Slot:
        """The `index`-th card of a gutterfold page: its front left of the fold, its back mirrored right of it."""
        half = self.cols // 2
        row, col = divmod(index, half)
        return self.slot(row * self.cols + col, back)

    def fold_marks(self) -> list[tuple[float, float, float, float]]:
        """Marks that continue the fold line above and below the block (drawn dashed, apart from the cuts)."""
        _, bottom, _, top = self.block
        reach = self.mark_reach()
        x = self.fold_x
        return [(x, top + MARK_GAP, x, top + reach["top"]), (x, bottom - reach["bottom"], x, bottom - MARK_GAP)]

    @property
    def cell_w(self) -> float:
        return self.card_h if self.rotated else self.card_w

    @property
    def cell_h(self) -> float:
        return self.card_w if self.rotated else self.card_h

    @property
    def block(self) -> tuple[float, float, float, float]:
        """(left, bottom, right, top) of the trim boxes together, gutters included."""
        height = self.rows * self.cell_h + 2 * GUTTER_BLEED * len(self.gutters)
        left = (self.page_w - self.cols * self.cell_w) / 2
        bottom = (self.page_h - height) / 2
        return left, bottom, left + self.cols * self.cell_w, bottom + height

    def row_bottom(self, row: int) -> float:
        """The y of the lower trim edge of a row (rows count from the top), below the gutters above it."""
        _, _, _, top = self.block
        return top - (row + 1) * self.cell_h - 2 * GUTTER_BLEED * sum(1 for g in self.gutters if g < row)

    @property
    def printable(self) -> tuple[float, float, float, float]:
        m = self.margin
        return m, m, self.page_w - m, self.page_h - m

    def strips(self) -> dict[str, float]:
        """Printable distance from the block's trim edge to the margin, per side."""
        left, bottom, right, top = self.block
        p_left, p_bottom, p_right, p_top = self.printable
        return {"left": left - p_left, "bottom": bottom - p_bottom, "right": p_right - right, "top": p_top - top}

    def mark_reach(self) -> dict[str, float]:
        """How far beyond the trim the marks on each side end."""
        return {side: min(strip, self.bleed + MARK_REACH) for side, strip in self.strips().items()}

    def outer_bleed(self) -> dict[str, float]:
        """The bleed drawn around the block's outside: the card's bleed where the printable area allows it."""
        return {side: max(0.0, min(self.bleed, strip)) for side, strip in self.strips().items()}

    def slot(self, index: int, back: bool = False) -> Slot:
        """The `index`-th card of a page (rows from the top, columns from the left); backs mirrored."""
        row, col = divmod(index, self.cols)
        placed_col = self.cols - 1 - col if back else col
        left, _, _, _ = self.block
        x = left + placed_col * self.cell_w
        y = self.row_bottom(row)
        rotation = 0 if not self.rotated else (-90 if back else 90)
        outer = self.outer_bleed()
        clip = (x - (outer["left"] if placed_col == 0 else 0.0),
                y - (outer["bottom"] if row == self.rows - 1 else GUTTER_BLEED if row in self.gutters else 0.0),
                x + self.cell_w + (outer["right"] if placed_col == self.cols - 1 else 0.0),
                y + self.cell_h + (outer["top"] if row == 0 else GUTTER_BLEED if row - 1 in self.gutters else 0.0))
        return Slot(placed_col, row, x, y, self.cell_w, self.cell_h, rotation, clip)

    def trim_lines(self) -> tuple[list[float], list[float]]:
        """x positions of every vertical cut and y positions of every horizontal cut (two at a gutter), bottom up."""
        left, _, _, _ = self.block
        xs = [round(left + c * self.cell_w, 4) for c in range(self.cols + 1)]
        edges = {round(self.row_bottom(r) + d, 4) for r in range(self.rows) for d in (0.0, self.cell_h)}
        return xs, sorted(edges)

    def crop_marks(self) -> list[tuple[float, float, float, float]]:
        """Mark segments (x1, y1, x2, y2): each cut line marked on both sides of the block, inside the printable
        area."""
        left, bottom, right, top = self.block
        reach = self.mark_reach()
        xs, ys = self.trim_lines()
        if self.folded:
            xs = [x for x in xs if abs(x - self.fold_x) > EPS]  # the fold is marked apart (fold_marks)
        marks: list[tuple[float, float, float, float]] = []
        for x in xs:
            marks.append((x, top + MARK_GAP, x, top + reach["top"]))
            marks.append((x, bottom - reach["bottom"], x, bottom - MARK_GAP))
        for y in ys:
            marks.append((left - reach["left"], y, left - MARK_GAP, y))
            marks.append((right + MARK_GAP, y, right + reach["right"], y))
        return marks

    def bands(self) -> list[Band]:
        """The free strips beyond the marks, deepest first among equals in the order bottom, top, left, right."""
        left, bottom, right, top = self.block
        p_left, p_bottom, p_right, p_top = self.printable
        reach = self.mark_reach()
        found = [Band("bottom", p_left, p_bottom, p_right, bottom - reach["bottom"]),
                 Band("top", p_left, top + reach["top"], p_right, p_top),
                 Band("left", p_left, p_bottom, left - reach["left"], p_top),
                 Band("right", right + reach["right"], p_bottom, p_right, p_top)]
        return [band for band in found if band.depth >= LINE_DEPTH - EPS]

    def text_lines(self, count: int = 2) -> list[TextLine]:
        """Places for `count` lines of margin text (label, scale line): one per band, or stacked in a deep one."""
        bands = self.bands()
        slots: list[TextLine] = []
        capacity = [(band, int((band.depth + EPS) // LINE_DEPTH)) for band in bands]
        if len(capacity) >= count:
            for band, _ in capacity[:count]:
                slots.append(TextLine(*_centre(band, 0, 1), band.turned, band.length))
        else:
            for band, lines in capacity:
                used = min(lines, count - len(slots))
                for index in range(used):
                    slots.append(TextLine(*_centre(band, index, used), band.turned, band.length))
        return slots

    def fits(self) -> bool:
        """Every cut gets a mark of at least MIN_MARK and the label and scale line have room."""
        strips = self.strips()
        if self.per_page == 0 or min(strips.values()) < MARK_GAP + MIN_MARK - EPS:
            return False
        lines = self.text_lines(2)
        return len(lines) == 2 and all(line.length >= SCALE_MM + 40 for line in lines)


def _centre(band: Band, index: int, lines: int) -> tuple[float, float]:
    x, y, _ = band.line(index, lines)
    return x, y


def fit_grid(paper: str, card_w: float, card_h: float, bleed: float = 3.0,
             margin: float = PRINTER_MARGIN, folded: bool = False) -> SheetGrid:
    """The grid that fits most cards of this size on the paper with marks and margin texts (upright wins a tie).

    `folded` asks for a gutterfold grid: an even number of columns, the fold in the middle."""
    page_w, page_h = PAPERS[paper]
    best: SheetGrid | None = None
    for rotated in (False, True):
        w, h = (card_h, card_w) if rotated else (card_w, card_h)
        max_cols = floor((page_w - 2 * (margin + MARK_GAP + MIN_MARK) + EPS) / w)
        max_rows = floor((page_h - 2 * (margin + MARK_GAP + MIN_MARK) + EPS) / h)
        for cols in range(max_cols, 0, -1):
            if folded and cols % 2:
                continue
            for rows in range(max_rows, 0, -1):
                grid = SheetGrid(page_w, page_h, card_w, card_h, bleed, cols, rows, rotated, margin, folded)
                if best is not None and grid.per_page <= best.per_page:
                    break
                if grid.fits():
                    best = grid
                    break
    if best is None:
        raise ValueError(f"a {card_w}x{card_h} mm card does not fit on {paper} paper inside a {margin} mm margin")
    return best
