"""How Escape Earth's event, refusal and action values read in a sentence, in each language.

The sentences themselves are content (`rules/<lang>/sentences.yaml`); this module only turns a
value into words: a card index into "card 5", a card id into its name, a payment into
"1 Food (card 2)", using the content's names and the `words` section of the sentences.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.rules.engine_kit.table_words import word
from generator.rules.escape_earth.data import RulesData


def card_place(pos: int, length: int, words: Mapping[str, str]) -> str:
    if pos >= length:
        return word(words, "beside")
    if pos < 0:
        return word(words, "off-galaxy")
    return word(words, "card", n=pos + 1)


def value_words(key: str, value: Any, data: RulesData, lang: str, words: Mapping[str, str],
                outcome: Any) -> str:
    """One value of an event or refusal in words (see the module docstring)."""
    if key in ("pos", "frm", "to") and isinstance(value, int):   # a card index
        return card_place(value, data.track_length, words)
    if key in ("card", "building"):   # a galaxy, event or time card by its name, a building by its basic side's
        for table in (data.galaxy, data.events, data.time_cards):
            if value in table:
                return str(table[value].name.get(lang))
        return str(data.buildings[value].basic.name.get(lang)) if value in data.buildings else str(value)
    if key in ("activity", "other", "resource"):
        names = (data.resource_names if key == "resource" else data.activity_names).get(value)
        return str(names.get(lang)) if names else str(value)
    if key == "paid":   # "1 Food (card 2), ..."; an empty payment is "nothing"
        return ", ".join(f"{n} {data.resource_names[res].get(lang)} ({card_place(pos, data.track_length, words)})"
                         for pos, res, n in value) or word(words, "nothing")
    if key == "cost":
        return ", ".join(f"{n} × {data.resource_names[r].get(lang)}" for r, n in value)
    if key == "at_once":
        return word(words, "at-once" if value else "as-action")
    if key in ("by", "what"):
        return word(words, f"{key}-{value}")
    if key == "cause":
        return str(outcome(value))
    if key == "rows":
        return "; ".join(word(words, "row-item", i=i + 1, names=", ".join(
            str(data.activity_names[a].get(lang)) for a in row)) for i, row in enumerate(value))
    if key == "action" and isinstance(value, tuple):
        return " ".join(map(str, value))
    return str(value)
