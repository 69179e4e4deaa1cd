"""What layouts read from the game instead of repeating it: resources (colours, icons, names),
translated labels by key, and one cost badge per resource of a cost in several resources."""

from __future__ import annotations

import re
from pathlib import Path

from generator.checking import check_as_build, load_checked
from generator.content.errors import ErrorList
from generator.drawing.shapes import Icon, Rect, Text
from generator.layout.engine import CardLayouts
from tests.content.conftest import edit
from tests.layout.conftest import CONTENT, REPO, load_game
from tests.layout.test_layout_files import write_layout

NOTE = ("extends: card\nfront:\n  content:\n"
        "    - {{id: note, type: text, field: note, x: 6, y: 60, w: 50, h: 8, size: 8, text: \"{text}\"}}\n")


def front(game: Path, card: str, lang: str):
    content = load_game(game.parent, "escape-earth")
    layouts = CardLayouts(content, ErrorList())
    return layouts.front(content.card(card), lang), layouts.problems


def test_no_bundled_layout_tests_the_language_inline():
    layouts = [*(REPO / "templates" / "layouts").glob("*.yaml"), *CONTENT.glob("*/layouts/*.yaml")]
    assert len(layouts) >= 8
    found = [
        f"{p.relative_to(REPO)}:{n}"
        for p in layouts
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"lang\s*[!=]=", line)
    ]
    assert found == []


def test_labels_come_from_the_game_and_from_the_kinds_field_labels(game_copy):
    face, problems = front(game_copy, "bauen-1", "de")
    assert problems == []
    text = " ".join(i.text for i in face.items if isinstance(i, Text))
    assert "Spieler 1" in text and "Reisewert:" in text and "Baupunkte auf Position 1–5" in text
    face, _ = front(game_copy, "bauen-1", "en")
    text = " ".join(i.text for i in face.items if isinstance(i, Text))
    assert "Player 1" in text and "Travel value:" in text and "Build points at position 1–5" in text


def test_a_label_fills_its_fields_and_an_unknown_label_is_a_problem_at_the_layout_line(game_copy):
    edit(game_copy / "game.yaml", "labels:\n", "labels:\n  hold: {de: \"hält {n} {n:Würfel|Würfel}\", "
         "en: \"holds {n} {n:cube|cubes}\"}\n")
    write_layout(game_copy, "card", NOTE.format(text="{{ label('hold', n=face.fields.capacity) }}"))
    face, problems = front(game_copy, "sternenbasis", "en")
    assert problems == [] and "holds 1 cube" in " ".join(i.text for i in face.items if isinstance(i, Text))
    write_layout(game_copy, "card", NOTE.format(text="{{ label('hodl') }}"))
    face, problems = front(game_copy, "sternenbasis", "en")
    assert "no label 'hodl'" in problems[0].message and "did you mean 'hold'?" in problems[0].message
    assert problems[0].layout_mark.line == 4


def test_resources_give_their_colour_icon_and_name(game_copy):
    write_layout(game_copy, "card", "extends: card\nfront:\n  content:\n"
                 "    - id: palette\n      type: group\n      repeat: resources\n      elements:\n"
                 "        - {type: rect, x: 5 + index * 6, y: 70, w: 5, h: 5, fill: \"{{ item.color }}\"}\n"
                 "        - {type: icon, x: 5 + index * 6, y: 76, size: 5, name: \"{{ item.icon }}\"}\n"
                 + NOTE.format(text="{{ resource('knowledge').name }}").split("content:\n")[1])
    face, problems = front(game_copy, "sternenbasis", "de")
    assert problems == []
    assert [r.paint.fill for r in face.items if isinstance(r, Rect) and r.y == 70] == \
        ["#3f9b3a", "#b5651d", "#2f6fcf", "#c62f2f"]
    assert [i.name for i in face.items if isinstance(i, Icon) and i.y == 76] == \
        ["food", "material", "knowledge", "military"]
    assert "Wissen" in [i.text for i in face.items if isinstance(i, Text)]


def test_a_cost_in_several_resources_shows_a_badge_for_each(game_copy):
    edit(game_copy / "game.yaml", "    back: {title: {de: Ereignis, en: Event}, color: \"#4a1717\", icon: event}\n",
         "    back: {title: {de: Ereignis, en: Event}, color: \"#4a1717\", icon: event}\n    badge: fight_cost\n")
    cards = game_copy / "cards" / "events.yaml"
    text = cards.read_text(encoding="utf-8")
    cost = re.search(r"fight_cost: \{military: 2\}", text)
    assert cost, "the raiders cost 2 military"
    cards.write_text(text.replace("fight_cost: {military: 2}", "fight_cost: {military: 2, knowledge: 1}", 1),
                     encoding="utf-8")
    face, problems = front(game_copy, "raeuber", "en")
    assert problems == []
    badges = [i for i in face.items if isinstance(i, Rect) and i.y == 3.4]
    assert [(b.x, b.paint.fill, b.paint.stroke) for b in badges] == [
        (3.6, "#f4d5d5", "#8b2121"),
        (16.0, "#d5e2f5", "#214e91"),
    ]
    amounts = [i for i in face.items if isinstance(i, Text) and i.text in ("2", "1") and i.baseline < 12]
    assert [a.text for a in amounts] == ["2", "1"]
    icons = [i.name for i in face.items if isinstance(i, Icon) and i.y < 12]
    assert icons[:2] == ["military", "knowledge"]
    [title] = [i for i in face.items if isinstance(i, Text) and i.text == "Raiders"]
    assert title.x >= 3.6 + 2 * 12.4  # the title starts right of the badges
    assert "Fight" not in " ".join(i.text for i in face.items if isinstance(i, Text))  # not printed twice


def test_one_mistake_of_a_layout_is_one_error_however_many_cards_it_spoils(game_copy):
    write_layout(game_copy, "card", "extends: card\nfront:\n  content:\n"
                 "    - {id: rules, text: \"{{ face.nmae }}\"}\n")
    errors = ErrorList()
    [content] = load_checked(game_copy.parent, ["escape-earth"], errors)
    check_as_build(content, errors)
    found = [e for e in errors if "nmae" in e.message]
    assert len(found) == 1, errors.as_text()
    assert found[0].mark.line == 4 and found[0].mark.file.endswith("layouts/card.yaml")
    faces = sum(1 + (c.back is not None) for c in content.cards if c.kind != "activity")  # in each language
    assert found[0].message.endswith(f"(and {2 * faces - 1} more faces)")
