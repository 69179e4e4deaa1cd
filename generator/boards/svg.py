"""A board scene as a true-size SVG (width/height in mm, one user unit = 1 mm).

Written by the drawing model's SVG writer (generator.drawing.svg), as card faces are: fonts
named by the same CSS families, each text run pinned to its width (`textLength`) so a browser's
fallback font cannot reflow the board, and icons as <symbol>s built from the same parsed
outlines the PDF draws. Space ids go into `data-space` attributes, so the web page can
highlight a space the rules text mentions. Table pictures of the engines are scenes written here too.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from generator.boards.scene import Scene
from generator.drawing.shapes import Icon, Image, Item
from generator.drawing.svg import document, element, icon_symbols, item_svg, write_svg


@lru_cache(maxsize=1 << 16)
def _item_svg(item: Item) -> str:
    """An item's SVG, kept by value: the site's table pictures repeat their board's hundreds of shapes in
    every picture (a pure function of the item; images, which read a file, are not kept)."""
    return item_svg(item)


def _items_svg(items: list[Item], icons: dict[str, Path]) -> str:
    """As drawing.svg.items_svg: the items in order, an icon the scene has no file for left out."""
    return "".join(item_svg(item) if isinstance(item, Image) else _item_svg(item) for item in items
                   if not (isinstance(item, Icon) and item.name not in icons))


def scene_svg(scene: Scene, board_id: str) -> str:
    """The SVG document of a board scene (deterministic: same scene, same bytes)."""
    body = element("g", {"class": "board"}, _items_svg(scene.items, scene.icons))
    return document(scene.width, scene.height, "pnp-board", scene.title, {"board": board_id},
                    icon_symbols(scene.items, scene.icons), body)


def write_board_svg(scene: Scene, path: Path, board_id: str) -> Path:
    return write_svg(path, scene_svg(scene, board_id))
