"""The drawing model's SVG string writer gives byte for byte what svgwrite's drawing of the same piece gives:
every bundled card face and board, and odd items (hostile text, anchors, polylines, dashes, spaces)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.boards.layout import layout_board
from generator.boards.scene import Scene
from generator.boards.svg import scene_svg
from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.drawing.shapes import Circle, Icon, Image, Line, Paint, Polygon, Rect, Text
from generator.layout.engine import CardLayouts
from generator.layout.geometry import FaceLayout
from generator.render.svg import face_svg
from tests.render.svgwrite_reference import svgwrite_face, svgwrite_scene

REPO = Path(__file__).resolve().parents[2]
GAMES = ("escape-earth", "habitable", "terraforming-mars")


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_bundled_face_has_svgwrites_bytes(game: str) -> None:
    errors = ErrorList()
    [content] = load_checked(REPO / "content", [game], errors)
    layouts = CardLayouts(content, errors)
    compared = 0
    for card in content.cards:
        for lang in ("de", "en"):
            for side, face in (("front", layouts.front(card, lang)), ("back", layouts.back(card, lang))):
                assert face is not None
                assert face_svg(face, content.icons, face.title, card.id, side) == \
                    svgwrite_face(face, content.icons, face.title, card.id, side), (card.id, lang, side)
                compared += 1
    assert compared == 4 * len(content.cards) and not errors


@pytest.mark.parametrize("game", ("astronuts", "escape-earth", "habitable", "terraforming-mars"))
def test_every_bundled_board_has_svgwrites_bytes(game: str) -> None:
    errors = ErrorList()
    [content] = load_checked(REPO / "content", [game], errors)
    compared = 0
    for board in content.boards:
        for lang in ("de", "en"):
            scene, _ = layout_board(board, lang, content.icons)
            assert scene_svg(scene, board.id) == svgwrite_scene(scene, board.id), (board.id, lang)
            compared += 1
    assert compared == 2 * len(content.boards)


def _odd_items(tmp_path: Path) -> tuple[dict[str, Path], list, list]:
    icons = {path.stem: path for path in sorted((REPO / "content" / "escape-earth" / "icons").glob("*.svg"))[:2]}
    first, second = icons
    picture = tmp_path / "p.png"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(40)))
    hostile = 'a < b & "c" > d \t\n\r ü 💥'
    runs = [Text(1.0, 2.0, hostile, "regular", 8.0, "#112233", width=10.5),
            Text(1.0, 5.0, "Kursiv", "italic", 7.0, "#000000", width=4.0),
            Text(1.0, 8.0, "Fett", "bold", 7.0, "#000000", width=4.0)]
    shapes = [Rect(0.0, 0.0, 63.0, 88.0, Paint(None, "#000000", 0.3), 2.0), Rect(1, 2, 3, 4, Paint("#ffffff"), 0),
              Circle(5.0, 6.0, 1.25, Paint("#abcdef", "#000000", 0.0)),
              Line(0.0, 0.0, 10.0, 10.0, Paint(None, "#333333", 0.25, (1.0, 0.5))),
              Line(1, 1, 2, 2, Paint(None, "#000000", 0.1)),
              Icon(first, 1.0, 1.0, 5.0), Icon(second, 2.0, 2.0, 3.333),
              Image(str(picture), 1.0, 2.0, 3.0, 4.0)]
    return icons, runs, shapes


def test_odd_text_empty_groups_lines_circles_and_images_have_svgwrites_bytes(tmp_path: Path) -> None:
    icons, runs, shapes = _odd_items(tmp_path)
    hostile = runs[0].text
    cases = [FaceLayout(63.0, 88.0, 3.0, "k", frame=shapes, items=runs, title=hostile),
             FaceLayout(57.0, 89.0, 3.0, "k", frame=[], items=[], title=""),
             FaceLayout(70.0, 70.0, 0.0, "k", frame=runs, items=shapes, title="<&>")]
    for face in cases:
        for card_id in ("x", 'a"b&'):
            assert face_svg(face, icons, face.title, card_id, "front") == \
                svgwrite_face(face, icons, face.title, card_id, "front")


def test_odd_scene_items_have_svgwrites_bytes(tmp_path: Path) -> None:
    icons, runs, shapes = _odd_items(tmp_path)
    board_items = [Text(5.0, 6.0, "Mitte & <Ende>", "bold", 9.0, "#111111", "middle"),
                   Text(5.0, 9.0, "rechts", "wide-bold", 12.0, "#111111", "end"),
                   Rect(1, 1, 5, 5, Paint("#102030", "#000000", 0.4, (1.0, 1.0)), 1.5, space='s"1'),
                   Circle(3, 3, 2, Paint(stroke="#8a8fa3", stroke_width=0.25, dash=(1.0, 1.0)), space="orbit-1"),
                   Polygon(((0, 0), (1.5, 2.25), (3, 0)), Paint("#ff0000", "#000000", 0.2), space="hex-0-0"),
                   Polygon(((0, 0), (4, 4)), Paint("#ff0000", "#00ff00", 0.8), closed=False),
                   Icon("not-in-the-game", 1, 1, 2)]
    cases = [Scene(100.0, 50.0, "#ffffff", [*shapes, *runs, *board_items], icons, "Brett & <Plan>"),
             Scene(10.0, 10.0, None, [], {}, "")]
    for scene in cases:
        for board_id in ("map", 'a"b&'):
            assert scene_svg(scene, board_id) == svgwrite_scene(scene, board_id)
