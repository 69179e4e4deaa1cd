"""The content tree: which games it holds and which of them a command means."""

from __future__ import annotations

from pathlib import Path

from generator.content.suggest import did_you_mean


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
