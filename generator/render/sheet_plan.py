"""Which card goes in which slot of which sheet, so that no deck's back can mark another deck's cards.

Cards of one deck share their cuts; two decks never touch. A deck starts a new row, and where the
row above it holds another deck a gutter parts them (GUTTER_BLEED of bleed on each side) if the
sheet still has room for its marks and margin texts with it (`SheetGrid.fits`); otherwise an
empty row parts them if two rows are left, and else the deck starts a new sheet. Decks are
printed in the order of their first card, all of a deck together.

Every card gets bleed on all four sides: toward a card of its own deck the neighbour's identical
back is that bleed, toward an empty slot the card's own bleed is drawn into the slot, toward a
gutter half the gutter, toward the outside what the printable area allows.

`bleed_problems` checks a plan the way a cutter misses: every card's trim grown by TOLERANCE on
each side must be covered by the drawing of its own deck only, on both sides of the sheet.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from generator.render.imposition import GUTTER_BLEED, SheetGrid, Slot

TOLERANCE = 1.0  # the cutting error, in mm, every card must survive on each side
EMPTY = -1

Box = tuple[float, float, float, float]  # (left, bottom, right, top) in mm


@dataclass(frozen=True)
class SheetPlan:
    """One sheet: its grid (with the gutters it needs), and per slot the card's index and deck (EMPTY / None)."""

    grid: SheetGrid
    cards: tuple[int, ...]  # per slot index (rows from the top), the index into the printed card list
    decks: tuple[str | None, ...]

    def placed(self, back: bool = False) -> list[tuple[int, Slot]]:
        """(card index, slot) of every card on the front or (mirrored) back page, each clipped to its own bleed."""
        cells = self._page_cells(back)
        found = []
        for index, card in enumerate(self.cards):
            if card == EMPTY:
                continue
            slot = self.grid.fold_slot(index, back) if self.grid.folded else self.grid.slot(index, back)
            found.append((card, replace(slot, clip=_clip(self.grid, cells, slot))))
        return found

    def faces(self, back: bool = False) -> list[tuple[int, Slot, bool]]:
        """What one printed page holds: (card index, slot, is a back). A gutterfold page holds both sides."""
        if self.grid.folded:
            return [(c, s, False) for c, s in self.placed()] + [(c, s, True) for c, s in self.placed(back=True)]
        return [(c, s, back) for c, s in self.placed(back)]

    def pages(self) -> list[bool]:
        """The pages of this sheet as the `back` flag of `faces`: one page when folded, front and back otherwise."""
        return [False] if self.grid.folded else [False, True]

    def _page_cells(self, back: bool) -> dict[tuple[int, int], str | None]:
        """Deck per (row, placed column) of a page: a gutterfold page has fronts and backs, a duplex page one side."""
        cells: dict[tuple[int, int], str | None] = {}
        sides = (False, True) if self.grid.folded else (back,)
        for side in sides:
            for index, deck in enumerate(self.decks):
                slot = self.grid.fold_slot(index, side) if self.grid.folded else self.grid.slot(index, side)
                cells[(slot.row, slot.col)] = deck
        return cells


def _clip(grid: SheetGrid, cells: dict[tuple[int, int], str | None], slot: Slot) -> Box:
    """The slot's trim grown on each side by the bleed its neighbour there allows (see the module docstring)."""
    outer = grid.outer_bleed()

    def reach(side: str, row: int, col: int) -> float:
        if not (0 <= row < grid.rows and 0 <= col < grid.cols):
            return outer[side]
        if side == "top" and row in grid.gutters or side == "bottom" and slot.row in grid.gutters:
            return GUTTER_BLEED
        # an empty slot takes the card's bleed; a card of its deck is the bleed (another deck touching it is
        # what bleed_problems reports)
        return grid.bleed if cells.get((row, col)) is None else 0.0

    r, c = slot.row, slot.col
    return (slot.x - reach("left", r, c - 1), slot.y - reach("bottom", r + 1, c),
            slot.x + slot.w + reach("right", r, c + 1), slot.y + slot.h + reach("top", r - 1, c))


