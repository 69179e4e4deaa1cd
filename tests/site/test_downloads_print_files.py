"""The downloads page offers the print files made only on request, in players' words: the print shop's deck PDFs,
the ink saver's light files (this language's only), and boards scaled to one page; nothing is named when they were
not made."""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

import pytest

from generator import output_files as names
from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.site.downloads import downloads_page
from generator.site.game_site import GameSite
from generator.site.tree import DocsTree

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def habitable():
    errors = ErrorList()
    [content] = load_checked(REPO / "content", ["habitable"], errors)
    assert not errors, errors.as_text()
    return content


def _plant(outputs: Path, *files: str) -> None:
    for name in files:
        path = outputs / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"%PDF-1.4 " + name.encode())


def _page(content, outputs: Path, lang: str) -> tuple[str, DocsTree, GameSite]:
    tree = DocsTree(lang)
    site = GameSite(content, lang, outputs, tree)
    return tree.pages[downloads_page(site, ("a4",))], tree, site


def _row(page: str, file_name: str) -> str:
    row = re.search(r"^\| ([^|]+) \| \[" + re.escape(file_name) + r"\]", page, re.MULTILINE)
    assert row, file_name
    return row.group(1)


def test_the_requested_print_files_are_offered_with_what_they_are_for(habitable, tmp_path):
    outputs = tmp_path / "habitable"
    _plant(outputs, names.pod_deck("en", "goal", "poker"), names.pod_deck("en", "planet", "tarot"),
           names.pod_deck("en", "planet", "tarot", pdfx=True), names.board_fit("player", "en", "a4"),
           names.ink_saver(names.card_sheets("en", "a4")), names.ink_saver(names.board_tiled("main", "en", "a4")),
           names.ink_saver(names.card_sheets("de", "a4")), names.ink_saver(names.tokens("de", "a4")))
    page, tree, _ = _page(habitable, outputs, "en")
    assert "one PDF per deck and card size, back first" in _row(page, "print-shop-decks-en.zip")
    assert _row(page, "player-en-a4-fit.pdf") == "Player board: Board on one page, scaled down, A4"
    assert "Ink saver" in _row(page, "ink-saver-en.zip")
    shop = tree.files["downloads/print-shop-decks-en.zip"]
    with zipfile.ZipFile(io.BytesIO(shop)) as zipped:
        assert zipped.namelist() == ["goal-poker.pdf", "planet-tarot-pdfx.pdf", "planet-tarot.pdf"]
    with zipfile.ZipFile(io.BytesIO(tree.files["downloads/ink-saver-en.zip"])) as zipped:
        assert zipped.namelist() == ["boards/main-en-a4-tiled.pdf", "cards-en-a4.pdf"]  # no German file
    german, german_tree, _ = _page(habitable, outputs, "de")
    assert "print-shop-decks-de" not in german  # no German deck PDF was made
    _plant(outputs, names.pod_deck("de", "goal", "poker"))
    german, _, _ = _page(habitable, outputs, "de")
    assert "je Kartenstapel und Kartengröße ein PDF, Rückseite zuerst" in _row(german, "print-shop-decks-de.zip")
    assert "Tintensparend" in _row(german, "ink-saver-de.zip")
    assert not any("fit" in name for name in german_tree.files)  # no fitted German board was made


def test_files_not_asked_for_are_neither_offered_nor_reported_missing(habitable, tmp_path):
    outputs = tmp_path / "habitable"
    _plant(outputs, names.card_sheets("en", "a4"))
    page, _, site = _page(habitable, outputs, "en")
    assert "ink-saver" not in page and "-fit.pdf" not in page
    assert not any("ink saver" in note for note in site.notes)
    assert not any("boards download" in note and "fit" in note for note in site.notes)


def test_players_read_no_option_or_command_about_them(habitable, tmp_path):
    outputs = tmp_path / "habitable"
    _plant(outputs, names.pod_deck("en", "goal", "poker"), names.board_fit("player", "en", "a4"),
           names.ink_saver(names.card_sheets("en", "a4")))
    page, _, _ = _page(habitable, outputs, "en")
    for designer_word in ("--ink", "--fit-boards", "fit_to_page", "pnp ", "--profile", "pdfx"):
        text = re.sub(r"\]\([^)]*\)", "]", page)  # link targets are file names, not words
        assert designer_word not in text.replace("-pdfx.pdf", ""), designer_word
