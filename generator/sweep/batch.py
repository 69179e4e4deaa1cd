"""One sweep's batch: what every variant plays (the same seeds, policy, options), and the local backend.

The local backend is `pnp simulate`'s runner (generator.rules.simulate): each distinct variant plays
its games on the machine's processes in turn. The Ray backend (generator.sweep.ray_backend) plays
the same games, addressed the same way, so both give the same results game by game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from generator.rules.simulate import GameResult, simulate
from generator.sweep.variants import Variant

Progress = Callable[[int], None]


@dataclass(frozen=True)
class Batch:
    """What each variant plays: game i is seeded by `game_seed(seed, i)` on every variant (paired)."""

    games: int
    policy: str
    seed: int
    max_turns: int
    options: dict[str, Any] = field(default_factory=dict)


def distinct(variants: list[Variant]) -> list[Variant]:
    """The variants with different content (a variant setting the base's own value plays nothing again)."""
    seen: dict[str, Variant] = {}
    for variant in variants:
        seen.setdefault(variant.content_hash, variant)
    return list(seen.values())


def play_local(variants: list[Variant], batch: Batch, jobs: int,
               on_progress: Progress | None = None) -> dict[str, list[GameResult]]:
    """Each distinct variant's games on `jobs` local processes; results by content hash, in game order."""
    return {v.content_hash: simulate(v.content, v.folder, batch.games, batch.policy, batch.options, batch.seed, jobs,
                                     batch.max_turns, on_progress)
            for v in distinct(variants)}
