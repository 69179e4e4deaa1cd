"""The Escape Earth table as a picture: the galaxy's two rows, buildings, cubes, ships and tokens.

The galaxy is laid out as the rulebook lays it: Earth and row 1 left to right, row 2 below it
back toward the ocean planet, which lies under Earth. Face-down cards show their back; the
aliens wait left of the ocean planet until they move onto the galaxy. Below the galaxy: each
player's activity row (active cards marked) and the active events.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.boards.scene import PT_MM, Circle, Icon, Paint, Rect, Scene
from generator.rules.escape_earth.data import NO_ANOMALY
from generator.rules.picture import (
    Legend,
    StatePicture,
    card,
    cube,
    disc,
    label,
    legend_word,
    player_colours,
    readable_pt,
    ship,
    ship_size,
    text_colour,
    wrapped_text,
)

if TYPE_CHECKING:
    from generator.rules.escape_earth.state import EscapeEarthState

CARD_W, CARD_H, GAP = 36.0, 62.0, 3.0
BUILDING_H = 19.0  # a building on a galaxy card: its name on up to two lines, its cube slots below
MARGIN = 6.0
ALIEN_LANE = 22.0      # left of the galaxy: where the aliens wait beside the ocean planet
SMALL_W, SMALL_H = 40.0, 24.0  # an activity or event card: room for a name on two lines
PLANET = "#4dabf7"  # the dot on a galaxy card with a planet
ACTIVE = "#8ce99a"  # the tick on an active activity card


def card_box(pos: int, length: int) -> tuple[float, float]:
    """Top-left corner of the galaxy card at `pos`: row 1 left to right, row 2 right to left below it."""
    per_row = (length + 1) // 2
    row, column = divmod(pos, per_row)
    if row == 1:
        column = per_row - 1 - column
    return MARGIN + ALIEN_LANE + column * (CARD_W + GAP), MARGIN + row * (CARD_H + GAP)


def _kind_colour(state: EscapeEarthState, kind_id: str, back: bool = False) -> str:
    kind = next((k for k in state.game.content.game.kinds if k.id == kind_id), None)
    return "#555555" if kind is None else str((kind.back.color or kind.color) if back else kind.color)


def draw(state: EscapeEarthState, lang: str) -> StatePicture:
    """The picture of `state` in `lang` (names of cards, buildings and activities in that language)."""
    content = state.game.content
    d = state.data
    length = state.length
    per_row = (length + 1) // 2
    colours = player_colours(content, d.players)
    resource_colour = {r.id: str(r.color or "#888888") for r in content.game.resources}
    events = list(dict.fromkeys(state.active_events))
    rows_top = MARGIN + 2 * (CARD_H + GAP) + 4.0
    events_top = rows_top + len(state.rows) * (SMALL_H + 4.0)
    height = events_top + (SMALL_H + 4.0 if events else 0.0) + MARGIN
    width = MARGIN * 2 + max(ALIEN_LANE + per_row * (CARD_W + GAP) - GAP, 30 + 5 * (SMALL_W + GAP))
    labels = content.sentences.get(lang, {}).get("labels", {})
    words = content.sentences.get(lang, {}).get("words", {})
    names = {c.id: c.name.get(lang) if c.name else c.id for c in content.game.components}
    scene = Scene(width, height, "#0b1026", icons=dict(content.icons), title=str(labels.get("galaxy", "")))
    legend = Legend()
    scene.add(Rect(0, 0, width, height, Paint(fill="#0b1026")))
    front, back = _kind_colour(state, "galaxy"), _kind_colour(state, "galaxy", back=True)
    building_fill = _kind_colour(state, "building")
    for pos in range(length):
        x, y = card_box(pos, length)
        if pos >= state.revealed:
            card(scene, x, y, CARD_W, CARD_H, back, [])
            label(scene, x + CARD_W / 2, y + CARD_H / 2 + 4, "?", 26, text_colour(back))
            legend.add("card", back, str(words.get("face-down", "")), "?")
        else:
            info = d.galaxy[state.track[pos]]
            card(scene, x, y, CARD_W, CARD_H, front, [str(info.name.get(lang)), "◆" * state.parsecs[pos]], 9)
            if state.parsecs[pos]:
                legend.add("mark", "#f8f9fa", str(words.get("icon-parsec", "")), "◆")
            if state.planet[pos]:
                scene.add(Circle(x + CARD_W - 4, y + CARD_H - 4, 2.2, Paint(fill=PLANET, stroke="#111111",
                                                                            stroke_width=0.3)))
                legend.add("disc", PLANET, str(words.get("icon-planet", "")))
        label(scene, x + 2.5, y + CARD_H - 2.2, str(pos + 1), 7, text_colour(back if pos >= state.revealed else front),
              anchor="start")
        if state.building[pos]:
            side = state.side(pos)
            top = y + CARD_H * 0.42
            scene.add(Rect(x + 1, top, CARD_W - 2, BUILDING_H, Paint(fill=building_fill, stroke="#f1f3f5",
                                                                     stroke_width=0.4), 1.2))
            wrapped_text(scene, x + CARD_W / 2, top + 5, str(side.name.get(lang)), CARD_W - 3, 8,
                         text_colour(building_fill), "regular")
            filled = state.cubes[pos]
            slots = max(side.capacity, filled)
            colour = resource_colour.get(str(side.produces), "#888888")
            for i in range(slots):
                cx = x + CARD_W / 2 + (i - (slots - 1) / 2) * 6
                if i < filled:
                    cube(scene, cx, top + 15.0, 4.2, colour, legend=legend,
                         words=str(names.get(f"{side.produces}-cubes", "")))
                else:
                    scene.add(Rect(cx - 2.1, top + 12.9, 4.2, 4.2, Paint(stroke="#f1f3f5", stroke_width=0.35), 0.5))
        free = state.free[pos]
        if free:
            cube(scene, x + CARD_W - 5, y + CARD_H - 11, 4.2, resource_colour.get(free, "#888888"), legend=legend,
                 words=str(words.get("free-cube", "")))
    for p, where in enumerate(state.ships):   # every ship is on a face-up card (accounting.py)
        x, y = card_box(where, length)
        size = ship_size(scene, 8)
        ship(scene, x + CARD_W / 2 + (p - (d.players - 1) / 2) * size, y + CARD_H - size, size, colours[p], str(p + 1),
             legend, legend_word("player", lang, n=p + 1))
    _token(scene, legend, state.aliens, length, "aliens", "#c92a2a", -1, str(names.get("aliens-token", "")))
    if state.anomaly != NO_ANOMALY:
        _token(scene, legend, state.anomaly, length, "anomaly", "#9c36b5", 1, str(names.get("anomaly-token", "")))
    activity_fill = _kind_colour(state, "activity")
    for p, row in enumerate(state.rows):
        y = rows_top + p * (SMALL_H + 4.0)
        ship(scene, MARGIN + 6, y + SMALL_H / 2, 8, colours[p], str(p + 1), legend,
             legend_word("player", lang, n=p + 1))
        for i, activity in enumerate(row):
            x = MARGIN + 30 + i * (SMALL_W + GAP)
            active = state.is_active(p, activity)
            fill = activity_fill if active else "#495057"
            card(scene, x, y, SMALL_W, SMALL_H, fill, [str(d.activity_names[activity].get(lang))], 8)
            label(scene, x + 2, y + SMALL_H - 2, str(i + 1), 6, text_colour(fill), anchor="start")
            if active:
                label(scene, x + SMALL_W - 2, y + SMALL_H - 2, "✓", 8, ACTIVE, anchor="end")
                legend.add("mark", ACTIVE, legend_word("active", lang), "✓")
    event_fill = _kind_colour(state, "event")
    for i, event in enumerate(events):
        x = MARGIN + 30 + i * (SMALL_W + GAP)
        copies = state.active_events.count(event)
        card(scene, x, events_top, SMALL_W, SMALL_H, event_fill,
             [str(d.events[event].name.get(lang)), f"×{copies}" if copies > 1 else ""], 8)
    rows = state.game.presentation.summary(state, lang)   # in words: the galaxy, ships, aliens and buildings rows
    return StatePicture(scene, " — ".join(f"{name}: {value}" for name, value in rows[1:6]), tuple(legend.entries))


def _token(scene: Scene, legend: Legend, pos: int, length: int, icon: str, fill: str, side: int, name: str) -> None:
    """The aliens (left) or the anomaly (right) on a card, beside the galaxy when on none; and its legend entry."""
    if 0 <= pos < length:
        x, y = card_box(pos, length)
        cx, cy = x + CARD_W / 2 + side * 10, y + CARD_H * 0.33
    else:
        x, y = card_box(length - 1, length)
        cx, cy = x - GAP - ALIEN_LANE / 2, y + CARD_H / 2
    disc(scene, cx, cy, 5.5, fill)
    if icon in scene.icons:
        scene.add(Icon(icon, cx - 3.6, cy - 3.6, 7.2))
    else:
        label(scene, cx, cy + readable_pt(scene, 7) * PT_MM * 0.35, icon[:1].upper(), 7, text_colour(fill))
    legend.add("disc", fill, name, icon=icon if icon in scene.icons else "")
