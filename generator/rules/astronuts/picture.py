"""The Astronuts table as a picture: the printed map with ships, colonies and nuts on it.

The map is the boards step's own drawing (the same scene as the print files); the pieces go on
top at the spaces the engine names: nuts in a row across a planet's top, colonies on its colony
spots, ships at the space's centre. Below the map a strip shows each player's nuts in hand,
colonies founded and technologies, and the AstroBank.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.boards.scene import Paint, Rect, Scene
from generator.rules.picture import (
    Legend,
    StatePicture,
    board_legend,
    board_picture,
    cube,
    disc,
    fitted_text,
    label,
    legend_word,
    player_colours,
    ship,
)

if TYPE_CHECKING:
    from generator.rules.astronuts.state import AstronutsState

STRIP_ROW = 16.0     # mm per player in the strip below the map
STRIP_BG = "#10142b"


def map_board(state: AstronutsState) -> str:
    """The board whose spaces the engine plays on (the one holding the first space it knows)."""
    first = state.data.ids[0]
    return next(b.id for b in state.game.content.boards if first in b.placed.by_id)


def draw(state: AstronutsState, lang: str) -> StatePicture:
    content = state.game.content
    d = state.data
    scene, spots = board_picture(content, map_board(state), lang)
    colours = player_colours(content, state.n)
    nut_colour = {r.id: str(r.color or "#888888") for r in content.game.resources}
    nut_name = {r.id: r.name.get(lang) if r.name else r.id for r in content.game.resources}
    colony = str(content.sentences.get(lang, {}).get("words", {}).get("icon-colony", ""))
    legend = Legend()
    board_legend(content, map_board(state), lang, legend)
    for p, colour in enumerate(colours):
        legend.add("ship", colour, legend_word("player", lang, n=p + 1), str(p + 1))
    for s, space_id in enumerate(d.ids):
        spot = spots.get(space_id)
        if spot is None:
            continue
        held = [c for i, c in enumerate(d.colours) if state.nuts[s] >> i & 1]
        r = max(1.6, spot.width * 0.075)
        for i, colour in enumerate(held):
            disc(scene, spot.x + (i - (len(held) - 1) / 2) * r * 2.4, spot.y - spot.height * 0.3, r,
                 nut_colour.get(colour, "#888888"), legend=legend, words=str(nut_name.get(colour, "")))
        pawns = [p for p in range(state.n) for _ in range(state.col[s * state.n + p])]
        side = max(2.4, spot.width * 0.12)
        for i, p in enumerate(pawns):
            cube(scene, spot.x + (i - (len(pawns) - 1) / 2) * side * 1.3, spot.y + spot.height * 0.3, side,
                 colours[p], legend=legend, words=f"{colony} ({legend_word('player', lang, n=p + 1)})")
    for p, slots in enumerate(state.ships):
        for s in slots:
            if s >= 0 and (spot := spots.get(d.ids[s])) is not None:
                ship(scene, spot.x, spot.y, 14.0, colours[p], str(p + 1))
    _strip(state, scene, lang, colours, nut_colour, legend)
    rows = state.game.presentation.summary(state, lang)
    return StatePicture(scene, " — ".join(f"{key}: {value}" for key, value in rows[1:]), tuple(legend.entries))


def _strip(state: AstronutsState, scene: Scene, lang: str, colours: list[str], nut_colour: dict[str, str],
           legend: Legend) -> None:
    """Below the map: each player's nuts in hand, colonies on the map and technologies; the bank.

    Sized to the map's width, so it reads at the same size as the map."""
    d = state.data
    words = state.game.content.sentences.get(lang, {}).get("words", {})
    k = max(1.0, scene.width / 300)
    row = STRIP_ROW * k
    top = scene.height
    scene.height += (state.n + 1) * row + 4 * k
    scene.add(Rect(0, top, scene.width, scene.height - top, Paint(fill=STRIP_BG)))
    for index in range(state.n + 1):
        y = top + 4 * k + index * row + row / 2
        if index < state.n:
            ship(scene, 12 * k, y, 9 * k, colours[index], str(index + 1))
            counts = state.hand[index * 4:index * 4 + 4]
        else:
            fitted_text(scene, 4 * k, y + 1.5 * k, str(words.get("bank", "AstroBank")), 30 * k, 9 * k, "#f8f9fa",
                        "bold", "start")
            counts = state.bank
        x = 40.0 * k
        for colour, count in zip(d.colours, counts, strict=False):
            disc(scene, x, y, 4 * k, nut_colour.get(colour, "#888888"))
            label(scene, x + 6 * k, y + 1.8 * k, f"× {count}", 10 * k, "#f8f9fa", anchor="start")
            x += 26 * k
        if index < state.n:
            colony = str(words.get("icon-colony", ""))
            cube(scene, x + 6 * k, y, 6 * k, colours[index], legend=legend,
                 words=f"{colony} ({legend_word('player', lang, n=index + 1)})")
            label(scene, x + 12 * k, y + 1.8 * k, f"× {state.colonies[index]}", 10 * k, "#f8f9fa", anchor="start")
            techs = [str(words.get(f"tech-{c}", c)) for i, c in enumerate(d.colours) if state.tech[index * 4 + i]]
            fitted_text(scene, x + 32 * k, y + 1.8 * k, ", ".join(techs), scene.width - x - 36 * k, 9 * k, "#f8f9fa",
                        "regular", "start")
