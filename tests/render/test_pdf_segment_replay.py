"""What cards of a kind share is drawn once per document and its operators replayed: same bytes as drawing it."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.content.errors import ErrorList
from generator.drawing import pdf
from generator.layout.engine import CardLayouts
from generator.render.cards_step import ordered_cards
from generator.render.pdf_sheets import PrintCard, write_gutterfold, write_pod, write_sheets
from tests.layout.conftest import CONTENT, load_game


class _Forgetful(dict):
    """A replay store that keeps nothing: every segment is drawn out."""

    def __setitem__(self, key, value) -> None:
        return None


def _write_all(folder: Path, game: str, lang: str) -> dict[str, bytes]:
    content = load_game(CONTENT, game)
    layouts = CardLayouts(content, ErrorList())
    deck = [PrintCard(card.id, layouts.front(card, lang), layouts.back(card, lang))  # one of each design
            for card in ordered_cards(content)]
    folder.mkdir()
    write_sheets(folder / "sheets.pdf", deck, "a4", content.icons, "t", lang, cut_lines=True,
                 back_offset=(0.5, -0.3))
    write_gutterfold(folder / "fold.pdf", deck, "letter", content.icons, "t", lang)
    write_pod(folder / "pod.pdf", deck, content.icons, "t")
    return {path.name: path.read_bytes() for path in folder.iterdir()}


@pytest.mark.parametrize(("game", "lang"), [("escape-earth", "de"), ("habitable", "en")])
def test_replayed_segments_give_the_bytes_of_drawn_segments(game: str, lang: str, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    original = pdf.PdfDrawer._segment
    drawn_out = []
    monkeypatch.setattr(pdf.PdfDrawer, "_segment", lambda self, *args: drawn_out.append(1) or original(self, *args))
    segments = []
    ends = pdf._segment_end
    monkeypatch.setattr(pdf, "_segment_end", lambda *args: segments.append(1) or ends(*args))
    replayed = _write_all(tmp_path / "replayed", game, lang)
    assert len(drawn_out) < 0.8 * len(segments)  # a fifth or more of the segments were replayed, not drawn

    init = pdf.PdfDrawer.__init__

    def forgetful(self: pdf.PdfDrawer, *args, **kwargs) -> None:
        init(self, *args, **kwargs)
        self._replays = _Forgetful()

    monkeypatch.setattr(pdf.PdfDrawer, "__init__", forgetful)
    drawn_out.clear()
    segments.clear()
    drawn = _write_all(tmp_path / "drawn", game, lang)
    assert len(drawn_out) == len(segments)  # nothing was replayed this time
    assert sorted(replayed) == sorted(drawn)
    for name in drawn:
        assert replayed[name] == drawn[name], name
