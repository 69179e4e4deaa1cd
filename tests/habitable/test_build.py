"""`pnp build habitable` prints every card in both languages on A4, Letter and print-on-demand, and the boards tiled."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

A4 = (595.3, 841.9)
LETTER = (612.0, 792.0)


@pytest.mark.slow
def test_build_writes_cards_boards_and_tokens(built_all) -> None:
    game = built_all.output / "habitable"      # `pnp build` of every bundled game, once per session
    for lang in ("de", "en"):
        for paper, size in (("a4", A4), ("letter", LETTER)):
            reader = PdfReader(game / f"cards-{lang}-{paper}.pdf")
            box = reader.pages[0].mediabox
            assert (float(box.width), float(box.height)) == pytest.approx(size, abs=1)
            assert len(reader.pages) >= 2 * (136 // 9)  # fronts and backs of 136 poker cards at 9 a page
            tiled = PdfReader(game / "boards" / f"main-{lang}-{paper}-tiled.pdf")
            assert len(tiled.pages) > 4  # a 700 mm board needs many sheets
            assert (game / f"tokens-{lang}-{paper}.pdf").is_file()
        pod = PdfReader(game / f"cards-{lang}-pod.pdf")
        assert len(pod.pages) == 2 * 152  # every card, front and back
        faces = list((game / "cards" / lang).glob("*-front.svg"))
        assert len(faces) == 67
