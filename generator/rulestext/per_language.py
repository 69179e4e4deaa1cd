"""Text made from a loaded game in one language, made once however many readers ask for it.

The rules pages and the quick reference are asked for by the checks, the citations, the rulebook
and the site; a page that loops over 5,000 cards costs seconds, so each is made once per loaded
game and language. What its making found wrong is kept with it and added to every reader's error
list, so each reader reports the same problems as the first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from generator.content.errors import ContentError, ErrorList
from generator.content.loader import GameContent
from generator.rules.core import PerObject

T = TypeVar("T")


class PerLanguage(Generic[T]):
    """`make(content, lang, errors)` called once per loaded game and language; its problems replayed."""

    def __init__(self, make: Callable[[GameContent, str, ErrorList], T]) -> None:
        self._make = make
        self._made: PerObject[dict[str, tuple[T, list[ContentError]]]] = PerObject()

    def __call__(self, content: GameContent, lang: str, errors: ErrorList) -> T:
        done = self._made.get(content, dict)
        if lang not in done:
            found = ErrorList()
            done[lang] = (self._make(content, lang, found), list(found.errors))
        made, problems = done[lang]
        errors.extend(problems)
        return made
