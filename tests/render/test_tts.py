"""Tabletop Simulator exports: sheets within TTS's limits, the hidden-card face last, a saved object per deck."""

from __future__ import annotations

import json

import pytest
from PIL import Image, ImageChops, ImageStat

from generator.render.tts import MAX_COLS, MAX_PX, MAX_ROWS, saved_object, sheet_layout


def test_sheet_layouts_stay_within_ten_by_seven_and_4096_px():
    for slots in (2, 7, 11, 30, 70):
        for size in ((63, 88), (70, 120), (70, 70), (120, 70)):
            layout = sheet_layout(slots, *size)
            assert layout.cols <= MAX_COLS and layout.rows <= MAX_ROWS and layout.cols * layout.rows >= slots
            assert max(layout.size) <= MAX_PX
            width, height = layout.card_px
            assert width / height == pytest.approx(size[0] / size[1], rel=0.01)


def test_every_deck_has_sheets_a_back_and_a_saved_object(built):
    content = built.content
    folder = built.out / "tts" / "en"
    decks = content.game.all_decks()
    assert {d.id for d in decks} == {"galaxy", "building", "activity", "time", "event"}
    for deck in decks:
        document = json.loads((folder / f"{deck.id}.json").read_text(encoding="utf-8"))
        state = document["ObjectStates"][0]
        assert state["Name"] == "DeckCustom" and state["Nickname"] == deck.name.en
        copies = sum(c.count for c in content.cards if c.kind in deck.kinds)
        assert len(state["DeckIDs"]) == len(state["ContainedObjects"]) == copies
        for number, sheet in state["CustomDeck"].items():
            face = folder / sheet["FaceURL"].rsplit("/", 1)[1]
            with Image.open(face) as image:
                assert max(image.size) <= MAX_PX
                assert image.width % sheet["NumWidth"] == 0 and image.height % sheet["NumHeight"] == 0
                assert sheet["NumWidth"] <= 10 and sheet["NumHeight"] <= 7
            ids = [i for i in state["DeckIDs"] if i // 100 == int(number)]
            assert max(i % 100 for i in ids) < sheet["NumWidth"] * sheet["NumHeight"] - 1  # the last slot is hidden
        assert (folder / f"{deck.id}-back.png").is_file()


def test_the_last_slot_of_a_sheet_shows_the_back(built):
    folder = built.out / "tts" / "en"
    sheet = json.loads((folder / "time.json").read_text(encoding="utf-8"))["ObjectStates"][0]["CustomDeck"]["1"]
    with Image.open(folder / "time-faces-1.png") as faces, Image.open(folder / "time-back.png") as back:
        width, height = faces.width // sheet["NumWidth"], faces.height // sheet["NumHeight"]
        row, col = sheet["NumHeight"] - 1, sheet["NumWidth"] - 1  # the grid's last slot, whatever the designs fill
        last = faces.convert("RGB").crop((col * width, row * height, (col + 1) * width, (row + 1) * height))
        assert last.size == back.size
        assert max(ImageStat.Stat(ImageChops.difference(last, back.convert("RGB"))).mean) < 1.0


def test_double_sided_kinds_get_a_sheet_of_their_own_backs(built):
    folder = built.out / "tts" / "en"
    sheet = json.loads((folder / "building.json").read_text(encoding="utf-8"))["ObjectStates"][0]["CustomDeck"]["1"]
    assert sheet["UniqueBack"] is True and sheet["BackURL"].endswith("building-backs-1.png")
    galaxy = json.loads((folder / "galaxy.json").read_text(encoding="utf-8"))["ObjectStates"][0]["CustomDeck"]["1"]
    assert galaxy["UniqueBack"] is False and galaxy["BackURL"].endswith("galaxy-back.png")


def test_a_one_card_deck_is_saved_as_a_card():
    document = saved_object("Solo", [("Solo", 1, 0)], [{"FaceURL": "f", "BackURL": "b", "NumWidth": 2, "NumHeight": 1}])
    assert document["ObjectStates"][0]["Name"] == "Card"


def test_a_big_deck_drawn_by_a_process_of_its_own_gives_the_same_pictures(escape_earth_content, tmp_path,
                                                                          monkeypatch):
    from generator.content.errors import ErrorList
    from generator.layout.engine import CardLayouts
    from generator.render import raster
    from generator.render.cards_step import lay_out, ordered_cards
    from generator.render.tts import write_decks

    designs = lay_out(CardLayouts(escape_earth_content, ErrorList()), ordered_cards(escape_earth_content), "en")
    assert designs is not None
    apart: list[list[str]] = []
    real_run = raster.subprocess.run

    def watched(command, **kwargs):
        apart.append(command)
        return real_run(command, **kwargs)

    monkeypatch.setattr(raster.subprocess, "run", watched)
    made = {}
    for name, limit in (("here", 10**12), ("apart", 0)):
        monkeypatch.setattr(raster, "APART_PIXELS", limit)
        out = tmp_path / name
        files = write_decks(escape_earth_content, out, "en", designs, "")
        made[name] = [(path.relative_to(out).as_posix(), path.read_bytes()) for path in files]
    decks = len(escape_earth_content.game.all_decks())
    assert len(apart) == decks and apart[0][1:] == ["-m", "generator.render.raster"]
    assert [name for name, _ in made["here"]] == [name for name, _ in made["apart"]]
    assert made["here"] == made["apart"]
    assert sum(name.endswith(".png") for name, _ in made["apart"]) >= 2 * decks


def test_a_page_drawing_process_that_fails_is_a_bug_not_a_silent_gap(tmp_path, monkeypatch):
    from generator.render import raster

    monkeypatch.setattr(raster, "APART_PIXELS", 0)
    with pytest.raises(RuntimeError, match="drawing missing.pdf's pages failed"):
        raster.save_pages(tmp_path / "missing.pdf", 72, [(10, 10)], [tmp_path / "page.png"])
