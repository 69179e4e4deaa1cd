"""What a game's history holds for its players' site: each tagged version's changes in words, and the marks.

The history is read from git and compared by generator.diff.history (the layer above the site);
the site only shows it, so this module holds plain data: each version's rules sections, cards
and examples that changed, already in the words a player reads, in each language, and which
sections (by their `rule-` anchor) and cards of the pages being built carry a "Changed in 1.2"
mark. Everything is JSON-ready, so a version's entry is kept in the build cache by its commits.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from generator.build_cache import BuildCache
from generator.content.loader import GameContent


@dataclass(frozen=True)
class SectionChange:
    """A rules section a version changed: its number and heading in that version (the old ones when removed)."""

    number: str     # "4.2"
    title: str      # the heading's Markdown
    change: str     # changed, added, removed
    anchor: str = ""  # its `rule-` anchor on the pages being built, when it carries the mark there ("" otherwise)
    page: str = ""    # the rules page's slug, for the link


@dataclass(frozen=True)
class CardChange:
    """A card a version changed, with what a player notices, in sentences (`now costs 3 (was 2)`)."""

    card_id: str
    name: str
    change: str     # changed, added, removed
    sentences: tuple[str, ...] = ()


@dataclass(frozen=True)
class ExampleChange:
    example_id: str
    title: str
    change: str     # changed, added, removed


@dataclass
class VersionEntry:
    """One version of the game and what it changed since the one before, per language."""

    number: str
    date: str                      # YYYY-MM-DD
    tag: str                       # the git tag ("" for the working tree's version, not tagged yet)
    message: str = ""              # the tag's message (shown as written, escaped)
    previous: str | None = None    # the version it is compared with (None: the first version)
    sections: dict[str, list[SectionChange]] = field(default_factory=dict)
    cards: dict[str, list[CardChange]] = field(default_factory=dict)
    examples: dict[str, list[ExampleChange]] = field(default_factory=dict)
    compared: bool = True          # False: a side could not be read (its content has errors), nothing listed

    def as_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> VersionEntry:
        return cls(
            number=data["number"], date=data["date"], tag=data["tag"], message=data.get("message", ""),
            previous=data.get("previous"),
            sections={lang: [SectionChange(**item) for item in items] for lang, items in data["sections"].items()},
            cards={lang: [CardChange(**{**item, "sentences": tuple(item["sentences"])}) for item in items]
                   for lang, items in data["cards"].items()},
            examples={lang: [ExampleChange(**item) for item in items] for lang, items in data["examples"].items()},
            compared=data.get("compared", True),
        )

    def empty(self) -> bool:
        return not any(self.sections.values()) and not any(self.cards.values()) and not any(self.examples.values())


@dataclass
class GameHistory:
    """A game's versions, newest first, and what the pages being built mark as changed in `current`."""

    entries: list[VersionEntry]
    current: str | None = None                  # the version the marks name ("Changed in 1.2")
    marked_sections: dict[str, dict[str, str]] = field(default_factory=dict)  # lang -> anchor -> change
    marked_cards: dict[str, str] = field(default_factory=dict)               # card id -> change
    notes: list[str] = field(default_factory=list)  # what could not be read, for the build log


class HistorySource(Protocol):
    """Where the build gets a game's history (generator.diff.history reads it from git)."""

    def key(self, content: GameContent) -> str:
        """What the history is made from (the tags and their commits): part of the site's cache key, cheap."""
        ...

    def history(self, content: GameContent, cache: BuildCache) -> GameHistory | None:
        """The game's history (each old version compared once, kept in `cache`); None when it has none (no git, no
        tags). Never an error of the build: what cannot be read is a note."""
        ...
