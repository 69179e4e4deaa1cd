"""The PDF backend: draw a computed FaceLayout on a reportlab canvas, nothing more.

What many cards share is drawn once per document as a PDF form (XObject) and then placed by
reference: each icon, and each kind's frame (background, panels, kind badge). A 63-card sheet
then carries one copy of the building frame, not seventeen.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from generator.layout.fonts import face as font_face
from generator.layout.geometry import (CircleShape, FaceLayout, IconPlacement, ImagePlacement, Item, LineShape,
                                       RectShape, TextRun)
from generator.layout.icons import VectorIcon, load_icon
from generator.render.pdf_icons import draw_icon

ICON_FORM_EDGE = 100.0  # icons are drawn into forms of this edge (pt), then scaled on use


class _Colours(dict[str, Color]):
    def __missing__(self, key: str) -> Color:
        value = HexColor(key)
        self[key] = value
        return value


class PdfFaceDrawer:
    """Draws card faces on one canvas; remembers which forms the document already holds."""

    def __init__(self, canvas: Canvas, icons: dict[str, Path], use_forms: bool = True):
        self.canvas = canvas
        self.icons = icons
        self.use_forms = use_forms
        self._forms: dict[object, str] = {}
        self._shared_blocks: set[tuple] = set()
        self._shared_runs: set[tuple] = set()
        self._colours = _Colours()
        self._drawn: dict[int, tuple[list[str], list[str], bool]] = {}
        self._faces: list[FaceLayout] = []
        self._repeated: set[int] | None = None  # ids of faces drawn more than once (None: not known, record all)

    # --- public --------------------------------------------------------------------------------
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
            self._items(face.frame, face.height)
        self._items(face.items, face.height, share=self.use_forms)
        if self._repeated is not None and id(face) not in self._repeated:
            return
        if (len(c._colorsUsed), len(c._shadingUsed), len(c._annotationrefs)) == others:
            images = any(isinstance(item, ImagePlacement) for item in face.all_items())
            self._drawn[id(face)] = (c._code[code_at:], c._formsinuse[forms_at:], images)
            self._faces.append(face)  # keeps the face alive, so its id stays its own while recorded

    # --- forms ---------------------------------------------------------------------------------
    def _form_name(self, key: object) -> str:
        if key not in self._forms:
            self._forms[key] = f"F{len(self._forms)}"
        return self._forms[key]

    def _frame_form(self, face: FaceLayout) -> str:
        key = "frame:" + face.frame_key
        known = key in self._forms
        name = self._form_name(key)
        if not known:
            for item in face.frame:  # icons a form uses must exist before the form is opened
                if isinstance(item, IconPlacement):
                    self._icon_form(item.name)
            b = face.bleed * mm
            # reportlab writes the corners as numbers (its stubs say int, the code takes floats)
            self.canvas.beginForm(name, -b, -b, face.width * mm + b, face.height * mm + b)  # type: ignore[arg-type]
            self._items(face.frame, face.height)
            self.canvas.endForm()
        return name

    def _icon_form(self, icon_name: str) -> str:
        key = "icon:" + icon_name
        known = key in self._forms
        name = self._form_name(key)
        if not known:
            icon = load_icon(self.icons[icon_name])
            self.canvas.beginForm(name, 0, 0, ICON_FORM_EDGE, ICON_FORM_EDGE)
            self._icon_paths(icon, ICON_FORM_EDGE)
            self.canvas.endForm()
        return name

    # --- items ---------------------------------------------------------------------------------
    def share_blocks(self, faces: list[FaceLayout]) -> None:
        """What occurs on more than one drawn face becomes a form (call before drawing): text blocks, and
        runs of shapes and icons between texts (a card's panels, badge and pictures repeat across a kind); and
        which faces come more than once (copies of a card), the only ones whose drawing `draw` records."""
        counts = Counter(item.block for face in faces for item in face.items
                         if isinstance(item, TextRun) and item.block is not None)
        self._shared_blocks = {block for block, n in counts.items() if n > 1}
        runs = Counter(key for face in faces for key, _, _ in _graphic_runs(face.items, face.height))
        self._shared_runs = {key for key, n in runs.items() if n > 1}
        self._repeated = {face_id for face_id, n in Counter(id(face) for face in faces).items() if n > 1}

    def _run_form(self, key: tuple) -> str:
        known = key in self._forms
        name = self._form_name(key)
        if not known:
            _, height, run = key
            for item in run:  # icons a form uses must exist before the form is opened
                if isinstance(item, IconPlacement):
                    self._icon_form(item.name)
            self.canvas.beginForm(name, -1000, -1000, 1000, 1000)
            for item in run:
                self._item(item, height)
            self.canvas.endForm()
        return name

    def _block_form(self, runs: list[TextRun]) -> str:
        key = ("block", runs[0].block)
        known = key in self._forms
        name = self._form_name(key)
        if not known:
            ox, oy = runs[0].origin
            self.canvas.beginForm(name, -1000, -1000, 1000, 1000)
            self._draw_text(runs, ox, oy)
            self.canvas.endForm()
        return name

    def _draw_text(self, runs: list[TextRun], left: float, top: float) -> None:
        """Runs in one text object, placed relative to (left, top) in mm (y of PDF = top - baseline)."""
        text = self.canvas.beginText()
        font: tuple[str, float] | None = None
        colour: str | None = None
        for run in runs:
            if font != (run.font, run.size):
                font = (run.font, run.size)
                text.setFont(font_face(run.font).pdf_name, run.size)
            if colour != run.color:
                colour = run.color
                text.setFillColor(self._colours[run.color])
            text.setTextOrigin((run.x - left) * mm, (top - run.baseline) * mm)
            text.textOut(run.text)
        self.canvas.drawText(text)

    def _items(self, items: list[Item], height: float, share: bool = False) -> None:
        c = self.canvas
        index, count = 0, len(items)
        while index < count:
            item = items[index]
            if isinstance(item, TextRun):
                runs = [item]  # the runs that follow in the same block at the same origin
                end = index + 1
                while end < count:
                    following = items[end]
                    if not (isinstance(following, TextRun) and following.block == item.block
                            and following.origin == item.origin):
                        break
                    runs.append(following)
                    end += 1
                index = end
                if self.use_forms and item.block is not None and item.block in self._shared_blocks:
                    name = self._block_form(runs)
                    dx, dy = item.origin[0] * mm, (height - item.origin[1]) * mm
                    c.translate(dx, dy)  # a translate pair is cheaper than saving the graphics state
                    c.doForm(name)
                    c.translate(-dx, -dy)
                else:
                    self._draw_text(runs, 0.0, height)
                continue
            end = index + 1
            while end < count and not isinstance(items[end], TextRun):
                end += 1
            key = ("shapes", height, tuple(items[index:end]))
            if share and key in self._shared_runs:
                c.doForm(self._run_form(key))
            else:
                for shape in items[index:end]:
                    self._item(shape, height)
            index = end

    def _item(self, item: Item, height: float) -> None:
        """One shape, icon or image."""
        c = self.canvas
        if isinstance(item, RectShape):
            self._paint(item.fill, item.stroke, item.stroke_width)
            x, y = item.x * mm, (height - item.y - item.h) * mm
            if item.radius > 0:
                c.roundRect(x, y, item.w * mm, item.h * mm, item.radius * mm, stroke=int(bool(item.stroke)),
                            fill=int(bool(item.fill)))
            else:
                c.rect(x, y, item.w * mm, item.h * mm, stroke=int(bool(item.stroke)), fill=int(bool(item.fill)))
        elif isinstance(item, CircleShape):
            self._paint(item.fill, item.stroke, item.stroke_width)
            c.circle(item.cx * mm, (height - item.cy) * mm, item.r * mm, stroke=int(bool(item.stroke)),
                     fill=int(bool(item.fill)))
        elif isinstance(item, LineShape):
            c.saveState()
            self._paint(None, item.stroke, item.stroke_width)
            if item.dash:
                c.setDash([d * mm for d in item.dash])
            c.line(item.x1 * mm, (height - item.y1) * mm, item.x2 * mm, (height - item.y2) * mm)
            c.restoreState()
        elif isinstance(item, IconPlacement):
            self._icon(item, height)
        elif isinstance(item, ImagePlacement):  # reportlab stores each image file once per document
            c.drawImage(item.path, item.x * mm, (height - item.y - item.h) * mm, item.w * mm, item.h * mm,
                        preserveAspectRatio=True, anchor="c", mask="auto")

    def _paint(self, fill: str | None, stroke: str | None, width: float) -> None:
        if fill:
            self.canvas.setFillColor(self._colours[fill])
        if stroke:
            self.canvas.setStrokeColor(self._colours[stroke])
            self.canvas.setLineWidth(width * mm)

    def _icon(self, item: IconPlacement, height: float) -> None:
        c = self.canvas
        c.saveState()
        c.translate(item.x * mm, (height - item.y - item.size) * mm)
        if self.use_forms:
            name = self._icon_form(item.name)
            scale = item.size * mm / ICON_FORM_EDGE
            c.scale(scale, scale)
            c.doForm(name)
        else:
            self._icon_paths(load_icon(self.icons[item.name]), item.size * mm)
        c.restoreState()

    def _icon_paths(self, icon: VectorIcon, edge: float) -> None:
        """Replay the icon's outlines into the square (0, 0, edge, edge)."""
        draw_icon(self.canvas, icon, 0.0, edge, edge, self._colours.__getitem__)


def _graphic_runs(items: list[Item], height: float):
    """(key, start, end) of each run of shapes, icons and images between text runs."""
    index, count = 0, len(items)
    while index < count:
        if isinstance(items[index], TextRun):
            index += 1
            continue
        end = index + 1
        while end < count and not isinstance(items[end], TextRun):
            end += 1
        yield ("shapes", height, tuple(items[index:end])), index, end
        index = end
