"""The rules pages render in both languages, follow the summary's order and take numbers from data."""

from __future__ import annotations

import pytest

from generator.content.errors import ErrorList
from generator.rulestext.rules_text import render_rules

ORDER = ["overview", "setup", "generation", "actions", "player-board", "game-end", "card-anatomy", "rulings"]


@pytest.fixture(scope="module")
def pages(tm):
    out = {}
    for lang in ("de", "en"):
        errors = ErrorList()
        out[lang] = {p.slug: p.markdown for p in render_rules(tm, lang, errors)}
        assert not errors, errors.as_text()
    return out


def test_both_languages_have_the_same_pages_in_the_summarys_order(tm, pages):
    for lang in ("de", "en"):
        assert list(pages[lang]) == ORDER


def test_numbers_come_from_the_data(pages):
    de, en = pages["de"], pages["en"]
    assert "| -30 °C | +8 °C | 2 °C (20 Felder) |" in de["overview"]
    assert "107 Projektkarten" in de["overview"] and "55 green" in en["overview"]
    assert "61\n  hexagonal spaces, 12 of them ocean spaces" in en["overview"]
    assert "| Kraftwerk | 11 M€ |" in de["actions"] and "| City building | 25 M€ |" in en["actions"]
    assert "8 / 14 / 20 M€" in de["actions"] and "8 / 14 / 20\nM€" in en["actions"]
    assert "| Planner | You hold at least 16 cards in hand when you claim it. |" in en["actions"]
    assert "## F – 8 Pflanzen in 1 Grünfläche umwandeln" in de["actions"]
    assert "9 ocean\ntiles placed, temperature +8 °C, oxygen 14 %" in en["game-end"]
    assert "-5 bis 10" in de["player-board"] and "0 to 10" in en["player-board"]


def test_what_this_edition_designed_is_marked(pages):
    for lang in ("de", "en"):
        for slug in ("overview", "setup", "actions", "game-end", "card-anatomy", "rulings"):
            assert "pnp-designed" in pages[lang][slug], (lang, slug)


def test_the_card_effects_section_documents_every_operation(tm, pages):
    """In players' words: the operation's name (its id) is for the designer's site (generator/site/designer.py)."""
    for lang, heading in (("de", "## Karteneffekte"), ("en", "## Card effects")):
        page = pages[lang]["card-anatomy"]
        section = page[page.index(heading):]
        for op in tm.game.operations:
            assert f"`{op.id}`" not in section, (lang, op.id)
            assert op.description.get(lang) in section


def test_each_ruling_has_its_own_section(pages):
    for lang in ("de", "en"):
        assert pages[lang]["rulings"].count("\n## ") >= 9


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("as much as possible", "printed order", "the referee uses")),
    ("de", ("so viel wie möglich", "gedruckten Reihenfolge", "Schiedsrichter führt")),
])
def test_the_rulings_give_one_reading_of_up_to_and_of_the_order_of_effects(pages, lang, words):
    """The engine lets the player choose how much a red-outlined effect takes and asks which effect comes first
    where it matters (test_engine_cards: test_up_to_means..., test_a_played_cards_effects_go_in_the_order...);
    the rulings say the same, and no second section says otherwise."""
    rulings = pages[lang]["rulings"]
    assert not [w for w in words if w in rulings]
    assert "beliebiger Reihenfolge" in rulings  # the summary quoted where the reading is given
    assert "Die Ausführung ist optional" in rulings
