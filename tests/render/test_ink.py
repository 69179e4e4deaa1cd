"""The ink saver: light versions of every printable file beside the designed ones, from `--ink saver` or game.yaml.

A small game (the starter of `pnp new`: two decks with dark backs, a board, tokens) is built both
ways; back pages and board pages are rendered and their dark pixels counted. The light backs must
still keep two decks apart when cut 1 mm off (the same raster check as the designed sheets).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from PIL import Image

from generator.authoring.starter import write_starter
from generator.boards.step import render_boards
from generator.build import BuildOptions
from generator.content.errors import ErrorList
from generator.content.loader import load_game
from generator.drawing.ink import InkSaver, contrast, ink, readable
from generator.drawing.shapes import Circle, Paint, Rect, Text
from generator.layout.geometry import FaceLayout
from generator.render.cards_step import render_cards
from generator.render.imposition import PAPERS
from generator.render.ink import saver_deck, saver_face
from generator.render.pdf_sheets import plan_sheets, write_sheets
from tests.cli_in_process import pnp
from tests.render.miscut import miscuts, render
from tests.render.test_marked_cards import RED, two_decks

GAME = "ink-test"
NAVY = "#0b1026"


def dark_share(pdf: Path, page: int | None, folder: Path) -> float:
    """The share of pixels darker than mid-grey on one page (None: every page), rendered in grey at 50 dpi."""
    stem = folder / f"{pdf.parent.name}-{pdf.stem}-{page or 0}"
    pages = ["-f", str(page), "-l", str(page)] if page else []
    subprocess.run(["pdftoppm", "-r", "50", "-gray", *pages, str(pdf), str(stem)], check=True, timeout=300)
    dark = total = 0
    for path in folder.glob(f"{stem.name}*.pgm"):
        with Image.open(path) as image:
            histogram = image.histogram()
        dark, total = dark + sum(histogram[:128]), total + sum(histogram)
    return dark / total


@pytest.fixture(scope="module")
def starter(tmp_path_factory) -> Path:
    """A fresh starter game; its content folder."""
    content = tmp_path_factory.mktemp("content")
    write_starter(content, GAME)
    return content


@pytest.fixture(scope="module")
def printed(starter, tmp_path_factory) -> Path:
    """The starter's cards and boards in English on A4, with `ink: saver`; the game's output folder."""
    errors = ErrorList()
    content = load_game(starter / GAME, errors)
    assert content is not None and not errors, errors.as_text()
    out = tmp_path_factory.mktemp("out") / GAME
    out.mkdir()
    options = BuildOptions(languages=("en",), papers=("a4",), ink="saver", tts=False)
    render_cards(content, out, options, errors)
    render_boards(content, out, options, errors)
    assert not errors, errors.as_text()
    return out


def test_every_printable_file_has_a_light_version_of_the_same_name(printed):
    designed = {"cards-en-a4.pdf", "cards-en-a4-gutterfold.pdf", "tokens-en-a4.pdf",
                "boards/scoreboard-en-full.pdf", "boards/scoreboard-en-a4-tiled.pdf"}
    assert all((printed / name).is_file() for name in designed)
    light = {path.relative_to(printed / "ink-saver").as_posix() for path in (printed / "ink-saver").rglob("*.pdf")}
    assert light == designed  # no print-shop, calibration or site file is made light


def test_back_pages_and_boards_lose_most_of_their_dark_pixels(printed, tmp_path):
    saver = printed / "ink-saver"
    designed_back = dark_share(printed / "cards-en-a4.pdf", 2, tmp_path)
    light_back = dark_share(saver / "cards-en-a4.pdf", 2, tmp_path)
    assert designed_back > 0.4 and light_back < 0.15, (designed_back, light_back)
    designed_board = dark_share(printed / "boards" / "scoreboard-en-full.pdf", None, tmp_path)
    light_board = dark_share(saver / "boards" / "scoreboard-en-full.pdf", None, tmp_path)
    assert light_board <= designed_board / 2, (designed_board, light_board)
    assert dark_share(saver / "cards-en-a4-gutterfold.pdf", 1, tmp_path) < \
        dark_share(printed / "cards-en-a4-gutterfold.pdf", 1, tmp_path) / 2


def test_without_the_setting_nothing_light_is_written(starter, tmp_path):
    errors = ErrorList()
    content = load_game(starter / GAME, errors)
    render_boards(content, tmp_path, BuildOptions(languages=("en",), papers=("a4",)), errors)
    assert not errors and not (tmp_path / "ink-saver").exists()


def test_light_text_on_a_lightened_fill_takes_the_fill_colour_darkened():
    saver = InkSaver(63, 88)
    background, band = saver.item(Rect(-3, -3, 69, 94, Paint(fill=NAVY)))
    title, = saver.item(Text(31.5, 50, "Galaxy", "bold", 15, "#ffffff", "middle", width=20, block=("b", "#ffffff")))
    assert ink(background.paint.fill) < 0.1 and background.paint.stroke == NAVY  # type: ignore[union-attr]
    assert band.paint.stroke == NAVY and band.x > 0 and band.x + band.w < 63  # type: ignore[union-attr]
    assert title.color == readable(NAVY) and contrast(title.color, background.paint.fill) >= 4.5  # type: ignore
    assert title.block != ("b", "#ffffff")  # type: ignore[union-attr]  # not shared with the white run's form
    pip, = saver.item(Circle(10, 10, 1.0, Paint(fill="#000000")))
    assert pip.paint.fill == "#000000"  # type: ignore[union-attr]  # tiny marks stay as designed


def test_decks_stay_apart_and_told_apart_on_light_back_pages(tmp_path):
    designed = two_decks()
    designed[1] = designed[0]  # a copy of a card: the same PrintCard twice
    cards = saver_deck(designed)
    assert cards[1] is cards[0]  # its light version too, so the sheet replays its drawing
    pdf = tmp_path / "light.pdf"
    write_sheets(pdf, cards, "a4", {}, "Two decks")
    image = render(pdf, 2, tmp_path)
    plan, group = plan_sheets(cards, "a4")[0]
    found = miscuts(image, PAPERS["a4"][1], [(group[i].deck, slot) for i, slot in plan.placed(back=True)])
    assert {m.deck for m in found} == {"red", "blue"}
    assert all(m.sound for m in found), [m for m in found if not m.sound]
    red_back = saver_face(FaceLayout(63, 88, 3.0, "red", frame=[Rect(-3, -3, 69, 94, Paint(fill=RED))]))
    assert {item.paint.stroke for item in red_back.frame} == {RED}  # type: ignore[union-attr]  # its band


def test_the_flag_and_the_game_setting_write_the_same_light_files(starter, tmp_path, capsys, monkeypatch):
    common = ("--content", str(starter), "--lang", "en", "--paper", "a4")
    code, _, err = pnp(capsys, monkeypatch, "cards", GAME, *common, "--output", str(tmp_path / "flag"),
                       "--ink", "saver")
    assert code == 0, err
    game_yaml = starter / GAME / "game.yaml"
    original = game_yaml.read_text(encoding="utf-8")
    try:
        game_yaml.write_text(original + "print: {ink: saver}\n", encoding="utf-8")
        code, _, err = pnp(capsys, monkeypatch, "cards", GAME, *common, "--output", str(tmp_path / "yaml"))
        assert code == 0, err
        code, _, err = pnp(capsys, monkeypatch, "cards", GAME, *common, "--output", str(tmp_path / "off"),
                           "--ink", "designed")
        assert code == 0, err
    finally:
        game_yaml.write_text(original, encoding="utf-8")
    by_flag, by_yaml = (tmp_path / "flag" / GAME / "ink-saver", tmp_path / "yaml" / GAME / "ink-saver")
    assert sorted(p.name for p in by_flag.iterdir()) == sorted(p.name for p in by_yaml.iterdir()) == \
        ["cards-en-a4-gutterfold.pdf", "cards-en-a4.pdf"]
    for name in ("cards-en-a4.pdf", "cards-en-a4-gutterfold.pdf"):  # the same pages (the label's hash aside)
        assert dark_share(by_flag / name, 2 if name == "cards-en-a4.pdf" else 1, tmp_path) == \
            pytest.approx(dark_share(by_yaml / name, 2 if name == "cards-en-a4.pdf" else 1, tmp_path), abs=0.002)
    assert not (tmp_path / "off" / GAME / "ink-saver").exists()  # the flag overrides the game's setting


def test_a_later_run_without_the_setting_removes_the_light_sheets(starter, tmp_path, capsys, monkeypatch):
    args = ("cards", GAME, "--content", str(starter), "--lang", "en", "--paper", "a4", "--output", str(tmp_path))
    assert pnp(capsys, monkeypatch, *args, "--ink", "saver")[0] == 0
    assert (tmp_path / GAME / "ink-saver" / "cards-en-a4.pdf").is_file()
    assert pnp(capsys, monkeypatch, *args)[0] == 0
    assert not (tmp_path / GAME / "ink-saver" / "cards-en-a4.pdf").exists()  # the output shows the last run's setting
    assert (tmp_path / GAME / "cards-en-a4.pdf").is_file()


def test_an_unknown_ink_option_is_bad_usage(starter, tmp_path, capsys, monkeypatch):
    code, out, err = pnp(capsys, monkeypatch, "cards", GAME, "--content", str(starter), "--output", str(tmp_path),
                         "--ink", "dark")
    assert code == 2
    assert "'dark' is not one of 'designed', 'saver'" in err
    assert not (tmp_path / GAME).exists()


def test_an_unknown_ink_setting_is_a_content_error_at_its_line(starter, tmp_path, capsys, monkeypatch):
    game_yaml = starter / GAME / "game.yaml"
    original = game_yaml.read_text(encoding="utf-8")
    try:
        game_yaml.write_text(original + "print:\n  ink: dark\n", encoding="utf-8")
        line = len(original.splitlines()) + 2
        code, out, err = pnp(capsys, monkeypatch, "check", GAME, "--content", str(starter))
    finally:
        game_yaml.write_text(original, encoding="utf-8")
    assert code == 1
    assert f"game.yaml:{line}" in out + err
    assert "'designed' or 'saver'" in out + err


def test_art_is_drawn_from_a_light_copy_and_small_icons_stay(tmp_path):
    from generator.drawing.icons import load_icon
    from generator.drawing.ink import LightArt
    from generator.drawing.shapes import Icon

    icon = tmp_path / "blob.svg"
    icon.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" '
                    'fill="#1030d0" stroke="#000000" stroke-width="0.5"/></svg>', encoding="utf-8")
    art = LightArt(tmp_path / "art", {"blob": icon})
    saver = InkSaver(63, 88, art=art)
    big, = saver.item(Icon("blob", 10, 10, 30))
    small, = saver.item(Icon("blob", 10, 50, 5))
    assert small == Icon("blob", 10, 50, 5)
    assert big.name != "blob" and big.name in art.icons  # type: ignore[union-attr]
    shape, = load_icon(art.icons[big.name]).shapes  # type: ignore[union-attr]
    assert shape.stroke == "#000000" and ink(shape.fill or "#000000") < ink("#1030d0") / 2


def test_the_player_aid_is_in_the_light_set_as_it_is(starter, tmp_path):
    from generator.rulebook.step import render_rulebooks

    turn = starter / GAME / "game.yaml"  # the player aid prints the game's quick reference
    original = turn.read_text(encoding="utf-8")
    try:
        turn.write_text(original + "\nquick_reference:\n  turn:\n    - {name: {en: Play, de: Spielen}, "
                        "text: {en: Play a card., de: Spiele eine Karte.}}\n"
                        "  end: [{en: The deck runs out., de: Der Stapel ist leer.}]\n", encoding="utf-8")
        errors = ErrorList()
        content = load_game(starter / GAME, errors)
        written = render_rulebooks(content, tmp_path, BuildOptions(languages=("en",), papers=("a4",), ink="saver"),
                                   errors)
    finally:
        turn.write_text(original, encoding="utf-8")
    assert not errors, errors.as_text()
    aid, light = tmp_path / "player-aid-en-a4.pdf", tmp_path / "ink-saver" / "player-aid-en-a4.pdf"
    assert light in written and light.read_bytes() == aid.read_bytes()
    assert dark_share(light, None, tmp_path) < 0.15  # text on white: nothing to lighten


def test_a_layout_keeps_or_omits_an_element_in_the_light_version(tmp_path):
    from generator.drawing.shapes import Icon
    from generator.layout.engine import CardLayouts

    write_starter(tmp_path, GAME)
    (tmp_path / GAME / "layouts").mkdir()
    (tmp_path / GAME / "layouts" / "card.yaml").write_text(
        "extends: card\n"
        "front:\n  content:\n    - {id: art-icon, ink: omit}\n"
        "back:\n  frame:\n    - {id: background, ink: keep}\n    - {id: emblem-icon, ink: omit}\n", encoding="utf-8")
    errors = ErrorList()
    content = load_game(tmp_path / GAME, errors)
    assert content is not None and not errors, errors.as_text()
    layouts = CardLayouts(content, errors)
    card = content.cards[0]
    kind = content.game.kind(card.kind)
    front, back = layouts.front(card, "en"), layouts.back(card, "en")
    assert front is not None and back is not None and not layouts.problems
    light_back, light_front = saver_face(back), saver_face(front)
    designed_fill = kind.back.color.lower()  # type: ignore[union-attr]
    assert light_back.frame[0] == back.frame[0] and light_back.frame[0].paint.fill == designed_fill  # type: ignore
    assert "#ffffff" in {item.color for item in light_back.frame if isinstance(item, Text)}  # white on the kept fill
    assert not [item for item in light_back.frame if isinstance(item, Icon)]
    art = [item for item in front.items if isinstance(item, Icon) and item.size >= 12]
    assert art and not [item for item in light_front.items if isinstance(item, Icon) and item.size >= 12]
    # without a choice the same layout's back is made light
    plain = CardLayouts(load_game(starter_copy(tmp_path), ErrorList()), ErrorList())
    other = plain.back(card, "en")
    assert other is not None and ink(saver_face(other).frame[0].paint.fill) < 0.1  # type: ignore[union-attr]


def starter_copy(folder: Path) -> Path:
    write_starter(folder / "plain", GAME)
    return folder / "plain" / GAME


@pytest.mark.slow
@pytest.mark.parametrize("game", ["habitable", "terraforming-mars"])
def test_every_light_back_page_of_a_bundled_game_survives_a_1_mm_miscut(game, tmp_path):
    from generator.layout.engine import CardLayouts
    from generator.render.cards_step import lay_out, ordered_cards
    from tests.layout.conftest import CONTENT
    from tests.layout.conftest import load_game as load_bundled
    from tests.render.test_marked_cards import back_pages

    content = load_bundled(CONTENT, game)
    designs = lay_out(CardLayouts(content, ErrorList()), ordered_cards(content), "en")
    assert designs is not None
    cards = saver_deck([printed for card, printed in designs for _ in range(card.count)])
    pdf = tmp_path / "light.pdf"
    write_sheets(pdf, cards, "a4", content.icons, game)
    for number, sheet in enumerate(back_pages(pdf, cards, "a4", tmp_path), start=1):
        unsound = [(m.deck, m.own_share, m.others) for m in sheet if not m.sound]
        assert unsound == [], (number, unsound)


def test_a_picture_is_drawn_from_a_lightened_copy(tmp_path):
    from generator.drawing.ink import LightArt
    from generator.drawing.shapes import Image as Picture

    source = tmp_path / "art.png"
    Image.new("RGB", (8, 8), (20, 40, 120)).save(source)
    art = LightArt(tmp_path / "art", {})
    light, = InkSaver(63, 88, art=art).item(Picture(str(source), 5, 20, 53, 30))
    small, = InkSaver(63, 88, art=art).item(Picture(str(source), 5, 5, 6, 6))
    assert small.path == str(source)  # type: ignore[union-attr]  # a small picture is information: as designed
    assert light.path != str(source) and Path(light.path).parent == tmp_path / "art"  # type: ignore[union-attr]
    with Image.open(light.path) as copy:  # type: ignore[union-attr]
        r, g, b, _ = copy.getpixel((4, 4))
    assert ink(f"#{r:02x}{g:02x}{b:02x}") < ink("#142878") / 2


@pytest.mark.parametrize("colour", ["#0b1026", "#f2c94c", "#e8590c", "#7cc46b", "#ffd43b", "#1c7ed6", "#ffffff"])
def test_a_recoloured_text_reads_on_its_pale_fill(colour):
    from generator.drawing.ink import pale

    assert contrast(readable(colour), pale(colour)) >= 4.5
