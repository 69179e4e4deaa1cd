"""The ink saver: a designed piece redrawn light for a home printer, derived from its own shapes.

A game's look is drawn as solid fills (a navy card back, a coloured header band, a board of dark
spaces). The saver keeps the design's colours but moves them from areas to lines: every fill with
noticeable ink becomes a pale tint of its colour with the colour kept as its outline, and a text,
line or outline drawn light on such a fill (white on navy) takes the fill's own colour, darkened
until it reads on the pale tint. A fill that covers the whole piece (a card's background, a
board's) also gets a band of its colour inside the trim, so a deck's backs are still told apart
at a glance and a cut a millimetre off still shows the band. Art (an icon or image drawn at least
ART_MM wide: a card's picture, a back's emblem) is drawn lightened from a light copy (`LightArt`);
small icons, which are information, and tiny marks (pips, dots) stay as designed.

Everything is worked out from the items alone, so any game gets it without a line of layout.
The same function draws the card sheets, gutterfold sheets, boards (full and tiled) and tokens.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace
from functools import lru_cache
from html import escape
from pathlib import Path

from generator.drawing.icons import IconError, load_icon
from generator.drawing.shapes import Circle, Icon, Image, Item, Line, Paint, Polygon, Rect, Text

PALE = 0.9          # how much white a lightened fill takes: it keeps a tenth of its ink
INKY = 0.12         # a fill with more ink than this (0: white, 1: black) is lightened
LIGHT = 0.45        # a foreground with less ink than this was drawn to stand on a dark fill
READABLE = 4.5      # the least contrast a recoloured foreground gets on its pale fill (WCAG's, for body text)
TINY_MM2 = 6.0      # fills smaller than this (pips, dots, markers) stay as designed
OUTLINE_MM = 0.35   # the outline a lightened fill gets when it had none
BAND_MM = 1.0       # the band a piece-wide fill leaves inside the trim
BAND_INSET_MM = 1.6
ART_MM = 12.0       # an icon or image this wide is art, drawn lightened
ART_PALE = 0.65     # how much white art's fills take (its outlines keep their colour)
BROAD_MM = 1.5      # an outline this wide is an area drawn as a stroke (a zone's ring): treated as a fill
BROAD_PALE = 0.7    # how much white a broad outline takes: a zone keeps enough colour to be read by it


def _rgb(colour: str) -> tuple[int, int, int]:
    text = colour.lstrip("#")
    if len(text) == 3:
        text = "".join(c * 2 for c in text)
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


def _hex(rgb: tuple[float, float, float]) -> str:
    return "#" + "".join(f"{max(0, min(255, round(c))):02x}" for c in rgb)


@lru_cache(maxsize=4096)
def ink(colour: str) -> float:
    """How much ink a colour puts down, 0 (paper white) to 1 (black): one minus its mean channel value."""
    try:
        r, g, b = _rgb(colour)
    except ValueError:
        return 0.0
    return 1.0 - (r + g + b) / 765.0


@lru_cache(maxsize=4096)
def pale(colour: str, amount: float = PALE) -> str:
    """`colour` mixed with `amount` white."""
    return _hex(tuple(c + (255 - c) * amount for c in _rgb(colour)))  # type: ignore[arg-type]


def _luminance(colour: str) -> float:
    """Relative luminance (WCAG): how light a colour looks, green weighing most."""
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (v / 255 for v in _rgb(colour))]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(first: str, second: str) -> float:
    """WCAG contrast ratio of two colours, 1 (the same) to 21 (black on white)."""
    light, dark = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@lru_cache(maxsize=4096)
def readable(colour: str) -> str:
    """`colour` darkened (mixed with black) until it reads on its own pale tint: at least READABLE contrast."""
    rgb, ground = _rgb(colour), pale(colour)
    for step in range(21):
        shaded = _hex(tuple(c * (1 - step / 20) for c in rgb))  # type: ignore[arg-type]
        if contrast(shaded, ground) >= READABLE:
            return shaded
    return "#000000"


Box = tuple[float, float, float, float]


def _box(item: Item) -> Box | None:
    if isinstance(item, Rect):
        return (item.x, item.y, item.x + item.w, item.y + item.h)
    if isinstance(item, Circle):
        return (item.cx - item.r, item.cy - item.r, item.cx + item.r, item.cy + item.r)
    if isinstance(item, Polygon) and item.closed and item.points:
        xs, ys = [p[0] for p in item.points], [p[1] for p in item.points]
        return (min(xs), min(ys), max(xs), max(ys))
    return None


def _area(item: Item, box: Box) -> float:
    if isinstance(item, Circle):
        return 3.14159 * item.r * item.r
    return (box[2] - box[0]) * (box[3] - box[1])


def _point(item: Item) -> tuple[float, float] | None:
    """Where a foreground stands: a text's middle at half its x-height, a line's middle."""
    if isinstance(item, Text):
        width = item.width or 0.0
        left = item.x - (width / 2 if item.anchor == "middle" else width if item.anchor == "end" else 0.0)
        return (left + width / 2, item.baseline - item.size * 0.35 * 25.4 / 72)
    if isinstance(item, Line):
        return ((item.x1 + item.x2) / 2, (item.y1 + item.y2) / 2)
    box = _box(item)
    return None if box is None else ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


class LightArt:
    """Light copies of a piece's art, written into `folder` (the caller removes it once the PDF is written):
    icons redrawn from their outlines with pale fills, images blended with white."""

    def __init__(self, folder: Path, icons: dict[str, Path]):
        self.folder = folder
        self.icons = dict(icons)  # the piece's icons and, once made, the light copies under their own names

    def icon(self, name: str) -> str:
        """The name of the light copy of icon `name` (the name itself when it cannot be made)."""
        light = f"{name}~light"
        if light in self.icons or name not in self.icons:
            return light if light in self.icons else name
        try:
            icon = load_icon(self.icons[name])
        except IconError:
            return name
        paths = []
        for shape in icon.shapes:
            fill = pale(shape.fill, ART_PALE) if shape.fill and ink(shape.fill) > INKY else shape.fill
            attributes = [f'd="{shape.svg_d()}"', f'fill="{escape(fill or "none")}"']
            if shape.stroke:
                attributes += [f'stroke="{escape(shape.stroke)}"', f'stroke-width="{shape.stroke_width:g}"',
                               f'stroke-linecap="{escape(shape.line_cap)}"',
                               f'stroke-linejoin="{escape(shape.line_join)}"']
                if shape.dash:
                    attributes.append(f'stroke-dasharray="{" ".join(f"{d:g}" for d in shape.dash)}"')
            if shape.even_odd:
                attributes.append('fill-rule="evenodd"')
            paths.append(f"<path {' '.join(attributes)}/>")
        view = " ".join(f"{v:g}" for v in icon.view)
        path = self.folder / f"{len(self.icons)}-{Path(name).name}.svg"
        self.folder.mkdir(parents=True, exist_ok=True)
        path.write_text(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{view}">{"".join(paths)}</svg>\n',
                        encoding="utf-8")
        self.icons[light] = path
        return light

    def image(self, source: str) -> str:
        """The path of a light copy of the image file `source`."""
        from PIL import Image as Picture

        digest = hashlib.sha256(source.encode()).hexdigest()[:12]
        path = self.folder / f"{digest}-{Path(source).stem}.png"
        if not path.exists():
            self.folder.mkdir(parents=True, exist_ok=True)
            with Picture.open(source) as picture:
                rgba = picture.convert("RGBA")
            white = Picture.new("RGBA", rgba.size, (255, 255, 255, 255))
            light = Picture.blend(rgba, white, ART_PALE)
            light.putalpha(rgba.getchannel("A"))
            light.save(path)
        return str(path)


class InkSaver:
    """Turns one piece's items (in drawing order) into their light versions.

    `width` and `height` are the piece's trim (a fill reaching past all four edges is the piece's
    background). Fills seen so far are remembered, so a later text knows what it stands on."""

    def __init__(self, width: float, height: float, background: str | None = None, art: LightArt | None = None):
        self.width = width
        self.height = height
        self.art = art
        self._under: list[tuple[Box, str]] = []  # lightened fills: their box and designed colour
        if background is not None and ink(background) > INKY:
            self._under.append(((0.0, 0.0, width, height), background))

    def background(self, colour: str | None) -> tuple[str | None, list[Item]]:
        """A piece's own background colour (a board's): its light version and the band that keeps its colour."""
        if colour is None or ink(colour) <= INKY:
            return colour, []
        return pale(colour), [self._band(colour)]

    def _band(self, colour: str) -> Rect:
        inset = BAND_INSET_MM + BAND_MM / 2
        return Rect(inset, inset, self.width - 2 * inset, self.height - 2 * inset,
                    Paint(stroke=colour, stroke_width=BAND_MM), radius=2.0)

    def items(self, items: list[Item], chosen: dict[int, str] | None = None) -> list[Item]:
        """The items' light versions; `chosen` overrides some by index: `keep` as designed, `omit` left out."""
        saved: list[Item] = []
        for index, item in enumerate(items):
            choice = chosen.get(index) if chosen else None
            if choice == "omit":
                continue
            saved += self.kept(item) if choice == "keep" else self.item(item)
        return saved

    def kept(self, item: Item) -> list[Item]:
        """An item drawn as designed: what stands on a fill of it stands on its designed colour."""
        box = _box(item)
        if box is not None and isinstance(item, (Rect, Circle, Polygon)) and item.paint.fill is not None:
            self._forget(box)
        return [item]

    def item(self, item: Item) -> list[Item]:
        """The item's light version: usually one item, a piece-wide fill its band too."""
        if isinstance(item, (Rect, Circle, Polygon)) and item.paint.fill is not None:
            return self._fill(item)
        if isinstance(item, Text):
            colour = self._foreground(item, item.color)
            if colour == item.color:
                return [item]
            block = None if item.block is None else (*item.block, "ink-saver", colour)
            return [replace(item, color=colour, block=block)]
        if isinstance(item, Icon) and self.art is not None and item.size >= ART_MM:
            return [replace(item, name=self.art.icon(item.name))]
        if isinstance(item, Image) and self.art is not None and min(item.w, item.h) >= ART_MM:
            return [replace(item, path=self.art.image(item.path))]
        if isinstance(item, (Rect, Circle, Polygon, Line)) and item.paint.stroked:
            if item.paint.stroke_width >= BROAD_MM:
                return self._broad(item)
            stroke = self._foreground(item, item.paint.stroke)  # type: ignore[arg-type]  # stroked: not None
            return [item if stroke == item.paint.stroke else replace(item, paint=replace(item.paint, stroke=stroke))]
        return [item]

    def _fill(self, item: Rect | Circle | Polygon) -> list[Item]:
        fill: str = item.paint.fill  # type: ignore[assignment]  # the caller checked it
        box = _box(item)
        if box is None or ink(fill) <= INKY or _area(item, box) < TINY_MM2:
            if box is not None and item.paint.fill is not None:  # it covers what lies beneath
                self._forget(box)
            return [self._stroke_checked(item)]
        stroke = item.paint.stroke if item.paint.stroked else fill
        if item.paint.stroked:
            stroke = self._foreground(item, stroke)  # type: ignore[arg-type]
        width = item.paint.stroke_width if item.paint.stroked else OUTLINE_MM
        light = replace(item, paint=replace(item.paint, fill=pale(fill), stroke=stroke, stroke_width=width))
        self._under.append((box, fill))
        if box[0] <= 0 and box[1] <= 0 and box[2] >= self.width and box[3] >= self.height:
            return [light, self._band(fill)]
        return [light]

    def _broad(self, item: Rect | Circle | Polygon | Line) -> list[Item]:
        """A broad outline is an area: pale when inky, a ring keeping its colour as two thin edges."""
        colour: str = item.paint.stroke  # type: ignore[assignment]  # the caller checked it
        if ink(colour) <= INKY:
            return [item]
        light: Item = replace(item, paint=replace(item.paint, stroke=pale(colour, BROAD_PALE)))
        if not isinstance(item, Circle):
            return [light]
        half = item.paint.stroke_width / 2
        edge = Paint(stroke=colour, stroke_width=OUTLINE_MM)
        return [light] + [replace(item, r=r, paint=edge) for r in (item.r - half, item.r + half) if r > 0]

    def _stroke_checked(self, item: Rect | Circle | Polygon) -> Item:
        if not item.paint.stroked:
            return item
        stroke = self._foreground(item, item.paint.stroke)  # type: ignore[arg-type]
        return item if stroke == item.paint.stroke else replace(item, paint=replace(item.paint, stroke=stroke))

    def _forget(self, box: Box) -> None:
        """A light fill drawn over lightened ones: what stands on it stands on paper-like ground."""
        self._under.append((box, ""))

    def _foreground(self, item: Item, colour: str) -> str:
        """A text's or line's colour on the light version: a light one standing on a lightened fill takes that
        fill's colour, darkened until it reads."""
        if ink(colour) >= LIGHT:
            return colour
        point = _point(item)
        if point is None:
            return colour
        x, y = point
        for (x0, y0, x1, y1), under in reversed(self._under):
            if x0 <= x <= x1 and y0 <= y <= y1:
                return readable(under) if under else colour
        return colour


def saver_items(items: list[Item], width: float, height: float, art: LightArt | None = None) -> list[Item]:
    """The light version of one piece's items (see InkSaver)."""
    return InkSaver(width, height, art=art).items(items)
