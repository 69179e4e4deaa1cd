"""Fill a sentence template of the content: `{name}` fields, and plural words chosen by a number.

Templates in `rules/<lang>/sentences.yaml` name their values in braces, as Python's str.format
does. A field may instead carry the two forms of a word after a colon, `{n:card|cards}`: the
first when the value is one, the second otherwise, so a sentence says "1 card" and "2 cards"
(German "1 Aktion", "2 Aktionen") and never "card(s)". Each language writes its own forms.
"""

from __future__ import annotations

import string
from typing import Any, Mapping

PLURAL_BAR = "|"


def is_one(value: Any) -> bool:
    """Whether `value` (a number or its text) is one, plus or minus: the singular's cue."""
    text = str(value).strip().lstrip("+-")
    return text == "1"


class _SentenceFormatter(string.Formatter):
    def format_field(self, value: Any, format_spec: str) -> str:
        if PLURAL_BAR in format_spec:
            one, many = format_spec.split(PLURAL_BAR, 1)
            return one if is_one(value) else many
        return str(super().format_field(value, format_spec))


_FORMATTER = _SentenceFormatter()


def fill(template: str, values: Mapping[str, Any]) -> str:
    """`template` with its fields filled from `values` and its plural words chosen."""
    return _FORMATTER.vformat(template, (), dict(values))
