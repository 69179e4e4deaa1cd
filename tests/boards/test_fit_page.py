"""A board scaled to fit one page: the page is the paper, the board sits inside the margin at the scale the page
states, no tiling marks; which boards get the page (the file's `fit_to_page`, `--fit-boards`); bad values refused."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from PIL import ImageStat
from pypdf import PdfReader

from generator.boards.fit_page import HEADER_MM, plan_fit, write_fit_pdf
from generator.boards.layout import layout_board
from generator.boards.tiling import MARGIN_MM, PAPERS
from tests.boards.conftest import CONTENT, load, pnp

MM = 72 / 25.4


def test_a_player_board_is_shrunk_to_the_printable_area_and_never_enlarged():
    a4 = plan_fit(297, 210, "a4")
    assert a4.page == (297.0, 210.0)  # landscape shows it larger
    assert a4.scale == pytest.approx((210 - 2 * MARGIN_MM - HEADER_MM) / 210)
    assert a4.percent == 83
    assert a4.x >= MARGIN_MM and a4.x + a4.width <= 297 - MARGIN_MM + 1e-9
    assert a4.y >= MARGIN_MM - 1e-9 and a4.y + a4.height <= 210 - MARGIN_MM - HEADER_MM + 1e-9
    letter = plan_fit(297, 210, "letter")
    assert letter.page == (279.4, 215.9) and letter.percent == 86
    small = plan_fit(100, 60, "a4")
    assert small.scale == 1.0 and (small.width, small.height) == (100, 60)


@pytest.fixture(scope="module")
def player_board(tmp_path_factory) -> dict:
    habitable, errors = load(CONTENT, "habitable")
    assert habitable is not None, errors.as_text()
    board = next(b for b in habitable.boards if b.id == "player")
    assert board.fit_to_page
    out = tmp_path_factory.mktemp("fit")
    made = {}
    for lang in ("de", "en"):
        scene, problems = layout_board(board, lang, habitable.icons)
        assert not problems
        for paper in PAPERS:
            path = out / f"player-{lang}-{paper}-fit.pdf"
            made[lang, paper] = (path, write_fit_pdf(scene, path, paper, lang, "Habitable", "Version 1.0"))
    return made


@pytest.mark.parametrize("paper", PAPERS)
def test_the_page_is_the_paper_and_the_board_is_drawn_where_the_plan_puts_it(player_board, paper):
    path, plan = player_board["en", paper]
    reader = PdfReader(path)
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx((plan.page[0] * MM, plan.page[1] * MM), abs=0.01)
    # the board's ink lies inside the plan's rectangle, and fills it: rendered at 72 dpi, 1 px = 1 pt
    image = pdfium.PdfDocument(str(path))[0].render(scale=1.0).to_pil().convert("L")
    page_h = image.height
    left, top = round(plan.x * MM), round(page_h - (plan.y + plan.height) * MM)
    right, bottom = round((plan.x + plan.width) * MM), round(page_h - plan.y * MM)
    inside = image.crop((left + 2, top + 2, right - 2, bottom - 2))
    assert inside.getextrema()[0] < 100  # the board's dark title bar and text are drawn in it
    light_background = inside.crop((2, inside.height - 6, 6, inside.height - 2)).getextrema()
    assert light_background[1] < 255  # the board's own background colour reaches the rectangle's corner
    below = image.crop((left, bottom + 16, right, page_h - 2))  # past the trim ticks' 4.5 mm
    assert below.getextrema()[0] > 250  # nothing under the board: no scale bar, no tiles' labels


@pytest.mark.parametrize(("lang", "words"), [("en", "Scaled to {} % to fit one page"),
                                             ("de", "Auf {} % verkleinert (eine Seite)")])
@pytest.mark.parametrize("paper", PAPERS)
def test_the_page_states_its_scale_and_has_no_tiling_marks(player_board, lang, words, paper):
    path, plan = player_board[lang, paper]
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        text = page.extract_text()
        assert words.format(plan.percent) in text
        assert "Version 1.0" in text and f"{lang.upper()} · " in text
        outside_board = [w for w in page.extract_words() if w["top"] < (plan.page[1] - plan.y - plan.height) * MM]
        assert all(w["x1"] <= page.width - MARGIN_MM * MM + 0.5 for w in outside_board)
        assert not any(t in text for t in ("A1", "B2", "Overview", "Übersicht", "overlap", "Überlappung"))


def _words(run) -> str:
    return run.out + run.err


def test_a_board_file_asks_for_the_page_and_fit_boards_gives_it_to_every_board(board_game, tmp_path):
    root = board_game("""\
        id: tableau
        name: {de: Tableau, en: Tableau}
        size: {width: 297, height: 210}
        fit_to_page: true
        """)
    out = tmp_path / "out"
    run = pnp("boards", "--content", str(root), "--output", str(out), "--lang", "en", "--paper", "a4")
    assert run.code == 0, _words(run)
    assert sorted(p.name for p in (out / "boardgame" / "boards").glob("*.pdf")) == [
        "tableau-en-a4-fit.pdf", "tableau-en-a4-tiled.pdf", "tableau-en-full.pdf"]


def test_without_the_setting_only_the_flag_makes_the_page_and_a_small_board_stays_full_size(board_game, tmp_path):
    root = board_game("""\
        id: strip
        name: {de: Leiste, en: Strip}
        size: {width: 120, height: 80}
        """)
    out = tmp_path / "out"
    assert pnp("boards", "--content", str(root), "--output", str(out), "--paper", "a4").code == 0
    assert not list((out / "boardgame" / "boards").glob("*-fit.pdf"))
    run = pnp("boards", "--content", str(root), "--output", str(out), "--paper", "a4", "--fit-boards")
    assert run.code == 0, _words(run)
    fitted = sorted(p.name for p in (out / "boardgame" / "boards").glob("*-fit.pdf"))
    assert fitted == ["strip-de-a4-fit.pdf", "strip-en-a4-fit.pdf"]
    with pdfplumber.open(out / "boardgame" / "boards" / "strip-en-a4-fit.pdf") as pdf:
        assert "At full size (100 %)." in pdf.pages[0].extract_text()


def test_a_fit_value_that_is_not_yes_or_no_is_an_error_at_its_line(board_game, tmp_path):
    root = board_game("""\
        id: tableau
        name: {de: Tableau, en: Tableau}
        size: {width: 297, height: 210}
        fit_to_page: sometimes
        """)
    out = tmp_path / "out"
    run = pnp("boards", "--content", str(root), "--output", str(out))
    assert run.code == 1
    assert "test.yaml:4:" in _words(run) and "fit_to_page" in _words(run)
    assert not out.exists() or not list(out.rglob("*.pdf"))


def test_the_ink_saver_also_gets_the_fitted_page(board_game, tmp_path):
    root = board_game("""\
        id: tableau
        name: {de: Tableau, en: Tableau}
        size: {width: 297, height: 210}
        background: "#223344"
        fit_to_page: true
        """)
    out = tmp_path / "out"
    run = pnp("boards", "--content", str(root), "--output", str(out), "--lang", "de", "--paper", "letter",
              "--ink", "saver")
    assert run.code == 0, _words(run)
    saver = out / "boardgame" / "ink-saver" / "boards" / "tableau-de-letter-fit.pdf"
    designed = out / "boardgame" / "boards" / "tableau-de-letter-fit.pdf"
    assert saver.is_file() and designed.is_file()

    def darkness(path: Path) -> float:
        image = pdfium.PdfDocument(str(path))[0].render(scale=0.5).to_pil().convert("L")
        return 255 - ImageStat.Stat(image).mean[0]

    assert darkness(saver) < darkness(designed) / 2


def test_a_bad_flag_value_is_bad_usage(board_game, tmp_path):
    root = board_game("""\
        id: tableau
        name: {de: Tableau, en: Tableau}
        size: {width: 297, height: 210}
        """)
    run = pnp("boards", "--content", str(root), "--output", str(tmp_path / "out"), "--fit-boards=yes")
    assert run.code == 2
    assert "--fit-boards" in _words(run)
