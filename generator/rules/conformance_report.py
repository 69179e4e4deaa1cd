"""What the engine conformance suite found: per check its findings (one sentence each) and notes, as text and JSON.

Plain data only (strings and numbers), so a report made in a forked child comes back whole, and
`pnp test`, `pnp check` and the project's own tests read the same fields.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from generator.rules.simulate import game_seed

CHECKS = {  # name -> what it asks, as the report shows it
    "fuzzing": "legal-move fuzzing",
    "invariants": "invariants",
    "seats": "seats count from 0 in events and action values",
    "fixed-data": "fixed data unchanged by play",
    "determinism": "determinism",
    "clone": "clone independence",
    "refusals": "refusals leave the table as it was",
    "replays": "replays of examples and saved games",
    "coverage": "every declared action, event and operation reached",
}
Tell = Callable[[str, int], None]  # (what is done now, games finished since the last call)


@dataclass
class Settings:
    """How much the suite plays: `games` seeds of `batch_seed` (or only `seed`), at most `budget` actions in all."""

    games: int = 20
    budget: int = 50_000
    batch_seed: int = 0
    seed: int | None = None
    max_turns: int = 200
    jobs: bool = True       # compare simulate with --jobs 1 and 2 (forks)
    replays: bool = True    # the examples and golden playthroughs (`pnp check` replays them itself)

    def seeds(self) -> list[int]:
        return [self.seed] if self.seed is not None else [game_seed(self.batch_seed, i) for i in range(self.games)]


@dataclass
class Finding:
    """One thing the engine did wrong: a sentence saying what and what to look at, when, and how to repeat it."""

    check: str
    message: str
    seed: int | None = None
    turn: int | None = None
    action: str | None = None
    repeat: str = ""
    file: str | None = None
    line: int | None = None

    def when(self) -> str:
        parts = [f"{name} {value}" for name, value in (("seed", self.seed), ("turn", self.turn)) if value is not None]
        if self.action is not None:
            parts.append(f'action "{self.action}"')
        return ", ".join(parts)

    def text(self) -> str:
        where = f"{self.file}:{self.line}: " if self.file and self.line else ""
        when = f" ({self.when()})" if self.when() else ""
        again = f"; to repeat it: {self.repeat}" if self.repeat else ""
        return f"{where}{self.message}{when}{again}"


@dataclass
class CheckResult:
    name: str
    findings: list[Finding] = field(default_factory=list)
    more: int = 0                                      # findings past MAX_FINDINGS
    notes: list[str] = field(default_factory=list)     # what was not reached or not compared: no failure
    done: int = 0                                      # how many times it was checked

    @property
    def passed(self) -> bool:
        return not self.findings

    def as_json(self) -> dict[str, Any]:
        return {"check": self.name, "title": CHECKS[self.name], "ok": self.passed, "checked": self.done,
                "findings": [{**asdict(f), "text": f.text()} for f in self.findings], "more": self.more,
                "notes": self.notes}


@dataclass
class ConformanceReport:
    game: str
    options: dict[str, str]
    checks: list[CheckResult]
    games: int = 0
    actions: int = 0
    unfinished: int = 0      # games the budget or the turn limit stopped before their end
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return all(check.passed for check in self.checks)

    @property
    def findings(self) -> list[Finding]:
        return [f for check in self.checks for f in check.findings]

    def as_json(self) -> dict[str, Any]:
        return {"game": self.game, "ok": self.ok, "options": self.options, "games": self.games,
                "actions": self.actions, "unfinished": self.unfinished, "seconds": round(self.seconds, 2),
                "checks": [check.as_json() for check in self.checks]}
