"""The `art` element: a card's picture, from an image file the card names or drawn by generator.art.

    - {type: art, x: 4, y: 20, w: 55, h: 30, motif: "{{ tags[0] if tags else 'mars' }}", src: "{{ face.art or '' }}"}

With `src` empty the picture is generated: seeded by the game, the card and the side (or by
`seed`), in the motif family `motif` names, in colours around `color`. With `src` it is the
file: PNG or JPEG (its resolution checked against the printed size: a warning below `min_dpi`)
or SVG (drawn as shapes), inside the game's folder. A box that touches the trim's edge is
extended into the bleed on that side, so a cut a little off shows picture, not paper.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal, Protocol

from pydantic import Field

from generator.art.generate import MOTIFS, ArtError, illustration
from generator.art.vector_file import vector_picture
from generator.drawing.icons import IconError
from generator.drawing.shapes import Image, Item
from generator.layout.element_base import COLOUR, _BoxElement
from generator.layout.picture_files import ART_FILES, picture_file


class FaceEvaluation(Protocol):
    """What the element reads of the evaluation that draws it (generator.layout.evaluation.FaceEvaluation)."""

    context: dict[str, Any]
    game_root: Path
    layout: Any

    def problem(self, field_name: str, message: str, hint: str = "", mark: Any = None,
                severity: str = "error") -> None: ...

MAX_PIXELS = 40_000_000  # 40 Mpx: a poker card at 1200 dpi is 9 Mpx; beyond that a file is a mistake or a bomb
EDGE_MM = 0.01  # a box this close to the trim's edge touches it
DEFAULT_SEED = "{{ card.id if card is defined else kind.id }}/{{ side }}"
# a template, so the seed is one of the element's values: cards that differ only in it get their own pictures


class ArtSpec(_BoxElement):
    """A card's picture: an image file (`src`) or an illustration generated for the card (`motif`)."""

    type: Literal["art"] = Field(description="the kind of element")
    radius: float | str = Field(default=0.0, description="the corners' radius in mm (none where the box reaches "
                                "into the bleed)")
    motif: str = Field(default="", description="template: the motif family of a generated picture (" +
                       ", ".join(MOTIFS) + "), or a word standing for one (a Terraforming Mars tag, an icon's "
                       "name: `building`, `comet`, ...); empty: no picture")
    seed: str = Field(default=DEFAULT_SEED, description="template: what makes the picture this card's (default: the "
                      "card's id and side); the game's id is always added")
    color: str = Field(default="{{ kind.color }}", description=f"the base of the picture's colours: {COLOUR}")
    lighten: float | str = Field(default=0.0, description="0 to 1: how far every colour of a generated picture is "
                                 "mixed with white (an ink-saving print)")
    src: str = Field(default="", description="template: an image file inside the game's folder (.png, .jpg or .svg) "
                     "shown instead of a generated picture; empty: generated")
    optional: bool = Field(default=False, description="a missing `src` file draws the generated picture instead of "
                           "being an error")
    min_dpi: float = Field(default=300.0, ge=1, le=2400, description="a PNG or JPEG below this resolution at its "
                           "printed size is warned about")


Number = Callable[[str], float]
Template = Callable[[str], str]


def art_items(evaluation: FaceEvaluation, element: ArtSpec, where: tuple, num: Number, text: Template,
              colour: Callable[[str], str | None]) -> list[Item]:
    """The picture's items, its box extended into the bleed where it touches the trim's edge."""
    context = evaluation.context
    x, y, w, h = num("x"), num("y"), num("w"), num("h")
    x, y, w, h, bled = bleed_box(x, y, w, h, context["W"], context["H"], context["B"])
    source = text("src").strip() if element.src else ""
    if source:
        found = picture_file(evaluation, source, element.optional, ART_FILES)
        if found is not None:
            return _file_items(evaluation, found, source, (x, y, w, h), element.min_dpi)
        if not element.optional:
            return []
    motif = text("motif").strip()
    if not motif:
        return []
    seed = text("seed").strip()
    radius = 0.0 if bled else num("radius")
    try:
        return list(illustration(f"{context['game']['id']}/{seed}", motif, x, y, w, h,
                                 colour("color") or "#888888", radius, max(0.0, min(1.0, num("lighten")))))
    except ArtError as exc:
        evaluation.problem("art", str(exc), hint=f"use one of {', '.join(MOTIFS)}",
                           mark=evaluation.layout.mark(*where, "motif"))
        return []


def bleed_box(x: float, y: float, w: float, h: float, width: float, height: float,
              bleed: float) -> tuple[float, float, float, float, bool]:
    """(x, y, w, h, extended): the box grown to the bleed's outer edge on each side where it touches the trim."""
    left, top = x <= EDGE_MM, y <= EDGE_MM
    right, bottom = x + w >= width - EDGE_MM, y + h >= height - EDGE_MM
    x0 = -bleed if left else x
    y0 = -bleed if top else y
    x1 = width + bleed if right else x + w
    y1 = height + bleed if bottom else y + h
    return x0, y0, x1 - x0, y1 - y0, left or top or right or bottom


def _file_items(evaluation: FaceEvaluation, path: Path, source: str, box: tuple[float, float, float, float],
                min_dpi: float) -> list[Item]:
    x, y, w, h = box
    if path.suffix.lower() == ".svg":
        try:
            return list(vector_picture(path, x, y, w, h))
        except IconError as exc:
            evaluation.problem("art", f"picture '{source}' cannot be drawn: {exc}", hint="save it as plain SVG")
            return []
    stat = path.stat()
    try:
        width_px, height_px = pixel_size(str(path), stat.st_mtime_ns, stat.st_size)
    except ValueError as exc:
        evaluation.problem("art", f"picture '{source}' {exc}", hint="save it again as PNG or JPEG")
        return []
    dpi = 25.4 * max(width_px / w, height_px / h)  # fitted uncropped: one side fills the box
    if dpi < min_dpi:
        evaluation.problem("art", f"picture '{source}' is {dpi:.0f} dpi at its printed size of {w:.1f} x {h:.1f} mm "
                           f"({width_px} x {height_px} px); print wants at least {min_dpi:g} dpi",
                           hint=f"use a file of at least {round(w / 25.4 * min_dpi)} x {round(h / 25.4 * min_dpi)} px",
                           severity="warning")
    return [Image(str(path), x, y, w, h)]


@lru_cache(maxsize=256)
def pixel_size(path: str, mtime_ns: int, size: int) -> tuple[int, int]:
    """(width, height) in pixels of a PNG or JPEG, read from its header only; ValueError when it is not one or is
    larger than MAX_PIXELS (`mtime_ns` and `size` make a changed file read again)."""
    from PIL import Image as PillowImage
    from PIL import UnidentifiedImageError

    try:
        with PillowImage.open(path) as image:
            if image.format not in ("PNG", "JPEG"):
                raise ValueError(f"is {image.format or 'not an image'}, not PNG or JPEG")
            width, height = image.size
    except (OSError, UnidentifiedImageError, PillowImage.DecompressionBombError) as exc:
        raise ValueError(f"cannot be read as an image ({exc.__class__.__name__})") from None
    if width <= 0 or height <= 0 or width * height > MAX_PIXELS:
        raise ValueError(f"is {width} x {height} px; at most {MAX_PIXELS // 1_000_000} million pixels")
    return width, height
