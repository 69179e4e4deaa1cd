"""The layout step on Escape Earth: what lands where, at which size, and what it refuses."""

from __future__ import annotations

import dataclasses

import pytest

from generator.content.errors import ErrorList
from generator.content.schema import Text as Words
from generator.drawing.shapes import PT_MM, Icon, Rect, Text
from generator.layout.engine import CardLayouts

SAFE = 3.0


def runs(face) -> list[Text]:
    return [i for i in face.items if isinstance(i, Text)]


def text_of(face) -> str:
    return " ".join(r.text for r in runs(face))


def with_card(content, card_id: str, **update):
    cards = [c.model_copy(update=update) if c.id == card_id else c for c in content.cards]
    return dataclasses.replace(content, cards=cards)


@pytest.fixture(scope="module")
def layouts(escape_earth):
    errors = ErrorList()
    engine = CardLayouts(escape_earth, errors)
    assert not errors, errors.as_text()
    return engine


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_card_lays_out_without_problems_and_respects_sizes_and_safe_zone(escape_earth, layouts, lang):
    for card in escape_earth.cards:
        for face in (layouts.front(card, lang), layouts.back(card, lang)):
            assert face is not None
            for block in face.texts:
                minimum = 9.0 if block.field in ("name", "back.title") else 6.5
                assert block.size >= minimum, (card.id, block)
            for item in face.items + [i for i in face.frame if isinstance(i, (Text, Icon))]:
                if isinstance(item, Text):
                    left, right = item.x, item.x + item.width
                    top, bottom = item.baseline - item.size * PT_MM, item.baseline + 0.3 * item.size * PT_MM
                elif isinstance(item, Icon):
                    left, right, top, bottom = item.x, item.x + item.size, item.y, item.y + item.size
                else:
                    continue
                assert left >= SAFE and top >= SAFE, (card.id, item)
                assert right <= face.width - SAFE and bottom <= face.height - SAFE, (card.id, item)
    assert layouts.problems == []


def test_the_cost_sits_in_a_badge_in_the_top_left_corner(escape_earth, layouts):
    face = layouts.front(escape_earth.card("sternenbasis"), "en")
    [cost] = [r for r in runs(face) if r.text == "4"]
    assert cost.x < 15 and cost.baseline < 15
    badge = face.items[0]
    assert (badge.cx, badge.cy) == pytest.approx((10.0, 9.2)) and badge.r > 5
    assert badge.cx - badge.r >= SAFE and badge.cy - badge.r >= SAFE
    # the build cost is shown in the badge, so it is not repeated among the fields
    assert "Build cost" not in text_of(face)


def test_title_and_kind_name_are_in_the_header_in_the_chosen_language(escape_earth, layouts):
    de = layouts.front(escape_earth.card("weltraumlabor"), "de")
    en = layouts.front(escape_earth.card("weltraumlabor"), "en")
    assert de.title == "Weltraumlabor" and en.title == "Space lab"
    [title] = [r for r in runs(en) if r.text == "Space lab"]
    assert title.font == "bold" and title.size >= 9 and title.baseline < 13
    assert any(r.text == "Gebäudekarte" for r in runs(de))


def test_declared_fields_print_with_their_labels_by_type(escape_earth, layouts):
    planet = layouts.front(escape_earth.card("nahrungsplanet"), "en")
    assert "Planet" in {r.text for r in runs(planet) if r.font == "bold"}  # a true flag prints as its label
    assert "role" not in text_of(planet).lower()  # unlabelled: bookkeeping, not printed
    assert "Travel cost" not in text_of(planet)  # the kind's badge field shows in the coin, not twice
    coin = [r for r in runs(planet) if r.text == "1" and r.font == "wide-bold"]
    assert coin and coin[0].x < 16 and coin[0].baseline < 15  # top left, where the rulebook's G1 sits
    farm = layouts.front(escape_earth.card("hydroponische-farm"), "en")
    bold = {r.text for r in runs(farm) if r.font == "bold"}
    assert {"Upgrade:", "Capacity:", "Planets only"} <= bold  # a true flag prints as its label
    assert "Food" in text_of(farm)  # the unlabelled resource it produces prints as icon and name
    assert "food" in {i.name for i in farm.items if isinstance(i, Icon)}


