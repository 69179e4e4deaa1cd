"""Board -> Scene: where every shape, number, label and icon of a board goes, in one language.

Drawing order: background, zones and orbits, lanes between map spaces, panels, then spaces
(track cells, grid cells, orbit markers, slots, map spaces) with their icons and labels on top.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING

from generator.boards.scene import PT_MM, Circle, Icon, Item, Paint, Polygon, Rect, Scene, Text
from generator.boards.text import flow_text
from generator.content.board_spaces import PlacedSpace
from generator.content.schema import Board, Orbit, Panel, SlotRow, SpaceStyle, Track
from generator.drawing.fonts import missing_glyphs, text_width_pt
from generator.drawing.icons import IconError
from generator.layout.templating import tint

if TYPE_CHECKING:
    from generator.content.errors import ErrorList
    from generator.content.loader import GameContent

DEFAULT_STYLE = SpaceStyle()


def _blend(a: str, b: str, t: float) -> str:
    ca = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb, strict=False))


def _gradient(colours: list[str], t: float) -> str:
    if len(colours) == 1:
        return colours[0]
    pos = t * (len(colours) - 1)
    i = min(int(pos), len(colours) - 2)
    return _blend(colours[i], colours[i + 1], pos - i)


def _text_colour(fill: str | None) -> str:
    """Dark text on light fills, light text on dark ones."""
    if not fill:
        return "#111111"
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return "#111111" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#f8f9fa"


def hexagon(cx: float, cy: float, width: float) -> tuple[tuple[float, float], ...]:
    """Corners of a pointy-top hexagon `width` across the flats."""
    r = width / math.sqrt(3)
    return tuple((cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
                 for a in range(-90, 270, 60))


def space_shape(space: PlacedSpace, paint: Paint) -> Item:
    """The outline of a space as a scene item."""
    assert space.x is not None and space.y is not None
    if space.shape == "circle":
        return Circle(space.x, space.y, space.width / 2, paint, space.id)
    if space.shape == "hex":
        return Polygon(hexagon(space.x, space.y, space.width), paint, space=space.id)
    if space.shape == "diamond":
        rx, ry = space.width / 2, space.height / 2
        return Polygon(((space.x, space.y - ry), (space.x + rx, space.y), (space.x, space.y + ry),
                        (space.x - rx, space.y)), paint, space=space.id)
    radius = 2.0 if space.shape == "rect" else 0.0
    return Rect(space.x - space.width / 2, space.y - space.height / 2, space.width, space.height, paint, radius,
                space.id)


class BoardLayout:
    """Lays out one board in one language."""

    def __init__(self, board: Board, lang: str, icons: dict[str, Path]):
        self.board = board
        self.lang = lang
        self.icons = icons
        self.scene = Scene(board.size.width, board.size.height, board.background, icons=icons,
                           title=board.name.get(lang))
        self.problems: list[tuple[tuple, str, str]] = []
        """(YAML path in the board file, message, hint) of what could not be laid out."""

    def icon(self, name: str | None, cx: float, cy: float, size: float) -> None:
        if name and name in self.icons:
            self.scene.add(Icon(name, cx - size / 2, cy - size / 2, size))

    def style(self, kind: str) -> SpaceStyle:
        return self.board.styles.get(kind, DEFAULT_STYLE)

    def run(self) -> Scene:
        if self.board.background:
            self.scene.add(Rect(0, 0, self.board.size.width, self.board.size.height, Paint(fill=self.board.background)))
        for orbit in self.board.orbits:
            self.orbit_backdrop(orbit)
        self.links()
        for panel in self.board.panels:
            self.panel(panel)
        for track in self.board.tracks:
            self.track_title(track)
        for row in self.board.slots:
            self.slot_arrows(row)
        for space in self.board.placed.spaces:
            if space.placed:
                self.space(space)
        self.check_glyphs()
        return self.scene

    def check_glyphs(self) -> None:
        """Characters the project's fonts cannot draw would print as empty boxes: report them."""
        seen: set[tuple[str, str]] = set()
        for item in self.scene.texts():
            for char in missing_glyphs(item.text, item.font):
                if (char, item.font) not in seen:
                    seen.add((char, item.font))
                    self.problems.append(((), f"board '{self.board.id}' ({self.lang}): the font has no glyph for "
                                          f"{char!r} (U+{ord(char):04X}) in {item.text!r}",
                                          "use a character DejaVu Sans has, or an :icon:"))

    # -- map graph ------------------------------------------------------------------------
    def links(self) -> None:
        style = self.board.links
        if style is None:
            return
        placed = self.board.placed
        paint = Paint(stroke=style.color, stroke_width=style.width, dash=tuple(style.dash))
        for a_id, others in placed.graph.items():
            a = placed.by_id[a_id]
            for b_id in others:
                b = placed.by_id[b_id]
                if b_id <= a_id or not (a.declared and b.declared and a.placed and b.placed):
                    continue
                assert a.x is not None and a.y is not None and b.x is not None and b.y is not None
                dist = math.dist((a.x, a.y), (b.x, b.y))
                if dist <= a.radius + b.radius:
                    continue
                ux, uy = (b.x - a.x) / dist, (b.y - a.y) / dist
                self.scene.add(Polygon(((a.x + ux * a.radius, a.y + uy * a.radius),
                                        (b.x - ux * b.radius, b.y - uy * b.radius)), paint, closed=False))

    def space(self, space: PlacedSpace) -> None:
        assert space.x is not None and space.y is not None
        if space.origin[0] == "tracks":
            return self.track_cell(space)
        if space.origin[0] == "orbits":
            return self.orbit_marker(space)
        style = self.style(space.kind)
        fill = space.fill or style.fill
        self.scene.add(space_shape(space, Paint(fill=fill, stroke=style.stroke, stroke_width=style.stroke_width)))
        if space.origin[0] == "slots":
            return self.slot_content(space)
        icon = space.icon or style.icon
        label = space.label.get(self.lang) if space.label else None
        if space.origin[0] == "grids":
            self.icon(icon, space.x, space.y - (space.height * 0.08 if label else 0), space.width * 0.5)
            if label:
                size = style.label_size * 0.8
                self.scene.add(Text(space.x, space.y + space.height * 0.3, label, "regular", size,
                                    _text_colour(fill), "middle"))
            return
        self.icon(icon, space.x, space.y - (space.height * 0.08 if style.spots else 0),
                  min(space.width, space.height) * (0.5 if style.spots else 0.62))
        self.spots(space, style, fill)
        if label:
            size = style.label_size
            self.scene.add(Text(space.x, space.y + space.height / 2 + size * PT_MM * 1.05, label, "bold", size,
                                style.text, "middle"))

    def spots(self, space: PlacedSpace, style: SpaceStyle, fill: str) -> None:
        """Places for pieces (colonies) in a row across the lower part of the space, a pale tint of its colour.

        The tint is computed here rather than painted as translucent white: print files carry no
        transparency, so every renderer and printer shows the same colour."""
        if not style.spots:
            return
        assert space.x is not None and space.y is not None
        r = min(space.width, space.height) * 0.08
        pitch = r * 2.6
        y = space.y + space.height * 0.3
        for i in range(style.spots):
            x = space.x + (i - (style.spots - 1) / 2) * pitch
            self.scene.add(Circle(x, y, r, Paint(fill=tint(fill, 0.85), stroke=style.stroke, stroke_width=0.3)))

    # -- tracks ---------------------------------------------------------------------------
    def track_of(self, space: PlacedSpace) -> Track:
        return self.board.tracks[int(space.origin[1])]

    def track_title(self, track: Track) -> None:
        if track.title is None:
            return
        x, y = track.at[0] - track.cell / 2, track.at[1] - track.cell / 2 - 1.5
        if track.direction == "up":  # the first cell is the lowest: the title goes above the top one
            y -= (min(track.per_row or len(track.values), len(track.values)) - 1) * track.cell
        self.scene.add(Text(x, y, track.title.get(self.lang), "bold", 10, track.text))

    def track_cell(self, space: PlacedSpace) -> None:
        assert space.x is not None and space.y is not None
        track = self.track_of(space)
        self.scene.add(space_shape(space, Paint(fill=space.fill, stroke=track.stroke, stroke_width=0.4)))
        mark = track.marks.get(space.data["value"])
        if mark is not None and mark.stroke:  # a threshold box, drawn inside the cell so neighbours stay clear
            inset = mark.stroke_width / 2
            self.scene.add(Rect(space.x - space.width / 2 + inset, space.y - space.height / 2 + inset,
                                space.width - 2 * inset, space.height - 2 * inset,
                                Paint(stroke=mark.stroke, stroke_width=mark.stroke_width)))
        value = str(space.data["value"])
        size = min(18.0, track.cell / PT_MM * 0.42)
        has_extra = bool(space.label or space.icon)
        baseline = space.y + size * PT_MM * (0.55 if has_extra else 0.36)
        self.scene.add(Text(space.x, baseline, value, "bold", size, track.text, "middle"))
        top = space.y - space.height / 2
        if space.icon:
            self.icon(space.icon, space.x, top + space.height * 0.2, space.height * 0.28)
        elif space.label:
            small = size * 0.45
            self.scene.add(Text(space.x, top + small * PT_MM * 1.3, space.label.get(self.lang), "regular", small,
                                track.text, "middle"))

    # -- orbits ---------------------------------------------------------------------------
    def orbit_backdrop(self, orbit: Orbit) -> None:
        cx, cy = orbit.at
        for zone in orbit.zones:
            inner = orbit.first_radius + (zone.first - 1.5) * orbit.spacing
            outer = orbit.first_radius + (zone.last - 0.5) * orbit.spacing
            self.scene.add(Circle(cx, cy, (inner + outer) / 2,
                                  Paint(stroke=zone.fill, stroke_width=outer - max(inner, 0))))
        for n in range(orbit.positions):
            radius = orbit.first_radius + n * orbit.spacing
            self.scene.add(Circle(cx, cy, radius, Paint(stroke="#8a8fa3", stroke_width=0.25, dash=(1.0, 1.0))))
        self.scene.add(Circle(cx, cy, orbit.star_radius, Paint(fill=orbit.star_fill, stroke="#b8860b",
                                                               stroke_width=0.4)))
        name = orbit.star.get(self.lang)
        size = max(6.0, min(10.0, orbit.star_radius / PT_MM * 0.35))
        width_at_1pt = text_width_pt(name, "bold", 1.0) * PT_MM
        if width_at_1pt:  # a long name shrinks to fit across the star (not below 6 pt)
            size = max(6.0, min(size, orbit.star_radius * 1.8 / width_at_1pt))
        self.scene.add(Text(cx, cy + size * PT_MM * 0.35, name, "bold", size, _text_colour(orbit.star_fill),
                            "middle"))
        for zone in orbit.zones:
            if zone.modifier is None:
                continue
            mid = orbit.first_radius + ((zone.first + zone.last) / 2 - 1) * orbit.spacing
            angle = math.radians(orbit.angle + 180)
            x, y = cx + mid * math.cos(angle), cy + mid * math.sin(angle)
            self.scene.add(Text(x, y + 1.2, f"{zone.modifier:+d}", "bold", 9, _text_colour(zone.fill), "middle"))

    def orbit_marker(self, space: PlacedSpace) -> None:
        assert space.x is not None and space.y is not None
        self.scene.add(Circle(space.x, space.y, space.width / 2, Paint(fill="#c9ccd6", stroke="#4a4f63",
                                                                       stroke_width=0.3)))
        size = space.width / PT_MM * 0.5
        self.scene.add(Text(space.x, space.y + size * PT_MM * 0.36, str(space.data["position"]), "bold", size,
                            "#1d2030", "middle"))

    # -- market slots ---------------------------------------------------------------------
    def slot_arrows(self, row: SlotRow) -> None:
        w, h = row.slot_mm
        dx, dy = {"right": (1, 0), "left": (-1, 0), "down": (0, 1), "up": (0, -1)}[row.direction]
        step = (w if dx else h) + row.gap
        links = row.count - 1 + (1 if row.end else 0)
        if row.gap < 3:
            return
        for i in range(links):
            cx = row.at[0] + w / 2 + dx * (i * step + step / 2)
            cy = row.at[1] + h / 2 + dy * (i * step + step / 2)
            self.arrow(cx, cy, dx, dy, row.gap * 0.8, _gradient(row.edge_colors or ["#444444"],
                                                                (i + 1) / max(1, links)))
        if row.title is not None:
            self.scene.add(Text(row.at[0], row.at[1] - 2.0, row.title.get(self.lang), "bold", 11,
                                _text_colour(self.board.background)))

    def arrow(self, cx: float, cy: float, dx: float, dy: float, length: float, colour: str) -> None:
        half = length / 2
        head = min(length * 0.45, 4.0)
        tip = (cx + dx * half, cy + dy * half)
        tail = (cx - dx * half, cy - dy * half)
        base = (tip[0] - dx * head, tip[1] - dy * head)
        px, py = -dy * head * 0.6, dx * head * 0.6
        self.scene.add(Polygon((tail, base), Paint(stroke=colour, stroke_width=0.8), closed=False),
                       Polygon((tip, (base[0] + px, base[1] + py), (base[0] - px, base[1] - py)), Paint(fill=colour)))

    def slot_content(self, space: PlacedSpace) -> None:
        assert space.x is not None and space.y is not None
        row = self.board.slots[int(space.origin[1])]
        if space.kind == "slot_end" and row.end is not None:
            self.icon(row.end.icon, space.x, space.y - space.height * 0.1, space.height * 0.45)
            label = row.end.label.get(self.lang)
            self.scene.add(Text(space.x, space.y + space.height * 0.32, label, "bold", 8, row.end.text, "middle"))
            return
        n = int(space.data["slot"])
        colour = _gradient(row.edge_colors, (n - 1) / max(1, row.count - 1)) if row.edge_colors else "#444444"
        inset = 1.5
        self.scene.add(Rect(space.x - space.width / 2 + inset, space.y - space.height / 2 + inset,
                            space.width - 2 * inset, space.height - 2 * inset,
                            Paint(stroke=colour, stroke_width=1.2), 2.0))
        self.scene.add(Text(space.x, space.y + 5, str(n), "bold", 20, colour, "middle"))

    # -- panels ---------------------------------------------------------------------------
    def panel(self, panel: Panel) -> None:
        x, y = panel.at
        w, h = panel.size.width, panel.size.height
        self.scene.add(Rect(x, y, w, h, Paint(fill=panel.fill, stroke=panel.stroke, stroke_width=0.5), 2.5))
        pad = 3.0
        top = y + pad
        names = set(self.icons)
        if panel.title is not None:
            items, used = flow_text(panel.title.get(self.lang), x + pad, top if panel.text or panel.legend
                                    else y + (h - panel.title_size * PT_MM * 1.3) / 2,
                                    w - 2 * pad, "wide-bold", panel.title_size, panel.color, names,
                                    anchor="start" if panel.text or panel.legend else "middle")
            self.scene.add(*items)
            top += used + 1.0
        if panel.text is not None:
            items, used = flow_text(panel.text.get(self.lang), x + pad, top, w - 2 * pad, "regular", panel.text_size,
                                    panel.color, names)
            self.scene.add(*items)
            top += used + 1.0
        if panel.legend:
            top = self.legend(x + pad, top, w - 2 * pad, panel)
        if top - 1.0 > y + h - pad + 0.01:
            index = self.board.panels.index(panel)
            self.problems.append((("panels", index, "size"), f"panel '{panel.id}' ({self.lang}) needs "
                                  f"{top - 1.0 - y + pad:.1f} mm of height but is {h:g} mm high",
                                  "make the panel larger or its text shorter"))

    def legend(self, x: float, top: float, width: float, panel: Panel) -> float:
        """One entry per named space kind (sample shape, icon, name), filling columns top to bottom."""
        line = max(panel.text_size * PT_MM * 1.6, 6.0)
        named = [(kind, style, style.name) for kind, style in self.board.styles.items() if style.name is not None]
        per_column = math.ceil(len(named) / panel.columns) if named else 0
        gap = 4.0
        column_w = (width - gap * (panel.columns - 1)) / panel.columns
        bottom = top
        for index, (kind, style, name) in enumerate(named):
            column, row_index = divmod(index, per_column)
            if row_index == 0:
                y = top
            left = x + column * (column_w + gap)
            sample = PlacedSpace(
                "", kind, (), None, left + line / 2, y + line / 2, style.shape, line * 0.85, line * 0.85
            )
            self.scene.add(space_shape(sample, Paint(fill=style.fill, stroke=style.stroke, stroke_width=0.3)))
            self.icon(style.icon, left + line / 2, y + line / 2, line * 0.55)
            items, used = flow_text(name.get(self.lang), left + line + 2,
                                    y + (line - panel.text_size * PT_MM * 1.3) / 2, column_w - line - 2, "regular",
                                    panel.text_size, panel.color, set(self.icons))
            self.scene.add(*items)
            y += max(line, used) + 1.0
            bottom = max(bottom, y)
        return bottom


def layout_board(board: Board, lang: str, icons: dict[str, Path]) -> tuple[Scene, list[tuple[tuple, str, str]]]:
    """The scene of `board` in language `lang` and the problems met (YAML path, message, hint)."""
    layout = BoardLayout(board, lang, icons)
    scene = layout.run()
    return scene, layout.problems


def laid_out_board(content: GameContent, board: Board, lang: str, errors: ErrorList) -> Scene | None:
    """The scene of `board` in `lang`, or None once `errors` says why it cannot be drawn (an icon, a layout
    problem): the build and `pnp check` report a board alike."""
    try:
        scene, problems = layout_board(board, lang, content.icons)
    except IconError as exc:
        errors.add(content.mark_of("board", board.id), f"board '{board.id}': {exc}",
                   hint="fix or replace the icon file", code="layout")
        return None
    for where, message, hint in problems:
        errors.add(content.mark_of("board", board.id, *where), message, where, hint=hint, code="layout")
    return None if problems else scene
