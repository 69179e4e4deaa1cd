"""A card's picture from a file (`art:` on the face, `src` of an art element): kept inside the game's folder,
bounded, its resolution checked against the printed size; and a picture box that touches the trim reaches into
the bleed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PIL import Image as PillowImage

from generator.content.errors import ErrorList
from generator.drawing.shapes import Circle, Image, Line, Polygon
from generator.layout.art_element import bleed_box
from generator.layout.engine import CardLayouts
from tests.cli_in_process import pnp, run_pnp
from tests.layout.conftest import CONTENT, load_game
from tests.once import once_per_run

PICTURE_LAYOUT = """extends: card
front:
  content:
    - {id: art-icon, remove: true}
    - {id: picture, type: art, after: art, x: BOX_X, y: BOX_Y, w: BOX_W, h: art_h, src: "{{ face.art or '' }}",
       motif: "MOTIF"}
"""


def picture_game(game: Path, art: str | None, box: tuple[str, str, str] = ("m + 1.2", "art_y", "W - 2 * m - 2.4"),
                 motif: str = "") -> int:
    """Give Escape Earth's buildings a picture element and the Outpost the picture `art`; the line of its `art:`."""
    layout = PICTURE_LAYOUT.replace("BOX_X", box[0]).replace("BOX_Y", box[1]).replace("BOX_W", box[2])
    (game / "layouts" / "building.yaml").write_text(layout.replace("MOTIF", motif), encoding="utf-8")
    cards = game / "cards" / "buildings.yaml"
    lines = cards.read_text(encoding="utf-8").split("\n")
    at = lines.index("    icon: outpost") + 1
    if art is not None:
        lines.insert(at, f"    art: {art}")
    cards.write_text("\n".join(lines), encoding="utf-8")
    return at + 1


def png(path: Path, size: tuple[int, int], mode: str = "RGB") -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    PillowImage.new(mode, size).save(path)


def outpost_front(game: Path):
    content = load_game(game.parent, game.name)
    layouts = CardLayouts(content, ErrorList())
    face = layouts.front(content.card("aussenposten"), "en")
    return face, layouts.problems


def check(capsys, monkeypatch, game: Path, *extra: str) -> tuple[int, str]:
    """`pnp check` without the rulebook's layout (a picture is on a card; the full check runs below, for
    test_a_picture_file_that_cannot_be_used_is_an_error_at_the_cards_line)."""
    code, _out, err = pnp(capsys, monkeypatch, "check", "escape-earth", "--content", str(game.parent), "--no-rulebook",
                          *extra)
    return code, err


def test_a_picture_of_too_few_dpi_is_a_warning_at_the_cards_line_and_fails_only_strict(game_copy, capsys,
                                                                                       monkeypatch):
    line = picture_game(game_copy, "pictures/outpost.png")
    png(game_copy / "pictures" / "outpost.png", (100, 60))  # fitted into 53.6 x 22 mm: 60 px over 22 mm
    code, err = check(capsys, monkeypatch, game_copy)
    assert code == 0, err
    assert f"buildings.yaml:{line}:" in err
    assert "card 'aussenposten'" in err and "picture 'pictures/outpost.png' is 69 dpi" in err
    assert "at least 300 dpi" in err
    code, err = check(capsys, monkeypatch, game_copy, "--strict")
    assert code == 1 and "pictures/outpost.png" in err


def test_a_picture_with_enough_dpi_is_drawn_as_an_image_filling_its_box(game_copy, capsys, monkeypatch):
    picture_game(game_copy, "pictures/outpost.png")
    png(game_copy / "pictures" / "outpost.png", (1400, 600))
    face, problems = outpost_front(game_copy)
    assert not problems
    images = [item for item in face.items if isinstance(item, Image)]
    assert len(images) == 1 and images[0].path.endswith("pictures/outpost.png")
    assert images[0].x == pytest.approx(3.5 + 1.2) and images[0].w == pytest.approx(63 - 7 - 2.4)
    code, err = check(capsys, monkeypatch, game_copy, "--strict")
    assert code == 0, err


# Each unusable picture on a face of its own (an icon line of buildings.yaml that `art:` follows), so that one
# `pnp check` of one copy refuses them all: every case below still names its own line, card and reason.
REFUSED = {  # art: (the icon line it follows, the card that is refused)
    "../../outside.png": ("    icon: outpost", "aussenposten"),
    "/etc/hostname.png": ("    icon: farm", "hydroponische-farm"),
    "pictures/outpost.gif": ("    icon: mine", "robomine"),
    "pictures/missing.png": ("    icon: lab", "weltraumlabor"),
    "pictures/huge.png": ("    icon: starbase", "sternenbasis"),
    "pictures/broken.png": ("      icon: outpost-upgraded", "aussenposten"),
    "pictures/heavy.png": ("      icon: farm-upgraded", "hydroponische-farm"),
    "pictures/linked.png": ("      icon: mine-upgraded", "robomine"),
}


