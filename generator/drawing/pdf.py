"""The PDF backend of the drawing model: shape items onto a reportlab canvas, for cards, boards and tokens.

`PdfDrawer` turns items (generator.drawing.shapes, mm with y down) into PDF operators in points
with y up, inside a box of a given height. With forms on, what repeats is drawn once per
document as a form XObject and placed by reference: each icon, each text block and each run of
shapes that `share` found on more than one piece (a kind's panels and badge, the same rules
text). Card faces add their frames and copy replay on top (generator.render.pdf_face); boards
and token sheets draw their scenes straight (generator.boards.pdf). `draw_icon` is the one
routine that replays an icon's outlines, also used by the rulebook's inline icons.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from generator.drawing.fonts import face as font_face
from generator.drawing.icons import VectorIcon, load_icon
from generator.drawing.shapes import Circle, Icon, Image, Item, Line, Paint, Polygon, Rect, Text

ICON_FORM_EDGE = 100.0  # icons are drawn into forms of this edge (pt), then scaled on use
CAPS = {"butt": 0, "round": 1, "square": 2}
JOINS = {"miter": 0, "round": 1, "bevel": 2}


def draw_icon(canvas: Canvas, icon: VectorIcon, x_pt: float, top_pt: float, size_pt: float,
              colour: Callable[[str], Color] = HexColor) -> None:
    """Draw `icon` centred in the square whose top-left corner is (x_pt, top_pt), PDF coordinates (y up)."""
    scale, dx, dy = icon.placement(size_pt)

    def pt(x: float, y: float) -> tuple[float, float]:
        return x_pt + dx + x * scale, top_pt - (dy + y * scale)

    for shape in icon.shapes:
        path = canvas.beginPath()
        for cmd in shape.commands:
            op = cmd[0]
            if op == "M":
                path.moveTo(*pt(cmd[1], cmd[2]))
            elif op == "L":
                path.lineTo(*pt(cmd[1], cmd[2]))
            elif op == "C":
                path.curveTo(*pt(cmd[1], cmd[2]), *pt(cmd[3], cmd[4]), *pt(cmd[5], cmd[6]))
            else:
                path.close()
        canvas.saveState()
        if shape.fill:
            canvas.setFillColor(colour(shape.fill))
        if shape.stroke:
            canvas.setStrokeColor(colour(shape.stroke))
            canvas.setLineWidth(shape.stroke_width * scale)
            canvas.setLineCap(CAPS.get(shape.line_cap, 0))
            canvas.setLineJoin(JOINS.get(shape.line_join, 0))
            if shape.dash:  # each shape is drawn in its own saved state: no dash to reset otherwise
                canvas.setDash([d * scale for d in shape.dash])
        canvas.drawPath(path, stroke=int(bool(shape.stroke)), fill=int(bool(shape.fill)),
                        fillMode=1 if shape.even_odd else 0)
        canvas.restoreState()


class _Colours(dict[str, Color]):
    def __missing__(self, key: str) -> Color:
        value = HexColor(key)
        self[key] = value
        return value


class PdfDrawer:
    """Draws items on one canvas; remembers which forms the document already holds."""

    def __init__(self, canvas: Canvas, icons: dict[str, Path], use_forms: bool = True):
        self.canvas = canvas
        self.icons = icons
        self.use_forms = use_forms
        self._forms: dict[object, str] = {}
        self._shared_blocks: set[tuple] = set()
        self._shared_runs: set[tuple] = set()
        self._colours = _Colours()
        self._replays: dict[tuple, tuple[list[str], list[str], bool, list[Item]]] = {}

    # --- what repeats ----------------------------------------------------------------------------
    def share(self, pieces: Iterable[tuple[list[Item], float]]) -> None:
        """Note what occurs in more than one of `pieces` (items, box height), to be drawn once as a form:
        text blocks, and runs of shapes and icons between texts. Call before drawing them."""
        blocks: Counter = Counter()
        runs: Counter = Counter()
        for items, height in pieces:
            blocks.update(item.block for item in items if isinstance(item, Text) and item.block is not None)
            runs.update(key for key, _, _ in graphic_runs(items, height))
        self._shared_blocks = {block for block, n in blocks.items() if n > 1}
        self._shared_runs = {key for key, n in runs.items() if n > 1}

    # --- forms ---------------------------------------------------------------------------------
    def _form_name(self, key: object) -> str:
        if key not in self._forms:
            self._forms[key] = f"F{len(self._forms)}"
        return self._forms[key]

    def icon_forms(self, items: Iterable[Item]) -> None:
        """Make the icons among `items` forms now: a form that uses them must not be open while they are made."""
        for item in items:
            if isinstance(item, Icon) and item.name in self.icons:
                self._icon_form(item.name)

    def _icon_form(self, icon_name: str) -> str:
        key = "icon:" + icon_name
        known = key in self._forms
        name = self._form_name(key)
        if not known:
            icon = load_icon(self.icons[icon_name])
            self.canvas.beginForm(name, 0, 0, ICON_FORM_EDGE, ICON_FORM_EDGE)
            draw_icon(self.canvas, icon, 0.0, ICON_FORM_EDGE, ICON_FORM_EDGE, self._colours.__getitem__)
            self.canvas.endForm()
        return name

    def _run_form(self, key: tuple) -> str:
        known = key in self._forms
        name = self._form_name(key)
        if not known:
            _, height, run = key
            self.icon_forms(run)
            self.canvas.beginForm(name, -1000, -1000, 1000, 1000)
            for item in run:
                self.item(item, height)
            self.canvas.endForm()
        return name

    def _block_form(self, runs: list[Text]) -> str:
        key = ("block", runs[0].block)
        known = key in self._forms
        name = self._form_name(key)
        if not known:
            ox, oy = runs[0].origin
            self.canvas.beginForm(name, -1000, -1000, 1000, 1000)
            self.text(runs, ox, oy)
            self.canvas.endForm()
        return name

    # --- items ---------------------------------------------------------------------------------
    def items(self, items: list[Item], height: float, share: bool = False) -> None:
        """Draw `items` in order in a box `height` mm tall whose bottom-left corner is the current origin.

        Consecutive runs of one text block go into one text object; with `share`, a block or a run
        of shapes that `share()` found repeated is placed as its form. With forms on, the operators
        a segment (a text block, or a run of shapes) added are kept by the identity of its items
        and replayed when the same item objects come again: the layout step hands every card of a
        kind the very same items for the values they share (its panels, effect texts, badges)."""
        c: Any = self.canvas  # reportlab's page accumulators are not in its stubs
        index, count = 0, len(items)
        while index < count:
            end = _segment_end(items, index, count)
            if not self.use_forms:
                self._segment(items, index, end, height, share)
                index = end
                continue
            code = c._code  # read again each time: making a form can leave the page with a new list
            key = (height, share, *map(id, items[index:end]))
            replay = self._replays.get(key)
            # a segment that starts by moving the origin merges into a move just before it (reportlab joins
            # neighbouring `cm` operators): then it is drawn again, and not recorded when it merged
            last = code[-1] if code else None
            if replay is not None and not (replay[2] and last is not None and last.endswith(" cm")):
                code.extend(replay[0])
                c._formsinuse.extend(replay[1])
                index = end
                continue
            code_at, forms_at = len(code), len(c._formsinuse)
            others = _page_uses(c)
            self._segment(items, index, end, height, share)
            unmerged = last is None or code[code_at - 1] is last
            if c._code is code and unmerged and len(code) > code_at and others == _page_uses(c):
                added = code[code_at:]
                self._replays[key] = (added, c._formsinuse[forms_at:], added[0].endswith(" cm"),
                                      items[index:end])  # the items kept alive, so their ids stay theirs
            index = end

    def _segment(self, items: list[Item], index: int, end: int, height: float, share: bool) -> None:
        """One text block (its runs at `index:end`) or one run of shapes, icons and images."""
        c = self.canvas
        item = items[index]
        if isinstance(item, Text):
            runs = items[index:end]
            if self.use_forms and item.block is not None and item.block in self._shared_blocks:
                name = self._block_form(runs)  # type: ignore[arg-type]  # a block's items are all Text
                dx, dy = item.origin[0] * mm, (height - item.origin[1]) * mm
                c.translate(dx, dy)  # a translate pair is cheaper than saving the graphics state
                c.doForm(name)
                c.translate(-dx, -dy)
            else:
                self.text(runs, 0.0, height)  # type: ignore[arg-type]  # a block's items are all Text
            return
        key = ("shapes", height, tuple(items[index:end]))
        if share and key in self._shared_runs:
            c.doForm(self._run_form(key))
        else:
            for shape in items[index:end]:
                self.item(shape, height)

    def text(self, runs: list[Text], left: float, top: float) -> None:
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
            x = (run.x - left) * mm
            if run.anchor != "start":  # in points, as reportlab's drawCentredString and drawRightString do
                x -= self._width_pt(run) * (0.5 if run.anchor == "middle" else 1.0)
            text.setTextOrigin(x, (top - run.baseline) * mm)
            text.textOut(run.text)
        self.canvas.drawText(text)

    @staticmethod
    def _width_pt(run: Text) -> float:
        """The run's width in points: as the layout set it, else as reportlab measures it in its font."""
        if run.width is not None:
            return run.width * mm
        return stringWidth(run.text, font_face(run.font).pdf_name, run.size)

    def item(self, item: Item, height: float) -> None:
        """One shape, icon or image (texts go through `text`)."""
        c = self.canvas
        if isinstance(item, Text):
            self.text([item], 0.0, height)
            return
        if isinstance(item, Line):
            if not item.paint.stroked:
                return
            c.saveState()
            self._paint(item.paint)
            if item.paint.dash:
                c.setDash([d * mm for d in item.paint.dash])
            c.line(item.x1 * mm, (height - item.y1) * mm, item.x2 * mm, (height - item.y2) * mm)
            c.restoreState()
            return
        if isinstance(item, Icon):
            self._icon(item, height)
            return
        if isinstance(item, Image):  # reportlab stores each image file once per document
            c.drawImage(item.path, item.x * mm, (height - item.y - item.h) * mm, item.w * mm, item.h * mm,
                        preserveAspectRatio=True, anchor="c", mask="auto")
            return
        dashed = bool(item.paint.dash) and item.paint.stroked
        if dashed:
            c.saveState()
            c.setDash([d * mm for d in item.paint.dash])
        fill, stroke = self._paint(item.paint)
        if isinstance(item, Rect):
            x, y = item.x * mm, (height - item.y - item.h) * mm
            if item.radius > 0:
                c.roundRect(x, y, item.w * mm, item.h * mm, item.radius * mm, stroke=stroke, fill=fill)
            else:
                c.rect(x, y, item.w * mm, item.h * mm, stroke=stroke, fill=fill)
        elif isinstance(item, Circle):  # the operators canvas.circle would write, made once per circle and box
            raw: Any = c  # reportlab's page accumulator is not in its stubs
            raw._code.extend(_circle_code(item.cx, item.cy, item.r, height))
            raw._strokeAndFill(stroke, fill)
        elif isinstance(item, Polygon):
            c.drawPath(_polygon_path(item.points, height, item.closed), stroke=stroke, fill=fill if item.closed else 0)
        else:
            raise TypeError(f"cannot draw {type(item).__name__}")
        if dashed:
            c.restoreState()

    def _paint(self, paint: Paint) -> tuple[int, int]:
        """Set the paint's colours and width; (fill, stroke) as reportlab's flags."""
        fill = paint.fill is not None
        if fill:
            self.canvas.setFillColor(self._colours[paint.fill])  # type: ignore[index]  # not None: fill
        stroke = paint.stroke is not None and paint.stroke_width > 0
        if stroke:
            self.canvas.setStrokeColor(self._colours[paint.stroke])  # type: ignore[index]  # not None: stroke
            self.canvas.setLineWidth(paint.stroke_width * mm)
        return int(fill), int(stroke)

    def _icon(self, item: Icon, height: float) -> None:
        if item.name not in self.icons:  # boards leave out an icon the game lacks (`pnp check` names it)
            return
        c = self.canvas
        if not self.use_forms:  # drawn out where it stands (each outline in its own saved state)
            draw_icon(c, load_icon(self.icons[item.name]), item.x * mm, (height - item.y) * mm, item.size * mm,
                      self._colours.__getitem__)
            return
        c.saveState()
        c.translate(item.x * mm, (height - item.y - item.size) * mm)
        name = self._icon_form(item.name)
        scale = item.size * mm / ICON_FORM_EDGE
        c.scale(scale, scale)
        c.doForm(name)
        c.restoreState()


