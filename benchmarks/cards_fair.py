"""The card loop a reportlab expert would write for Escape Earth's deck: the baseline of benchmarks/cards.py.

It draws what `pnp cards` draws on the A4 sheets (templates/layouts/card.yaml for every kind but
the activity cards, content/escape-earth/layouts/activity.yaml for those, and the larger picture of
content/escape-earth/layouts/building.yaml for the buildings), written by hand for this one game:

- everything is prepared before the clock starts (`prepare`): the cards as plain records of the
  texts and numbers they show (what a user's data file would hold), the colours of each kind,
  the icons' outlines, the fonts registered, and where each card goes: the positions are data,
  so they come from forge's imposition plan (generator.render.sheet_plan: each deck from a new
  row, a gutter between decks with different backs, each card clipped to the bleed its
  neighbours allow), as a user would take a cutter's template rather than draw their own;
- every icon, each kind's frame (background and panels), each plain back and the crop marks are
  drawn once as a form (XObject) and placed by reference;
- text is fitted by its own small line breaker (greedy, `**bold**`, `:icon:` inline at 1.2 em,
  shrinking in quarter points to the box's minimum), memoised per distinct text and box, and
  drawn as one text object per box, its runs merged per line; inline icons are forms;
- fonts embedded and `pageCompression=1`, as forge writes its sheets.

Only `draw` is timed. Run through benchmarks/cards.py (`--compare` renders pages of both sides).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

W, H, B = 63.0, 88.0, 3.0
PT_MM = 25.4 / 72  # mm per point
ASCENT, DESCENT = 0.928, 0.236  # DejaVu's, in em
ICON_EM, ICON_PAD_EM = 1.2, 0.06
INK, PAPER = "#211f1c", "#fbf8f1"
FONTS = {"regular": "DejaVuSansCondensed", "bold": "DejaVuSansCondensed-Bold",
         "italic": "DejaVuSansCondensed-Oblique", "wide": "DejaVuSans", "wide-bold": "DejaVuSans-Bold"}
BOLD_OF = {"regular": "bold", "italic": "bold", "bold": "bold", "wide": "wide-bold", "wide-bold": "wide-bold"}


@dataclass
class Prepared:
    """What is ready before the clock starts."""

    lang: str
    faces: list[tuple[dict, dict]]  # per card: (front, back) records
    palettes: dict[str, dict[str, str]]  # kind id -> named colours
    icons: dict[str, Any]  # icon name -> its outline (generator.drawing.icons.VectorIcon)
    sheets: list[Sheet]  # where each card goes: forge's imposition plan (sheet_plan.impose), as data
    labels: list[str]  # per sheet side: the margin label
    title: str


Placement = tuple[int, float, float, tuple[float, float, float, float]]  # card index, slot x, y, clip (mm)


@dataclass
class Sheet:
    """One sheet's positions: the cards on its front and on its mirrored back, its crop marks and margin lines."""

    fronts: list[Placement]
    backs: list[Placement]
    marks: tuple[tuple[float, float, float, float], ...]
    margin_lines: list[Any]


def _palette(kind, back_colour: str) -> dict[str, str]:
    from generator.layout.templating import shade, tint

    colour = kind.color
    return {"kind": colour, "paper_tint": tint(colour, 0.84), "badge": tint(colour, 0.45),
            "kind_name": tint(colour, 0.7), "fields": tint(colour, 0.55), "strip": tint(colour, 0.86),
            "flavour": shade(colour, 0.35), "back": back_colour, "border": tint(back_colour, 0.45),
            "inner": tint(back_colour, 0.25), "emblem": tint(back_colour, 0.9), "emblem_ring": tint(colour, 0.5),
            "game": tint(back_colour, 0.6), "dark": shade(colour, 0.35), "light": tint(colour, 0.35),
            "off": tint(colour, 0.45), "ring": shade(colour, 0.3), "travel": shade(colour, 0.4)}


