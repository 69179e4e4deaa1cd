"""Fill a sentence template of the content: `{name}` fields, and plural words chosen by a number.

Templates in `rules/<lang>/sentences.yaml` name their values in braces, as Python's str.format
does. A field may instead carry the two forms of a word after a colon, `{n:card|cards}`: the
first when the value is one, the second otherwise, so a sentence says "1 card" and "2 cards"
(German "1 Aktion", "2 Aktionen") and never "card(s)". Each language writes its own forms.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Any

from generator.content.word_forms import PLURAL_BAR, is_one, word_form

__all__ = ["PLURAL_BAR", "fill", "is_one"]


class _SentenceFormatter(string.Formatter):
    def format_field(self, value: Any, format_spec: str) -> str:
        if PLURAL_BAR in format_spec:
            return word_form(value, format_spec)
        return str(super().format_field(value, format_spec))


_FORMATTER = _SentenceFormatter()


def fill(template: str, values: Mapping[str, Any]) -> str:
    """`template` with its fields filled from `values` and its plural words chosen."""
    return _FORMATTER.vformat(template, (), dict(values))
