"""`pnp check`: everything a build checks, without writing a file."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.commands.failure import CommandFailed
from generator.commands.loading import game_ids
from generator.content.errors import ErrorList

if TYPE_CHECKING:
    from generator.content.loader import GameContent


@dataclass
class CheckResult:
    games: list[GameContent]

    def as_json(self) -> dict[str, Any]:
        return {"ok": True, "games": [c.id for c in self.games], "errors": []}

    def lines(self) -> list[str]:
        """One line per game, in rich markup."""
        return [f"[green]✓[/] {c.id}: {len(c.cards)} card designs, {sum(card.count for card in c.cards)} cards, "
                f"{len(c.boards)} boards, {len(c.examples)} examples — no problems" for c in self.games]


def check(content_dir: Path, games: tuple[str, ...] | list[str]) -> CheckResult:
    """Load and check the games; when the data is sound, lay out, fit and replay as a build would."""
    from generator.checking import load_checked

    ids = game_ids(content_dir, games)
    errors = ErrorList()
    loaded = load_checked(content_dir, ids, errors)
    if not errors:  # the data is sound: does everything a build makes from it come out, without writing?
        from generator.checking import check_as_build
        from generator.commands.conformance import check_engine
        from generator.rules.engine_child import check_replays

        for content in loaded:
            before = len(errors)
            check_as_build(content, errors)
            check_replays(content, errors)  # examples (without an engine, an error, as in the build) and playthroughs
            if len(errors) == before:  # the engine replays its examples: a quick run of `pnp test`'s suite
                check_engine(content, errors, content_dir)
    if errors:
        raise CommandFailed(errors)
    return CheckResult(loaded)