def _record(content, card, face, side: str, lang: str) -> dict:
    """The values one face shows, as plain data."""
    from generator.layout.context import face_context

    ctx = face_context(content, card, face, side, lang)
    record = {"kind": card.kind, "name": ctx["face"]["name"], "icon": ctx["face"]["icon"] or "",
              "cost": ctx["cost"], "fields": len(ctx["fields"]), "fields_text": ctx["fields_text"],
              "body": ctx["body"] or "",
              "strip": "\n".join(t for t in (ctx["face"]["flavor"], ctx["face"]["science"]) if t)}
    if card.kind == "activity":
        fields, label = ctx["face"]["fields"], ctx["label"]
        travel = fields["travel"]
        record.update(active=set(fields["active_positions"]), build=list(fields["build_points"]),
                      travel={2: "II", 3: "III"}.get(travel, str(travel)),
                      player=f"{ctx['kind']['name']} · {label('player')} {fields['player']}",
                      travel_label=f"{label('travel')}: **{travel}** :parsec:\n{label('active_positions')} "
                                   + ", ".join(str(p) for p in fields["active_positions"]),
                      build_label=label("build_points_by_position"))
    return record


def prepare(content, lang: str, version: str = "benchmark") -> Prepared:
    """Everything but the drawing: records, colours, icon outlines, fonts, slots, marks and labels."""
    from generator.drawing.fonts import face
    from generator.drawing.icons import load_icon
    from generator.render.cards_step import ordered_cards
    from generator.render.imposition import fit_grid
    from generator.render.sheet_marks import sheet_label
    from generator.render.sheet_plan import impose

    for role in FONTS:
        face(role)  # registers the TrueType font with reportlab (embedded when used)
    cards = ordered_cards(content)
    faces = []
    decks: list[str] = []  # per card, what keeps it apart on a sheet: its deck, or the first deck whose back it shares
    looks: dict[object, str] = {}
    palettes: dict[str, dict[str, str]] = {}
    for card in cards:
        kind = content.game.kind(card.kind)
        deck = content.game.deck_of(kind.id)
        front = _record(content, card, card, "front", lang)
        if card.back is not None:
            back = _record(content, card, card.back, "back", lang)
        else:
            title = (deck.back.title or deck.name) if deck.shared else (kind.back.title or kind.name)
            icon = (deck.back.icon or deck.icon) if deck.shared else (kind.back.icon or kind.icon)
            back = {"kind": card.kind, "plain": True, "title": title.get(lang), "icon": icon or "",
                    "game": content.game.title.get(lang)}
        faces.append((front, back))
        if kind.id not in palettes:
            palettes[kind.id] = _palette(kind, kind.back.color or kind.color)
            palettes[kind.id]["kind_icon"] = kind.icon or ""
            palettes[kind.id]["kind_label"] = kind.name.get(lang)
        look = (tuple(sorted(palettes[kind.id].items())), back["title"], back["icon"]) if back.get("plain") else None
        decks.append(deck.id if look is None or kind.double_sided else looks.setdefault(look, deck.id))
    plans = impose(decks, fit_grid("a4", W, H))
    sheets = [Sheet(*[[(card, s.x, s.y, s.clip) for card, s in plan.placed(back)] for back in (False, True)],
                    tuple(plan.grid.crop_marks()), plan.grid.text_lines(2)) for plan in plans]
    title = content.game.title.get(lang)
    labels = [sheet_label(title, lang, n, len(sheets), side, version) for n in range(1, len(sheets) + 1)
              for side in ("front", "back")]
    icons = {name: load_icon(path) for name, path in content.icons.items()}
    return Prepared(lang, faces, palettes, icons, sheets, labels, title)


# --- text ------------------------------------------------------------------------------------------------

