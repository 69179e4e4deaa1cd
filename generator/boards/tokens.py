"""Token sheets: every round or square playing piece of a game on A4/Letter pages, with cut lines.

Ships, tokens, coins, cubes, pawns and markers of game.yaml become printable tokens, `count`
copies each, grouped by component under a caption. Round tokens get a cut circle, square ones
a cut square; the colour runs 1 mm past the cut line so a slightly-off cut shows no white edge.
Each page is a `Scene`, drawn by the same PDF backend as the boards.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.units import mm

from generator.boards.pdf import draw_scene, new_canvas
from generator.boards.scene import PT_MM, Circle, Icon, Paint, Rect, Scene, Text
from generator.boards.tiling import PAPERS
from generator.content.loader import GameContent
from generator.content.schema import Component

PRINTABLE: dict[str, tuple[str, float]] = {
    "ship": ("round", 22.0), "token": ("round", 25.0), "coin": ("round", 16.0), "marker": ("round", 16.0),
    "cube": ("square", 10.0), "pawn": ("square", 13.0),
}
"""Component types printed as tokens, with the shape and size (mm) used when game.yaml gives none."""

MARGIN_MM = 10.0
GAP_MM = 3.0
CUT_BLEED_MM = 1.0
CAPTION_MM = 6.0
HEADER_MM = 10.0
CUT = Paint(stroke="#000000", stroke_width=0.2)

WORDS = {"de": ("Spielsteine", "Seite"), "en": ("Tokens", "page")}


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
    if spec.shape == "round":
        items.append(Circle(cx, cy, size / 2 + CUT_BLEED_MM, Paint(fill=spec.color)))
    else:
        items.append(Rect(x - CUT_BLEED_MM, y - CUT_BLEED_MM, size + 2 * CUT_BLEED_MM, size + 2 * CUT_BLEED_MM,
                          Paint(fill=spec.color)))
    label = spec.component.label.get(lang) if spec.component.label else None
    icon = spec.component.icon if spec.component.icon in icons else None
    if icon:
        icon_size = size * (0.5 if label else 0.62)
        icon_cy = cy - (size * 0.1 if label else 0)
        # a light disc behind the icon: an icon drawn in the token's own colour would vanish
        items.append(Circle(cx, icon_cy, icon_size * 0.62, Paint(fill="#ffffff", opacity=0.85)))
        items.append(Icon(icon, cx - icon_size / 2, icon_cy - icon_size / 2, icon_size))
    if label:
        font_size = min(9.0, size / PT_MM * 0.16)
        baseline = cy + size * (0.3 if icon else 0.05)
        items.append(Text(cx, baseline, label, "bold", font_size, _ink(spec.color), "middle"))
    if spec.shape == "round":
        items.append(Circle(cx, cy, size / 2, CUT))
    else:
        items.append(Rect(x, y, size, size, CUT))
    return items


def token_pages(content: GameContent, paper: str, lang: str) -> list[Scene]:
    """The token sheets of a game for one paper and language; [] when it has no printable tokens."""
    specs = printable_tokens(content)
    if not specs:
        return []
    page_w, page_h = PAPERS[paper]
    title = f"{content.game.title.get(lang)} — {WORDS[lang][0]}"
    pages: list[Scene] = []
    page: Scene | None = None
    y = 0.0

    def new_page() -> Scene:
        scene = Scene(page_w, page_h, None, icons=content.icons, title=title)
        pages.append(scene)
        return scene

    bottom = page_h - MARGIN_MM
    for spec in specs:
        pitch = spec.size + GAP_MM
        per_row = max(1, int((page_w - 2 * MARGIN_MM + GAP_MM) // pitch))
        remaining = spec.count
        first_row = True
        while remaining:
            needed = (CAPTION_MM if first_row else 0) + spec.size + CUT_BLEED_MM
            if page is None or y + needed > bottom:
                page = new_page()
                y = MARGIN_MM + HEADER_MM
            if first_row:
                name = spec.component.name.get(lang)
                page.add(Text(MARGIN_MM, y + 4.0, f"{name} × {spec.count}", "bold", 9, "#111111"))
                y += CAPTION_MM
                first_row = False
            y += CUT_BLEED_MM
            for i in range(min(per_row, remaining)):
                page.add(*token_items(spec, MARGIN_MM + i * pitch, y, lang, content.icons))
            remaining -= min(per_row, remaining)
            y += spec.size + GAP_MM
        y += 1.0
    for number, scene in enumerate(pages, 1):
        scene.items.insert(0, Text(MARGIN_MM, MARGIN_MM + 5, title, "wide-bold", 12, "#111111"))
        scene.items.insert(1, Text(page_w - MARGIN_MM, MARGIN_MM + 5, f"{WORDS[lang][1]} {number}/{len(pages)}",
                                   "regular", 9, "#111111", "end"))
    return pages


def write_token_pdf(content: GameContent, path: Path, paper: str, lang: str) -> Path | None:
    """Write the token sheets; None (and no file) when the game has nothing to print as a token."""
    pages = token_pages(content, paper, lang)
    if not pages:
        return None
    page_w, page_h = PAPERS[paper]
    canvas = new_canvas(path, page_w * mm, page_h * mm, pages[0].title)
    for scene in pages:
        draw_scene(canvas, scene)
        canvas.showPage()
    canvas.save()
    return path