@lru_cache(maxsize=8192)  # a card's picture is drawn in every sheet, gutterfold and print-on-demand file
def _polygon_path(points: tuple[tuple[float, float], ...], height: float, closed: bool) -> PDFPathObject:
    """The outline of a polygon as a PDF path (built once per points and box height; drawing only reads it)."""
    path = PDFPathObject()
    (fx, fy), *rest = points
    path.moveTo(fx * mm, (height - fy) * mm)
    for px, py in rest:
        path.lineTo(px * mm, (height - py) * mm)
    if closed:
        path.close()
    return path


@lru_cache(maxsize=8192)
def _circle_code(cx: float, cy: float, r: float, height: float) -> tuple[str, ...]:
    """The path operators of a circle, as reportlab's canvas.circle computes them."""
    code: list[str] = []
    x, y, radius = cx * mm, (height - cy) * mm, r * mm
    x1, y1, x2, y2 = x - radius, y - radius, x + radius, y + radius
    PDFPathObject(code=code).ellipse(x1, y1, x2 - x1, y2 - y1)
    return tuple(code)


def _page_uses(c: Any) -> tuple:
    """What a page records besides its operators and forms: a segment that changed any of it is not replayed."""
    return len(c._colorsUsed), len(c._shadingUsed), len(c._annotationrefs), c._currentPageHasImages


def _segment_end(items: list[Item], index: int, count: int) -> int:
    """Where the segment starting at `index` ends: the text runs of one block at one origin, or shapes up to a text."""
    item = items[index]
    end = index + 1
    if isinstance(item, Text):
        while end < count:
            following = items[end]
            if not (isinstance(following, Text) and following.block == item.block and following.origin == item.origin):
                break
            end += 1
        return end
    while end < count and not isinstance(items[end], Text):
        end += 1
    return end


def graphic_runs(items: list[Item], height: float) -> Iterator[tuple[tuple, int, int]]:
    """(key, start, end) of each run of shapes, icons and images between text runs."""
    index, count = 0, len(items)
    while index < count:
        if isinstance(items[index], Text):
            index += 1
            continue
        end = index + 1
        while end < count and not isinstance(items[end], Text):
            end += 1
        yield ("shapes", height, tuple(items[index:end])), index, end
        index = end
