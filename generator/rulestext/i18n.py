"""The site's own words: headings, labels and notes the generated pages print, in every language.

Content strings come from the content ({de, en}); these are the few the site itself adds, kept in
i18n.words.yaml beside this module (generator.rulestext.word_tables).
"""

from __future__ import annotations

from generator.rulestext.word_tables import words_beside

LABELS = words_beside(__file__)

LANGUAGE_NAMES: dict[str, str] = {"de": "Deutsch", "en": "English"}


def label(key: str, lang: str) -> str:
    """The site's word for `key` in `lang` (a KeyError is a bug in the site, not in the content)."""
    return LABELS[key][lang]
