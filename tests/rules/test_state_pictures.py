"""Every bundled engine draws its table: the pieces stand where the state says, texts are escaped."""

from __future__ import annotations

import io
import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator.boards.scene import Circle, Polygon, Rect
from generator.boards.svg import scene_svg
from generator.content.errors import ErrorList
from generator.content.loader import load_game
from generator.rules.escape_earth.picture import CARD_H, CARD_W, card_box
from generator.rules.examples import replay_example
from generator.rules.picture import player_colours
from generator.rules.registry import make_game

CONTENT = Path(__file__).resolve().parents[2] / "content"
ENGINES = ("escape-earth", "astronuts", "habitable", "terraforming-mars")
SVG = "{http://www.w3.org/2000/svg}"


def load(game: str):
    errors = ErrorList()
    content = load_game(CONTENT / game, errors)
    assert content is not None and not errors, errors
    return content


def replay(game: str, example: str):
    content = load(game)
    return content, replay_example(content, next(e for e in content.examples if e.id == example), draw=True)


def ships(scene, colour: str) -> list[Polygon]:
    """The ship pieces of one colour: four-cornered arrow heads (rules/picture.py: ship)."""
    return [item for item in scene.items if isinstance(item, Polygon) and len(item.points) == 4
            and item.paint.fill == colour]


def centre(polygon: Polygon) -> tuple[float, float]:
    xs, ys = zip(*polygon.points, strict=False)
    return sum(xs) / len(xs), sum(ys) / len(ys)


def test_escape_earth_draws_the_ship_on_the_card_it_moved_to():
    content, played = replay("escape-earth", "beginner-opening")
    move = played.steps[1]
    assert move.action == "move material 4"
    colour = player_colours(content, 2)[0]
    before, after = played.steps[0].picture["en"].scene, move.picture["en"].scene
    left, top = card_box(3, 16)           # the card at position 4 (index 3)
    on_galaxy = 2 * (CARD_H + 10)         # the activity rows below show each player's ship as a legend
    [ship_after] = [s for s in ships(after, colour) if centre(s)[1] < on_galaxy]
    x, y = centre(ship_after)
    assert left < x < left + CARD_W and top < y < top + CARD_H
    [ship_before] = [s for s in ships(before, colour) if centre(s)[1] < on_galaxy]
    first_left, _ = card_box(0, 16)
    assert first_left < centre(ship_before)[0] < first_left + CARD_W   # still on Earth before the move


def test_escape_earth_draws_the_building_with_its_name_in_each_language():
    _, played = replay("escape-earth", "beginner-opening")
    step = played.steps[0]                 # "build lab": a space lab on Earth
    for lang, name in (("en", "Space lab"), ("de", "Weltraumlabor")):
        texts = [t.text for t in step.picture[lang].scene.texts()]
        assert name in texts
        assert name not in [t.text for t in played.start_picture[lang].scene.texts()]
    assert step.picture["de"].alt != step.picture["en"].alt
    assert "Weltraumlabor" in step.picture["de"].alt and "Space lab" in step.picture["en"].alt


def test_astronuts_draws_ships_colonies_and_nuts_where_the_engine_has_them():
    content, played = replay("astronuts", "find-the-nuts")
    board = next(b for b in content.boards if b.id == "map")
    colours = player_colours(content, 3)
    step = next(s for s in played.steps if s.action == "move nw-home nw-w-lane")
    lane = board.placed.by_id["nw-w-lane"]
    [ship] = [p for p in ships(step.picture["en"].scene, colours[0])
              if abs(centre(p)[0] - lane.x) < 1 and abs(centre(p)[1] - lane.y) < 4]
    assert ship
    colonised = [s for s in played.steps if s.action.startswith("colonise nw-n-small")][1]
    planet = board.placed.by_id["nw-n-small"]
    pawns = [r for r in colonised.picture["en"].scene.items if isinstance(r, Rect) and r.paint.fill == colours[1]
             and abs(r.x + r.w / 2 - planet.x) < planet.width / 2 and abs(r.y + r.h / 2 - planet.y) < planet.height / 2]
    assert len(pawns) == 2                 # B's two colonies on Hazelnut
    state = played.state
    nut_discs = [c for c in played.steps[-1].picture["en"].scene.items if isinstance(c, Circle)
                 and c.paint.stroke == "#111111" and c.r < 4
                 and any(abs(c.cx - s.x) < s.width / 2 and abs(c.cy - s.y) < s.height / 2
                         for s in board.placed.spaces if s.kind.startswith("planet"))]
    assert len(nut_discs) == sum(bin(mask).count("1") for mask in state.nuts)


