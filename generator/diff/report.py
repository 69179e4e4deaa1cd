"""What `pnp diff` found, per game: one structure the terminal, JSON and HTML outputs all read."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from generator.content.translation_lint import OneLanguageChange
from generator.diff.balance import BalanceDelta
from generator.diff.cards import CardChange
from generator.diff.examples import SAME, ExampleChange
from generator.diff.game_files import FileChange
from generator.diff.revisions import Side
from generator.diff.rules_pages import PageChange


@dataclass
class GameDiff:
    game: str
    title: str
    status: str                          # changed, unchanged, added, removed
    files: list[FileChange] = field(default_factory=list)
    cards: list[CardChange] = field(default_factory=list)
    pages: list[PageChange] = field(default_factory=list)
    examples: list[ExampleChange] = field(default_factory=list)
    balance: BalanceDelta | None = None
    balance_note: str = ""               # why there is no balance delta
    faces_left_out: int = 0              # changed faces beyond the picture budget
    playthroughs: list[ExampleChange] = field(default_factory=list)   # saved games in playthroughs/, played again
    one_language: list[OneLanguageChange] = field(default_factory=list)  # texts changed in one language only

    @property
    def broken_examples(self) -> list[ExampleChange]:
        return [e for e in self.examples if e.broken]

    @property
    def changed_examples(self) -> list[ExampleChange]:
        return [e for e in self.examples if e.status != SAME]

    @property
    def changed_playthroughs(self) -> list[ExampleChange]:
        return [p for p in self.playthroughs if p.status != SAME]

    def as_json(self) -> dict[str, Any]:
        return {"game": self.game, "title": self.title, "status": self.status,
                "files": [f.as_json() for f in self.files],
                "cards": [c.as_json() for c in self.cards],
                "rules_pages": [p.as_json() for p in self.pages],
                "examples": [e.as_json() for e in self.examples],
                "playthroughs": [p.as_json() for p in self.playthroughs],
                "one_language_changes": [c.as_json() for c in self.one_language],
                "balance": self.balance.as_json() if self.balance else None,
                "balance_note": self.balance_note, "faces_left_out": self.faces_left_out}


@dataclass
class DiffReport:
    old: Side
    new: Side
    games: list[GameDiff] = field(default_factory=list)
    report_folder: str | None = None

    @property
    def broken_examples(self) -> int:
        return sum(len(g.broken_examples) for g in self.games)

    @property
    def exit_code(self) -> int:
        """1 when an example turn is refused in the new revision, else 0."""
        return 1 if self.broken_examples else 0

    def as_json(self) -> dict[str, Any]:
        return {"old": self.old.as_json(), "new": self.new.as_json(), "games": [g.as_json() for g in self.games],
                "broken_examples": self.broken_examples, "exit_code": self.exit_code,
                "report": self.report_folder}
