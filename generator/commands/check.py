"""`pnp check`: everything a build checks, without writing a file, and warnings about printed text.

Warnings (generator.commands.text_warnings, type_warnings) are listed but do not fail the check; with `strict`
(`pnp check --strict`) they do, as errors do: exit 1.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.commands.failure import CommandFailed
from generator.commands.loading import game_ids
from generator.content.errors import ContentError, ErrorList

if TYPE_CHECKING:
    from generator.content.loader import GameContent


STRICT_NOTE = "(--strict counts every warning as an error)"


@dataclass
class CheckResult:
    games: list[GameContent]
    warnings: list[ContentError] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {"ok": True, "games": [c.id for c in self.games], "errors": [],
                "warnings": [w.as_json() for w in self.warnings]}

    def lines(self) -> list[str]:
        """One line per game, in rich markup."""
        return [f"[green]✓[/] {c.id}: {len(c.cards)} card designs, {sum(card.count for card in c.cards)} cards, "
                f"{len(c.boards)} boards, {len(c.examples)} examples — {self._verdict(c)}" for c in self.games]

    def _verdict(self, content: GameContent) -> str:
        from generator.content.errors import relative

        inside = relative(content.root) + "/"
        count = sum(1 for w in self.warnings if w.mark.file.startswith((inside, content.root.name + "/")))
        return f"no errors, {count} warning(s)" if count else "no problems"


def check(content_dir: Path, games: tuple[str, ...] | list[str], strict: bool = False,
          rulebook: bool = True) -> CheckResult:
    """Load and check the games; when the data is sound, lay out, fit and replay as a build would.
    Text warnings are listed with the errors; with `strict`, a warning fails the check. Without `rulebook`
    (`--no-rulebook`) the printable rulebook and player aid are not laid out: a quick check of everything else."""
    from generator.checking import load_checked
    from generator.commands.text_warnings import text_warnings
    from generator.commands.type_warnings import small_type_warnings

    ids = game_ids(content_dir, games)
    errors = ErrorList()
    loaded = load_checked(content_dir, ids, errors)
    if not errors:  # the data is sound: does everything a build makes from it come out, without writing?
        from generator.checking import check_as_build
        from generator.commands.conformance import check_engine
        from generator.rules.replays import check_replays

        for content in loaded:
            before = len(errors)
            check_as_build(content, errors, rulebook=rulebook)
            check_replays(content, errors)  # examples (without an engine, an error, as in the build) and playthroughs
            if len(errors) == before:  # the engine replays its examples: a quick run of `pnp test`'s suite
                check_engine(content, errors, content_dir)
    warnings = ErrorList()
    warnings.warnings += errors.warnings  # what loading warned of (rules/<lang>/ of a language the game is not in)
    for content in loaded:
        text_warnings(content, warnings, pages_rendered=not errors)
        if not errors:  # the cards laid out: is their type large enough to read?
            small_type_warnings(content, warnings)
    warned = warnings.sorted_warnings()
    if errors or (strict and warned):
        errors.extend(warned)  # listed with the errors (the notes of what waits for them stay after them)
        raise CommandFailed(errors, note=STRICT_NOTE if strict and warned else "")
    return CheckResult(loaded, warned)
