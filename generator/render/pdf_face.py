"""Card faces on a PDF canvas: the drawing model's PDF drawer plus what a deck of faces shares.

Items are drawn by generator.drawing.pdf (as boards and tokens are). What many cards share is
drawn once per document as a PDF form (XObject) and then placed by reference: each icon, each
kind's frame (background, panels, kind badge), repeated text blocks and runs of shapes. A
63-card sheet then carries one copy of the building frame, not seventeen; copies of one card
replay the operators their first drawing added.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from generator.drawing.pdf import PdfDrawer
from generator.drawing.shapes import Image
from generator.layout.geometry import FaceLayout


class PdfFaceDrawer(PdfDrawer):
    """Draws card faces on one canvas; remembers which forms the document already holds."""

    def __init__(self, canvas: Canvas, icons: dict[str, Path], use_forms: bool = True):
        super().__init__(canvas, icons, use_forms)
        self._drawn: dict[int, tuple[list[str], list[str], bool]] = {}
        self._faces: list[FaceLayout] = []
        self._repeated: set[int] | None = None  # ids of faces drawn more than once (None: not known, record all)

    def draw(self, face: FaceLayout) -> None:
        """Draw `face` with its trim box's bottom-left corner at the canvas origin.

        Copies of a card are the same FaceLayout object: the first draw records the operators it
        added to the page (and the forms the page uses), later copies replay them. The bytes are
        the ones drawing it again would give, since the forms it needs exist by then."""
        c: Any = self.canvas  # reportlab's page accumulators are not in its stubs
        replay = self._drawn.get(id(face))
        if replay is not None:
            code, forms, images = replay
            c._code.extend(code)
            c._formsinuse.extend(forms)
            if images:
                c._currentPageHasImages = 1
            return
        code_at, forms_at = len(c._code), len(c._formsinuse)
        others = (len(c._colorsUsed), len(c._shadingUsed), len(c._annotationrefs))
        if self.use_forms:
            name = self._frame_form(face)
            self.canvas.doForm(name)
        else:
            self.items(face.frame, face.height)
        self.items(face.items, face.height, share=self.use_forms)
        if self._repeated is not None and id(face) not in self._repeated:
            return
        if (len(c._colorsUsed), len(c._shadingUsed), len(c._annotationrefs)) == others:
            images = any(isinstance(item, Image) for item in face.all_items())
            self._drawn[id(face)] = (c._code[code_at:], c._formsinuse[forms_at:], images)
            self._faces.append(face)  # keeps the face alive, so its id stays its own while recorded

    def share_blocks(self, faces: list[FaceLayout]) -> None:
        """What occurs on more than one drawn face becomes a form (call before drawing): text blocks, and
        runs of shapes and icons between texts (a card's panels, badge and pictures repeat across a kind); and
        which faces come more than once (copies of a card), the only ones whose drawing `draw` records."""
        self.share((face.items, face.height) for face in faces)
        self._repeated = {face_id for face_id, n in Counter(id(face) for face in faces).items() if n > 1}

    def _frame_form(self, face: FaceLayout) -> str:
        key = "frame:" + face.frame_key
        known = key in self._forms
        name = self._form_name(key)
        if not known:
            self.icon_forms(face.frame)  # icons a form uses must exist before the form is opened
            b = face.bleed * mm
            # reportlab writes the corners as numbers (its stubs say int, the code takes floats)
            self.canvas.beginForm(name, -b, -b, face.width * mm + b, face.height * mm + b)  # type: ignore[arg-type]
            self.items(face.frame, face.height)
            self.canvas.endForm()
        return name
