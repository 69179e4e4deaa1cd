"""Copies of a card are drawn once and replayed: the PDFs keep the bytes of drawing every copy."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.content.errors import ErrorList
from generator.layout.engine import CardLayouts
from generator.render import pdf_face
from generator.render.cards_step import ordered_cards
from generator.render.pdf_sheets import PrintCard, write_gutterfold, write_pod, write_sheets
from tests.layout.conftest import CONTENT, load_game

GAMES = ("escape-earth", "habitable")


def _write_all(folder: Path, game: str) -> dict[str, bytes]:
    content = load_game(CONTENT, game)
    layouts = CardLayouts(content, ErrorList())
    designs = [(card, PrintCard(card.id, layouts.front(card, "en"), layouts.back(card, "en")))
               for card in ordered_cards(content)]
    deck = [printed for card, printed in designs for _ in range(card.count)]  # as the cards step deals them
    assert len(deck) > len({id(printed.front) for printed in deck})  # the deck has copies
    folder.mkdir()
    write_sheets(folder / "sheets.pdf", deck, "a4", content.icons, "t", "en")
    write_sheets(folder / "no-forms.pdf", deck, "letter", content.icons, "t", "en", use_forms=False)
    write_gutterfold(folder / "fold.pdf", deck, "a4", content.icons, "t", "en")
    write_pod(folder / "pod.pdf", deck, content.icons, "t")
    return {path.name: path.read_bytes() for path in folder.iterdir()}


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_replayed_copies_give_the_bytes_of_drawn_copies(game: str, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    original = pdf_face.PdfFaceDrawer.draw
    replays = []

    def counting(self: pdf_face.PdfFaceDrawer, face) -> None:
        replays.append(id(face) in self._drawn)
        original(self, face)

    monkeypatch.setattr(pdf_face.PdfFaceDrawer, "draw", counting)
    replayed = _write_all(tmp_path / "replayed", game)
    assert sum(replays) > len(replays) / 3  # copies were replayed, not drawn

    def draw_every_copy(self: pdf_face.PdfFaceDrawer, face) -> None:
        self._drawn.clear()  # forget what was recorded: every copy is drawn out again
        original(self, face)

    monkeypatch.setattr(pdf_face.PdfFaceDrawer, "draw", draw_every_copy)
    drawn = _write_all(tmp_path / "drawn", game)
    assert sorted(replayed) == sorted(drawn)
    for name in drawn:
        assert replayed[name] == drawn[name], name
