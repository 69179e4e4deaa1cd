"""Read a printed back page as a cutter who misses: render it at 300 dpi with pdftoppm and look, for every card, at
the band TOLERANCE wide around its trim, which is what a cut that far off leaves on the card.

A deck's colours are those found inside its cards' trims (INSET in) on the same page (quantised, so anti-aliasing
counts too). The band of a card must be its deck's colours (marks aside), and must not hold the main
colour of another deck on the page unless its own back uses that colour as well.
"""

from __future__ import annotations

import subprocess
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image

from generator.render.imposition import Slot
from generator.render.sheet_plan import TOLERANCE

DPI = 300
INSET = 0.5  # a deck's colours are read this far inside its trims, clear of what its neighbours paint
OWN_SHARE = 0.97  # what may differ: the crop marks crossing the band outside the block (under 1 %)


def render(pdf: Path, page: int, folder: Path) -> np.ndarray:
    """Page `page` (from 1) as an RGB array, drawn by poppler's pdftoppm at 300 dpi."""
    stem = folder / f"{pdf.stem}-{page}"
    subprocess.run(["pdftoppm", "-r", str(DPI), "-f", str(page), "-l", str(page), "-png", "-singlefile",
                    str(pdf), str(stem)], check=True, timeout=300)
    with Image.open(stem.with_suffix(".png")) as image:
        return np.asarray(image.convert("RGB"))


def _mask(image: np.ndarray, page_h: float, outer: tuple[float, float, float, float],
          inner: tuple[float, float, float, float] | None) -> np.ndarray:
    """Pixels whose centre lies inside `outer` and outside `inner` (boxes in mm, y up)."""
    rows, cols = image.shape[:2]
    x = (np.arange(cols) + 0.5) * 25.4 / DPI
    y = page_h - (np.arange(rows) + 0.5) * 25.4 / DPI
    inside = lambda box: (x[None, :] >= box[0]) & (x[None, :] <= box[2]) & (y[:, None] >= box[1]) \
        & (y[:, None] <= box[3])  # noqa: E731
    found = inside(outer)
    return found & ~inside(inner) if inner is not None else found


def _quantised(pixels: np.ndarray) -> np.ndarray:
    return (pixels // 16).astype(np.int32) @ np.array([256, 16, 1], dtype=np.int32)


@dataclass(frozen=True)
class Miscut:
    """What a card's band showed: the share of its own deck's colours and which other deck's colour it held."""

    deck: str
    slot: Slot
    own_share: float
    others: dict[str, int]  # other deck -> pixels of its main colour in the band

    @property
    def sound(self) -> bool:
        return self.own_share >= OWN_SHARE and not any(self.others.values())


def miscuts(image: np.ndarray, page_h: float, cards: Sequence[tuple[str, Slot]],
            tolerance: float = TOLERANCE) -> list[Miscut]:
    """Every card (deck, slot) of one rendered page, as a cut `tolerance` off on each side would leave it."""
    palettes: dict[str, set[int]] = {}
    main: dict[str, int] = {}
    for deck, slot in cards:
        inside = (slot.x + INSET, slot.y + INSET, slot.x + slot.w - INSET, slot.y + slot.h - INSET)
        colours = _quantised(image[_mask(image, page_h, inside, None)])
        palettes.setdefault(deck, set()).update(np.unique(colours).tolist())
        counts = Counter(colours.tolist())
        main.setdefault(deck, counts.most_common(1)[0][0])
    found = []
    for deck, slot in cards:
        trim = (slot.x, slot.y, slot.x + slot.w, slot.y + slot.h)
        grown = (slot.x - tolerance, slot.y - tolerance, slot.x + slot.w + tolerance, slot.y + slot.h + tolerance)
        band = _quantised(image[_mask(image, page_h, grown, trim)])
        own = np.isin(band, np.array(sorted(palettes[deck])))
        others = {other: int(np.count_nonzero(band == colour)) for other, colour in main.items()
                  if other != deck and colour not in palettes[deck]}
        found.append(Miscut(deck, slot, float(own.mean()), others))
    return found
