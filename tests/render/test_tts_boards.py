"""Tabletop Simulator saved objects for boards and token sheets: they validate against the saved-object schema kept
beside the decks', name the images the build writes, hold every piece the game counts, and keep their GUIDs."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from PIL import Image

from generator.boards.step import render_boards
from generator.boards.tokens import printable_tokens
from generator.build import BuildOptions
from generator.content.errors import ErrorList
from tests.layout.conftest import CONTENT, load_game
from tests.render.test_tts_schema import SCHEMA

GAMES = ("escape-earth", "habitable", "terraforming-mars", "astronuts")
TILE_TYPE = {"square": 0, "hex": 1, "round": 2}


@pytest.fixture(scope="module")
def boards_built(tmp_path_factory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("boards")
    for game in GAMES:
        errors = ErrorList()
        render_boards(load_game(CONTENT, game, expect_cards=False), out / game,
                      BuildOptions(languages=("en",), papers=("a4",)), errors)
        assert not errors, errors.as_text()
    return {game: out / game for game in GAMES}


def objects(folder: Path) -> dict[str, dict]:
    return {path.name: json.loads(path.read_text(encoding="utf-8"))
            for path in sorted((folder / "tts" / "en").glob("*.json"))}


@pytest.mark.parametrize("game", GAMES)
def test_every_board_and_token_object_validates_and_names_its_images(game, boards_built):
    content = load_game(CONTENT, game, expect_cards=False)
    folder = boards_built[game]
    found = objects(folder)
    guids: list[str] = []
    for board in content.boards:
        document = found[f"{board.id}-board.json"]
        jsonschema.validate(document, SCHEMA)
        [state] = document["ObjectStates"]
        assert state["Name"] == "Custom_Board" and state["Nickname"] == board.name.get("en")
        assert (folder / state["CustomImage"]["ImageURL"]).is_file()  # no --tts-url: a path in the game's folder
        guids.append(state["GUID"])
    specs = printable_tokens(content)
    if specs:
        document = found["tokens.json"]
        jsonschema.validate(document, SCHEMA)
        bags = document["ObjectStates"]
        assert [bag["Nickname"] for bag in bags] == [f"{s.component.name.get('en')} × {s.count}" for s in specs]
        for spec, bag in zip(specs, bags, strict=True):
            tiles = bag["ContainedObjects"]
            assert len(tiles) == spec.count
            assert {tile["CustomImage"]["CustomTile"]["Type"] for tile in tiles} == {TILE_TYPE[spec.shape]}
            image = folder / tiles[0]["CustomImage"]["ImageURL"]
            with Image.open(image) as picture:
                assert picture.width == round((spec.size * (0.866 if spec.shape == "hex" else 1)) / 25.4 * 300)
            guids += [bag["GUID"], *(tile["GUID"] for tile in tiles)]
    assert len(set(guids)) == len(guids)  # every object of the game has a GUID of its own


def test_terraforming_mars_ocean_tiles_are_hex_tiles_and_markers_square(boards_built):
    bags = {bag["Nickname"]: bag for bag in objects(boards_built["terraforming-mars"])["tokens.json"]["ObjectStates"]}
    assert bags["Ocean tiles × 9"]["ContainedObjects"][0]["CustomImage"]["CustomTile"]["Type"] == 1
    assert bags["Player markers red × 30"]["ContainedObjects"][0]["CustomImage"]["CustomTile"]["Type"] == 0


def test_a_rebuild_writes_the_same_objects_and_the_url_names_the_upload(boards_built, tmp_path):
    content = load_game(CONTENT, "terraforming-mars")
    errors = ErrorList()
    render_boards(content, tmp_path, BuildOptions(languages=("en",), papers=("a4",),
                                                  tts_url="https://example.org/pnp"), errors)
    again, before = objects(tmp_path), objects(boards_built["terraforming-mars"])
    assert again.keys() == before.keys()
    for name, document in again.items():
        text = json.dumps(document)
        assert text.replace("https://example.org/pnp/terraforming-mars/", "") == json.dumps(before[name]), name
    board = again["mars-board.json"]["ObjectStates"][0]
    assert board["CustomImage"]["ImageURL"] == "https://example.org/pnp/terraforming-mars/tts/en/mars-board.png"


def test_the_schema_refuses_a_tile_without_its_shape_a_board_with_one_and_a_card_in_a_bag(boards_built):
    found = objects(boards_built["terraforming-mars"])
    tiles = json.loads(json.dumps(found["tokens.json"]))
    del tiles["ObjectStates"][0]["ContainedObjects"][0]["CustomImage"]["CustomTile"]
    board = json.loads(json.dumps(found["mars-board.json"]))
    board["ObjectStates"][0]["CustomImage"]["CustomTile"] = {"Type": 0, "Thickness": 0.1, "Stackable": True,
                                                             "Stretch": True}
    carded = json.loads(json.dumps(found["tokens.json"]))
    carded["ObjectStates"][0]["ContainedObjects"][0]["Name"] = "Card"
    for broken in (tiles, board, carded):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(broken, SCHEMA)
