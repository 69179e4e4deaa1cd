"""The words a module prints itself, kept as data beside it: `page.py` reads `page.words.yaml`.

Each table maps a key to its text in every language ({de: ..., en: ...}), the same form the
content uses for its own text. Kept out of the code, a page's words can be read and translated
without reading Python, and one loader checks every table alike.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from generator.content.schema_base import LANGUAGES

WordTable = dict[str, dict[str, str]]


def words_beside(module_file: str) -> WordTable:
    """The word table beside `module_file` (its `.py` replaced by `.words.yaml`).

    A table that lacks a language or holds anything but text is a bug in pnp-forge, raised here at import.
    """
    path = Path(module_file).with_suffix(".words.yaml")
    table = yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    for key, entry in table.items():
        if not (isinstance(entry, dict) and set(entry) == set(LANGUAGES)
                and all(isinstance(text, str) for text in entry.values())):
            raise ValueError(f"{path.name}: '{key}' needs a text in each of {', '.join(LANGUAGES)}")
    return table
