"""The options the bundled engines share: how many players sit at the table."""

from __future__ import annotations

from generator.rules.contract import OptionSpec


def players_option(fewest: int, most: int, default: int, help: str) -> OptionSpec:
    """The option `players` (`--players N`): from `fewest` to `most` seats; `ContentGame.num_players` reads it."""
    return OptionSpec("players", tuple(str(n) for n in range(fewest, most + 1)), str(default), help)