@pytest.fixture(scope="session")
def refused(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, int], int, str]:
    """(the line of each picture's `art:`, exit code, stderr) of one `pnp check` of a copy with every picture of
    REFUSED on its face, made once per test run (tests.once); no test changes the copy."""

    def make(root: Path) -> dict:
        game = root / "content" / "escape-earth"
        shutil.copytree(CONTENT / "escape-earth", game)
        picture_game(game, None)
        cards = game / "cards" / "buildings.yaml"
        lines = cards.read_text(encoding="utf-8").split("\n")
        for art, (icon, _card) in REFUSED.items():
            lines.insert(lines.index(icon) + 1, icon.replace(icon.strip(), f"art: {art}"))
        cards.write_text("\n".join(lines), encoding="utf-8")
        at = {art: lines.index(icon.replace(icon.strip(), f"art: {art}")) + 1 for art, (icon, _) in REFUSED.items()}
        png(root / "outside.png", (2000, 2000))
        png(game / "pictures" / "huge.png", (8000, 6000), mode="1")
        (game / "pictures" / "broken.png").write_bytes(b"\x89PNG\r\n\x1a\n not a picture")
        (game / "pictures" / "outpost.gif").write_bytes(b"GIF89a")
        with (game / "pictures" / "heavy.png").open("wb") as heavy:
            heavy.truncate(21 * 1024 * 1024)  # sparse: the size is what is refused, before a byte is read
        png(root / "elsewhere.png", (2000, 2000))
        (game / "pictures" / "linked.png").symlink_to(root / "elsewhere.png")
        done = run_pnp("check", "escape-earth", "--content", str(game.parent))
        return {"at": at, "code": done.returncode, "err": done.stderr}

    _root, facts = once_per_run(tmp_path_factory, "refused-pictures", make)
    return facts["at"], facts["code"], facts["err"]


@pytest.mark.parametrize(("art", "said"), [
    ("../../outside.png", "picture '../../outside.png' is outside the game's folder"),
    ("/etc/hostname.png", "is outside the game's folder"),
    ("pictures/outpost.gif", "is not PNG, JPEG or SVG"),
    ("pictures/missing.png", "picture 'pictures/missing.png' does not exist"),
    ("pictures/huge.png", "is 8000 x 6000 px; at most 40 million pixels"),
    ("pictures/broken.png", "cannot be read as an image"),
    ("pictures/heavy.png", "picture 'pictures/heavy.png' is 21.0 MB, over the 20 MB limit"),
])
def test_a_picture_file_that_cannot_be_used_is_an_error_at_the_cards_line(refused, art, said):
    at, code, err = refused
    assert code == 1, err
    said_at = [line for line in err.splitlines() if f"buildings.yaml:{at[art]}:" in line]
    assert said_at and all(f"card '{REFUSED[art][1]}'" in line and said in line for line in said_at), err


def test_a_picture_through_a_link_is_refused(refused):
    at, code, err = refused
    assert code == 1
    said_at = [line for line in err.splitlines() if f"buildings.yaml:{at['pictures/linked.png']}:" in line]
    assert said_at and all("picture 'pictures/linked.png' is a symbolic link" in line for line in said_at), err


def test_an_svg_picture_is_drawn_as_shapes_fitted_into_the_box(game_copy):
    picture_game(game_copy, "pictures/outpost.svg")
    (game_copy / "pictures").mkdir(exist_ok=True)
    (game_copy / "pictures" / "outpost.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50">'
        '<rect x="0" y="0" width="100" height="50" fill="#123456"/>'
        '<circle cx="50" cy="25" r="20" fill="#fedcba"/></svg>', encoding="utf-8")
    face, problems = outpost_front(game_copy)
    assert not problems
    fills = [item for item in face.items if isinstance(item, Polygon) and item.paint.fill in ("#123456", "#fedcba")]
    assert [p.paint.fill for p in fills] == ["#123456", "#fedcba"]
    xs, ys = [x for x, _ in fills[0].points], [y for _, y in fills[0].points]
    assert max(xs) - min(xs) == pytest.approx(2 * (max(ys) - min(ys)), abs=0.02), "its proportions kept"
    assert (min(xs) + max(xs)) / 2 == pytest.approx(63 / 2, abs=0.01), "centred in the box"
    assert max(ys) - min(ys) == pytest.approx(88 * 0.25, abs=0.01), "as tall as the box (a quarter of the card)"
    assert len(fills[1].points) > 8, "the circle's curves are flattened into many points"


def test_without_a_file_the_element_draws_the_picture_generated_for_the_card(game_copy):
    picture_game(game_copy, None, motif="outpost")
    face, problems = outpost_front(game_copy)
    assert not problems
    assert not any(isinstance(item, Image) for item in face.items)
    assert sum(isinstance(item, (Polygon, Circle, Line)) for item in face.items) > 10


def test_a_box_touching_the_trim_reaches_into_the_bleed_and_only_on_those_sides():
    assert bleed_box(0, 0, 20, 15, 70, 120, 3) == (-3, -3, 23, 18, True)
    assert bleed_box(50, 100, 20, 20, 70, 120, 3) == (50, 100, 23, 23, True)
    assert bleed_box(4, 20, 55, 30, 63, 88, 3) == (4, 20, 55, 30, False)


def test_a_generated_picture_in_the_cards_corner_is_drawn_out_to_the_bleed(game_copy):
    picture_game(game_copy, None, box=("0", "0", "20"), motif="planet")
    face, problems = outpost_front(game_copy)
    assert not problems
    points = [pt for item in face.items if isinstance(item, Polygon) for pt in item.points]
    assert min(x for x, _ in points) == pytest.approx(-3.0) and min(y for _, y in points) == pytest.approx(-3.0)
    assert max(x for x, _ in points) == pytest.approx(20.0)


def test_a_picture_file_in_the_bleed_box_has_the_extended_size(game_copy):
    picture_game(game_copy, "pictures/outpost.png", box=("0", "0", "W"))
    png(game_copy / "pictures" / "outpost.png", (2000, 1000))
    face, problems = outpost_front(game_copy)
    assert not problems
    (image,) = [item for item in face.items if isinstance(item, Image)]
    assert (image.x, image.y, image.w) == (-3.0, -3.0, 63 + 6.0)
