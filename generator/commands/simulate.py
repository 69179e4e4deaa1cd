"""`pnp simulate` and `pnp balance`: many seeded games, their figures, and the batches a game declares."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.commands.failure import CommandRefused
from generator.commands.loading import engine_faults, engine_game, load_engine_game
from generator.commands.targets import try_target, write_target

if TYPE_CHECKING:
    from generator.rules.simulate import Summary

ProgressStart = Callable[[str, int], Callable[[int], None]]  # (label, total) -> advance(n)


@dataclass
class SimulationResult:
    summary: Summary
    written: Path

    def as_json(self) -> dict[str, Any]:
        """The figures as written to the file, and where."""
        return {**self.summary.as_json(), "written": str(self.written)}


def simulate(content_dir: Path, game: str, games: int, policy: str, variant: str | None = None,
             players: int | None = None, option: tuple[str, ...] = (), jobs: int | None = None, seed: int = 0,
             max_turns: int | None = None, out: Path | None = None,
             on_start: ProgressStart | None = None) -> SimulationResult:
    """Play `games` seeded games on up to `jobs` processes (None: the idle cores) and write their figures as JSON."""
    from generator.pool import jobs_for
    from generator.rules.simulate import DEFAULT_MAX_TURNS, summarize
    from generator.rules.simulate import simulate as play_batch

    content = load_engine_game(content_dir, game)
    rules = engine_game(content, variant, players, option)
    seats = policy.count(",") + 1
    if seats > 1 and seats != rules.num_players():
        raise CommandRefused(f"--policy {policy} names {seats} seats but the game seats {rules.num_players()}: "
                             "give one policy per seat")
    tag = "-".join(f"{v}" for _, v in sorted(rules.options.items())) or "default"
    target = out or Path("output") / "simulations" / f"{game}-{policy.replace(':', '').replace(',', '_')}-{tag}.json"
    try_target(target, "--out", make_folder=True)  # before the games: a batch must not end in a refused write
    jobs = jobs_for(jobs, games)
    advance = on_start(f"{game} ({policy})", games) if on_start else None
    with engine_faults(content):
        results = play_batch(content, content_dir, games, policy, rules.options, seed, jobs,
                             max_turns or DEFAULT_MAX_TURNS, on_progress=advance)
    summary = summarize(game, policy, rules.options, seed, results, rules.cooperative, rules.card_groups())
    write_target(target, json.dumps(summary.as_json(), indent=2, sort_keys=True) + "\n")
    return SimulationResult(summary, target)


@dataclass
class BalanceResult:
    game: str
    runs: list[dict[str, Any]]
    written: Path

    def as_json(self) -> dict[str, Any]:
        return {"game": self.game, "runs": self.runs, "written": str(self.written)}

    def lines(self) -> list[str]:
        out = []
        for row in self.runs:
            interval = row["win_interval"]
            out.append(f"{row['id']}: won {row['win_rate']:.1%} ({interval[0]:.1%} – {interval[1]:.1%}) "
                       f"of {row['games']} games, mean {row['turns']['mean']} turns")
        return out


def balance(content_dir: Path, game: str, jobs: int | None = None, only: tuple[str, ...] = (),
            on_start: ProgressStart | None = None) -> BalanceResult:
    """Play the batches GAME's game.yaml declares under `balance:` (or `only` these) and record them."""
    from generator.pool import jobs_for
    from generator.rules.balance import play_run, read_results, write_results

    content = load_engine_game(content_dir, game)
    runs = [run for run in content.game.balance if not only or run.id in only]
    unknown = sorted(set(only) - {run.id for run in content.game.balance})
    if unknown or not runs:
        raise CommandRefused(f"no balance run {', '.join(unknown) or ''} in {game}'s game.yaml "
                             f"(declared: {', '.join(r.id for r in content.game.balance) or 'none'})")
    jobs = jobs_for(jobs)
    previous = {r.get("id"): r for r in (read_results(content) or {}).get("runs", []) if isinstance(r, dict)}
    figures: list[dict[str, Any]] = []
    for run in content.game.balance:
        if run not in runs:
            if run.id in previous:
                figures.append(previous[run.id])
            continue
        advance = on_start(f"{game}: {run.id} ({run.policy}, {run.games} games)", run.games) if on_start else None
        with engine_faults(content):
            figures.append(play_run(content, content_dir, run, jobs, advance))
    return BalanceResult(game, figures, write_results(content, figures))
