"""The content tree: which games it holds, and loading a chosen set of them checked."""

from __future__ import annotations

from pathlib import Path

from generator.content.errors import ErrorList
from generator.content.loader import GameContent, load_game
from generator.content.suggest import did_you_mean
from generator.content.validate import check_content


class UnknownGame(Exception):
    """A game id on the command line that is not a folder of the content tree (a usage error)."""


def game_ids(content_dir: Path) -> list[str]:
    """Folders of the content tree that hold a game.yaml, in name order."""
    if not content_dir.is_dir():
        return []
    return sorted(p.name for p in content_dir.iterdir() if (p / "game.yaml").is_file())


def resolve_games(content_dir: Path, wanted: tuple[str, ...] | list[str]) -> list[str]:
    """The games a command works on: the ones named, or every game of the tree."""
    available = game_ids(content_dir)
    if not content_dir.is_dir():
        raise UnknownGame(f"content folder '{content_dir}' does not exist (use --content DIR)")
    if not wanted:
        if not available:
            raise UnknownGame(f"no games in '{content_dir}' (a game is a folder with a game.yaml)")
        return available
    for game in wanted:
        if game not in available:
            raise UnknownGame(f"no game '{game}' in '{content_dir}'; {did_you_mean(game, available, 'games')}")
    return list(dict.fromkeys(wanted))


def load_checked(content_dir: Path, games: list[str], errors: ErrorList) -> list[GameContent]:
    """Load and cross-check each game; every problem lands in `errors`."""
    loaded: list[GameContent] = []
    folders: dict[str, str] = {}
    for game in games:
        content = load_game(content_dir / game, errors)
        if content is None:
            continue
        if content.id in folders:  # outputs are named by id: two such games would overwrite each other
            errors.add(content.mark_of("game", content.id, "id"), f"game id '{content.id}' is also the id of the "
                       f"game in folder '{folders[content.id]}'", ("id",), hint="give every game its own id",
                       code="reference")
            continue
        folders[content.id] = game
        check_content(content, errors)
        loaded.append(content)
    return loaded
