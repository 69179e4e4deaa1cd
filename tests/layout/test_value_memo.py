"""A card gets an earlier card's program output, its own texts filled in, only where the render would give the same."""

from __future__ import annotations

import dataclasses

import pytest

from generator.content.errors import ErrorList
from generator.content.schema import Text
from generator.layout import value_memo
from generator.layout.engine import CardLayouts
from generator.layout.templating import ENV
from generator.layout.value_memo import MARK, ValueMemo, dependencies
from generator.render.cards_step import ordered_cards
from tests.layout.conftest import CONTENT, load_game

GAMES = ("escape-earth", "habitable", "terraforming-mars")  # Astronuts has no cards
# Habitable's and Terraforming Mars' faces draw a picture seeded by the card's id (generator.art), so a renamed
# copy is another design there: only Escape Earth's copies can be served an earlier card's output
SERVED = {"escape-earth"}


def _faces(content, lang: str) -> list:
    layouts = CardLayouts(content, ErrorList())
    faces = [(layouts.front(card, lang), layouts.back(card, lang)) for card in ordered_cards(content)]
    assert not layouts.problems, layouts.problems[:3]
    return faces


def _renamed_copies(content, copies: int = 3):
    """Each card again `copies` times under another name and id: the designs repeat, the names do not."""
    cards = [card.model_copy(update={"id": f"{card.id}-{n}", "count": 1,
                                     "name": Text(de=f"{card.name.de} {n}", en=f"{card.name.en} {n}")})
             for n in range(copies) for card in content.cards]
    return dataclasses.replace(content, cards=cards)


# Escape Earth proves that copies are served an earlier card's output, Habitable that a picture seeded by the id
# keeps a copy from being served; Terraforming Mars (the largest deck: 16 to 28 s of the quick loop) proves
# the second again, in the full suite
@pytest.mark.parametrize("game", [game if game != "terraforming-mars" else pytest.param(game, marks=pytest.mark.slow)
                                  for game in GAMES])
def test_remembered_outputs_lay_out_every_face_as_the_render_does(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    content = _renamed_copies(load_game(CONTENT, game))
    served = []
    find = ValueMemo.find

    def counting(self: ValueMemo, context, scope):
        before = len(self.outputs)
        result = find(self, context, scope)
        served.append(len(self.outputs) == before)
        return result

    monkeypatch.setattr(ValueMemo, "find", counting)
    remembered = {lang: _faces(content, lang) for lang in ("de", "en")}
    assert len(served) >= len(content.cards)
    if game in SERVED:
        assert sum(served) >= len(served) / 2  # copies got earlier outputs
    monkeypatch.setattr(ValueMemo, "find", lambda self, context, scope: (None, self.render(context), []))
    for lang in ("de", "en"):
        assert remembered[lang] == _faces(content, lang)


def _memo(source: str, static: frozenset[str] = frozenset()) -> ValueMemo:
    template = ENV.from_string(source)
    return ValueMemo(dependencies(source, static), template.render)


def test_what_is_only_printed_is_filled_in_and_what_is_read_is_the_key() -> None:
    found = dependencies("{{ face.name }}|{{ face.title | upper }}|{% if face.flavor %}{{ face.flavor }}{% endif %}"
                         "|{{ kind.name }}|{{ label }}{% set x = cost %}{{ x }}", frozenset({"kind"}))
    assert found.printed == (("face", "name"), ("label",))
    assert found.read == (("cost",), ("face", "flavor"), ("face", "title"))
    memo = _memo("{{ face.name }} costs {{ cost }}{% if cost > 2 %}!{% endif %}")
    first = memo.output({"face": {"name": "Earth"}, "cost": 3}, "s")
    assert first == "Earth costs 3!"
    assert memo.output({"face": {"name": "Mars"}, "cost": 3}, "s") == "Mars costs 3!"
    assert len(memo.outputs) == 1  # Mars got Earth's output with its own name
    assert memo.output({"face": {"name": "Mars"}, "cost": 1}, "s") == "Mars costs 1"
    assert memo.output({"face": {"name": "Mars"}, "cost": 3}, "other scope") == "Mars costs 3!"
    assert len(memo.outputs) == 3


@pytest.mark.parametrize("values", [(1, 1.0, True), (0.0, -0.0, 0, False)])
def test_values_that_print_differently_are_different_keys(values: tuple) -> None:
    memo = _memo("{{ cost }}{% if cost %}+{% endif %}")
    for value in values:
        assert memo.output({"cost": value}, "s") == ENV.from_string("{{ cost }}{% if cost %}+{% endif %}").render(
            cost=value)
    assert len(memo.outputs) == len(values)


@pytest.mark.parametrize("name", [7, None, f"a{MARK}0{MARK}b", "x" * (value_memo.MAX_TEXT + 1), ["a", "b"]])
def test_a_printed_value_that_cannot_be_filled_in_is_printed_by_the_render(name) -> None:
    memo = _memo("[{{ face.name }}]")
    memo.output({"face": {"name": "Earth"}}, "s")
    assert memo.output({"face": {"name": name}}, "s") == f"[{name}]"
    assert memo.output({"face": {"name": "Venus"}}, "s") == "[Venus]"


def test_what_the_memo_cannot_be_sure_of_is_rendered() -> None:
    rendered = []

    def render(context) -> str:
        rendered.append(1)
        return ENV.from_string("{% set cost = 1 %}{{ cost }}{{ face.name }}").render(context)

    shadowing = ValueMemo(dependencies("{% set cost = 1 %}{{ cost }}{{ face.name }}", frozenset()), render)
    for name in ("a", "b"):
        assert shadowing.output({"cost": 5, "face": {"name": name}}, "s") == f"1{name}"
    assert len(rendered) == 2 and not shadowing.outputs  # a set name the card also has: never remembered
    objects = _memo("{{ face.name }}{{ face.art }}")
    thing = object()
    assert objects.output({"face": {"name": "a", "art": thing}}, "s") == f"a{thing}"
    assert not objects.outputs  # not plain data: no key
