"""Pictures of the table: an engine draws its state as a `Scene`, the site shows it beside the words.

`Presentation.picture(state, lang)` returns a `StatePicture` (a scene plus alt text in that language) or
None. The scene is the boards' drawing model (generator/boards/scene.py), so a picture goes
through the same SVG backend as the print files' boards: every text is an XML text node that
svgwrite escapes, whatever a card or space is called. This module holds what the engines share:
a board laid out as the boards step lays it out (the pieces go on top of it), where its spaces
are, the players' colours read from the box, and small pieces (ships, cubes, discs, cards).
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.boards.scene import PT_MM, Anchor, Circle, Paint, Polygon, Rect, Scene, Text
from generator.content.loader import GameContent
from generator.rules.core import PerObject

FALLBACK_COLOURS = ("#d6336c", "#1c7ed6", "#f59f00", "#2f9e44", "#7048e8")  # players' colours when the box names none
PIECE_OUTLINE = "#111111"  # the outline of every piece, so a light colour shows on a light board
MIN_FONT_PT = 3.5  # `fitted_text` shrinks a text no smaller than this


@dataclass(frozen=True)
class StatePicture:
    """What a site page shows of a state: the scene (mm, y down) and words for who cannot see it.

    Attributes:
        scene: the drawing: a board from `board_picture` with pieces on it, or shapes of the engine's own
        alt: the table in words, in the picture's language, for readers who cannot see it
    """

    scene: Scene
    alt: str


@dataclass(frozen=True)
class Spot:
    """Where a board space is drawn: its centre and size in mm.

    Attributes:
        x: the centre's distance from the board's left edge, mm
        y: the centre's distance from the board's top edge, mm
        width: the space's width, mm
        height: the space's height, mm
    """

    x: float
    y: float
    width: float
    height: float


_BOARDS: PerObject[dict[tuple[str, str], tuple[Scene, dict[str, Spot]]]] = PerObject()


def board_picture(content: GameContent, board_id: str, lang: str) -> tuple[Scene, dict[str, Spot]]:
    """The board laid out as printed (a fresh scene to draw pieces on) and where each space lies.

    The layout is made once per content, board and language; each call gets its own scene."""
    laid_out = _BOARDS.get(content, dict)
    if (board_id, lang) not in laid_out:
        from generator.boards.layout import layout_board  # reportlab's fonts: only for an engine that draws

        board = next(b for b in content.boards if b.id == board_id)
        scene, _problems = layout_board(board, lang, content.icons)
        laid_out[board_id, lang] = scene, {s.id: Spot(s.x, s.y, s.width, s.height) for s in board.placed.spaces
                                           if s.placed and s.x is not None and s.y is not None}
    scene, spots = laid_out[board_id, lang]
    return Scene(scene.width, scene.height, scene.background, list(scene.items), dict(scene.icons), scene.title), spots


def player_colours(content: GameContent, players: int) -> list[str]:
    """One colour per seat: the box's ships in the order game.yaml lists them, else its markers."""
    for kind in ("ship", "marker", "pawn"):
        colours = [c.color for c in content.game.components if c.type == kind and c.color]
        if len(colours) >= players:
            return [str(c) for c in colours[:players]]
    return [FALLBACK_COLOURS[p % len(FALLBACK_COLOURS)] for p in range(players)]


def text_colour(fill: str) -> str:
    """Dark letters on a light fill, light letters on a dark one."""
    if len(fill) != 7 or not fill.startswith("#"):
        return "#111111"
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return "#111111" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#f8f9fa"


def fitted_text(scene: Scene, x: float, baseline: float, text: str, width: float, size: float, colour: str,
                font: str = "regular", anchor: Anchor = "middle") -> None:
    """One line of text no wider than `width` mm: smaller down to a floor, then cut with an ellipsis."""
    if not text:
        return
    from generator.drawing.fonts import text_width_pt  # reportlab's fonts: only when a picture is drawn

    measured = text_width_pt(text, font, size) * PT_MM
    if measured > width:
        size = max(MIN_FONT_PT, size * width / measured)
        while len(text) > 1 and text_width_pt(text, font, size) * PT_MM > width:
            text = text[:-2].rstrip() + "…"
    scene.add(Text(x, baseline, text, font, size, colour, anchor))


def ship(scene: Scene, x: float, y: float, size: float, colour: str, label: str) -> None:
    """A ship: an arrow-head pointing up with the player's number under its nose."""
    half = size / 2
    scene.add(Polygon(((x, y - half), (x + half * 0.8, y + half), (x, y + half * 0.55), (x - half * 0.8, y + half)),
                      Paint(fill=colour, stroke=PIECE_OUTLINE, stroke_width=size * 0.05)))
    scene.add(Text(x, y + size * 0.18, label, "bold", size / PT_MM * 0.32, text_colour(colour), "middle"))


def disc(scene: Scene, x: float, y: float, r: float, colour: str, label: str = "") -> None:
    """A round token (nut, planet tile, marker) with an optional short label."""
    scene.add(Circle(x, y, r, Paint(fill=colour, stroke=PIECE_OUTLINE, stroke_width=max(0.2, r * 0.12))))
    if label:
        scene.add(Text(x, y + r * 0.4, label, "bold", r * 1.1 / PT_MM, text_colour(colour), "middle"))


def cube(scene: Scene, x: float, y: float, side: float, colour: str, label: str = "") -> None:
    """A cube or square pawn centred on (x, y)."""
    scene.add(Rect(x - side / 2, y - side / 2, side, side,
                   Paint(fill=colour, stroke=PIECE_OUTLINE, stroke_width=max(0.2, side * 0.08)), side * 0.12))
    if label:
        scene.add(Text(x, y + side * 0.22, label, "bold", side * 0.6 / PT_MM, text_colour(colour), "middle"))


def card(scene: Scene, x: float, y: float, w: float, h: float, fill: str, lines: list[str],
         size: float = 7.0) -> None:
    """A card seen from above: its colour and up to three lines of text (the first bold) at the top."""
    scene.add(Rect(x, y, w, h, Paint(fill=fill, stroke=PIECE_OUTLINE, stroke_width=0.35), 1.5))
    ink = text_colour(fill)
    baseline = y + size * PT_MM * 1.3
    for index, line in enumerate(lines[:3]):
        fitted_text(scene, x + w / 2, baseline, line, w - 2.0, size if index == 0 else size * 0.8, ink,
                    "bold" if index == 0 else "regular")
        baseline += size * PT_MM * 1.2
