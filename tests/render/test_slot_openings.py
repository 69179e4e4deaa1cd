"""Each slot's clip and move are written once and repeated: the sheets keep the bytes of writing them every time."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.content.errors import ErrorList
from generator.layout.engine import CardLayouts
from generator.render import pdf_sheets
from generator.render.cards_step import ordered_cards
from generator.render.pdf_sheets import PrintCard, write_sheets
from tests.layout.conftest import CONTENT, load_game


def _sheets(folder: Path) -> dict[str, bytes]:
    content = load_game(CONTENT, "escape-earth")
    layouts = CardLayouts(content, ErrorList())
    deck = [PrintCard(card.id, layouts.front(card, "de"), layouts.back(card, "de")) for card in ordered_cards(content)]
    folder.mkdir()
    write_sheets(folder / "sheets.pdf", deck, "a4", content.icons, "t", "de")
    write_sheets(folder / "shifted.pdf", deck, "letter", content.icons, "t", "de", back_offset=(0.4, -0.3),
                 cut_lines=True)
    return {path.name: path.read_bytes() for path in folder.iterdir()}


def test_repeated_slot_openings_give_the_bytes_of_drawn_ones(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    original = pdf_sheets._place
    repeated = []

    def counting(drawer, face, slot, openings=None) -> None:
        repeated.append(openings is not None and slot in openings)
        original(drawer, face, slot, openings)

    monkeypatch.setattr(pdf_sheets, "_place", counting)
    kept = _sheets(tmp_path / "kept")
    assert sum(repeated) > len(repeated) / 2  # most faces went into a slot whose opening was kept

    monkeypatch.setattr(pdf_sheets, "_place", lambda drawer, face, slot, openings=None: original(drawer, face, slot))
    drawn = _sheets(tmp_path / "drawn")
    assert kept.keys() == drawn.keys()
    for name in drawn:
        assert kept[name] == drawn[name], name
