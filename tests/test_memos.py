"""Memos of what a file holds last one build: `pnp serve` (one long process) sees an edited icon
(generator.memos)."""

from __future__ import annotations

from pathlib import Path

from generator.build_cache import BuildCache
from generator.layout.safe_zones import _drawn_part

SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M{a} {a} L{b} {a} L{b} {b} Z"/></svg>'


def test_an_icons_drawn_part_is_read_again_when_a_build_starts(tmp_path: Path) -> None:
    icon = tmp_path / "mark.svg"
    icon.write_text(SQUARE.format(a=0, b=10), encoding="utf-8")
    whole = _drawn_part(icon)
    icon.write_text(SQUARE.format(a=4, b=6), encoding="utf-8")  # the designer saves a smaller mark
    assert _drawn_part(icon) == whole  # within one build: the memo
    BuildCache(None)  # the next build (what `pnp serve` makes at each saved change)
    smaller = _drawn_part(icon)
    assert smaller != whole and smaller[2] - smaller[0] < whole[2] - whole[0]
