"""The Habitable table as a picture: the main board with the market's cards and every planet tile.

The board is the boards step's own drawing; the market's cards are written into their slots and
each player's planet tiles lie on the circles of the stars' paths (a discovered planet in the
player's colour with its stack number, an undiscovered one as a ring). Below the board a strip
shows each discovered planet's card and values (temperature, water, magnetism, life), with a
tick when it is habitable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.boards.scene import PT_MM, Circle, Icon, Paint, Rect, Scene, Text
from generator.rules.habitable.planets import DISCOVERED, UNDISCOVERED
from generator.rules.habitable.texts import card_name
from generator.rules.picture import (
    DISC_LABEL,
    Legend,
    StatePicture,
    board_legend,
    board_picture,
    card,
    disc,
    fitted_text,
    label,
    legend_word,
    player_colours,
    readable_pt,
)

if TYPE_CHECKING:
    from generator.rules.habitable.state import HabitableState

MARKET = "market"
STRIP_ROW = 22.0
STRIP_BG = "#10142b"
TILE_W = 62.0
VALUES = (("temperature", "T"), ("water", "W"), ("magnetism", "M"), ("life", "L"))
WORDS = {"discovered": {"de": "entdeckter Planet (mit der Nummer seines Plättchens)",
                        "en": "discovered planet (with its tile's number)"},
         "undiscovered": {"de": "unentdeckter Planet", "en": "undiscovered planet"}}


def main_board(state: HabitableState) -> str:
    """The board that holds the market's slots (and the stars' paths)."""
    return next(b.id for b in state.game.content.boards if any(row.id == MARKET for row in b.slots))


def draw(state: HabitableState, lang: str) -> StatePicture:
    content = state.game.content
    d = state.data
    scene, spots = board_picture(content, main_board(state), lang)
    colours = player_colours(content, state.n)
    legend = Legend()
    board_legend(content, main_board(state), lang, legend)
    for p, colour in enumerate(colours):
        legend.add("disc", colour, legend_word("player", lang, n=p + 1), str(p + 1))
    for slot, card_id in enumerate(state.market, 1):
        spot = spots.get(f"{MARKET}-{slot}")
        if spot is None or card_id is None:
            continue
        w, h = spot.width * 0.84, spot.height * 0.6
        card(scene, spot.x - w / 2, spot.y - h / 2, w, h, "#fff9db", [card_name(card_id, d, lang)], 16)
    for p in range(state.n):
        for planet in state.planets[p]:
            if planet.status == 0 or planet.star < 0:
                continue
            spot = spots.get(f"{d.stars[planet.star].id}-{planet.pos}")
            if spot is None:
                continue
            r = spot.width * 0.62
            if planet.status == DISCOVERED:
                disc(scene, spot.x, spot.y, r, colours[p], str(planet.tile), legend,
                     WORDS["discovered"].get(lang, WORDS["discovered"]["en"]), "")
            elif planet.status == UNDISCOVERED:
                r = max(r, readable_pt(scene) * PT_MM / DISC_LABEL)
                scene.add(Circle(spot.x, spot.y, r, Paint(fill="#ffffff", stroke=colours[p], stroke_width=r * 0.35)))
                scene.add(Text(spot.x, spot.y + r * 0.4, str(planet.tile), "bold", r * DISC_LABEL / PT_MM, "#111111",
                               "middle"))
                legend.add("ring", colours[p], WORDS["undiscovered"].get(lang, WORDS["undiscovered"]["en"]))
    _strip(state, scene, lang, colours, legend)
    rows = state.game.presentation.summary(state, lang)
    return StatePicture(scene, " — ".join(f"{key}: {value}" for key, value in rows[1:]), tuple(legend.entries))


def _strip(state: HabitableState, scene: Scene, lang: str, colours: list[str], legend: Legend) -> None:
    """Below the board: each player's discovered planets with their values, sized to the board's width."""
    d = state.data
    names = {r.id: r.name.get(lang) if r.name else r.id for r in state.game.content.game.resources}
    habitable = str(state.game.content.sentences.get(lang, {}).get("words", {}).get("habitable", ""))
    k = max(1.0, scene.width / 300)          # the strip grows with the board, so it reads at the same size
    row, tile = STRIP_ROW * k, TILE_W * k
    top = scene.height
    scene.height += state.n * row + 4 * k
    scene.add(Rect(0, top, scene.width, scene.height - top, Paint(fill=STRIP_BG)))
    for p in range(state.n):
        y = top + 3 * k + p * row
        disc(scene, 10 * k, y + row / 2 - k, 5 * k, colours[p], str(p + 1))
        x = 22.0 * k
        for planet in state.planets[p]:
            if planet.status != DISCOVERED:
                continue
            fill = "#2b8a3e" if planet.habitable else "#495057"
            card(scene, x, y, tile, row - 4 * k, fill, [f"{planet.tile} · {card_name(planet.card, d, lang)}"], 7 * k)
            for i, (field, letter) in enumerate(VALUES):
                value = int(getattr(planet, field))
                vx = x + 4 * k + i * (tile - 6 * k) / 4
                if field in scene.icons:
                    scene.add(Icon(field, vx - k, y + 9 * k, 4.5 * k))
                else:
                    label(scene, vx + k, y + 12.5 * k, letter, 7 * k, "#f8f9fa")
                shown = f"{value:+d}" if field == "temperature" else str(value)
                label(scene, vx + 5 * k, y + 12.8 * k, shown, 8 * k, "#f8f9fa", anchor="start")
                legend.add("icon" if field in scene.icons else "mark", "#f8f9fa", names.get(field, ""),
                           field if field in scene.icons else letter)
            if planet.habitable:
                fitted_text(scene, x + tile - 4 * k, y + 6 * k, "✓", 6 * k, 9 * k, "#b2f2bb", "bold")
                legend.add("mark", "#b2f2bb", habitable, "✓")
            x += tile + 3 * k
            if x + tile > scene.width:
                break
