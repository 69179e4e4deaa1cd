"""The Terraforming Mars table as a picture: Mars with its tiles and the global parameters' markers.

The Mars board is the boards step's own drawing; tiles lie on their hexes in the colour of the
box's tile of that kind (with its icon), a player's marker cube on each tile that player owns.
Markers stand on the temperature, oxygen and ocean tracks and each player's cube on the TR
track. Below the board a strip shows every player's resources and production.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.boards.scene import PT_MM, Icon, Paint, Polygon, Rect, Scene
from generator.rules.picture import (
    Legend,
    StatePicture,
    board_legend,
    board_picture,
    cube,
    disc,
    label,
    legend_word,
    player_colours,
    readable_pt,
)
from generator.rules.terraforming_mars.data import RESOURCES

if TYPE_CHECKING:
    from generator.rules.terraforming_mars.state import TerraformingMarsState

STRIP_ROW = 18.0
STRIP_BG = "#1b1410"
MARKER = "#ffffff"


def mars_board(state: TerraformingMarsState) -> str:
    """The board holding the map's hexes (the spaces tiles are placed on)."""
    spaces = set(state.data.spaces)
    return next(b.id for b in state.game.content.boards if spaces & set(b.placed.by_id))


def _tile_look(state: TerraformingMarsState, lang: str) -> dict[str, tuple[str, str | None, str]]:
    """Each tile kind's colour, icon and name, from the box's tile components (`ocean-tiles` is an ocean)."""
    return {comp.id.split("-")[0]: (str(comp.color or "#999999"), comp.icon, comp.name.get(lang))
            for comp in state.game.content.game.components if comp.type == "tile"}


def draw(state: TerraformingMarsState, lang: str) -> StatePicture:
    from generator.boards.layout import hexagon  # the board's geometry and fonts: only when a picture is drawn

    content = state.game.content
    scene, spots = board_picture(content, mars_board(state), lang)
    colours = player_colours(content, state.n)
    looks = _tile_look(state, lang)
    legend = Legend()
    board_legend(content, mars_board(state), lang, legend)
    for p, colour in enumerate(colours):
        legend.add("cube", colour, legend_word("player", lang, n=p + 1), str(p + 1))
    for space, (tile, owner) in sorted(state.tiles.items()):
        if (spot := spots.get(space)) is None:
            continue
        fill, icon, name = looks.get(tile, ("#999999", None, ""))
        legend.add("hex", fill, name)
        # a white rim tells a placed tile from the printed space beneath (ocean spaces are blue too)
        scene.add(Polygon(hexagon(spot.x, spot.y, spot.width * 0.88), Paint(fill=fill, stroke="#ffffff",
                                                                           stroke_width=1.2)))
        if icon and icon in scene.icons:
            size = spot.width * 0.5
            scene.add(Icon(icon, spot.x - size / 2, spot.y - size / 2 - spot.height * 0.08, size))
        if owner >= 0:
            cube(scene, spot.x, spot.y + spot.height * 0.22, spot.width * 0.24, colours[owner])
    parameters = str(state.game.content.sentences.get(lang, {}).get("labels", {}).get("parameters", ""))
    legend.add("disc", MARKER, f"{parameters}: {legend_word('marker', lang)}" if parameters else "")
    for parameter in ("temperature", "oxygen", "oceans"):
        if (spot := spots.get(f"{parameter}-{getattr(state, parameter)}")) is not None:
            disc(scene, spot.x, spot.y, min(spot.width, spot.height) * 0.36, MARKER)
    by_tr: dict[int, list[int]] = {}
    for p, tr in enumerate(state.tr):
        by_tr.setdefault(tr, []).append(p)
    for tr, players in by_tr.items():
        if (spot := spots.get(f"tr-{tr}")) is None:
            continue
        side = spot.width * 0.4
        for i, p in enumerate(players):
            cube(scene, spot.x + (i - (len(players) - 1) / 2) * side * 0.6, spot.y + (i % 2) * side * 0.3, side,
                 colours[p])
    _strip(state, scene, lang, colours)
    rows = state.game.presentation.summary(state, lang)
    return StatePicture(scene, " — ".join(f"{key}: {value}" for key, value in rows[1:]), tuple(legend.entries))


def _strip(state: TerraformingMarsState, scene: Scene, lang: str, colours: list[str]) -> None:
    """Below Mars: each player's resources (production in brackets), with the resource's icon."""
    top = scene.height
    row = max(STRIP_ROW, readable_pt(scene) * 0.35 * 2.6)  # mm: two label heights and a gap
    scene.height += state.n * row + 4
    scene.add(Rect(0, top, scene.width, scene.height - top, Paint(fill=STRIP_BG)))
    names = state.data.names
    icons = {r.id: r.icon or r.id for r in state.game.content.game.resources}
    for p in range(state.n):
        y = top + 2 + p * row + row / 2
        cube(scene, 10, y, 7, colours[p], str(p + 1))
        x = 22.0
        for i, resource in enumerate(RESOURCES):
            icon = icons.get(resource, resource)
            if icon in scene.icons:
                side = max(7.0, readable_pt(scene) * PT_MM * 1.2)
                scene.add(Icon(icon, x + 3.5 - side / 2, y - side / 2, side))
            else:
                name = names.get(resource)
                label(scene, x + 3.5, y + 1.5, str(name.get(lang))[:2] if name else resource[:2], 8, "#f8f9fa")
            label(scene, x + 9, y + 2, f"{state.res[p][i]} ({state.prod[p][i]:+d})", 10, "#f8f9fa", anchor="start")
            x += (scene.width - 30) / len(RESOURCES)
