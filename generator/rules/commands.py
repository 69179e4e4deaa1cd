"""`pnp play`, `pnp replay` and `pnp simulate`: thin click commands over the engine contract."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from contextlib import contextmanager
from typing import Any, Callable, Iterator, TypeVar

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from generator.checking import load_checked
from generator.cli_options import content_option, games_or_usage_error
from generator.content.errors import ErrorList
from generator.content.loader import GameContent
from generator.rules.contract import Game, OptionsError
from generator.rules.core import RuleError
from generator.rules.faults import describe, engine_fault
from generator.rules.log import ReplayError, dump_lines, header_of, replay_text, short
from generator.rules.registry import EngineLoadError, make_game
from generator.rules.simulate import DEFAULT_MAX_TURNS, simulate, summarize
from generator.rules.transcript import play_transcript

stdout = Console(highlight=False, soft_wrap=True)
stderr = Console(stderr=True, highlight=False, soft_wrap=True)
MAX_SAVED_GAME_BYTES = 64 * 1024 * 1024


def _load(content_dir: Path, game: str) -> GameContent:
    """Load one game checked; bad content exits 1, an unknown game or a game without engine exits 2."""
    ids = games_or_usage_error(content_dir, (game,))
    errors = ErrorList()
    loaded = load_checked(content_dir, ids, errors)
    if errors or not loaded:
        for error in errors:
            click.echo(error.one_line(), err=True)
        click.echo(f"{len(errors)} error(s); fix the content first", err=True)
        sys.exit(1)
    content = loaded[0]
    if not content.game.engine:
        raise click.UsageError(f"game '{game}' has no rules engine (set `engine:` in its game.yaml; see docs/engines.md)")
    return content


@contextmanager
def engine_faults(content: GameContent) -> Iterator[None]:
    """A fault raised by the game's own engine is a content error at its file and line (exit 1)."""
    try:
        yield
    except (KeyboardInterrupt, SystemExit, click.exceptions.Exit, click.ClickException):
        raise
    except Exception as exc:
        fault = engine_fault(exc, content)
        if fault is None:
            raise
        click.echo(f"{fault[0]}:{fault[1]}: error: the game's engine fails: {describe(exc)}", err=True)
        sys.exit(1)


def _game(content: GameContent, variant: str | None, players: int | None, option: tuple[str, ...]) -> Game:
    """The game with the options of the command line (unknown options are usage errors)."""
    options: dict[str, Any] = {}
    for item in option:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise click.UsageError(f"--option takes NAME=VALUE, not {item!r}")
        options[name.strip()] = value.strip()
    if variant:
        options["variant"] = variant
    if players is not None:
        options["players"] = str(players)
    try:
        return make_game(content, options)
    except OptionsError as exc:
        raise click.UsageError(str(exc)) from None
    except EngineLoadError as exc:
        click.echo(f"{exc.file or content.id}:{exc.line or 1}: error: {exc.message}", err=True)
        sys.exit(1)


def _policy(value: str) -> str:
    if value in ("random", "greedy"):
        return value
    if value.startswith("mcts"):
        from generator.rules.mcts import parse_budget

        try:
            parse_budget(value)
        except ValueError as exc:
            raise click.BadParameter(str(exc)) from None
        return value
    raise click.BadParameter(f"{value!r}: choose random, greedy or mcts:N (N playouts per decision)")


F = TypeVar("F", bound=Callable[..., Any])


def _checked_policy(_ctx: click.Context, _param: click.Parameter, value: str) -> str:
    return _policy(value)


def game_options(func: F) -> F:
    """`--variant`, `--players`, `--option NAME=VALUE` (repeatable)."""
    func = click.option("--option", "option", multiple=True, metavar="NAME=VALUE",
                        help="A game option, e.g. outposts=frontier (see `pnp info GAME`); repeatable.")(func)
    func = click.option("--players", type=click.IntRange(min=1, max=16), default=None,
                        help="Number of players (for games that seat a varying number).")(func)
    return click.option("--variant", default=None,
                        help="Game variant, e.g. beginner or expert (default: the game's).")(func)


policy_opt = click.option("--policy", default="random", show_default=True,
                          callback=_checked_policy,
                          help="Who decides: random, greedy (the game's heuristic) or mcts:N (tree search, "
                               "N playouts per decision).")


@click.command()
@click.argument("game")
@click.option("--seed", type=click.IntRange(min=0, max=2 ** 63 - 1), required=True,
              help="Seed of the game's own RNG (same seed, same game).")
