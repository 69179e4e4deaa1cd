"""How Habitable's event, refusal and action values read in a sentence, in each language.

The sentences themselves are content (`rules/<lang>/sentences.yaml`); this module only turns a
value into words: a card id into its name, (player, tile) into "planet 2 of player 1", a star
id into the star's name, a list of cards into their names, using the content's names and the
`words` section of the sentences.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.rules.engine_kit.table_words import word
from generator.rules.habitable.data import RulesData

PLANET_KEYS = frozenset({"planet", "swapped"})
CARD_KEYS = frozenset({"card", "goal"})
CARD_LIST_KEYS = frozenset({"cards", "market", "goals"})


def card_name(card: Any, data: RulesData, lang: str) -> str:
    name = data.names.get(card) if isinstance(card, str) else None
    return str(name.get(lang)) if name is not None else str(card)


def value_words(key: str, value: Any, data: RulesData, lang: str, words: Mapping[str, str], outcome: Any) -> str:
    """One value of an event, refusal or action in words (see the module docstring)."""
    if key in PLANET_KEYS and (value is None or isinstance(value, (tuple, list)) and len(value) == 2):
        return word(words, "no-planet") if value is None else word(words, "planet", p=value[0], t=value[1])
    if key == "target":
        return word(words, "no-target") if value is None else word(words, "on-planet", p=value[0], t=value[1])
    if key in CARD_KEYS:
        return card_name(value, data, lang)
    if key in CARD_LIST_KEYS:
        if not value:
            return word(words, "no-cards")
        return ", ".join(card_name(c, data, lang) if c is not None else word(words, "empty-slot") for c in value)
    if key == "star":
        index = data.star_index.get(value) if isinstance(value, str) else None
        return str(data.stars[index].name.get(lang)) if index is not None else str(value)
    if key == "place":
        if isinstance(value, (tuple, list)):
            return word(words, "undiscovered", t=value[1])
        return value_words("star", value, data, lang, words, outcome)
    if key == "parameter":
        name = data.parameter_names.get(value)
        return str(name.get(lang)) if name is not None else str(value)
    if key in ("what", "direction", "variant", "choice"):
        return word(words, f"{key}-{value}")
    if key == "dice" and isinstance(value, (tuple, list)):
        return " + ".join(map(str, value))
    if key == "cause":
        return str(outcome(value))
    if key in ("by", "warmed", "dried", "weakened", "died", "modifier") and isinstance(value, int):
        return f"{value:+d}"
    if key == "habitable":
        return word(words, "habitable" if value else "uninhabitable")
    if key in ("to", "pos", "frm") and isinstance(value, int):
        return word(words, "circle", n=value) if value else word(words, "beyond" if key == "to" else "star-centre")
    return str(value)
