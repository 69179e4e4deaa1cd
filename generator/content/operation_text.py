"""The sentence printed for an effect: its operation's text in one language, its parameters filled in.

`{amount}` prints a parameter in words by its declared type (a resource, card kind or card by its
name, an enum value by its label in game.yaml `labels`), `{amount:+d}` formats the number,
`{amount:card|cards}` chooses the word form and `:{resource}:` draws the icon
(generator/content/word_forms.py); a parameter with `printed_times` prints its value times that, in
the unit players read (a temperature step as 2 °C). Cards, the rules site and `{{ effect(id) }}` print the same
sentence.
"""

from __future__ import annotations

from typing import Any

from generator.content import word_forms
from generator.content.loader import GameContent
from generator.content.schema import Effect

TRUE_MARK = "✓"


def param_word(content: GameContent, spec_type: str | None, value: Any, lang: str) -> str:
    """A parameter's value in words, by its declared type."""
    if spec_type == "resource":
        return content.resource_name(value, lang)
    if spec_type == "kind":
        kinds = {k.id: k for k in content.game.kinds}
        return kinds[value].name.get(lang) if value in kinds else str(value)
    if spec_type == "card":
        cards = {c.id: c for c in content.cards}
        return cards[value].name.get(lang) if value in cards else str(value)
    if spec_type == "enum":
        return content.value_word(value, lang)
    if isinstance(value, bool):
        return TRUE_MARK if value else "–"
    return str(value)


def param_icon(content: GameContent, spec_type: str | None, value: Any) -> str:
    """The icon `:{param}:` draws: a resource's icon, else the value's name."""
    return content.resource_icon(value) if spec_type == "resource" else str(value)


def effect_sentence(content: GameContent, effect: Effect, lang: str) -> str:
    """The printed sentence of one effect: the operation's text with its parameters filled in."""
    op = next((o for o in content.game.operations if o.id == effect.op), None)
    if op is None:
        return effect.op

    def type_of(name: str) -> str | None:
        spec = op.params.get(name)
        return spec.type if spec else None

    def printed(name: str) -> Any:
        """The value as players read it: times the parameter's `printed_times` (temperature steps in °C)."""
        raw = effect.args.get(name)
        spec = op.params.get(name)
        times = spec.printed_times if spec else None
        return raw * times if times and isinstance(raw, int) and not isinstance(raw, bool) else raw

    return word_forms.fill(op.text.get(lang), printed,
                           lambda name, raw: param_word(content, type_of(name), raw, lang),
                           lambda name, raw: param_icon(content, type_of(name), raw)).strip()
