"""What the layout step shares between cards gives what computing it per card gives."""

from __future__ import annotations

import pytest

from generator.layout.context import face_context, static_context
from generator.layout.templating import LayoutTemplateError, _mix, evaluate, render, tint


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_face_context_on_the_kinds_shared_context_is_the_one_made_from_scratch(escape_earth, lang):
    for card in escape_earth.cards:
        kind = escape_earth.game.kind(card.kind)
        shared = static_context(escape_earth, kind, lang, "front")
        alone = face_context(escape_earth, card, card, "front", lang)
        reused = face_context(escape_earth, card, card, "front", lang, static=shared)
        assert {k: v for k, v in reused.items() if k not in ("resource", "label")} == \
            {k: v for k, v in alone.items() if k not in ("resource", "label")}
        assert reused["label"] is shared["label"] and reused["resource"] is shared["resource"]
        assert set(shared) < set(reused)  # the shared context gained no card's values


def test_a_dicts_keys_read_as_attributes_and_its_methods_stay_its_methods():
    context = {"face": {"name": "Erde", "items": 3}}
    assert render("{{ face.name }}", context) == "Erde"
    assert callable(evaluate("face.items", context))  # a key named like a dict method: the method, as in Jinja
    with pytest.raises(LayoutTemplateError, match="nam"):
        render("{{ face.nam }}", context)  # a misspelt key is still an error, never empty


def test_tints_are_the_same_when_remembered():
    assert tint("#1d2b5a", 0.5) == tint("#1d2b5a", 0.5) == _mix.__wrapped__("#1d2b5a", (255, 255, 255), 0.5)
