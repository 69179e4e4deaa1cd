"""How Terraforming Mars's event, refusal and action values read in a sentence, in each language.

The sentences are content (`rules/<lang>/sentences.yaml`); this module only turns a value into
words: a card, project, milestone, award or resource id into its name, a space id into
"space 5.4", a tile kind or a parameter into the content's `words`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.rules.engine_kit.table_words import word
from generator.rules.terraforming_mars.data import RulesData

NAME_KEYS = frozenset({"card", "project", "milestone", "award", "resource"})


def name_of(item: str, data: RulesData, lang: str) -> str:
    name = data.names.get(item)
    return str(name.get(lang)) if name is not None else str(item)


def space_words(space: str, data: RulesData, words: Mapping[str, str]) -> str:
    sp = data.spaces.get(space) if isinstance(space, str) else None
    return str(space) if sp is None else word(words, "space", row=sp.row + 1, column=sp.column + 1)


def value_words(key: str, value: Any, data: RulesData, lang: str, words: Mapping[str, str], outcome: Any) -> str:
    """One value of an event, refusal or action in words (see the module docstring)."""
    if key in NAME_KEYS and isinstance(value, str):
        return name_of(value, data, lang) if value else ""
    if key == "cards" and isinstance(value, tuple):
        return ", ".join(name_of(c, data, lang) for c in value) or word(words, "nothing")
    if key == "space":
        return space_words(value, data, words)
    if key in ("tile", "parameter", "what", "tag", "effect"):
        return word(words, f"{key}-{value}")
    if key == "cause":
        return str(outcome(value))
    if key == "delta" and isinstance(value, int):
        return f"{value:+d}"
    if key == "target" and isinstance(value, tuple):
        return " ".join(map(str, value))
    return str(value)
