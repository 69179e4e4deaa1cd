"""The breadth fixture printed as cards: what each card says, in German and in English.

Operation texts use format specs (`{amount:+d}`), word forms (`{count:card|cards}`) and enum
values printed as words; tags and enum fields print by their labels. Every effect of a card is
printed, not the first only, and a German card shows no English id.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.checking import check_as_build, load_checked
from generator.content.errors import ErrorList
from generator.drawing.shapes import Icon
from generator.layout.engine import CardLayouts
from generator.rulestext.rules_text import rules_context

BREADTH = Path(__file__).parent / "breadth"


@pytest.fixture(scope="module")
def breadth(tmp_path_factory):
    root = tmp_path_factory.mktemp("breadth") / "content"
    shutil.copytree(BREADTH, root / "breadth")
    table = root / "breadth/tables/fate.yaml"
    rows = [f'  - {{roll: "{a}-{b}", name: {{de: F{a}{b}, en: F{a}{b}}}, text: {{de: T, en: T}}}}'
            for a in range(1, 7) for b in range(1, 7) if (a, b) != (1, 1)]
    table.write_text(table.read_text(encoding="utf-8") + "\n".join(rows) + "\n", encoding="utf-8")
    errors = ErrorList()
    [content] = load_checked(root, ["breadth"], errors)
    check_as_build(content, errors)
    assert not errors, errors.as_text()
    return content


@pytest.fixture(scope="module")
def printed(breadth):
    """card id -> lang -> field -> the text printed in that field (as markup)."""
    layouts = CardLayouts(breadth, ErrorList())
    out: dict[str, dict[str, dict[str, str]]] = {}
    for card in breadth.cards:
        for lang in ("de", "en"):
            face = layouts.front(card, lang)
            assert face is not None
            out.setdefault(card.id, {})[lang] = {block.field: block.text for block in face.texts}
    assert layouts.problems == []
    return out


def test_format_specs_print_signed_numbers_and_enum_values_by_their_names(printed):
    assert printed["industrialisierung"]["de"]["text"] == "Leben +2\nTemperatur +2"
    assert printed["industrialisierung"]["en"]["text"] == "Life +2\nTemperature +2"
    assert printed["komet"]["de"]["text"].startswith("Temperatur -1\n")
    assert printed["wasserkraftwerk"]["en"]["text"] == "Production :energy: +1"


def test_word_forms_follow_the_number_in_each_language(printed):
    assert printed["komet"]["en"]["text"] == "Temperature -1\nDraw 1 card."
    assert printed["komet"]["de"]["text"] == "Temperatur -1\nZiehe 1 Karte."
    assert printed["mond"]["en"]["text"] == "Draw 2 cards."
    assert printed["mond"]["de"]["text"] == "Ziehe 2 Karten."


def test_enum_and_tag_fields_print_their_labels(printed):
    assert printed["wasserkraftwerk"]["de"]["fields"] == "**Farbe:** Blau\n**Symbole:** Gebäude · Energie"
    assert printed["wasserkraftwerk"]["en"]["fields"] == "**Colour:** Blue\n**Tags:** Building · Power"
    assert printed["komet"]["de"]["fields"].startswith("**Farbe:** Rot\n**Symbole:** Weltraum · Ereignis")


def test_no_german_card_shows_an_english_id(printed, breadth):
    ids = {choice for kind in breadth.game.kinds for spec in kind.fields.values() for choice in spec.choices or []}
    ids |= {choice for op in breadth.game.operations for spec in op.params.values() for choice in spec.choices or []}
    words = {word.strip("*:,.") for fields in (printed[c]["de"] for c in printed) for text in fields.values()
             for word in text.replace("\n", " ").split()}
    assert ids and not ids & words, ids & words


def test_the_effect_icons_are_drawn(breadth):
    face = CardLayouts(breadth, ErrorList()).front(breadth.card("wasserkraftwerk"), "de")
    assert "energy" in [item.name for item in face.items if isinstance(item, Icon)]


def test_a_rules_page_prints_every_effect_of_a_card_or_one_by_its_number(breadth):
    effect = rules_context(breadth, "en")["effect"]
    assert effect("industrialisierung") == "Life +2 Temperature +2"
    assert effect("industrialisierung", 1) == "Temperature +2"
    assert rules_context(breadth, "de")["effect"]("komet") == "Temperatur -1 Ziehe 1 Karte."
