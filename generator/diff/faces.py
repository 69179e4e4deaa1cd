"""Before and after pictures of the faces a change redrew, with the changed area marked.

The faces are drawn by the print backend (one PDF per revision, one face per page, as the
print-on-demand file is made) and rasterised by pypdfium2, so a picture shows what prints. The
pixels that differ between the two pictures are boxed in on the after picture.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterable
from itertools import islice
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw

from generator.diff.cards import CardChange, FaceChange
from generator.layout.geometry import FaceLayout
from generator.render.pdf_sheets import PrintCard, write_pod
from generator.render.raster import render_pages, save_png

FACE_DPI = 150
MAX_FACES = 60           # face pairs drawn per report; a change that redraws more names the rest without pictures
HIGHLIGHT = (230, 0, 126)  # magenta: no card colour of the bundled games comes near it
HIGHLIGHT_WIDTH = 3
HIGHLIGHT_MARGIN = 8


def face_size(face: FaceLayout, dpi: float = FACE_DPI) -> tuple[int, int]:
    """Pixels of a face's picture: its trim plus bleed at `dpi`."""
    return (round((face.width + 2 * face.bleed) / 25.4 * dpi), round((face.height + 2 * face.bleed) / 25.4 * dpi))


def render_faces(faces: list[FaceLayout], icons: dict[str, Path], dpi: float = FACE_DPI) -> list[Image.Image]:
    """Each face as a picture, in order, drawn through one PDF."""
    if not faces:
        return []
    pairs = [PrintCard(f"face-{i}", faces[i], faces[i + 1] if i + 1 < len(faces) else faces[i])
             for i in range(0, len(faces), 2)]
    with tempfile.TemporaryDirectory(prefix="pnp-diff-faces-") as scratch:
        pdf = Path(scratch) / "faces.pdf"
        write_pod(pdf, pairs, icons, "pnp diff")
        sizes = [face_size(face, dpi) for pair in pairs for face in (pair.front, pair.back)]
        pages = render_pages(pdf, dpi, sizes)
        try:
            return list(islice(pages, len(faces)))
        finally:
            pages.close()


def changed_box(before: Image.Image, after: Image.Image) -> tuple[int, int, int, int] | None:
    """The smallest box (left, top, right, bottom) holding every pixel that differs; None when none does.

    A face that changed its size changed as a whole: the box is all of the after picture.
    """
    if before.size != after.size:
        return (0, 0, after.width, after.height)
    return ImageChops.difference(before.convert("RGB"), after.convert("RGB")).getbbox()


def highlighted(image: Image.Image, box: tuple[int, int, int, int]) -> Image.Image:
    """A copy of `image` with `box` outlined, a little outside it, so the change itself stays visible."""
    marked = image.convert("RGB").copy()
    left, top, right, bottom = box
    outline = (
        max(0, left - HIGHLIGHT_MARGIN),
        max(0, top - HIGHLIGHT_MARGIN),
        min(marked.width - 1, right - 1 + HIGHLIGHT_MARGIN),
        min(marked.height - 1, bottom - 1 + HIGHLIGHT_MARGIN),
    )
    ImageDraw.Draw(marked).rectangle(outline, outline=HIGHLIGHT, width=HIGHLIGHT_WIDTH)
    return marked


def draw_changes(game: str, changes: Iterable[CardChange], old_icons: dict[str, Path], new_icons: dict[str, Path],
                 folder: Path, images: str = "images", budget: int = MAX_FACES) -> int:
    """Write the pictures of every changed face (at most `budget`) under `folder/images/<game>/`; returns how many
    pairs.

    Each FaceChange gets its file names (relative to `folder`), picture size and changed box.
    """
    wanted: list[tuple[CardChange, FaceChange]] = []
    for change in changes:
        for face in change.faces:
            if len(wanted) < budget:
                wanted.append((change, face))
    olds = [face.old for _, face in wanted if face.old is not None]
    news = [face.new for _, face in wanted if face.new is not None]
    old_images = iter(render_faces(olds, old_icons))
    new_images = iter(render_faces(news, new_icons))
    for change, face in wanted:
        before = next(old_images) if face.old is not None else None
        after = next(new_images) if face.new is not None else None
        stem = f"{images}/{game}/{change.card_id}-{face.lang}-{face.side}"
        if before is not None:
            save_png(before, folder / f"{stem}-before.png", FACE_DPI)
            face.before = f"{stem}-before.png"
        if after is not None:
            face.box = changed_box(before, after) if before is not None else None
            save_png(highlighted(after, face.box) if face.box else after, folder / f"{stem}-after.png", FACE_DPI)
            face.after = f"{stem}-after.png"
        shown = after if after is not None else before
        face.size = shown.size if shown is not None else None
    return len(wanted)