@lru_cache(maxsize=65536)
def _width(text: str, role: str) -> float:
    """Advance width at 1 pt, in points."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return stringWidth(text, FONTS[role], 1000.0) / 1000.0


def _words(markup: str, role: str) -> list[list[list[tuple[str, str, bool]]]]:
    """Paragraphs of words of (text, role, is_icon) pieces."""
    import re

    paragraphs, bold = [], False
    for line in markup.split("\n"):
        words = []
        for raw in line.split(" "):
            pieces = []
            for index, chunk in enumerate(raw.split("**")):
                if index:
                    bold = not bold
                face = BOLD_OF[role] if bold else role
                for n, part in enumerate(re.split(r":([a-z][a-z0-9_-]*):", chunk)):
                    if part:
                        pieces.append((part, face, n % 2 == 1))
            if pieces:
                words.append(pieces)
        paragraphs.append(words)
    return paragraphs


def _piece_w(piece: tuple[str, str, bool], size: float) -> float:
    text, role, icon = piece
    return (ICON_EM + 2 * ICON_PAD_EM) * size * PT_MM if icon else _width(text, role) * size * PT_MM


@lru_cache(maxsize=16384)
def fitted(markup: str, role: str, size: float, least: float, width: float, height: float, align: str,
           leading: float = 1.18, max_lines: int = 0) -> tuple[tuple, tuple]:
    """The text fitted into a box (mm), shrinking from `size` by quarter points to `least`, centred vertically:
    (lines, icons); a line is (font, size, [(x mm, text, role)], baseline mm from the top), an icon
    (name, x, top, edge) in mm from the box's top-left corner."""
    paragraphs = _words(markup, role)
    while True:
        lines, owners = [], []
        for p_index, words in enumerate(paragraphs):
            line, used = [], 0.0
            for word in words:
                w = sum(_piece_w(piece, size) for piece in word)
                space = _width(" ", line[-1][0][-1][1]) * size * PT_MM if line else 0.0
                if line and used + space + w > width + 1e-6:
                    lines.append(line)
                    owners.append(p_index)
                    line, used, space = [], 0.0, 0.0
                line.append((word, w))
                used += space + w
            lines.append(line)
            owners.append(p_index)
        line_h = size * leading * PT_MM
        gaps = sum(1 for i in range(1, len(lines)) if owners[i] != owners[i - 1])
        total = len(lines) * line_h + gaps * size * 0.35 * PT_MM
        widest = max((w for line in lines for _, w in line), default=0.0)
        fits = widest <= width + 1e-6 and total <= height + 1e-6 and (not max_lines or len(lines) <= max_lines)
        if fits or size - 0.25 < least - 1e-9:
            break
        size = round(size - 0.25, 2)
    top = (height - total) / 2 + (line_h - (ASCENT + DESCENT) * size * PT_MM) / 2 + ASCENT * size * PT_MM
    placed, icons = [], []
    for index, line in enumerate(lines):
        if index and owners[index] != owners[index - 1]:
            top += size * 0.35 * PT_MM
        spaces = [_width(" ", word[-1][1]) * size * PT_MM for word, _ in line]
        line_w = sum(w for _, w in line) + sum(spaces[:-1])
        x = {"left": 0.0, "center": (width - line_w) / 2}[align]
        runs: list[list] = []  # [x, text, role]: a word goes on the run before it when its font is the same
        current: list | None = None
        for n, (word, _) in enumerate(line):
            if n:
                x += spaces[n - 1]
                if current is not None and not word[0][2] and current[2] == word[0][1] == line[n - 1][0][-1][1]:
                    current[1] += " "
                else:
                    current = None
            for text, face, icon in word:
                w = _piece_w((text, face, icon), size)
                if icon:
                    edge = ICON_EM * size * PT_MM
                    icons.append((text, x + (w - edge) / 2, top - 0.36 * size * PT_MM - edge / 2, edge))
                    current = None
                elif current is not None and current[2] == face:
                    current[1] += text
                else:
                    current = [x, text, face]
                    runs.append(current)
                x += w
        placed.append((top, tuple((r[0], r[1], r[2]) for r in runs)))
        top += line_h
    return (size, tuple(placed)), tuple(icons)


# --- drawing ---------------------------------------------------------------------------------------------