def test_habitable_writes_the_market_cards_into_their_slots():
    content, played = replay("habitable", "planet-search")
    board = next(b for b in content.boards if b.id == "main")
    state = played.state
    scene = played.steps[-1].picture["de"].scene
    for slot, card in enumerate(state.market, 1):
        if card is None:
            continue
        spot = board.placed.by_id[f"market-{slot}"]
        name = state.data.names[card].get("de")
        written = " ".join(t.text for t in scene.texts()
                           if abs(t.x - spot.x) < 0.5 and abs(t.baseline - spot.y) < spot.height / 2)
        assert name in written or "…" in written, (name, written)   # on one line or two, after the slot's number


def test_habitable_lays_a_discovered_planet_on_its_circle():
    content, played = replay("habitable", "planet-search")
    board = next(b for b in content.boards if b.id == "main")
    discover = next(s for s in played.steps if s.action == "discover")
    planet = next(pl for pl in played.state.planets[0] if pl.status == 2)
    spot = board.placed.by_id[f"{played.state.data.stars[planet.star].id}-{planet.pos}"]
    colour = player_colours(content, 3)[0]
    assert any(isinstance(c, Circle) and c.paint.fill == colour and abs(c.cx - spot.x) < 0.01
               and abs(c.cy - spot.y) < 0.01 for c in discover.picture["en"].scene.items)


def test_terraforming_mars_draws_the_greenery_next_to_the_ocean_and_moves_the_oxygen_marker():
    content, played = replay("terraforming-mars", "greenery-by-the-ocean")
    board = next(b for b in content.boards if b.id == "mars")
    greenery = next(c.color for c in content.game.components if c.id == "greenery-tiles")
    ocean = next(c.color for c in content.game.components if c.id == "ocean-tiles")
    last = played.steps[-1]
    assert last.action == "place mars-2-3"
    scene = last.picture["en"].scene
    for space, fill in (("mars-2-3", greenery), ("mars-1-3", ocean)):
        spot = board.placed.by_id[space]
        assert any(isinstance(p, Polygon) and len(p.points) == 6 and p.paint.fill == fill
                   and abs(centre(p)[0] - spot.x) < 0.5 and abs(centre(p)[1] - spot.y) < 0.5 for p in scene.items)
    oxygen = board.placed.by_id[f"oxygen-{played.state.oxygen}"]
    assert played.state.oxygen > 0
    assert any(isinstance(c, Circle) and c.paint.fill == "#ffffff" and abs(c.cx - oxygen.x) < 0.01
               for c in scene.items)


@pytest.mark.parametrize("game", ENGINES)
def test_every_bundled_engine_draws_the_table_after_setup_in_both_languages(game):
    content = load(game)
    engine = make_game(content, {})
    state = engine.new_initial_state(5)
    pictures = {lang: engine.presentation.picture(state, lang) for lang in ("de", "en")}
    for _lang, picture in pictures.items():
        assert picture is not None and picture.alt.strip()
        root = ET.fromstring(scene_svg(picture.scene, "setup"))
        assert root.tag == f"{SVG}svg" and len(list(root.iter())) > 50
    assert pictures["de"].alt != pictures["en"].alt


def test_a_card_name_with_markup_stays_text_in_the_svg(tmp_path):
    shutil.copytree(CONTENT / "escape-earth", tmp_path / "escape-earth")
    cards = tmp_path / "escape-earth" / "cards" / "galaxy.yaml"
    hostile = 'Earth <script>alert(1)</script> & "friends"'
    cards.write_text(cards.read_text(encoding="utf-8").replace(
        "name: {de: Erde, en: Earth}", "name: {de: Erde, en: " + json.dumps(hostile) + "}", 1), encoding="utf-8")
    errors = ErrorList()
    content = load_game(tmp_path / "escape-earth", errors)
    assert content is not None and not errors, errors
    engine = make_game(content, {})
    svg = scene_svg(engine.presentation.picture(engine.new_initial_state(1), "en").scene, "x")
    assert "<script" not in svg and "&lt;script&gt;" in svg
    texts = [t.text or "" for t in ET.parse(io.StringIO(svg)).getroot().iter(f"{SVG}text")]
    assert "Earth" in texts and any(t.startswith("<script>") for t in texts)   # the name over two lines, as text
