"""Token sheets: every round or square playing piece of a game on A4/Letter pages, with cut lines.

Ships, tokens, coins, cubes, pawns, markers and tiles of game.yaml become printable tokens, `count`
copies each, grouped by component under a caption; a component starts beside the previous one when the row
has room, so a sheet wastes little paper. Round tokens get a cut circle, square ones
a cut square, hex tiles (pointy-top, `size` from corner to corner, as a hex map's cells) a cut hexagon; the colour
runs 1 mm past the cut line so a slightly-off cut shows no white edge.
Each page is a `Scene`, drawn by the same PDF backend as the boards.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.units import mm

from generator.boards.layout import hexagon
from generator.boards.pdf import draw_scene, new_canvas
from generator.boards.scene import PT_MM, Circle, Icon, Paint, Polygon, Rect, Scene, Text
from generator.boards.tiling import PAPERS
from generator.content.loader import GameContent
from generator.content.schema import Component
from generator.drawing.fonts import text_width_pt
from generator.layout.templating import tint
from generator.render.sheet_marks import MARGIN_TEXT_PT as LABEL_PT
from generator.render.sheet_marks import draw_scale_bar, single_sided_label, tool_version

PRINTABLE: dict[str, tuple[str, float]] = {
    "ship": ("round", 22.0), "token": ("round", 25.0), "coin": ("round", 16.0), "marker": ("round", 16.0),
    "cube": ("square", 10.0), "pawn": ("square", 13.0), "tile": ("hex", 30.0),
}
"""Component types printed as tokens, with the shape and size (mm) used when game.yaml gives none."""

MARGIN_MM = 10.0
GAP_MM = 3.0
CUT_BLEED_MM = 1.0
CAPTION_MM = 6.0
HEADER_MM = 10.0
CUT = Paint(stroke="#000000", stroke_width=0.2)

SHEET_TITLE = {"de": "Spielsteine", "en": "Tokens"}


@dataclass(frozen=True)
class TokenSpec:
    """One component as printed: its shape, edge or diameter, colour, icon, label and count."""

    component: Component
    shape: str
    size: float
    color: str
    count: int


def printable_tokens(content: GameContent) -> list[TokenSpec]:
    """The game's components that print as tokens, in game.yaml order."""
    out = []
    for comp in content.game.components:
        if comp.type not in PRINTABLE or comp.count == 0:
            continue
        shape, size = PRINTABLE[comp.type]
        out.append(TokenSpec(comp, comp.shape or shape, comp.size or size, comp.color or "#d0d4dc", comp.count))
    return out


def _ink(fill: str) -> str:
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return "#111111" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


def token_items(spec: TokenSpec, x: float, y: float, lang: str, icons: dict[str, Path]) -> list:
    """One token in the square (x, y, size): colour with bleed, icon, label, cut line."""
    size = spec.size
    cx, cy = x + size / 2, y + size / 2
    items: list = []
    flats = size * math.sqrt(3) / 2  # a hex's width across its flats
    if spec.shape == "round":
        items.append(Circle(cx, cy, size / 2 + CUT_BLEED_MM, Paint(fill=spec.color)))
    elif spec.shape == "hex":
        items.append(Polygon(hexagon(cx, cy, flats + 2 * CUT_BLEED_MM), Paint(fill=spec.color)))
    else:
        items.append(Rect(x - CUT_BLEED_MM, y - CUT_BLEED_MM, size + 2 * CUT_BLEED_MM, size + 2 * CUT_BLEED_MM,
                          Paint(fill=spec.color)))
    label = spec.component.label.get(lang) if spec.component.label else None
    icon = spec.component.icon if spec.component.icon in icons else None
    if icon:
        icon_size = size * (0.5 if label else 0.62)
        icon_cy = cy - (size * 0.1 if label else 0)
        # a light disc behind the icon (an icon drawn in the token's own colour would vanish): a pale
        # tint of the colour, not translucent white, so the print file needs no transparency
        items.append(Circle(cx, icon_cy, icon_size * 0.56, Paint(fill=tint(spec.color, 0.85))))
        items.append(Icon(icon, cx - icon_size / 2, icon_cy - icon_size / 2, icon_size))
    if label:
        font_size = min(9.0, size / PT_MM * 0.16)
        baseline = cy + size * (0.3 if icon else 0.05)
        items.append(Text(cx, baseline, label, "bold", font_size, _ink(spec.color), "middle"))
    if spec.shape == "round":
        items.append(Circle(cx, cy, size / 2, CUT))
    elif spec.shape == "hex":
        items.append(Polygon(hexagon(cx, cy, flats), CUT))
    else:
        items.append(Rect(x, y, size, size, CUT))
    return items


