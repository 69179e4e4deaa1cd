"""`pnp play`, `pnp replay` and `pnp simulate`: thin click commands over the rules engine."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from generator.content.errors import ErrorList
from generator.cli_options import content_option, games_or_usage_error
from generator.content.library import load_checked
from generator.content.loader import GameContent
from generator.rules.core import RuleError
from generator.rules.log import ReplayError, dump_lines, header_of, replay_text
from generator.rules.policies import POLICY_NAMES
from generator.rules.registry import engine_module, known_engines
from generator.rules.simulate import DEFAULT_MAX_TURNS, simulate, summarize
from generator.rules.transcript import play_transcript

stdout = Console(highlight=False, soft_wrap=True)
stderr = Console(stderr=True, highlight=False, soft_wrap=True)


def _load(content_dir: Path, game: str) -> GameContent:
    """Load one game checked; bad content exits 1, an unknown game or engine exits 2."""
    ids = games_or_usage_error(content_dir, (game,))
    errors = ErrorList()
    loaded = load_checked(content_dir, ids, errors)
    if errors or not loaded:
        for error in errors:
            click.echo(error.one_line(), err=True)
        click.echo(f"{len(errors)} error(s); fix the content first", err=True)
        sys.exit(1)
    content = loaded[0]
    if content.game.engine not in known_engines():
        raise click.UsageError(f"game '{game}' has no rules engine (set `engine:` in its game.yaml; known: "
                               f"{', '.join(known_engines()) or 'none'})")
    return content


def _options(module, variant: str | None) -> dict:
    try:
        return module.options_of({"variant": variant} if variant else {})
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None


variant_opt = click.option("--variant", default=None, help="Game variant, e.g. beginner or expert (default: the game's).")
policy_opt = click.option("--policy", type=click.Choice(POLICY_NAMES), default="random", show_default=True,
                          help="Who decides: uniformly random or the game's greedy heuristic.")


@click.command()
@click.argument("game")
@click.option("--seed", type=int, required=True, help="Seed of the game's own RNG (same seed, same game).")
@policy_opt
@variant_opt
@click.option("--turns", type=int, default=None, help="Stop after this many turns.")
@click.option("--lang", type=click.Choice(["de", "en"]), default="en", show_default=True)
@click.option("--view", type=click.Choice(["referee", "player"]), default="referee", show_default=True,
              help="player: hide what the players cannot see (cards removed unseen).")
@click.option("--save", type=click.Path(path_type=Path, dir_okay=False), default=None,
              help="Write the game as JSON lines for `pnp replay`.")
@content_option
def play(game: str, seed: int, policy: str, variant: str | None, turns: int | None, lang: str, view: str,
         save: Path | None, content_dir: Path) -> None:
    """Play GAME with a policy and print its event log, turn by turn."""
    content = _load(content_dir, game)
    module = engine_module(content.game.engine or "")
    options = _options(module, variant)
    played = play_transcript(content, seed, policy, options, lang, turns, view == "player", log=save is not None,
                             echo=click.echo)
    state = played.state
    if save is not None:
        save.write_text(dump_lines(header_of(state, content, options, policy), state.log or []), encoding="utf-8")
        click.echo(f"saved {save}", err=True)


@click.command()
@click.argument("file", type=click.Path(path_type=Path, dir_okay=False, exists=True))
@click.option("--game", default=None, help="Game id (default: the one named in the file).")
@content_option
def replay(file: Path, game: str | None, content_dir: Path) -> None:
    """Verify a saved game: every decision legal, every chance outcome possible, every state hash equal."""
    text = file.read_text(encoding="utf-8")
    try:
        first = json.loads(text.splitlines()[0]) if text.strip() else {}
    except json.JSONDecodeError:
        first = {}
    game_id = game or (first.get("game") if isinstance(first, dict) else None)
    if not game_id:
        raise click.UsageError(f"{file}: no game named in the header; pass --game")
    content = _load(content_dir, game_id)
    try:
        result = replay_text(text, content)
    except ReplayError as exc:
        click.echo(f"{file}:{exc.line}: replay failed: {exc.message}", err=True)
        sys.exit(1)
    outcome = result.state.outcome()
    stdout.print(f"[green]✓[/] {file}: {result.entries} entries, {result.decisions} decisions replayed; "
                 f"{outcome.text['en'] if outcome else 'game not finished'} (state {result.final_hash})")


@click.command(name="simulate")
@click.argument("game")
@click.option("--games", type=click.IntRange(min=1), default=1000, show_default=True)
@policy_opt
@variant_opt
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True, help="Processes to play in.")
@click.option("--seed", type=int, default=0, show_default=True, help="Batch seed; game i gets a seed derived from it.")
@click.option("--max-turns", type=click.IntRange(min=1), default=DEFAULT_MAX_TURNS, show_default=True,
              help="A game still running after this many turns counts as 'unfinished'.")
@click.option("--out", type=click.Path(path_type=Path, dir_okay=False), default=None,
              help="Where to write the figures as JSON (default: output/simulations/<game>-<policy>-<variant>.json, "
                   "apart from output/<game>, which every build replaces).")
@content_option
def simulate_command(game: str, games: int, policy: str, variant: str | None, jobs: int, seed: int, max_turns: int,
                     out: Path | None, content_dir: Path) -> None:
    """Play many seeded games; print win/loss rates by cause with 95 % intervals and game length."""
    content = _load(content_dir, game)
    module = engine_module(content.game.engine or "")
    options = _options(module, variant)
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=stderr, transient=True) as progress:
        task = progress.add_task(f"{game} ({policy})", total=games)
        results = simulate(content, content_dir, games, policy, options, seed, jobs, max_turns,
                           on_progress=lambda n: progress.advance(task, n))
    summary = summarize(game, policy, options, seed, results)
    table = Table(title=f"{game}: {games} games, policy {policy}, options {options}, batch seed {seed}")
    table.add_column("result")
    table.add_column("games", justify="right")
    table.add_column("rate", justify="right")
    table.add_column("95 % interval", justify="right")
    for cause, row in summary.causes.items():
        label = ("won: " if row["won"] else ("lost: " if cause != "unfinished" else "")) + cause
        table.add_row(label, str(row["games"]), f"{row['rate']:.1%}",
                      f"{row['interval'][0]:.1%} – {row['interval'][1]:.1%}")
    table.add_row("[b]won (all)[/]", str(summary.wins), f"{summary.win_rate:.1%}",
                  f"{summary.win_interval[0]:.1%} – {summary.win_interval[1]:.1%}")
    stdout.print(table)
    t = summary.turns
    stdout.print(f"turns per game: mean {t['mean']}, median {t['median']}, min {t['min']}, max {t['max']}")
    target = out or Path("output") / "simulations" / f"{game}-{policy}-{options.get('variant', 'default')}.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(summary.as_json(), indent=2, sort_keys=True) + "\n", encoding="utf-8")
    stdout.print(f"figures written to {target}")


__all__ = ["play", "replay", "simulate_command", "RuleError"]
