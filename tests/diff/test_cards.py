"""Cards compared value by value and face by face; pictures of the faces with the changed area boxed."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from PIL import Image, ImageDraw

from generator.content.errors import ErrorList
from generator.content.loader import GameContent
from generator.diff.cards import card_changes, faces_may_change, field_changes, flatten
from generator.diff.faces import FACE_DPI, HIGHLIGHT, changed_box, draw_changes, face_size, highlighted, render_faces
from tests.diff.conftest import CARD, GAME, NEW_COST, OLD_COST


def test_flatten_names_values_as_a_card_file_writes_them() -> None:
    card = {"name": {"de": "A", "en": "B"}, "fields": {"upgrade_cost": {"food": 1}, "tags": []},
            "effects": [{"op": "reveal", "args": {"count": 2}}]}
    assert flatten(card) == {"name.de": "A", "name.en": "B", "fields.upgrade_cost.food": 1, "fields.tags": [],
                             "effects[0].op": "reveal", "effects[0].count": 2}


def test_a_raised_cost_is_one_row_and_redraws_the_front_in_both_languages(escape_earth: GameContent,
                                                                           dearer_lab: GameContent) -> None:
    old_errors, new_errors = ErrorList(), ErrorList()
    [change] = card_changes(escape_earth, dearer_lab, old_errors, new_errors, every_face=False)
    assert not old_errors and not new_errors
    assert change.card_id == CARD and change.change == "changed"
    assert [(f.path, f.old, f.new) for f in change.fields] == [("fields.build_cost", OLD_COST, NEW_COST)]
    assert [(f.lang, f.side) for f in change.faces] == [("de", "front"), ("en", "front")]


def test_no_change_is_no_card_and_no_face(escape_earth: GameContent) -> None:
    same = dataclasses.replace(escape_earth)
    assert card_changes(escape_earth, same, ErrorList(), ErrorList(), every_face=True) == []


def test_a_change_that_prints_nothing_draws_no_face(escape_earth: GameContent) -> None:
    noted = dataclasses.replace(escape_earth, cards=[
        c.model_copy(update={"design_note": "why five"}) if c.id == CARD else c for c in escape_earth.cards])
    [change] = card_changes(escape_earth, noted, ErrorList(), ErrorList(), every_face=False)
    assert [(f.path, f.new) for f in change.fields] == [("design_note", "why five")] and change.faces == []


def test_added_and_removed_cards_carry_all_their_values_and_one_side_of_each_face(escape_earth: GameContent) -> None:
    lab = escape_earth.card(CARD)
    copy = lab.model_copy(update={"id": "zweitlabor"})
    grown = dataclasses.replace(escape_earth, cards=[*escape_earth.cards, copy])
    [added] = card_changes(escape_earth, grown, ErrorList(), ErrorList(), every_face=False)
    assert added.change == "added" and ("fields.build_cost", None, OLD_COST) in [(f.path, f.old, f.new)
                                                                                 for f in added.fields]
    assert len(added.faces) == 4 and all(f.old is None and f.new is not None for f in added.faces)
    [removed] = card_changes(grown, escape_earth, ErrorList(), ErrorList(), every_face=False)
    assert removed.change == "removed" and all(f.new is None for f in removed.faces)


def test_a_change_outside_the_card_files_compares_every_face() -> None:
    assert not faces_may_change(["cards/buildings.yaml", "rules/en/40-actions.md", "examples/chaos.yaml"])
    assert faces_may_change(["game.yaml"]) and faces_may_change(["layouts/activity.yaml"])
    assert faces_may_change(["icons/earth.svg"]) and faces_may_change(["rules/en/sentences.yaml"])


def test_field_changes_list_keys_present_on_one_side_only(escape_earth: GameContent) -> None:
    lab = escape_earth.card(CARD)
    fields = {k: v for k, v in lab.fields.items() if k != "produces"}
    rows = field_changes(lab, lab.model_copy(update={"fields": fields}))
    assert [(r.path, r.old, r.new) for r in rows] == [("fields.produces", "knowledge", None)]


def test_the_changed_area_is_the_box_of_the_pixels_that_differ() -> None:
    before = Image.new("RGB", (100, 80), "white")
    assert changed_box(before, before.copy()) is None
    after = before.copy()
    ImageDraw.Draw(after).rectangle((20, 30, 29, 39), fill="black")
    assert changed_box(before, after) == (20, 30, 30, 40)
    marked = highlighted(after, (20, 30, 30, 40))
    assert marked.getpixel((12, 35)) == HIGHLIGHT and marked.getpixel((25, 35)) == (0, 0, 0)
    assert after.getpixel((12, 35)) == (255, 255, 255)  # the picture given is not drawn on
    assert changed_box(Image.new("RGB", (10, 10), "white"), Image.new("RGB", (12, 10), "white")) == (0, 0, 12, 10)


def test_faces_are_drawn_at_their_trim_and_bleed(escape_earth: GameContent, dearer_lab: GameContent,
                                                 tmp_path: Path) -> None:
    [change] = card_changes(escape_earth, dearer_lab, ErrorList(), ErrorList(), every_face=False)
    face = change.faces[1]
    assert face.old is not None
    [picture] = render_faces([face.old], escape_earth.icons)
    assert picture.size == face_size(face.old) == (round(69 / 25.4 * FACE_DPI), round(94 / 25.4 * FACE_DPI))
    assert draw_changes(GAME, [change], escape_earth.icons, dearer_lab.icons, tmp_path, budget=1) == 1
    assert change.faces[0].before == f"images/{GAME}/{CARD}-de-front-before.png" and change.faces[1].before is None
    assert (tmp_path / change.faces[0].after).is_file() and change.faces[0].box is not None
