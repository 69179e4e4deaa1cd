"""Every bundled player aid fills its page: both columns carry the marked sections, in type of at least 7 pt."""

from __future__ import annotations

import pdfplumber
import pytest

from generator.build import BuildOptions
from generator.content.errors import ErrorList
from generator.rulebook.step import render_rulebooks
from tests.layout.conftest import CONTENT, load_game

FILLED = 0.7  # the lowest text of each column reaches this share of the page height (the footer aside)


@pytest.mark.slow
@pytest.mark.parametrize("game", ["astronuts", "escape-earth", "habitable", "terraforming-mars"])
def test_the_player_aid_fills_both_columns_of_its_page(game, tmp_path):
    content = load_game(CONTENT, game, expect_cards=game != "astronuts")
    errors = ErrorList()
    render_rulebooks(content, tmp_path, BuildOptions(languages=("de", "en"), papers=("a4", "letter")), errors)
    assert not errors, errors.as_text()
    for lang in ("de", "en"):
        for paper in ("a4", "letter"):
            with pdfplumber.open(tmp_path / f"player-aid-{lang}-{paper}.pdf") as pdf:
                [page] = pdf.pages
                body = [c for c in page.chars if c["bottom"] < page.height - 40]  # above the footer
                middle = page.width / 2
                for column in ([c for c in body if c["x0"] < middle], [c for c in body if c["x0"] >= middle]):
                    assert column, (lang, paper, "a column is empty")
                    assert max(c["bottom"] for c in column) / page.height >= FILLED, (lang, paper)
                assert min(c["size"] for c in page.chars) >= 7.0, (lang, paper)
