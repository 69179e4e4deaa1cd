"""A board scene as a true-size SVG (width/height in mm, one user unit = 1 mm).

Written by the drawing model's SVG writer (generator.drawing.svg), as card faces are: fonts
named by the same CSS families, each text run pinned to its width (`textLength`) so a browser's
fallback font cannot reflow the board, and icons as <symbol>s built from the same parsed
outlines the PDF draws. Space ids go into `data-space` attributes, so the web page can
highlight a space the rules text mentions. Table pictures of the engines are scenes written here too.
"""

from __future__ import annotations

from pathlib import Path

from generator.boards.scene import Scene
from generator.drawing.svg import document, element, icon_symbols, items_svg, write_svg


def scene_svg(scene: Scene, board_id: str) -> str:
    """The SVG document of a board scene (deterministic: same scene, same bytes)."""
    body = element("g", {"class": "board"}, items_svg(scene.items, scene.icons))
    return document(scene.width, scene.height, "pnp-board", scene.title, {"board": board_id},
                    icon_symbols(scene.items, scene.icons), body)


def write_board_svg(scene: Scene, path: Path, board_id: str) -> Path:
    return write_svg(path, scene_svg(scene, board_id))
