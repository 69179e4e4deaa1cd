"""The SVG backend: one card face as a standalone SVG for the web.

It draws the same FaceLayout the PDF backend draws: text runs at their computed positions with
their computed widths (`textLength`, so a browser's font cannot reflow them), icons as symbols
built from the same parsed outlines. The view is the trim box with rounded corners, as a cut
card looks; text stays text, so the site can search it. Faces are written as text by
svg_face_text (the bytes svg_document's svgwrite drawing gives, several times faster).
"""

from __future__ import annotations

from pathlib import Path

from generator.layout.geometry import FaceLayout
from generator.render.svg_face_text import face_svg


def write_face_svg(path: Path, face: FaceLayout, icons: dict[str, Path], title: str, card_id: str, side: str) -> Path:
    path.write_text('<?xml version="1.0" encoding="utf-8" ?>\n' + face_svg(face, icons, title, card_id, side) + "\n",
                    encoding="utf-8")
    return path
