"""Loading what a command works on: the games (checked), one game's engine with the given options."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.commands.failure import CommandFailed, CommandRefused
from generator.content.errors import ErrorList
from generator.content.library import UnknownGame, resolve_games

if TYPE_CHECKING:
    from generator.checking import CheckedBefore
    from generator.content.loader import GameContent
    from generator.rules.contract import Game


def game_ids(content_dir: Path, games: tuple[str, ...] | list[str]) -> list[str]:
    """The games a command works on; an unknown game or a missing content tree is bad usage."""
    try:
        return resolve_games(content_dir, games)
    except UnknownGame as exc:
        raise CommandRefused(str(exc)) from None


def load_games(content_dir: Path, games: tuple[str, ...] | list[str], note: str = "",
               before: CheckedBefore | None = None) -> list[GameContent]:
    """The games loaded and checked (schema, references, counts); any error fails the command.
    `before`: games checked clean before, whose cross-checks are not repeated (by default the user's verdicts,
    commands.checked_verdicts, which a build and every command that checks a game clean write)."""
    from generator.checking import load_checked
    from generator.commands.checked_verdicts import CheckedVerdicts

    ids = game_ids(content_dir, games)
    errors = ErrorList()
    loaded = load_checked(content_dir, ids, errors, before if before is not None else CheckedVerdicts())
    if errors or not loaded:
        raise CommandFailed(errors, note=note)
    return loaded


def load_engine_game(content_dir: Path, game: str) -> GameContent:
    """One game that has a rules engine (a game without one is bad usage for play, replay, simulate)."""
    [content] = load_games(content_dir, (game,), note="fix the content first")
    if not content.game.engine:
        raise CommandRefused(f"game '{game}' has no rules engine (set `engine:` in its game.yaml; see docs/engines.md)")
    return content


def parse_options(option: tuple[str, ...] | list[str]) -> dict[str, Any]:
    """`--option NAME=VALUE` items as a dict (a malformed item is bad usage)."""
    options: dict[str, Any] = {}
    for item in option:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise CommandRefused(f"--option takes NAME=VALUE, not {item!r}")
        options[name.strip()] = value.strip()
    return options


def chosen_options(variant: str | None, players: int | None, option: tuple[str, ...] | list[str]) -> dict[str, Any]:
    """`--variant`, `--players` and `--option NAME=VALUE` as one dict of game options."""
    options = parse_options(option)
    if variant:
        options["variant"] = variant
    if players is not None:
        options["players"] = str(players)
    return options


def engine_game(content: GameContent, variant: str | None = None, players: int | None = None,
                option: tuple[str, ...] | list[str] = ()) -> Game:
    """The game's engine with the options of the command line (an option it lacks is bad usage)."""
    from generator.rules.contract import OptionsError
    from generator.rules.registry import EngineLoadError, make_game

    options = chosen_options(variant, players, option)
    try:
        return make_game(content, options)
    except OptionsError as exc:
        raise CommandRefused(str(exc)) from None
    except EngineLoadError as exc:
        file, line = exc.file or content.id, exc.line or 1
        raise CommandFailed.at(file, line, exc.message, f"{file}:{line}: error: {exc.message}", code="engine") from None


@contextmanager
def engine_faults(content: GameContent, saved: Path | None = None) -> Iterator[None]:
    """A fault raised by the game's engine is a content error at its file and line (exit 1) with its engine frames,
    when it happened and how to repeat it (`saved`: the saved game being replayed); one that ran out of time or
    ended its process is one at game.yaml's engine line. A fault in pnp-forge's own code goes on (exit 3)."""
    from generator.rules.engine_child import EngineStopped
    from generator.rules.faults import blame, debugging

    try:
        yield
    except (KeyboardInterrupt, SystemExit, CommandFailed, CommandRefused):
        raise
    except EngineStopped as stopped:
        errors = ErrorList()
        stopped.add_to(errors)
        raise CommandFailed(errors) from None
    except Exception as exc:
        fault = blame(exc, content)
        if fault is None:
            raise
        message = f"the game's engine fails: {fault.exception}"
        failed = CommandFailed.at(fault.file, fault.line, message, fault.text(saved, debugging()), code="engine")
        failed.extra = {"fault": fault.as_json(saved)}
        raise failed from None


def check_policy(value: str, person: bool = False) -> str:
    """random, greedy, expert or mcts:N (`you` too where a person may play), or one of them per seat
    (comma-separated); anything else is bad usage."""
    from generator.rules.policies import check_policy_name

    try:
        return check_policy_name(value, person)
    except ValueError as exc:
        raise CommandRefused(str(exc)) from None
