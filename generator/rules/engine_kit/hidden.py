"""Hidden cards dealt anew, as `resample_hidden` needs them.

A search must not peek: what a player cannot see (the deck's order, the others' hands) is drawn
anew from those same cards before it plays ahead. Shuffling all of them together and dealing
them back into the same places, each pile its own size, keeps every count a player can see.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def redeal(rng: random.Random, piles: Sequence[list[T]], sort: bool = False) -> list[list[T]]:
    """The cards of `piles` shuffled together (one `rng.shuffle`) and dealt back in order, each pile its own size;
    with `sort`, shuffled from their sorted order, so the deal depends on `rng` alone, never on the hidden order."""
    pool = [card for pile in piles for card in pile]
    if sort:
        pool.sort()
    rng.shuffle(pool)
    dealt: list[list[T]] = []
    at = 0
    for pile in piles:
        dealt.append(pool[at:at + len(pile)])
        at += len(pile)
    return dealt
