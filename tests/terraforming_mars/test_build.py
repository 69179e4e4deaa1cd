"""`pnp check` and `pnp build terraforming-mars`: cards on A4, Letter and POD in both languages, tiled boards."""

from __future__ import annotations

import pdfplumber
import pytest
from pypdf import PdfReader

from tests.content.conftest import pnp
from tests.terraforming_mars.conftest import CONTENT, GAME


@pytest.mark.slow
def test_check_passes():
    result = pnp("check", GAME, "--content", str(CONTENT))
    assert result.code == 0, result.err
    assert "125 card designs, 125 cards, 2 boards" in result.out


@pytest.mark.slow
def test_build_prints_cards_in_both_languages_and_tiles_the_boards(built_all):
    out = built_all.output / GAME      # `pnp build` of every bundled game, once per session
    names = {"de": ("Regolith-Schmelze", "Eismond-Einschlag"), "en": ("Regolith smelter", "Ice moonlet impact")}
    for lang, wanted in names.items():
        for paper in ("a4", "letter", "pod"):
            with pdfplumber.open(out / f"cards-{lang}-{paper}.pdf") as pdf:
                text = "".join("".join((page.extract_text() or "").split()) for page in pdf.pages)
                # Letter sheets turn the cards to fit more on a page: their text layer reads backwards
                for name in ("".join(n.split()) for n in wanted):
                    assert name in text or name[::-1] in text, (lang, paper, name)
        pod = PdfReader(out / f"cards-{lang}-pod.pdf")
        assert len(pod.pages) == 2 * 125  # one design per page, front and back, every copy counted once
        for paper in ("a4", "letter"):
            tiled = PdfReader(out / "boards" / f"mars-{lang}-{paper}-tiled.pdf")
            assert len(tiled.pages) >= 5  # an overview and at least four pieces
            assert (out / "boards" / f"player-board-{lang}-{paper}-tiled.pdf").is_file()
            assert (out / "boards" / f"player-board-{lang}-{paper}-fit.pdf").is_file()  # fit_to_page: true
            assert (out / f"tokens-{lang}-{paper}.pdf").is_file()
