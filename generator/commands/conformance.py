"""`pnp test [GAME ...]`: the engine conformance suite on any game's engine, and the quick version `pnp check` runs."""

from __future__ import annotations

import shlex
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.commands.failure import CommandRefused
from generator.commands.loading import engine_faults, engine_game, game_ids, load_games
from generator.content.errors import ErrorList

if TYPE_CHECKING:
    from generator.content.loader import GameContent
    from generator.rules.conformance_report import ConformanceReport, Settings

ProgressStart = Callable[[str, int], Callable[[int], None]]  # (label, total) -> advance(n)
DEFAULT_CONTENT = Path("content")
QUICK_GAMES = 2      # `pnp check`: seeds played...
QUICK_BUDGET = 1000  # ...and actions at most, per game


@dataclass
class TestResult:
    reports: list[ConformanceReport]
    skipped: list[str]  # games without a rules engine (`pnp test` with no GAME tests every game that has one)

    @property
    def ok(self) -> bool:
        return all(report.ok for report in self.reports)

    @property
    def exit_code(self) -> int:
        return 0 if self.ok else 1

    def as_json(self) -> dict[str, Any]:
        return {"ok": self.ok, "exit_code": self.exit_code, "games": [r.as_json() for r in self.reports],
                "skipped": self.skipped}

    def lines(self) -> list[str]:
        """The text view, in rich markup: one line per game, then per failed check its findings, then notes."""
        from rich.markup import escape

        from generator.rules.conformance_report import CHECKS

        out: list[str] = []
        for report in self.reports:
            failed = [c for c in report.checks if not c.passed]
            played = (f"{report.games} game{'s' if report.games != 1 else ''}, {report.actions:,} actions, "
                      f"{report.seconds:.1f} s")
            if failed:
                out.append(f"[red]✗[/] {report.game}: {len(failed)} of {len(report.checks)} checks failed ({played})")
            else:
                out.append(f"[green]✓[/] {report.game}: all {len(report.checks)} checks passed ({played})")
            for check in report.checks:
                mark = "[green]✓[/]" if check.passed else "[red]✗[/]"
                out.append(f"  {mark} {CHECKS[check.name]}")
                for finding in check.findings:
                    out.append(f"      {escape(finding.text())}")
                if check.more:
                    out.append(f"      ({check.more} more like these)")
                for note in check.notes:
                    out.append(f"      [dim]note: {escape(note)}[/]")
        for game in self.skipped:
            out.append(f"[dim]- {game}: no rules engine, nothing to test[/]")
        return out


def repeat_flags(content_dir: Path) -> str:
    """What a repeat line needs besides the game: `--content DIR` when it is not the default."""
    return "" if content_dir == DEFAULT_CONTENT else f" --content {shlex.quote(str(content_dir))}"


def test_games(content_dir: Path, games: tuple[str, ...], settings: Settings, variant: str | None = None,
               players: int | None = None, option: tuple[str, ...] = (),
               on_start: ProgressStart | None = None) -> TestResult:
    """Run the conformance suite on GAMES (default: every game with a rules engine)."""
    from generator.rules.conformance_child import run_watched

    ids = game_ids(content_dir, games)
    loaded = load_games(content_dir, ids, note="fix the content first")
    engines = [c for c in loaded if c.game.engine]
    named_without = [c.id for c in loaded if not c.game.engine and c.id in games]
    if named_without:
        raise CommandRefused(f"game '{named_without[0]}' has no rules engine to test (set `engine:` in its game.yaml; "
                             "see docs/engines.md)")
    reports = []
    for content in engines:
        rules = engine_game(content, variant, players, option)
        total = len(settings.seeds())
        advance = on_start(f"{content.id}: testing the engine", total) if on_start else None

        def tell(doing: str, done: int, advance: Callable[[int], None] | None = advance) -> None:
            if advance and done:
                advance(done)

        with engine_faults(content):
            reports.append(run_watched(content, dict(rules.options), settings, repeat_flags(content_dir), tell))
    return TestResult(reports, [c.id for c in loaded if not c.game.engine])


def quick_settings() -> Settings:
    from generator.rules.conformance_report import Settings

    return Settings(games=QUICK_GAMES, budget=QUICK_BUDGET, jobs=False, replays=False)


def check_engine(content: GameContent, errors: ErrorList, content_dir: Path) -> None:
    """`pnp check`'s quick conformance run of the game's engine: each finding one error (at the engine's line where
    the finding has one, else at game.yaml's `engine:`), its moment and repeat line in the hint."""
    from generator.content.errors import Mark
    from generator.rules.conformance_child import run_watched
    from generator.rules.engine_child import EngineStopped
    from generator.rules.registry import make_game

    if not content.game.engine:
        return
    try:
        make_game(content, {})
    except Exception:  # noqa: BLE001 - an engine that does not load is reported where the check loads it
        return
    try:
        report = run_watched(content, {}, quick_settings(), repeat_flags(content_dir))
    except EngineStopped as stopped:
        stopped.add_to(errors)
        return
    for finding in report.findings:
        mark = (Mark(finding.file, finding.line, 1) if finding.file and finding.line
                else content.mark_of("game", content.id, "engine"))
        hint = "; ".join(part for part in (f"at {finding.when()}" if finding.when() else "",
                                            f"to repeat it: {finding.repeat}" if finding.repeat else "",
                                            f"`pnp test {content.id}` runs the whole suite") if part)
        errors.add(mark, f"the engine fails the conformance suite's {finding.check} check: {finding.message}",
                   ("engine",), hint=hint, code="engine")
