"""How Astronuts' event, refusal and action values read in a sentence, in each language.

The sentences are content (`rules/<lang>/sentences.yaml`); this module turns a value into
words: a space id into its planet's name (or its kind and the named spaces beside it), a colour
into its nut's name,
a fate roll into the entry's name, with the small words of the sentences' `words` section.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from generator.rules.astronuts.data import RulesData
from generator.rules.engine_kit.table_words import word

SPACE_KEYS = frozenset({"at", "frm", "to"})
COLOUR_KEYS = frozenset({"colour", "give", "get"})
LIST_KEYS = frozenset({"colours", "paid"})
WORD_KEYS = frozenset({"what", "target", "choice"})


def space_name(space_id: str, data: RulesData, words: Mapping[str, str], lang: str) -> str:
    """A planet's name; an unnamed space as its kind and the named spaces next to it ("asteroid field
    between Brazil Nut and Walnut"): the printed map names only the planets, so a player finds the
    others by their neighbours (on the bundled map no two unnamed spaces of a kind share them)."""
    i = data.index.get(space_id)
    if i is None:
        return space_id
    label = data.labels[i]
    if label is not None:
        return str(label.get(lang))
    near = sorted(str(named.get(lang)) for named in (data.labels[n] for n in data.neighbours[i]) if named is not None)
    return word(words, f"kind-{data.kinds[i]}", id=space_id, near=listing(near, words) if near else space_id)


def listing(names: list[str], words: Mapping[str, str]) -> str:
    """"A", "A and B", "A, B and C" with the sentences' word for "and"."""
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} {word(words, 'and')} {names[-1]}"


def colour_name(colour: str, data: RulesData, lang: str) -> str:
    name = data.colour_names.get(colour)
    return str(name.get(lang)) if name else colour


def value_words(key: str, value: Any, data: RulesData, lang: str,
                words: Mapping[str, str], outcome: Callable[[str], str]) -> str:
    """One value of an event, refusal or action in words (see the module docstring)."""
    if key in SPACE_KEYS and isinstance(value, str):
        return space_name(value, data, words, lang)
    if key in COLOUR_KEYS and isinstance(value, str):
        return colour_name(value, data, lang)
    if key in LIST_KEYS and isinstance(value, (tuple, list)):
        return ", ".join(colour_name(c, data, lang) for c in value) if value else word(words, "nothing")
    if key == "technology":
        return word(words, f"tech-{value}")
    if key == "entry" and value in data.fate:
        return f"{value} {data.fate[value].name.get(lang)}"
    if key == "homes":
        return ", ".join(space_name(s, data, words, lang) for s in value)
    if key == "nuts" and isinstance(value, (tuple, list)):
        return ", ".join(f"{colour_name(c, data, lang)} {n}" for c, n in zip(data.colours, value, strict=False))
    if key in WORD_KEYS:
        return word(words, f"{key}-{value}")
    if key == "cause":
        return outcome(value) if value in ("all-mined", "colonies") else word(words, f"cause-{value}")
    if key == "bonus":  # Extra Energy's extra actions: the sentence names them only when there are some
        return word(words, "bonus", n=value) if isinstance(value, int) and value else ""
    if key in ("won", "gift"):
        return word(words, f"{key}-{'yes' if value else 'no'}")
    return str(value)
