"""Uploads for print-on-demand shops: each card design as its own PDF and as PNGs at the profile's dpi.

Shops take one image per card face, at trim plus bleed (825 x 1125 px for a 2.5 x 3.5 in card
with 1/8 in bleed at 300 dpi), and ask how many copies of each to print: the file names say it
(`07-sternenbasis-x3-front.png`). The cards are laid out at the profile's trim by the caller.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator import output_files as names
from generator.layout.profiles import PrintProfile
from generator.render.pdf_sheets import PrintCard, write_pod
from generator.render.raster import render_pages, save_png


@dataclass(frozen=True)
class Design:
    """One card design and how many copies the game holds."""

    card_id: str
    copies: int
    printed: PrintCard


def write_uploads(out_dir: Path, designs: list[Design], profile: PrintProfile, lang: str, icons: dict[str, Path],
                  title: str, images: bool = True) -> list[Path]:
    """Per design: a two-page PDF (front, back; TrimBox/BleedBox set) and, with `images`, a PNG per face."""
    written: list[Path] = []
    for number, design in enumerate(designs, 1):
        pdf = out_dir / names.print_shop_card(profile.id, lang, number, design.card_id, design.copies, None, "pdf")
        pdf.parent.mkdir(parents=True, exist_ok=True)
        write_pod(pdf, [design.printed], icons, f"{title} — {design.card_id}")
        written.append(pdf)
        if not images:
            continue
        faces = (design.printed.front, design.printed.back)
        sizes = [profile.pixels((face.width, face.height)) for face in faces]
        for side, image in zip(("front", "back"), render_pages(pdf, profile.dpi, sizes), strict=False):
            path = out_dir / names.print_shop_card(profile.id, lang, number, design.card_id, design.copies, side, "png")
            written.append(save_png(image, path, profile.dpi))
    return written
