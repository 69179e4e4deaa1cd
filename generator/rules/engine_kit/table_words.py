"""The small words and row labels of a game's sentences in one language, as summaries use them.

A summary (`Presentation.summary`) writes the table as (label, value) rows; its labels come from the
content's `labels:` and its small words ("nothing", "turn 3, player 2") from `words:`, both in
`rules/<lang>/sentences.yaml`, so no player-facing text lives in Python. A key the content lacks
reads as itself, so a missing word shows where it is missing instead of failing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.content.loader import GameContent
from generator.rules.sentence_fill import fill


def word(table: Mapping[str, str], key: str, **values: Any) -> str:
    """The template `key` of `table` filled with `values` (the key itself when the table lacks it)."""
    template = table.get(key, key)
    return fill(template, values) if values else template


class TableWords:
    """The content's `words` and `labels` in `lang`: `w("over")`, `label("player", p=2)`."""

    def __init__(self, content: GameContent, lang: str):
        sentences = content.sentences.get(lang, {})
        self.words: Mapping[str, str] = sentences.get("words", {})
        self.labels: Mapping[str, str] = sentences.get("labels", {})

    def w(self, key: str, **values: Any) -> str:
        """A small word of the summary's values."""
        return word(self.words, key, **values)

    def label(self, key: str, **values: Any) -> str:
        """A row's label."""
        return word(self.labels, key, **values)
