"""Backs that do not mark cards: kinds shuffled into one deck share one back; separate decks keep their kind's back."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from PIL import ImageChops, ImageStat

from generator.content.errors import ErrorList
from generator.content.validate import check_content
from generator.drawing.shapes import Rect
from generator.layout.engine import CardLayouts
from generator.render.imposition import fit_grid
from generator.render.sheet_plan import impose
from tests.layout.conftest import load_game
from tests.render.conftest import build_cards, deck, decks_of

FATE_DECK = """decks:
  - id: fate
    name: {de: Schicksal, en: Fate}
    kinds: [time, event]
    color: "#2e3a2e"
    icon: time
"""


def with_deck(game_copy, deck_yaml: str = FATE_DECK):
    game = game_copy / "game.yaml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace("components:\n", deck_yaml + "\ncomponents:\n", 1), encoding="utf-8")
    return load_game(game_copy.parent, "escape-earth")


def _background(face) -> str:
    return next(item.paint.fill for item in face.frame if isinstance(item, Rect) and item.paint.fill)


def test_kinds_of_one_deck_get_the_same_back_drawn_from_the_deck(game_copy):
    content = with_deck(game_copy)
    layouts = CardLayouts(content, ErrorList())
    time_card = next(c for c in content.cards if c.kind == "time")
    event_card = next(c for c in content.cards if c.kind == "event")
    galaxy_card = next(c for c in content.cards if c.kind == "galaxy")
    for lang in ("de", "en"):
        a, b = layouts.back(time_card, lang), layouts.back(event_card, lang)
        assert a.frame == b.frame and a.items == b.items and a.frame_key == b.frame_key
        assert a.title == {"de": "Schicksal", "en": "Fate"}[lang]
        assert _background(a) == "#2e3a2e"  # the deck's colour, not the time cards' nor the events'
    assert _background(layouts.back(galaxy_card, "en")) == "#101833"  # a deck of its own keeps its kind's back


def test_without_decks_each_kind_keeps_its_own_back(escape_earth_content):
    layouts = CardLayouts(escape_earth_content, ErrorList())
    time_card = next(c for c in escape_earth_content.cards if c.kind == "time")
    event_card = next(c for c in escape_earth_content.cards if c.kind == "event")
    assert _background(layouts.back(time_card, "en")) != _background(layouts.back(event_card, "en"))


def test_printed_backs_of_a_shared_deck_look_alike(game_copy, tmp_path):
    content = with_deck(game_copy)
    build_cards(content, tmp_path, languages=("en",), papers=("a4",))
    ids = deck(content)
    grid = fit_grid("a4", 63, 88)
    plans = impose(decks_of(content), grid)
    document = pdfium.PdfDocument(str(tmp_path / "cards-en-a4.pdf"))
    scale = 300 / 72

    def crop(kind: str):
        """The back of the first card of `kind`, inside its trim, as printed on its sheet."""
        sheet, slot = next((n, slot) for n, plan in enumerate(plans) for index, slot in plan.placed(back=True)
                           if content.card(ids[index]).kind == kind)
        image = document[2 * sheet + 1].render(scale=scale).to_pil().convert("RGB")
        pt = 72 / 25.4 * scale
        box = (slot.x + 2, slot.y + 2, slot.x + slot.w - 2, slot.y + slot.h - 2)  # inside the trim, away from seams
        return image.crop(
            (
                round(box[0] * pt),
                round(image.height - box[3] * pt),
                round(box[0] * pt) + round((slot.w - 4) * pt),
                round(image.height - box[3] * pt) + round((slot.h - 4) * pt),
            )
        )

    difference = ImageStat.Stat(ImageChops.difference(crop("time"), crop("event"))).mean
    assert max(difference) < 2.0, difference


@pytest.mark.parametrize(
    "deck_yaml, message",
    [
        ("decks:\n  - {id: mixed, name: {de: M, en: M}, kinds: [time, tyme]}\n", "names unknown card kind 'tyme'"),
        ("decks:\n  - {id: mixed, name: {de: M, en: M}, kinds: [time, building]}\n", "double-sided kind 'building'"),
        (
            "decks:\n  - {id: a, name: {de: A, en: A}, kinds: [time, event]}\n"
            "  - {id: b, name: {de: B, en: B}, kinds: [event]}\n",
            "'event' is in deck 'a' and in deck 'b'",
        ),
    ],
)
def test_a_deck_that_cannot_be_shuffled_is_an_error_at_its_line(game_copy, deck_yaml, message):
    content = with_deck(game_copy, deck_yaml)
    errors = ErrorList()
    check_content(content, errors)
    found = [e for e in errors if message in e.message]
    assert found, errors.as_text()
    assert found[0].mark.file.endswith("game.yaml") and found[0].mark.line > 1


def test_a_deck_of_two_card_sizes_is_refused(game_copy):
    game = game_copy / "game.yaml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace("name: {de: Ereigniskarte, en: Event card}\n    size: poker",
                                 "name: {de: Ereigniskarte, en: Event card}\n    size: tarot"), encoding="utf-8")
    content = with_deck(game_copy)
    errors = ErrorList()
    check_content(content, errors)
    assert any("deck 'fate' mixes card sizes" in e.message for e in errors), errors.as_text()