def draw(prepared: Prepared, out: Path) -> None:
    """The timed part: every sheet of fronts and its mirrored backs, drawn onto one canvas."""
    from reportlab.lib.colors import HexColor
    from reportlab.lib.units import mm
    from reportlab.pdfgen.canvas import Canvas

    canvas = Canvas(str(out), pagesize=(210 * mm, 297 * mm), invariant=1, pageCompression=1,
                    initialFontName=FONTS["regular"])
    canvas.setTitle(prepared.title)
    colours: dict[str, Any] = {}
    forms: set[str] = set()
    icon_edge = 100.0

    def colour(value: str):
        found = colours.get(value)
        if found is None:
            found = colours[value] = HexColor(value)
        return found

    def icon_form(name: str) -> str:
        key = "i-" + name
        if key not in forms:
            forms.add(key)
            icon = prepared.icons[name]
            scale, dx, dy = icon.placement(icon_edge)
            canvas.beginForm(key, 0, 0, icon_edge, icon_edge)
            for shape in icon.shapes:
                path = canvas.beginPath()
                for cmd in shape.commands:
                    pts = [(dx + cmd[i] * scale, icon_edge - (dy + cmd[i + 1] * scale)) for i in range(1, len(cmd), 2)]
                    if cmd[0] == "M":
                        path.moveTo(*pts[0])
                    elif cmd[0] == "L":
                        path.lineTo(*pts[0])
                    elif cmd[0] == "C":
                        path.curveTo(*pts[0], *pts[1], *pts[2])
                    else:
                        path.close()
                canvas.saveState()
                if shape.fill:
                    canvas.setFillColor(colour(shape.fill))
                if shape.stroke:
                    canvas.setStrokeColor(colour(shape.stroke))
                    canvas.setLineWidth(shape.stroke_width * scale)
                    canvas.setLineCap({"butt": 0, "round": 1, "square": 2}.get(shape.line_cap, 0))
                    canvas.setLineJoin({"miter": 0, "round": 1, "bevel": 2}.get(shape.line_join, 0))
                    if shape.dash:
                        canvas.setDash([d * scale for d in shape.dash])
                canvas.drawPath(path, stroke=int(bool(shape.stroke)), fill=int(bool(shape.fill)),
                                fillMode=1 if shape.even_odd else 0)
                canvas.restoreState()
            canvas.endForm()
        return key

    def icon(name: str, x: float, top: float, edge: float) -> None:
        """An icon whose square's top-left corner is (x, top) in mm on the card (y down)."""
        if not name:
            return
        form = icon_form(name)
        scale = edge * mm / icon_edge
        canvas.saveState()
        canvas.transform(scale, 0, 0, scale, x * mm, (H - top - edge) * mm)
        canvas.doForm(form)
        canvas.restoreState()

    def rect(x: float, y: float, w: float, h: float, fill: str | None, radius: float = 0.0,
             stroke: str | None = None, width: float = 0.0) -> None:
        if fill:
            canvas.setFillColor(colour(fill))
        if stroke:
            canvas.setStrokeColor(colour(stroke))
            canvas.setLineWidth(width * mm)
        if radius:
            canvas.roundRect(x * mm, (H - y - h) * mm, w * mm, h * mm, radius * mm, stroke=int(bool(stroke)),
                             fill=int(bool(fill)))
        else:
            canvas.rect(x * mm, (H - y - h) * mm, w * mm, h * mm, stroke=int(bool(stroke)), fill=int(bool(fill)))

    def circle(cx: float, cy: float, r: float, fill: str, stroke: str, width: float) -> None:
        canvas.setFillColor(colour(fill))
        canvas.setStrokeColor(colour(stroke))
        canvas.setLineWidth(width * mm)
        canvas.circle(cx * mm, (H - cy) * mm, r * mm, stroke=1, fill=1)

    def text(markup: str, x: float, y: float, w: float, h: float, role: str, size: float, least: float,
             ink: str, align: str = "left", leading: float = 1.18, max_lines: int = 0) -> None:
        """One text object for the box, one origin per run of a line; then its inline icons."""
        if not markup:
            return
        (fitted_size, lines), icons = fitted(markup, role, size, least, w, h, align, leading, max_lines)
        block = canvas.beginText()
        block.setFillColor(colour(ink))
        font = None
        for top, runs in lines:
            for rx, run, face in runs:
                if font != face:
                    font = face
                    block.setFont(FONTS[face], fitted_size)
                block.setTextOrigin((x + rx) * mm, (H - y - top) * mm)
                block.textOut(run)
        canvas.drawText(block)
        for name, ix, itop, edge in icons:
            icon(name, x + ix, y + itop, edge)

    def frame_form(kind_id: str, activity: bool) -> str:
        key = "f-" + kind_id
        if key not in forms:
            forms.add(key)
            palette = prepared.palettes[kind_id]
            canvas.beginForm(key, -B * mm, -B * mm, (W + B) * mm, (H + B) * mm)
            rect(-B, -B, W + 2 * B, H + 2 * B, palette["kind"])
            if activity:
                rect(4.0, 25.0, W - 8.0, H - 49.0, PAPER, 1.6)
            else:
                rect(3.5, 15.0, W - 7.0, H - 18.5, PAPER, 1.6)
            canvas.endForm()
        return key

    def back_form(face: dict) -> str:
        key = f"b-{face['kind']}"
        if key not in forms:
            if face["icon"]:
                icon_form(face["icon"])  # a form must not be open while another is made
            forms.add(key)
            p = prepared.palettes[face["kind"]]
            m = 4.0 if face["kind"] == "activity" else 3.5
            canvas.beginForm(key, -B * mm, -B * mm, (W + B) * mm, (H + B) * mm)
            rect(-B, -B, W + 2 * B, H + 2 * B, p["back"])
            rect(m, m, W - 2 * m, H - 2 * m, None, 2.5, p["border"], 0.6)
            if face["kind"] != "activity":
                rect(m + 1.6, m + 1.6, W - 2 * m - 3.2, H - 2 * m - 3.2, None, 1.8, p["inner"], 0.25)
            circle(W / 2, H / 2 - 5, W * 0.27, p["emblem"], p["emblem_ring"], 0.8)
            icon(face["icon"], W / 2 - W * 0.19, H / 2 - 5 - W * 0.19, W * 0.38)
            text(face["title"], m + 2, H / 2 - 5 + W * 0.27 + 3, W - 2 * m - 4, 8, "bold", 15, 9, "#ffffff",
                 "center", max_lines=1)
            text(face["game"], m + 2, H - m - 9, W - 2 * m - 4, 5, "wide", 7, 7, p["game"], "center", max_lines=1)
            canvas.endForm()
        return key

    def card_face(face: dict) -> None:
        p = prepared.palettes[face["kind"]]
        m = 3.5
        canvas.doForm(frame_form(face["kind"], False))
        cost, has_fields, strip = face["cost"], face["fields"] > 0, face["strip"]
        stats_h = face["fields"] * 3.4 + 2.6 if has_fields else 0.0
        strip_h = min(12.5, H * 0.12) if strip else 0.0
        art_y = 17.0
        art_min = H * 0.36 if face["kind"] == "building" else H * 0.25  # Escape Earth's building.yaml: a third
        art_h = art_min if face["body"] else (H - m - 1.5 - art_y - (stats_h + 2 if has_fields else 0)
                                              - (strip_h + 1.2 if strip else 0))
        art_icon = min(art_h - 3, W - 2 * m - 14)
        stats_y = art_y + art_h + 2
        rules_y = stats_y + (stats_h + 2 if has_fields else 0)
        rules_h = H - m - 1.5 - rules_y - (strip_h + 1.2 if strip else 0)
        title_x = 17.5 if cost is not None else m + 1.5
        if cost is not None:
            circle(10.0, 9.2, 5.6, "#f2c94c", "#8a6a12", 0.6)
            text(str(cost), 4.4, 4.2, 11.2, 10.0, "wide-bold", 14, 10, "#3a2c00", "center", max_lines=1)
        text(face["name"], title_x, 3.6, W - m - 1.5 - title_x, 6.6, "bold", 11.5, 9, "#ffffff", max_lines=1)
        text(p["kind_label"], title_x, 10.0, W - m - 1.5 - title_x, 3.6, "regular", 7, 7, p["kind_name"],
             max_lines=1)
        rect(m + 1.2, art_y, W - 2 * m - 2.4, art_h, p["paper_tint"], 1.2)
        icon(face["icon"], (W - art_icon) / 2, art_y + (art_h - art_icon) / 2, art_icon)
        circle(W - m - 5.2, art_y + art_h - 4.0, 3.4, "#ffffff", p["badge"], 0.35)
        icon(p["kind_icon"], W - m - 7.7, art_y + art_h - 6.5, 5.0)
        if has_fields:
            rect(m + 1.2, stats_y, W - 2 * m - 2.4, stats_h, "#ffffff", 1.0, p["fields"], 0.3)
            text(face["fields_text"], m + 2.6, stats_y + 1.2, W - 2 * m - 5.2, stats_h - 2.4, "regular", 7.5, 7, INK,
                 leading=1.12)
        text(face["body"], m + 2.2, rules_y, W - 2 * m - 4.4, rules_h, "regular", 8.5, 7, INK, "center")
        if strip:
            rect(m + 1.2, H - m - 1.2 - strip_h, W - 2 * m - 2.4, strip_h, p["strip"], 1.2)
            text(strip, m + 2.6, H - m - 1.2 - strip_h + 0.8, W - 2 * m - 5.2, strip_h - 1.6, "italic", 7, 7,
                 p["flavour"], "center")

    def activity_face(face: dict) -> None:
        p = prepared.palettes[face["kind"]]
        m, bw, gap, box_h, title_y, art_y, art_h, bottom_y = 4.0, 9.88, 1.4, 8.0, 14.0, 25.0, H - 49.0, H - 12.0
        canvas.doForm(frame_form(face["kind"], True))
        for index in range(5):
            on = index + 1 in face["active"]
            x = m + index * (bw + gap)
            rect(x, 4.0, bw, box_h, "#f2c94c" if on else p["dark"], 1.0, "#8a6a12" if on else p["light"], 0.4)
            text(str(index + 1), x, 4.0, bw, box_h, "wide-bold", 11, 9, "#3a2c00" if on else p["off"], "center",
                 max_lines=1)
        text(face["name"], m, title_y, W - 2 * m - 16, 6.5, "bold", 11.5, 9, "#ffffff", max_lines=1)
        text(face["player"], m, title_y + 6.5, W - 2 * m - 16, 3.6, "regular", 7, 7, p["kind_name"], max_lines=1)
        circle(W - m - 7.0, title_y + 5.2, 6.6, "#ffffff", p["ring"], 0.6)
        text(face["travel"], W - m - 13.2, title_y + 0.2, 12.4, 8.0, "wide-bold", 14, 9, p["travel"], "center",
             max_lines=1)
        icon(face["icon"], (W - (art_h - 14)) / 2, art_y + 2.5, art_h - 14)
        text(face["travel_label"], m + 1.5, art_y + art_h - 10.5, W - 2 * m - 3, 9, "regular", 8, 7, INK, "center")
        text(face["build_label"], m, bottom_y - 4.2, W - 2 * m, 3.8, "regular", 7, 7, p["kind_name"], "center",
             max_lines=1)
        for index, points in enumerate(face["build"]):
            x = m + index * (bw + gap)
            rect(x, bottom_y, bw, box_h, "#ffffff", 1.0, p["ring"], 0.4)
            text(str(points), x, bottom_y, bw, box_h, "wide-bold", 11, 9, INK, "center", max_lines=1)

    marks_forms: dict[tuple, str] = {}  # one form per set of marks (a sheet with gutters has its own)

    def marks_form(marks: tuple) -> str:
        key = marks_forms.get(marks)
        if key is None:
            key = marks_forms[marks] = f"m-{len(marks_forms)}"
            canvas.beginForm(key, 0, 0, 210 * mm, 297 * mm)
            canvas.saveState()
            for ink, width in (("#ffffff", 1.1), ("#000000", 0.35)):
                canvas.setStrokeColor(colour(ink))
                canvas.setLineWidth(width)
                for x1, y1, x2, y2 in marks:
                    canvas.line(x1 * mm, y1 * mm, x2 * mm, y2 * mm)
            canvas.restoreState()
            canvas.endForm()
        return key

    from generator.render.sheet_marks import draw_margin_texts

    faces = prepared.faces
    label = 0
    for sheet in prepared.sheets:
        for side, placed in ((0, sheet.fronts), (1, sheet.backs)):
            for card, sx, sy, (x0, y0, x1, y1) in placed:
                face = faces[card][side]
                if face.get("plain"):
                    form = back_form(face)
                canvas.saveState()
                clip = canvas.beginPath()
                clip.rect(x0 * mm, y0 * mm, (x1 - x0) * mm, (y1 - y0) * mm)
                canvas.clipPath(clip, stroke=0, fill=0)
                canvas.translate(sx * mm, sy * mm)
                if face.get("plain"):
                    canvas.doForm(form)
                elif face["kind"] == "activity":
                    activity_face(face)
                else:
                    card_face(face)
                canvas.restoreState()
            canvas.doForm(marks_form(sheet.marks))
            draw_margin_texts(canvas, sheet.margin_lines, prepared.labels[label], prepared.lang)
            label += 1
            canvas.showPage()
    canvas.save()
