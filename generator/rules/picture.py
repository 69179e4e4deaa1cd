"""Pictures of the table: an engine draws its state as a `Scene`, the site shows it beside the words.

`Presentation.picture(state, lang)` returns a `StatePicture` (a scene plus alt text in that language) or
None. The scene is the boards' drawing model (generator/boards/scene.py), so a picture goes
through the same SVG backend as the print files' boards: every text is an XML text node that
svgwrite escapes, whatever a card or space is called. This module holds what the engines share:
a board laid out as the boards step lays it out (the pieces go on top of it), where its spaces
are, the players' colours read from the box, and small pieces (ships, cubes, discs, cards).

Two things every picture gets from here: a legend (each piece helper given `legend` and `words` notes
the piece it drew, so the site lists exactly what the picture shows, in the picture's language) and
labels a reader can read: no text is drawn smaller than `readable_pt`, sized for the width the site
shows the picture at (docs/DESIGN.md, "Pictures of the table readable at page width").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Literal

from generator.boards.scene import PT_MM, Anchor, Circle, Paint, Polygon, Rect, Scene, Text
from generator.content.loader import GameContent
from generator.rules.core import PerObject

FALLBACK_COLOURS = ("#d6336c", "#1c7ed6", "#f59f00", "#2f9e44", "#7048e8")  # players' colours when the box names none
PIECE_OUTLINE = "#111111"  # the outline of every piece, so a light colour shows on a light board
MIN_FONT_PT = 3.5  # `fitted_text` shrinks a text no smaller than this (nor than `readable_pt`)
DISPLAY_PX = 688.0  # the narrowest width the site shows a picture at (its content column in a 1280 px window)
READABLE_PX = 9.5  # the smallest label at that width, in CSS px (9 px and a margin for rounding)
LEFT_OUT = 3.0  # a board's text smaller than 1/LEFT_OUT of the readable size is left out of its picture
LEGEND_WORDS = {"player": {"de": "Person {n}", "en": "Player {n}"},  # what every game's legend may say
                "active": {"de": "aktiv", "en": "active"},
                "marker": {"de": "Marker", "en": "marker"}}

Symbol = Literal["ship", "disc", "ring", "cube", "card", "hex", "mark", "icon"]  # the shapes a legend draws


@dataclass(frozen=True)
class LegendEntry:
    """One line of a picture's legend: a piece as the picture draws it, and what it is.

    Attributes:
        symbol: the piece's shape (`mark`: a character drawn on its own, `icon`: the game's icon named by `mark`)
        colour: its fill (a mark's colour)
        words: what it means, in the picture's language
        mark: the character or number drawn on it ("" for none)
        icon: the game's icon drawn on it ("" for none)
    """

    symbol: Symbol
    colour: str
    words: str
    mark: str = ""
    icon: str = ""


@dataclass
class Legend:
    """The legend a picture collects while it is drawn: each kind of piece once, in the order first drawn."""

    entries: list[LegendEntry] = field(default_factory=list)  # what the picture drew so far, each once

    def add(self, symbol: Symbol, colour: str, words: str, mark: str = "", icon: str = "") -> None:
        """Note a piece the picture draws (a second note of the same piece, or one without words, adds nothing)."""
        words = " ".join(words.split())
        entry = LegendEntry(symbol, colour, words[:1].upper() + words[1:], mark, icon)
        if entry.words and entry not in self.entries:
            self.entries.append(entry)


def note(legend: Legend | None, symbol: Symbol, colour: str, words: str, mark: str = "") -> None:
    """Add a legend entry when the caller keeps a legend (a piece helper called without one draws only)."""
    if legend is not None:
        legend.add(symbol, colour, words, mark)


def legend_word(key: str, lang: str, **values: object) -> str:
    """The shared legend words (a player, an active card, a marker) in `lang`, English where it has none."""
    forms = LEGEND_WORDS[key]
    return forms.get(lang, forms["en"]).format(**values)


@dataclass(frozen=True)
class StatePicture:
    """What a site page shows of a state: the scene (mm, y down), words for who cannot see it, its legend.

    Attributes:
        scene: the drawing: a board from `board_picture` with pieces on it, or shapes of the engine's own
        alt: the table in words, in the picture's language, for readers who cannot see it
        legend: what the pieces and marks drawn mean, in the picture's language (the site lists it under it)
    """

    scene: Scene
    alt: str
    legend: tuple[LegendEntry, ...] = ()


def readable_pt(scene: Scene, size: float = 0.0) -> float:
    """`size` (pt), raised to the smallest text that reads at `READABLE_PX` when the scene is shown
    `DISPLAY_PX` wide: a wide board's labels are drawn larger than a small picture's."""
    return max(size, scene.width * READABLE_PX / DISPLAY_PX / PT_MM)


def label(scene: Scene, x: float, baseline: float, text: str, size: float, colour: str, font: str = "bold",
          anchor: Anchor = "middle") -> None:
    """A short label (a number, `× 3`, a mark) at `size` pt or the readable size, whichever is larger."""
    scene.add(Text(x, baseline, text, font, readable_pt(scene, size), colour, anchor))


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
        scene, _problems = layout_board(board.model_copy(update={"panels": []}), lang, content.icons)
        spots = {s.id: Spot(s.x, s.y, s.width, s.height) for s in board.placed.spaces
                 if s.placed and s.x is not None and s.y is not None}
        laid_out[board_id, lang] = _readable_board(scene, spots), spots
    scene, spots = laid_out[board_id, lang]
    return Scene(scene.width, scene.height, scene.background, list(scene.items), dict(scene.icons), scene.title), spots


def _readable_board(scene: Scene, spots: dict[str, Spot]) -> Scene:
    """The board as a picture shows it: without its panels (rules summaries and the legend of its spaces:
    the page's words and the picture's own legend say those), every text at least at the readable size
    (a text less than a third of it, or one that raised would cover a text printed larger, is left out: the
    printed board has it) and no empty strip below the spaces."""
    floor = readable_pt(scene)
    texts = [(item, _box(item, max(item.size, floor))) for item in scene.items
             if isinstance(item, Text) and item.size * LEFT_OUT >= floor]
    items = []
    for item in scene.items:
        if isinstance(item, Text) and item.size < floor:
            box = _box(item, floor)
            if item.size * LEFT_OUT < floor or any(other.size > item.size and _overlap(box, other_box)
                                                   for other, other_box in texts):
                continue
            item = replace(item, size=floor, width=item.width * floor / item.size if item.width else None)
        items.append(item)
    bottom = max((spot.y + spot.height / 2 for spot in spots.values()), default=scene.height)
    height = min(scene.height, bottom + scene.width * 0.03)
    return Scene(scene.width, height, scene.background, items, dict(scene.icons), scene.title)


def _box(text: Text, size: float) -> tuple[float, float, float, float]:
    """Where `text` drawn at `size` pt lies: left, top, right, bottom in mm."""
    from generator.drawing.fonts import text_width_pt  # reportlab's fonts: only when a picture is drawn

    width = text_width_pt(text.text, text.font, size) * PT_MM
    left = text.x - {"start": 0.0, "middle": width / 2, "end": width}.get(text.anchor, 0.0)
    return left, text.baseline - size * PT_MM * 0.75, left + width, text.baseline + size * PT_MM * 0.2


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


SPACE_SYMBOLS: dict[str, Symbol] = {"circle": "disc", "square": "cube", "hex": "hex", "diamond": "cube"}  # by shape


ICON = r":([a-z][a-z0-9_-]*):"  # an icon in board text, its name the group
ICON_WORDS = re.compile(ICON + r"(.*?)(?=:[a-z][a-z0-9_-]*:|$)")  # an icon and the words after it, up to the next icon


def board_legend(content: GameContent, board_id: str, lang: str, legend: Legend) -> None:
    """What the board's panels explain (the picture leaves them out), as entries: the kinds of space a legend
    panel names, and the icons of a panel's line that explains icons: one that begins with an icon, or names two
    or more after a colon ("Bonus: :steel: steel, :plants: plants"); "+2" alone after an icon reads "<title> +2"."""
    board = next(b for b in content.boards if b.id == board_id)
    if any(panel.legend for panel in board.panels):
        for style in board.styles.values():
            if style.name is not None:
                legend.add(SPACE_SYMBOLS.get(style.shape, "disc"), str(style.fill), style.name.get(lang), "",
                           style.icon if style.icon in content.icons else "")
    for panel in board.panels:
        title = panel.title.get(lang) if panel.title else ""
        for line in (panel.text.get(lang) if panel.text else "").splitlines():
            before = re.split(ICON, line, maxsplit=1)[0].strip()
            if before and not (before.endswith(":") and len(re.findall(ICON, line)) > 1):
                continue
            for icon, words in ICON_WORDS.findall(line):
                words = words.strip(" ,;.")
                if icon in content.icons and words:
                    legend.add("icon", str(panel.fill), words if any(c.isalpha() for c in words) else
                               f"{title} {words}", icon)


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

    size = readable_pt(scene, size)
    measured = text_width_pt(text, font, size) * PT_MM
    if measured > width:
        size = max(MIN_FONT_PT, readable_pt(scene), size * width / measured)
        while len(text) > 1 and text_width_pt(text, font, size) * PT_MM > width:
            text = text[:-2].rstrip() + "…"
    scene.add(Text(x, baseline, text, font, size, colour, anchor))


SHIP_LABEL = 0.42  # a ship's number: this much of the ship's size (it sits where the arrow-head is widest)
DISC_LABEL = 1.1   # a disc's label: this much of its radius
CUBE_LABEL = 0.6   # a cube's label: this much of its side


def ship_size(scene: Scene, size: float) -> float:
    """A ship's size (mm): `size`, or larger where its number would be smaller than readable."""
    return max(size, readable_pt(scene) * PT_MM / SHIP_LABEL)


def ship(scene: Scene, x: float, y: float, size: float, colour: str, label: str,
         legend: Legend | None = None, words: str = "") -> None:
    """A ship: an arrow-head pointing up with the player's number under its nose (grown to keep it readable)."""
    size = ship_size(scene, size)
    half = size / 2
    scene.add(Polygon(((x, y - half), (x + half * 0.8, y + half), (x, y + half * 0.55), (x - half * 0.8, y + half)),
                      Paint(fill=colour, stroke=PIECE_OUTLINE, stroke_width=size * 0.05)))
    scene.add(Text(x, y + size * 0.2, label, "bold", size / PT_MM * SHIP_LABEL, text_colour(colour), "middle"))
    note(legend, "ship", colour, words, label)


def disc(scene: Scene, x: float, y: float, r: float, colour: str, label: str = "",
         legend: Legend | None = None, words: str = "", mark: str | None = None) -> None:
    """A round token (nut, planet tile, marker) with an optional short label (grown to keep it readable).

    The legend shows it with `mark` on it (default: its label)."""
    if label:
        r = max(r, readable_pt(scene) * PT_MM / DISC_LABEL)
    scene.add(Circle(x, y, r, Paint(fill=colour, stroke=PIECE_OUTLINE, stroke_width=max(0.2, r * 0.12))))
    if label:
        scene.add(Text(x, y + r * 0.4, label, "bold", r * DISC_LABEL / PT_MM, text_colour(colour), "middle"))
    note(legend, "disc", colour, words, label if mark is None else mark)


def cube(scene: Scene, x: float, y: float, side: float, colour: str, label: str = "",
         legend: Legend | None = None, words: str = "") -> None:
    """A cube or square pawn centred on (x, y), with an optional label (grown to keep it readable)."""
    if label:
        side = max(side, readable_pt(scene) * PT_MM / CUBE_LABEL)
    scene.add(Rect(x - side / 2, y - side / 2, side, side,
                   Paint(fill=colour, stroke=PIECE_OUTLINE, stroke_width=max(0.2, side * 0.08)), side * 0.12))
    if label:
        scene.add(Text(x, y + side * 0.22, label, "bold", side * CUBE_LABEL / PT_MM, text_colour(colour), "middle"))
    note(legend, "cube", colour, words, label)


def card(scene: Scene, x: float, y: float, w: float, h: float, fill: str, lines: list[str],
         size: float = 7.0) -> None:
    """A card seen from above: its colour and up to three lines of text (the first bold) at the top.

    A first line too wide at the readable size goes on over two lines, broken between words."""
    scene.add(Rect(x, y, w, h, Paint(fill=fill, stroke=PIECE_OUTLINE, stroke_width=0.35), 1.5))
    ink = text_colour(fill)
    size = readable_pt(scene, size)
    baseline = y + size * PT_MM * 1.15
    used = wrapped_text(scene, x + w / 2, baseline, lines[0] if lines else "", w - 2.0, size, ink, "bold",
                        2 if len(lines) < 3 else 1)
    for line in [line for line in lines[1:] if line][:3 - used]:
        baseline += size * PT_MM * 1.15 * max(used, 1)
        used = 1
        fitted_text(scene, x + w / 2, baseline, line, w - 2.0, size, ink, "regular")


def wrapped_text(scene: Scene, x: float, baseline: float, text: str, width: float, size: float, colour: str,
                 font: str = "bold", most: int = 2) -> int:
    """`text` centred on at most `most` lines no wider than `width` mm, broken between words (a word too wide
    alone is cut with an ellipsis); returns the lines drawn."""
    if not text:
        return 0
    from generator.drawing.fonts import text_width_pt  # reportlab's fonts: only when a picture is drawn

    size = readable_pt(scene, size)
    lines: list[str] = []
    for word in text.split():
        if lines and text_width_pt(f"{lines[-1]} {word}", font, size) * PT_MM <= width or len(lines) == most:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    for index, line in enumerate(lines):
        fitted_text(scene, x, baseline + index * size * PT_MM * 1.15, line, width, size, colour, font)
    return len(lines)