def impose(decks: Sequence[str], grid: SheetGrid) -> list[SheetPlan]:
    """Sheets for cards of one size whose decks are `decks` (in print order); plans name cards by their index."""
    first: dict[str, int] = {}
    for index, deck in enumerate(decks):
        first.setdefault(deck, index)
    order = sorted(range(len(decks)), key=lambda i: first[decks[i]])
    per_row = grid.cols // 2 if grid.folded else grid.cols
    plans: list[SheetPlan] = []
    rows: list[list[int]] = []
    gutters: list[int] = []

    def close() -> None:
        if rows:
            cards = [i for row in rows for i in row + [EMPTY] * (per_row - len(row))]
            cards += [EMPTY] * (per_row * grid.rows - len(cards))
            plans.append(SheetPlan(replace(grid, gutters=tuple(gutters)), tuple(cards),
                                   tuple(None if i == EMPTY else decks[i] for i in cards)))
        rows.clear()
        gutters.clear()

    for index in order:
        deck = decks[index]
        if rows and len(rows[-1]) < per_row and decks[rows[-1][-1]] == deck:
            rows[-1].append(index)
            continue
        if len(rows) == grid.rows:
            close()
        if rows and decks[rows[-1][-1]] != deck:
            parted = replace(grid, gutters=(*gutters, len(rows) - 1))
            if parted.fits():
                gutters.append(len(rows) - 1)
            elif len(rows) + 2 <= grid.rows:
                rows.append([])  # no room for a gutter: an empty row parts them
            else:
                close()
        rows.append([index])
    close()
    return plans


@dataclass(frozen=True)
class BleedProblem:
    """A card whose cut, missed by TOLERANCE, could show paper or another deck: on which sheet and side, and why."""

    sheet: int  # counted from 1 within the plans checked
    card: int
    deck: str
    back: bool
    other: str | None  # the deck that could show, None for bare paper


def bleed_problems(plans: Sequence[SheetPlan], tolerance: float = TOLERANCE) -> list[BleedProblem]:
    """Every card whose trim grown by `tolerance` is not drawn by its own deck alone, on any page of the plans."""
    problems: list[BleedProblem] = []
    for number, plan in enumerate(plans, start=1):
        for back in plan.pages():
            deck_of = {card: deck or "" for card, deck in zip(plan.cards, plan.decks, strict=True)}
            faces = plan.faces(back)
            for card, slot, is_back in faces:
                deck = deck_of[card]
                grown = (slot.x - tolerance, slot.y - tolerance, slot.x + slot.w + tolerance,
                         slot.y + slot.h + tolerance)
                own = [s.clip for c, s, _ in faces if deck_of[c] == deck]
                other = next((deck_of[c] for c, s, _ in faces if deck_of[c] != deck and _overlap(grown, s.clip)), None)
                if other is not None or not _covered(grown, own):
                    problems.append(BleedProblem(number, card, deck, is_back, other))
    return problems


def _overlap(a: Box, b: Box) -> bool:
    """True when two boxes share an area (touching edges do not count)."""
    return min(a[2], b[2]) - max(a[0], b[0]) > 1e-6 and min(a[3], b[3]) - max(a[1], b[1]) > 1e-6


def _covered(area: Box, boxes: Sequence[Box]) -> bool:
    """True when the union of `boxes` covers `area`: every cell between their edges is inside one of them."""
    xs = sorted({area[0], area[2], *(x for b in boxes for x in (b[0], b[2]) if area[0] < x < area[2])})
    ys = sorted({area[1], area[3], *(y for b in boxes for y in (b[1], b[3]) if area[1] < y < area[3])})
    for x0, x1 in zip(xs, xs[1:], strict=False):
        for y0, y1 in zip(ys, ys[1:], strict=False):
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            if not any(b[0] <= mx <= b[2] and b[1] <= my <= b[3] for b in boxes):
                return False
    return True