@policy_opt
@game_options
@click.option("--turns", type=click.IntRange(min=1), default=None, help="Stop after this many turns.")
@click.option("--lang", type=click.Choice(["de", "en"]), default="en", show_default=True)
@click.option("--view", default="referee", show_default=True, metavar="referee|public|N",
              help="referee: everything; public: what no player sees stays hidden; N: what player N sees.")
@click.option("--save", type=click.Path(path_type=Path, dir_okay=False), default=None,
              help="Write the game as JSON lines for `pnp replay`.")
@content_option
def play(game: str, seed: int, policy: str, variant: str | None, players: int | None, option: tuple[str, ...],
         turns: int | None, lang: str, view: str, save: Path | None, content_dir: Path) -> None:
    """Play GAME with a policy and print its event log, turn by turn."""
    content = _load(content_dir, game)
    engine_game = _game(content, variant, players, option)
    viewer: int | None
    if view == "referee":
        viewer = None
    elif view in ("public", "player"):
        viewer = 0
    elif view.isdigit() and 1 <= int(view) <= engine_game.num_players():
        viewer = int(view)
    else:
        raise click.UsageError(f"--view {view!r}: choose referee, public or a player 1-{engine_game.num_players()}")
    with engine_faults(content):
        played = play_transcript(engine_game, seed, policy, lang, turns, viewer, log=save is not None,
                                 echo=click.echo)
    state = played.state
    if save is not None:
        save.write_text(dump_lines(header_of(state, engine_game.options, policy), state.log or []), encoding="utf-8")
        click.echo(f"saved {save}", err=True)


@click.command()
@click.argument("file", type=click.Path(path_type=Path, dir_okay=False, exists=True))
@click.option("--game", default=None, help="Game id (default: the one named in the file).")
@content_option
def replay(file: Path, game: str | None, content_dir: Path) -> None:
    """Verify a saved game: every decision legal, every chance outcome possible, every entry as the engine plays it."""
    def fail(line: int, message: str) -> None:
        click.echo(f"{file}:{line}: replay failed: {message}", err=True)
        sys.exit(1)

    try:
        if file.stat().st_size > MAX_SAVED_GAME_BYTES:
            fail(1, f"the file is larger than {MAX_SAVED_GAME_BYTES // (1024 * 1024)} MiB")
        raw = file.read_bytes()
    except OSError as exc:
        fail(1, f"cannot read the file: {exc.strerror}")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        fail(raw.count(b"\n", 0, exc.start) + 1, "the file is not UTF-8 text")
    first_line = next((line for line in text.splitlines() if line.strip()), "")
    try:
        first = json.loads(first_line) if first_line else {}
    except ValueError:
        first = {}
    named = first.get("game") if isinstance(first, dict) else None
    game_id = game or (named if isinstance(named, str) else None)
    if not game_id:
        raise click.UsageError(f"{file}: no game named in the header; pass --game")
    content = _load(content_dir, game_id)
    try:
        with engine_faults(content):
            result = replay_text(text, content)
    except ReplayError as exc:
        fail(exc.line, exc.message)
    outcome = result.state.outcome()
    stdout.print(f"[green]✓[/] {file}: {result.entries} entries, {result.decisions} decisions replayed; "
                 f"{outcome.text.get('en', outcome.cause) if outcome else 'game not finished'} "
                 f"(state {result.final_hash})")


@click.command(name="simulate")
@click.argument("game")
@click.option("--games", type=click.IntRange(min=1, max=10_000_000), default=1000, show_default=True)
@policy_opt
@game_options
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes to play in (capped at the number of cores and of games).")
@click.option("--seed", type=click.IntRange(min=0, max=2 ** 63 - 1), default=0, show_default=True,
              help="Batch seed; game i gets a seed derived from it.")
@click.option("--max-turns", type=click.IntRange(min=1, max=100_000), default=DEFAULT_MAX_TURNS, show_default=True,
              help="A game still running after this many turns counts as 'unfinished'.")
@click.option("--out", type=click.Path(path_type=Path, dir_okay=False), default=None,
              help="Where to write the figures as JSON (default: output/simulations/<game>-<policy>-<options>.json, "
                   "apart from output/<game>, which every build replaces).")
