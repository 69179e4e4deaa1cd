"""Loading what a command works on: the games (checked), one game's engine with the given options."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.commands.failure import CommandFailed, CommandRefused
from generator.content.errors import ErrorList
from generator.content.library import UnknownGame, resolve_games

if TYPE_CHECKING:
    from generator.build_cache import BuildCache
    from generator.checking import CheckedBefore
    from generator.content.loader import GameContent
    from generator.rules.contract import Game


def game_ids(content_dir: Path, games: tuple[str, ...] | list[str]) -> list[str]:
    """The games a command works on; an unknown game or a missing content tree is bad usage."""
    try:
        return resolve_games(content_dir, games)
    except UnknownGame as exc:
        raise CommandRefused(str(exc)) from None


class ChecksOfLastBuild:
    """The games a build into ./output checked clean, read and never written: `pnp info`, `play` and `simulate`
    then load such a game and check its model, but not again its layouts, icons, rules pages and engine (two
    thirds of `pnp info`'s CPU). A game whose files or whose pnp-forge changed since is checked in full."""

    def __init__(self, cache: BuildCache) -> None:
        self.cache = cache

    @classmethod
    def of(cls, output: Path = Path("output")) -> ChecksOfLastBuild | None:
        """The markers in `output`'s cache; None when there is no cache there (its games' files are then not
        hashed for nothing)."""
        if not all(_is_real_folder(folder) for folder in (output, output / ".pnp", output / ".pnp" / "cache")):
            return None
        from generator.build_cache import BuildCache

        return cls(BuildCache.of_output(output))

    def checked(self, content: GameContent) -> bool:
        try:
            return self.cache.checked(content)
        except OSError:  # an output folder this user may read but not touch
            return False

    def mark_checked(self, content: GameContent) -> None:
        """A command that only reads leaves output/ as it found it: the build marks what it checked."""


class ChecksBefore:
    """What a command that only reads takes as checked clean: a build's markers in ./output, or the user's
    own verdicts (commands.checked_verdicts), which such a command writes when it checked a game clean."""

    def __init__(self, last_build: ChecksOfLastBuild | None) -> None:
        from generator.commands.checked_verdicts import CheckedVerdicts

        self.last_build = last_build
        self.verdicts = CheckedVerdicts()

    def checked(self, content: GameContent) -> bool:
        return (self.last_build is not None and self.last_build.checked(content)) or self.verdicts.checked(content)

    def mark_checked(self, content: GameContent) -> None:
        self.verdicts.mark_checked(content)


def _is_real_folder(path: Path) -> bool:
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False


def load_games(content_dir: Path, games: tuple[str, ...] | list[str], note: str = "",
               before: CheckedBefore | None = None) -> list[GameContent]:
    """The games loaded and checked (schema, references, counts); any error fails the command.
    `before`: games checked clean before (the build cache), whose cross-checks are not repeated; by default
    those a build into ./output checked or this user's commands checked before (`ChecksBefore`)."""
    from generator.checking import load_checked

    ids = game_ids(content_dir, games)
    errors = ErrorList()
    if before is None:
        before = ChecksBefore(ChecksOfLastBuild.of())
    loaded = load_checked(content_dir, ids, errors, before)
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
