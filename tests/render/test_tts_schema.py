"""Tabletop Simulator decks you can load: every saved object validates against TTS's saved-object structure (a JSON
Schema kept here), its cards are `Card` objects with GUIDs of their own, decks have their cards' real aspect, and
the hidden card sits in the last slot of the sheet's grid."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from PIL import Image, ImageChops, ImageStat

from generator.content.errors import ErrorList
from generator.layout.engine import CardLayouts
from generator.render.cards_step import lay_out, ordered_cards
from generator.render.tts import TTS_CARD_MM, saved_object, write_decks
from tests.layout.conftest import CONTENT, load_game

SCHEMA = json.loads((Path(__file__).parent / "tts_saved_object.schema.json").read_text(encoding="utf-8"))
jsonschema.Draft202012Validator.check_schema(SCHEMA)


def check_saved_object(document: dict, card_mm: tuple[float, float]) -> list[str]:
    """Validate one saved object: the schema, then what a schema cannot say. Returns the GUIDs it holds."""
    jsonschema.validate(document, SCHEMA)
    [state] = document["ObjectStates"]
    cards = state.get("ContainedObjects", [state])
    sheets = state.get("CustomDeck") or cards[0]["CustomDeck"]
    if "DeckIDs" in state:
        assert state["DeckIDs"] == [card["CardID"] for card in cards]
    for card in cards:
        [(number, sheet)] = card["CustomDeck"].items()
        assert sheets[number] == sheet and card["CardID"] // 100 == int(number)
        assert card["CardID"] % 100 < sheet["NumWidth"] * sheet["NumHeight"] - 1  # the last slot is the hidden card
    for thing in [state, *cards]:
        scale = thing["Transform"]
        assert scale["scaleX"] == pytest.approx(card_mm[0] / TTS_CARD_MM[0], abs=1e-3)
        assert scale["scaleZ"] == pytest.approx(card_mm[1] / TTS_CARD_MM[1], abs=1e-3)
    guids = [thing["GUID"] for thing in [state, *cards] if thing is not state or "DeckIDs" in state]
    assert len(set(guids)) == len(guids)
    return guids


def test_a_one_card_deck_is_a_card_that_validates():
    sheet = {"FaceURL": "f", "BackURL": "b", "NumWidth": 2, "NumHeight": 1, "BackIsHidden": True,
             "UniqueBack": False, "Type": 0}
    document = saved_object("Solo", [("Solo", 1, 0)], [sheet], card_mm=(70, 120))
    assert document["ObjectStates"][0]["Name"] == "Card"
    check_saved_object(document, (70, 120))


def test_the_schema_refuses_what_tabletop_simulator_would_not_load():
    sheet = {"FaceURL": "f", "BackURL": "b", "NumWidth": 3, "NumHeight": 1, "BackIsHidden": True,
             "UniqueBack": False, "Type": 0}
    document = saved_object("Two", [("A", 1, 0), ("B", 1, 1)], [sheet])
    jsonschema.validate(document, SCHEMA)
    for spoil in ({"Name": "CardCustom"}, {"GUID": "not-hex"}, {"CardID": 7}):
        broken = json.loads(json.dumps(document))
        broken["ObjectStates"][0]["ContainedObjects"][0].update(spoil)
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(broken, SCHEMA)
    wide = json.loads(json.dumps(document))
    wide["ObjectStates"][0]["CustomDeck"]["1"]["NumWidth"] = 11
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(wide, SCHEMA)


def test_every_escape_earth_deck_validates_and_hides_its_last_slot(built):
    folder = built.out / "tts" / "en"
    guids: list[str] = []
    for deck in built.content.game.all_decks():
        document = json.loads((folder / f"{deck.id}.json").read_text(encoding="utf-8"))
        guids += check_saved_object(document, (63, 88))
    assert len(set(guids)) == len(guids)  # no two objects of the game share a GUID


def test_the_hidden_card_is_in_the_true_last_slot_of_a_sheet_not_after_the_designs(built):
    folder = built.out / "tts" / "en"
    spare = 0
    for deck in built.content.game.all_decks():
        sheet = json.loads((folder / f"{deck.id}.json").read_text(encoding="utf-8"))["ObjectStates"][0]["CustomDeck"]
        sheet = sheet["1"]
        designs = sum(1 for c in built.content.cards if c.kind in deck.kinds)
        spare += sheet["NumWidth"] * sheet["NumHeight"] - (designs + 1)
        with Image.open(folder / f"{deck.id}-faces-1.png") as faces, Image.open(folder / f"{deck.id}-back.png") as back:
            width, height = faces.width // sheet["NumWidth"], faces.height // sheet["NumHeight"]
            col, row = sheet["NumWidth"] - 1, sheet["NumHeight"] - 1
            last = faces.convert("RGB").crop((col * width, row * height, (col + 1) * width, (row + 1) * height))
            assert max(ImageStat.Stat(ImageChops.difference(last, back.convert("RGB"))).mean) < 1.0, deck.id
    assert spare > 0  # some grid has slots to spare, so "last" is not merely "after the designs"


@pytest.mark.slow
@pytest.mark.parametrize("game", ["habitable", "terraforming-mars"])
def test_every_bundled_deck_validates_at_its_cards_aspect(game, tmp_path):
    content = load_game(CONTENT, game)
    designs = lay_out(CardLayouts(content, ErrorList()), ordered_cards(content), "en")
    assert designs is not None
    write_decks(content, tmp_path, "en", designs, "")
    guids: list[str] = []
    for deck in content.game.all_decks():
        size = content.game.kind(deck.kinds[0]).size_mm
        document = json.loads((tmp_path / "tts" / "en" / f"{deck.id}.json").read_text(encoding="utf-8"))
        guids += check_saved_object(document, size)
        if deck.id == "planet":  # tarot planets: 1.10 wide and 1.35 long, not squashed onto a poker card
            scale = document["ObjectStates"][0]["Transform"]
            assert (scale["scaleX"], scale["scaleZ"]) == pytest.approx((70 / 63.5, 120 / 88.9), abs=1e-3)
    assert len(set(guids)) == len(guids)
