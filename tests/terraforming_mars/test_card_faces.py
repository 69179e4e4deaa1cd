"""Every card lays out in both languages without overflow, with each part where the summary puts it."""

from __future__ import annotations

import shutil

import pytest

from generator.content.errors import ErrorList
from generator.drawing.shapes import Icon, Rect, Text
from generator.layout.engine import CardLayouts
from tests.content.conftest import pnp
from tests.terraforming_mars.conftest import CONTENT, GAME

W, H = 63.0, 88.0


@pytest.fixture(scope="module")
def faces(tm):
    errors = ErrorList()
    layouts = CardLayouts(tm, errors)
    out = {(card.id, lang): layouts.front(card, lang) for card in tm.cards for lang in ("de", "en")}
    problems = [f"{p.card_id} {p.lang} {p.field}: {p.message}" for p in layouts.problems]
    return out, problems, errors


def texts(face):
    return [item for item in face.items if isinstance(item, Text)]


def test_every_card_fits_in_both_languages(faces, tm):
    out, problems, errors = faces
    assert problems == [] and not errors
    assert all(face is not None for face in out.values())
    assert len(out) == 2 * len(tm.cards)


def test_cost_top_left_and_tags_top_right(faces, tm):
    out, _, _ = faces
    for card in tm.cards_of("event"):
        face = out[(card.id, "en")]
        cost = next(t for t in texts(face) if t.text == str(card.cost))
        assert cost.x < 10 and cost.baseline < 12
        icons = [i for i in face.items if isinstance(i, Icon) and i.y < 12 and i.size > 6]  # not inline icons
        assert [i.name for i in sorted(icons, key=lambda i: i.x)] == card.fields["tags"]
        assert min(i.x for i in icons) > W / 2 - 10


def test_production_sits_in_a_brown_box_and_any_player_in_a_red_outline(faces, tm):
    out, _, _ = faces
    card = tm.card("marshasen")  # action, red-outlined production loss, VP per 2 animals
    face = out[(card.id, "de")]
    red = [r for r in face.items if isinstance(r, Rect) and r.paint.stroke == "#d7261e"]
    assert len(red) == 2  # the action box and the any-player box
    any_box = max(red, key=lambda r: r.y)
    inside = [t.text for t in texts(face) if any_box.y < t.baseline < any_box.y + any_box.h]
    assert "beliebigen" in " ".join(inside)
    assert any(i.name == "arrow" for i in face.items if isinstance(i, Icon))
    assert any(t.text == "1/2" for t in texts(face))
    smelter = out[("regolith-schmelze", "en")]
    brown = [
        r
        for r in smelter.items
        if isinstance(r, Rect) and r.paint.fill and r.paint.stroke and r.paint.fill != "#ffffff" and r.y > H / 2
    ]
    assert len(brown) == 1
    box = brown[0]
    lines = [t for t in texts(smelter) if box.y < t.baseline < box.y + box.h]
    assert len({round(t.baseline, 2) for t in lines}) == 2  # one operation per line


def test_requirement_box_is_red_for_a_maximum(faces, tm):
    out, _, _ = faces
    face = out[("frostranken", "de")]
    boxes = [r for r in face.items if isinstance(r, Rect) and r.y < 5 and r.x > 14]
    assert boxes and boxes[0].paint.fill == "#f6d5d2"
    assert any("max" in t.text for t in texts(face))


def test_a_name_too_long_for_its_banner_fails_the_card_build_naming_the_card(tmp_path):
    root = tmp_path / "content"
    shutil.copytree(CONTENT / GAME, root / GAME)
    cards = root / GAME / "cards" / "automated.yaml"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace("en: Regolith smelter}", "en: Regolith smelter of the great northern plains}", 1),
                     encoding="utf-8")
    result = pnp("cards", GAME, "--content", str(root), "--output", str(tmp_path / "output"), "--lang", "en",
                 "--paper", "a4")
    assert result.code == 1
    assert not (tmp_path / "output" / GAME).exists()
    assert "card 'regolith-schmelze'" in result.err and "field 'name', en" in result.err
    assert "does not fit" in result.err and "Traceback" not in result.err