@content_option
def simulate_command(game: str, games: int, policy: str, variant: str | None, players: int | None,
                     option: tuple[str, ...], jobs: int, seed: int, max_turns: int, out: Path | None,
                     content_dir: Path) -> None:
    """Play many seeded games; print results by cause (and by seat) with 95 % intervals and game length."""
    import os

    content = _load(content_dir, game)
    engine_game = _game(content, variant, players, option)
    jobs = max(1, min(jobs, games, os.cpu_count() or 1))
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=stderr, transient=True) as progress:
        task = progress.add_task(f"{game} ({policy})", total=games)
        with engine_faults(content):
            results = simulate(content, content_dir, games, policy, engine_game.options, seed, jobs, max_turns,
                               on_progress=lambda n: progress.advance(task, n))
    summary = summarize(game, policy, engine_game.options, seed, results, engine_game.cooperative)
    options_text = ", ".join(f"{k}={v}" for k, v in sorted(engine_game.options.items())) or "none"
    table = Table(title=f"{game}: {games} games, policy {policy}, options {options_text}, batch seed {seed}")
    table.add_column("result")
    table.add_column("games", justify="right")
    table.add_column("rate", justify="right")
    table.add_column("95 % interval", justify="right")
    for cause, row in summary.causes.items():
        label = ("won: " if row["won"] else ("lost: " if cause != "unfinished" and engine_game.cooperative else "")) + cause
        table.add_row(label, str(row["games"]), f"{row['rate']:.1%}",
                      f"{row['interval'][0]:.1%} – {row['interval'][1]:.1%}")
    if engine_game.cooperative:
        table.add_row("[b]won (all)[/]", str(summary.wins), f"{summary.win_rate:.1%}",
                      f"{summary.win_interval[0]:.1%} – {summary.win_interval[1]:.1%}")
    for seat in summary.seats:
        table.add_row(f"[b]seat {seat['seat']} wins[/] (mean score {seat['mean_score']})", str(seat["wins"]),
                      f"{seat['rate']:.1%}", f"{seat['interval'][0]:.1%} – {seat['interval'][1]:.1%}")
    stdout.print(table)
    t = summary.turns
    stdout.print(f"turns per game: mean {t['mean']}, median {t['median']}, min {t['min']}, max {t['max']}")
    tag = "-".join(f"{v}" for _, v in sorted(engine_game.options.items())) or "default"
    target = out or Path("output") / "simulations" / f"{game}-{policy.replace(':', '')}-{tag}.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(summary.as_json(), indent=2, sort_keys=True) + "\n", encoding="utf-8")
    stdout.print(f"figures written to {target}")


@click.command(name="balance")
@click.argument("game")
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes to play in (capped at the number of cores).")
@click.option("--only", "only", multiple=True, metavar="RUN", help="Play only these runs of `balance:` (repeatable).")
@content_option
def balance_command(game: str, jobs: int, only: tuple[str, ...], content_dir: Path) -> None:
    """Play the batches GAME's game.yaml declares under `balance:` and record them for the rules site.

    The figures go to content/GAME/balance/results.json; commit them with the content. The site
    shows them with a chart, and says so when they are older than the rules.
    """
    import os

    from generator.rules.balance import play_run, read_results, write_results

    content = _load(content_dir, game)
    runs = [run for run in content.game.balance if not only or run.id in only]
    unknown = sorted(set(only) - {run.id for run in content.game.balance})
    if unknown or not runs:
        raise click.UsageError(f"no balance run {', '.join(unknown) or ''} in {game}'s game.yaml "
                               f"(declared: {', '.join(r.id for r in content.game.balance) or 'none'})")
    jobs = max(1, min(jobs, os.cpu_count() or 1))
    previous = {r.get("id"): r for r in (read_results(content) or {}).get("runs", []) if isinstance(r, dict)}
    figures: list[dict[str, Any]] = []
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=stderr, transient=True) as progress:
        for run in content.game.balance:
            if run not in runs:
                if run.id in previous:
                    figures.append(previous[run.id])
                continue
            task = progress.add_task(f"{game}: {run.id} ({run.policy}, {run.games} games)", total=run.games)

            def advance(n: int, task: Any = task) -> None:
                progress.advance(task, n)

            figures.append(play_run(content, content_dir, run, jobs, advance))
    path = write_results(content, figures)
    for row in figures:
        interval = row["win_interval"]
        stdout.print(f"{row['id']}: won {row['win_rate']:.1%} ({interval[0]:.1%} – {interval[1]:.1%}) "
                     f"of {row['games']} games, mean {row['turns']['mean']} turns")
    stdout.print(f"figures written to {path}")


__all__ = ["play", "replay", "simulate_command", "balance_command", "RuleError", "short"]