def test_activity_cards_use_the_games_own_layout(escape_earth, layouts):
    """Active positions along the top (highlighted), travel value in the middle, build points at the bottom."""
    card = escape_earth.card("bauen-1")  # active at 3, 4, 5; travel II
    face = layouts.front(card, "de")
    top = sorted((r for r in face.items if isinstance(r, Rect) and abs(r.y - 4.0) < 0.01), key=lambda r: r.x)
    assert len(top) == 5
    highlighted = [i + 1 for i, r in enumerate(top) if r.paint.fill.lower() == "#f2c94c"]
    assert highlighted == card.fields["active_positions"] == [3, 4, 5]
    numbers = [r for r in runs(face) if r.text in {"1", "2", "3", "4", "5"}]
    assert sum(1 for r in numbers if r.baseline < 14) == 5 and sum(1 for r in numbers if r.baseline > 75) == 5
    assert any(r.text == "II" and r.font == "wide-bold" for r in runs(face))
    assert "Spieler 1" in text_of(face) and "Reisewert: 2" in text_of(face)
    other = layouts.front(escape_earth.card("militaer-1"), "en")  # active at 2, 3, 4; travel III
    top = sorted((r for r in other.items if isinstance(r, Rect) and abs(r.y - 4.0) < 0.01), key=lambda r: r.x)
    assert [i + 1 for i, r in enumerate(top) if r.paint.fill.lower() == "#f2c94c"] == [2, 3, 4]
    assert any(r.text == "III" for r in runs(other))


def test_effects_render_from_the_operations_text_with_parameters_and_icons(escape_earth, layouts):
    face = layouts.front(escape_earth.card("raeuber"), "en")
    assert "You lose 1" in text_of(face)
    icons = [i for i in face.items if isinstance(i, Icon)]
    lose = [r for r in runs(face) if r.text.startswith("You lose 1")][0]
    [inline] = [i for i in icons if i.name == "material" and abs(i.y + i.size / 2 - lose.baseline) < 3]
    assert inline.x > lose.x + lose.width  # the icon follows the words on the same line
    assert inline.size == pytest.approx(lose.size * PT_MM * 1.2)  # text-sized
    outpost = text_of(layouts.front(escape_earth.card("aussenposten"), "de"))
    assert "Deckt die nächsten 2 Galaxiekarten nach dieser Karte auf." in outpost


def test_double_sided_cards_print_their_own_back_and_others_the_kind_back(escape_earth, layouts):
    back = layouts.back(escape_earth.card("aussenposten"), "en")
    assert back.title == "Outpost+" and "Reveal the next 3 galaxy cards after this card." in text_of(back)
    famine_back = layouts.back(escape_earth.card("hungersnot"), "de")
    riots_back = layouts.back(escape_earth.card("aufstaende"), "de")
    assert famine_back.frame_key == riots_back.frame_key  # one shared design, drawn once
    assert famine_back.items == [] and famine_back.title == "Ereignis"
    assert any(isinstance(i, Text) and i.text == "Ereignis" for i in famine_back.frame)


def test_cards_of_a_kind_share_their_frame(escape_earth, layouts):
    a = layouts.front(escape_earth.card("erde"), "en")
    b = layouts.front(escape_earth.card("asteroidenfeld"), "en")
    assert a.frame_key == b.frame_key and a.frame == b.frame
    assert a.frame[0].paint.fill == "#1d2b5a"  # the kind's colour runs into the bleed
    assert (a.frame[0].x, a.frame[0].y) == (-3.0, -3.0)


def test_far_too_long_text_is_a_problem_naming_card_field_language_and_amount(escape_earth):
    long = "This card's rules go on and on. " * 40
    content = with_card(escape_earth, "hungersnot", text=Words(de="Kurz.", en=long))
    engine = CardLayouts(content, ErrorList())
    engine.front(content.card("hungersnot"), "en")
    engine.front(content.card("hungersnot"), "de")
    [problem] = engine.problems
    assert (problem.card_id, problem.field, problem.lang, problem.side) == ("hungersnot", "text", "en", "front")
    assert "does not fit even at the minimum 7 pt" in problem.message
    assert " mm taller than " in problem.message


def test_a_character_the_font_lacks_is_a_problem_not_an_empty_box(escape_earth):
    content = with_card(escape_earth, "erde", name=Words(de="Erde 漢", en="Earth"))
    engine = CardLayouts(content, ErrorList())
    engine.front(content.card("erde"), "de")
    [problem] = engine.problems
    assert problem.field == "name" and problem.lang == "de"
    assert "U+6F22" in problem.message


def test_symbols_the_rules_use_are_covered():
    from generator.drawing.fonts import missing_glyphs
    for role in ("regular", "bold", "italic", "wide", "wide-bold"):
        assert missing_glyphs("± ≥ ≤ ° € → × – „“ ÄÖÜäöüß ✓ ·", role) == []


def test_font_roles_a_layout_may_name_are_the_faces_there_are():
    from typing import get_args

    from generator.drawing.fonts import FACES, FontRole
    assert set(get_args(FontRole)) == set(FACES)


def test_glyph_coverage_matches_the_font_files_cmap():
    from generator.drawing.fonts import FACES, coverage, coverage_from_file
    for role, spec in FACES.items():
        assert coverage(role) == coverage_from_file(spec.path)
