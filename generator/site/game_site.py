"""One game's docs tree in one language, and the notes a build prints about missing parts.

Page writers get a `GameSite`: the content, the language, the folder where this build's other
steps wrote the game's files (card faces, boards, PDFs), and helpers that turn content text
into page Markdown (inline icons, glossary tooltips).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from generator.content.loader import GameContent
from generator.content.schema_base import Language
from generator.rulestext.markup import ICON_RE, icon_words, icons_to_markdown
from generator.site.changelog_model import GameHistory
from generator.site.glossary_marks import Marker, Term
from generator.site.tree import DocsTree


@dataclass
class GameSite:
    """The context every page writer of one game and one language shares."""

    content: GameContent
    lang: str
    outputs: Path
    tree: DocsTree
    notes: list[str] = field(default_factory=list)
    history: GameHistory | None = None  # the game's versions from git (generator.site.changelog)

    @property
    def id(self) -> str:
        return self.content.id

    def path(self, *parts: str) -> str:
        """A docs path of this game's site: path('rules', 'setup.md') -> 'rules/setup.md'.

        Each game is a site of its own, so its pages sit at the root of its docs tree."""
        return "/".join(parts)

    def t(self, text) -> str:
        return text.get(self.lang)

    def note(self, message: str) -> None:
        """Something this page could not show yet (a missing build part); printed in the build log."""
        line = f"site ({self.lang}): {self.id}: {message}"
        if line not in self.notes:
            self.notes.append(line)

    def icon_target(self, name: str) -> str | None:
        """The docs path of icon `name`, copied into the tree on first use; None if no such icon."""
        source = self.content.icons.get(name)
        if source is None:
            return None
        return self.tree.copy(self.path("icons", f"{name}.svg"), source)

    def icon_alt(self, name: str) -> str:
        """Words for an icon: the resource, component or card kind that uses it, else its name."""
        return icon_words(self.content, self.lang, name)

    def md(self, text: str, page: str) -> str:
        """Content text as Markdown on `page`: `:icon:` becomes an inline image."""
        return icons_to_markdown(text, self.icon_target, page, self.icon_alt)

    @cached_property
    def glossary(self) -> Marker:
        """The game's terms in this language, with their word forms, ready to mark pages."""
        def of(phrases: dict[Language, list[str]]) -> tuple[str, ...]:
            return tuple(next((v for k, v in phrases.items() if k == self.lang), ()))

        return Marker(Term(g.id, (g.term.get(self.lang), *of(g.forms)), self.md_plain(g.definition.get(self.lang)),
                           of(g.avoid)) for g in self.content.game.glossary)

    def md_plain(self, text: str) -> str:
        """Text for places that cannot hold images (tooltips): `:food:` becomes the word."""
        return ICON_RE.sub(lambda m: self.icon_alt(m.group(1)) if m.group(1) in self.content.icons else m.group(0),
                           text)

    def page(self, name: str, markdown: str) -> str:
        """Add a page of this game, its glossary terms marked as tooltips."""
        return self.tree.page(self.path(name), self.glossary.mark(markdown.rstrip()))

    def output(self, *parts: str) -> Path:
        return self.outputs.joinpath(*parts)