class _SheetFlow:
    """Places tokens in rows across pages; a component starts beside the previous one if it fits.

    A row that starts a component has a caption band above its tokens; a row that only carries
    on a component has none, and no new component starts in it (its caption would have no room).
    """

    def __init__(self, content: GameContent, paper: str, lang: str, title: str):
        self.content, self.lang, self.title = content, lang, title
        self.page_w, self.page_h = PAPERS[paper]
        self.right = self.page_w - MARGIN_MM
        self.bottom = self.page_h - MARGIN_MM
        self.pages: list[Scene] = []
        self.page: Scene | None = None
        self.x = MARGIN_MM
        self.row_top = 0.0
        self.row_size = 0.0
        self.band = False

    @property
    def row_empty(self) -> bool:
        return self.x <= MARGIN_MM

    def new_page(self) -> None:
        self.page = Scene(self.page_w, self.page_h, None, icons=self.content.icons, title=self.title)
        self.pages.append(self.page)
        self.x, self.row_top, self.row_size, self.band = MARGIN_MM, MARGIN_MM + HEADER_MM, 0.0, False

    def new_row(self) -> None:
        self.row_top += (CAPTION_MM if self.band else 0) + self.row_size + 2 * CUT_BLEED_MM + GAP_MM
        self.x, self.row_size, self.band = MARGIN_MM, 0.0, False

    def fits_below(self, size: float, band: bool) -> bool:
        return self.row_top + (CAPTION_MM if band else 0) + max(self.row_size, size) + 2 * CUT_BLEED_MM <= self.bottom

    def start_row_for(self, spec: TokenSpec, needed: float, captioned: bool) -> None:
        """Move to where the next tokens of `spec` go: this row, the next, or a new page."""
        if self.page is not None and not self.row_empty and (self.right - self.x < needed
                                                                 or (captioned and not self.band)):
            self.new_row()
        band = captioned or self.band
        if self.page is None or not self.fits_below(spec.size, band):
            if self.page is not None and not self.row_empty:
                self.new_row()
            if self.page is None or not self.fits_below(spec.size, captioned):
                self.new_page()
        if captioned and self.row_empty:
            self.band = True

    def place(self, spec: TokenSpec) -> None:
        caption = f"{spec.component.name.get(self.lang)} × {spec.count}"
        caption_w = min(text_width_pt(caption, "bold", 9) * PT_MM, self.right - MARGIN_MM)
        pitch = spec.size + GAP_MM  # neighbours' bleeds meet in the gap; their cut lines stay GAP_MM apart
        per_row = max(1, int((self.right - MARGIN_MM - 2 * CUT_BLEED_MM + GAP_MM) // pitch))
        remaining, first = spec.count, True
        while remaining:
            # a component that fits in one row is never split; a longer one may start mid-row
            whole = min(remaining, per_row) * pitch - GAP_MM + 2 * CUT_BLEED_MM
            needed = whole if remaining <= per_row else spec.size + 2 * CUT_BLEED_MM
            self.start_row_for(spec, max(needed, caption_w if first else 0), first)
            assert self.page is not None
            if first:
                self.page.add(Text(self.x, self.row_top + 4.0, caption, "bold", 9, "#111111"))
            fit = max(1, int((self.right - self.x - 2 * CUT_BLEED_MM + GAP_MM) // pitch))
            count = min(fit, remaining)
            top = self.row_top + (CAPTION_MM if self.band else 0) + CUT_BLEED_MM
            for i in range(count):
                self.page.add(*token_items(spec, self.x + CUT_BLEED_MM + i * pitch, top, self.lang,
                                           self.content.icons))
            self.row_size = max(self.row_size, spec.size)
            self.x += max(count * pitch, caption_w + GAP_MM if first else 0)
            remaining -= count
            first = False
            if remaining:
                self.new_row()


def token_pages(content: GameContent, paper: str, lang: str, version: str | None = None) -> list[Scene]:
    """The token sheets of a game for one paper and language; [] when it has no printable tokens.

    Each page names itself at the top: the game's title on the left; language, page, "print
    one-sided" and the build version on the right, so a loose sheet says where it belongs.
    """
    specs = printable_tokens(content)
    if not specs:
        return []
    title = f"{content.game.title.get(lang)} — {SHEET_TITLE[lang]}"
    flow = _SheetFlow(content, paper, lang, title)
    for spec in specs:
        flow.place(spec)
    total = len(flow.pages)
    for number, scene in enumerate(flow.pages, 1):
        label = single_sided_label(lang, version or tool_version(), (number, total))
        room = flow.page_w - 2 * MARGIN_MM - text_width_pt(label, "regular", LABEL_PT) * PT_MM - 4.0
        scene.items.insert(0, Text(MARGIN_MM, MARGIN_MM + 5, _shortened(title, room), "wide-bold", 12, "#111111"))
        scene.items.insert(
            1, Text(flow.page_w - MARGIN_MM, MARGIN_MM + 5, label, "regular", LABEL_PT, "#111111", "end")
        )
    return flow.pages


def _shortened(title: str, room_mm: float) -> str:
    """The sheet title in 12 pt within `room_mm`, cut with "…" when a long game name would reach the label."""
    if text_width_pt(title, "wide-bold", 12) * PT_MM <= room_mm:
        return title
    while title and text_width_pt(f"{title}…", "wide-bold", 12) * PT_MM > room_mm:
        title = title[:-1]
    return f"{title.rstrip()}…"


def write_token_pdf(content: GameContent, path: Path, paper: str, lang: str,
                    version: str | None = None, light: bool = False) -> Path | None:
    """Write the token sheets (`light`: in the ink saver's version); None (and no file) when the game has
    nothing to print as a token."""
    pages = token_pages(content, paper, lang, version)
    if not pages:
        return None
    if light:
        from generator.boards.ink import saver_scene

        pages = [saver_scene(page) for page in pages]
    page_w, page_h = PAPERS[paper]
    canvas = new_canvas(path, page_w * mm, page_h * mm, pages[0].title)
    for scene in pages:
        draw_scene(canvas, scene)
        draw_scale_bar(canvas, MARGIN_MM * mm, (MARGIN_MM - 2.5) * mm, lang)
        canvas.showPage()
    canvas.save()
    return path
