"""The board SVG, the token sheets and the build step's files."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pdfplumber
import pytest

from generator.boards.layout import layout_board
from generator.boards.step import render_boards
from generator.boards.svg import scene_svg
from generator.boards.tokens import printable_tokens, write_token_pdf
from generator.build import BuildOptions
from generator.content.errors import ErrorList
from generator.content.loader import load_game
from tests.boards.conftest import CONTENT, load, pnp

NS = {"svg": "http://www.w3.org/2000/svg"}
MM = 72 / 25.4


def svg_of(content, board_id: str, lang: str) -> ET.Element:
    board = next(b for b in content.boards if b.id == board_id)
    scene, _ = layout_board(board, lang, content.icons)
    return ET.fromstring(scene_svg(scene, board_id))


def test_the_svg_is_true_size_in_millimetres(astronuts):
    root = svg_of(astronuts, "map", "de")
    assert root.get("width") == "500mm" and root.get("height") == "540mm"
    assert root.get("viewBox") == "0 0 500 540"


def test_the_svg_tags_every_placed_space_and_speaks_the_language(astronuts):
    for lang, home, walnut in (("de", "Heimat NW", "Walnuss"), ("en", "Home NW", "Walnut")):
        root = svg_of(astronuts, "map", lang)
        tagged = {el.get("data-space") for el in root.iter() if el.get("data-space")}
        board = next(b for b in astronuts.boards if b.id == "map")
        assert tagged == set(board.placed.by_id)
        texts = {el.text for el in root.iter(f"{{{NS['svg']}}}text")}
        assert home in texts and walnut in texts
        home_circle = next(el for el in root.iter() if el.get("data-space") == "nw-home")
        space = board.space("nw-home")
        assert float(home_circle.get("cx")) == pytest.approx(space.x)
        assert float(home_circle.get("r")) == pytest.approx(27)


def test_the_svg_uses_the_card_fonts_and_icon_symbols(astronuts):
    root = svg_of(astronuts, "action-track", "en")
    texts = list(root.iter(f"{{{NS['svg']}}}text"))
    assert texts and all("DejaVu Sans" in t.get("font-family") and t.get("textLength") for t in texts)
    symbols = {s.get("id") for s in root.iter(f"{{{NS['svg']}}}symbol")}
    uses = {u.get("{http://www.w3.org/1999/xlink}href") or u.get("href") for u in root.iter(f"{{{NS['svg']}}}use")}
    assert "icon-action" in symbols and uses <= {f"#{s}" for s in symbols}


def _cut_shapes(path: Path) -> tuple[int, int]:
    """(round, square) cut lines: thin black outlines of the tokens."""
    rounds = squares = 0
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            for curve in page.curves:
                if curve["stroke"] and curve.get("stroking_color") in ((0, 0, 0), [0, 0, 0], (0,), [0]) and \
                        abs(curve["linewidth"] - 0.2 * MM) < 0.01:
                    rounds += 1
            for rect in page.rects:
                if rect["stroke"] and abs(rect["linewidth"] - 0.2 * MM) < 0.01:
                    squares += 1
    return rounds, squares


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_escape_earth_tokens_ships_aliens_anomaly_and_cubes(tmp_path, paper):
    errors = ErrorList()
    content = load_game(CONTENT / "escape-earth", errors)
    assert content is not None
    specs = {s.component.id: s for s in printable_tokens(content)}
    assert specs["aliens-token"].shape == "round" and specs["food-cubes"].shape == "square"
    path = write_token_pdf(content, tmp_path / "tokens.pdf", paper, "de")
    rounds, squares = _cut_shapes(path)
    assert rounds == 2 + 1 + 1  # two ships, the Aliens token, the Weltraumanomalie token
    assert squares == 8 + 8 + 7 + 7  # the activity cubes
    with pdfplumber.open(path) as pdf:
        text = "".join(p.extract_text() for p in pdf.pages)
    assert "Aliens" in text and "Anomalie" in text


def test_astronuts_tokens_count_every_ship_nut_and_colony(astronuts, tmp_path):
    path = write_token_pdf(astronuts, tmp_path / "tokens.pdf", "a4", "en")
    rounds, squares = _cut_shapes(path)
    assert rounds == 12 + 80 and squares == 60
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:  # nothing leaves the printable area
            for obj in page.curves + page.rects:
                assert obj["x0"] >= 8.9 * MM and obj["x1"] <= page.width - 8.9 * MM
                assert obj["top"] >= 8.9 * MM and obj["bottom"] <= page.height - 8.9 * MM


def test_a_game_without_boards_gets_token_sheets_only(tmp_path):
    errors = ErrorList()
    content = load_game(CONTENT / "escape-earth", errors)
    written = render_boards(content, tmp_path, BuildOptions(), errors)
    assert not errors
    assert sorted(p.name for p in written if p.suffix == ".pdf") == ["tokens-de-a4.pdf", "tokens-de-letter.pdf",
                                                                   "tokens-en-a4.pdf", "tokens-en-letter.pdf"]
    others = {p.relative_to(tmp_path).as_posix() for p in written if p.suffix != ".pdf"}
    assert {"tts/de/tokens.json", "tts/en/tokens.json", "tts/en/ships-token.png"} <= others  # Tabletop Simulator's
    assert all(name.startswith("tts/") for name in others)
    assert not (tmp_path / "boards").exists()


def test_a_panel_whose_text_does_not_fit_fails_the_build_at_its_line(board_game, tmp_path):
    root = board_game("""\
    id: test
    name: {de: Test, en: Test}
    size: {width: 100, height: 100}
    panels:
      - id: note
        at: [5, 5]
        size: {width: 40, height: 12}
        text: {de: "Sehr viel Text, der niemals in dieses kleine Feld passt, egal wie man es dreht.", en: "Short."}
    """)
    content, errors = load(root, "boardgame")
    assert not errors
    written = render_boards(content, tmp_path, BuildOptions(), errors)
    problems = [e for e in errors if e.code == "layout"]
    assert len(problems) == 1 and problems[0].mark.line == 7
    assert "panel 'note' (de) needs" in problems[0].message
    assert not any("-de" in p.name and p.parent.name == "boards" for p in written)


@pytest.mark.slow
def test_pnp_build_astronuts_writes_the_named_outputs(tmp_path):
    run = pnp("build", "astronuts", "--output", str(tmp_path / "out"))
    assert run.code == 0, run.err
    game = tmp_path / "out" / "astronuts"
    for board in ("map", "action-track"):
        for lang in ("de", "en"):
            assert (game / "boards" / f"{board}-{lang}.svg").is_file()
            assert (game / "boards" / f"{board}-{lang}-full.pdf").is_file()
            for paper in ("a4", "letter"):
                assert (game / "boards" / f"{board}-{lang}-{paper}-tiled.pdf").is_file()
    for lang in ("de", "en"):
        for paper in ("a4", "letter"):
            assert (game / f"tokens-{lang}-{paper}.pdf").is_file()


@pytest.mark.slow
def test_the_board_build_is_byte_identical_when_repeated(astronuts, tmp_path):
    first, second = tmp_path / "one", tmp_path / "two"
    for out in (first, second):
        out.mkdir()
        errors = ErrorList()
        render_boards(astronuts, out, BuildOptions(), errors)
        assert not errors
    files = sorted(p.relative_to(first) for p in first.rglob("*") if p.is_file())
    tokens = len(printable_tokens(astronuts))
    # per board and language: SVG, full, 2 tiled, TTS image and object; token sheets; per language a TTS image
    # per token component and the tokens' object
    assert len(files) == 2 * 2 * (1 + 1 + 2 + 1 + 1) + 4 + 2 * (tokens + 1)
    for rel in files:
        assert (first / rel).read_bytes() == (second / rel).read_bytes(), rel


def test_a_label_the_font_cannot_draw_fails_the_build(board_game, tmp_path):
    root = board_game("""\
    id: test
    name: {de: Test, en: Test}
    size: {width: 100, height: 100}
    spaces:
      - {id: a, kind: planet, at: [50, 50], label: {de: "Planet 漢", en: Planet}}
    """)
    content, errors = load(root, "boardgame")
    assert not errors, errors.as_text()
    render_boards(content, tmp_path, BuildOptions(), errors)
    [problem] = [e for e in errors if e.code == "layout"]
    assert "no glyph for '漢' (U+6F22)" in problem.message and "(de)" in problem.message


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_token_sheets_keep_tokens_apart_captions_clear_and_small_groups_whole(astronuts, paper):
    from generator.boards.scene import Circle, Rect, Text
    from generator.boards.tokens import CUT, GAP_MM, token_pages
    from generator.drawing.fonts import text_width_pt

    pages = token_pages(astronuts, paper, "en")
    assert len(pages) == 2
    for page in pages:
        boxes = []
        for item in page.items:
            if isinstance(item, Circle) and item.paint == CUT:
                boxes.append((item.cx - item.r, item.cy - item.r, item.cx + item.r, item.cy + item.r))
            elif isinstance(item, Rect) and item.paint == CUT:
                boxes.append((item.x, item.y, item.x + item.w, item.y + item.h))
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                apart = max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3])
                assert apart >= GAP_MM - 1e-6
        captions = [t for t in page.items if isinstance(t, Text) and "×" in t.text]
        spans = sorted((t.baseline, t.x, t.x + text_width_pt(t.text, t.font, t.size) * 25.4 / 72) for t in captions)
        for (y1, _, end), (y2, start, _) in zip(spans, spans[1:], strict=False):
            assert y1 != y2 or end < start
    ships = [item for page in pages for item in page.items
             if isinstance(item, Circle) and item.paint == CUT and abs(item.r - 10) < 1e-6]
    by_colour_rows = {}
    for circle in ships:  # the 3 ships of a colour stand in one row
        colour = next(i.paint.fill for page in pages for i in page.items if isinstance(i, Circle)
                      and i.cx == circle.cx and i.cy == circle.cy and i.paint.fill and i.r > circle.r)
        by_colour_rows.setdefault(colour, set()).add(round(circle.cy, 3))
    assert len(by_colour_rows) == 4 and all(len(rows) == 1 for rows in by_colour_rows.values())


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_token_sheets_keep_the_printers_margin_and_show_the_scale_bar(astronuts, tmp_path, paper):
    import pdfplumber

    from generator.boards.tokens import write_token_pdf
    from tests.render.printed_sheet import scale_bars, too_close_to_edge

    path = write_token_pdf(astronuts, tmp_path / "tokens.pdf", paper, "en")
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            assert too_close_to_edge(page) == []
            assert len(scale_bars(page)) == 1


def test_each_board_is_also_an_image_for_tabletop_simulator(astronuts, tmp_path):
    from PIL import Image

    errors = ErrorList()
    render_boards(astronuts, tmp_path, BuildOptions(languages=("en",), papers=("a4",)), errors)
    assert not errors
    for board in astronuts.boards:
        with Image.open(tmp_path / "tts" / "en" / f"{board.id}-board.png") as image:
            assert max(image.size) <= 4096
            width, height = board.size.width, board.size.height
            assert image.width / image.height == pytest.approx(width / height, rel=0.01)  # the trim, no bleed


@pytest.mark.parametrize("lang, side", [("de", "Bogen 1/2 · einseitig drucken"), ("en", "sheet 1/2 · print one-sided")])
def test_token_sheets_name_language_page_side_and_build_beside_the_title(astronuts, tmp_path, lang, side):
    path = write_token_pdf(astronuts, tmp_path / "tokens.pdf", "a4", lang, "pnp-forge 9.9 · c0ffee00")
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == 2
        lines = pdf.pages[0].extract_text_lines()
        label = [line for line in lines if "c0ffee00" in line["text"]]
        title = [line for line in lines if line["text"] == f"Astronuts — {'Spielsteine' if lang == 'de' else 'Tokens'}"]
        assert len(label) == 1 and len(title) == 1
        assert label[0]["text"] == f"{lang.upper()} · {side} · pnp-forge 9.9 · c0ffee00"
        assert min(ch["size"] for ch in label[0]["chars"]) >= 8
        assert title[0]["x1"] < label[0]["x0"] and abs(title[0]["bottom"] - label[0]["bottom"]) < 4 * MM


def test_a_long_game_title_on_a_token_sheet_is_shortened_before_it_reaches_the_label():
    from generator.boards.scene import PT_MM
    from generator.boards.tokens import _shortened
    from generator.drawing.fonts import text_width_pt

    title = "The Exceedingly Long Name of a Game Nobody Could Print in One Line — Tokens"
    short = _shortened(title, 80.0)
    assert short.endswith("…") and title.startswith(short[:-1].rstrip())
    assert text_width_pt(short, "wide-bold", 12) * PT_MM <= 80.0
    assert _shortened("Astronuts — Tokens", 80.0) == "Astronuts — Tokens"
