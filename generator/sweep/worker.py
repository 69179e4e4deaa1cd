"""A cluster worker's side of a sweep: one per core, holding a few loaded games keyed by their content hash.

It is a plain class so it can be tested without a cluster; the Ray backend makes it an actor. A
variant's content arrives as the bytes of its game folder (generator.sweep.variants.folder_bytes),
fetched, unpacked, loaded and checked once per worker and then kept while it plays chunk after
chunk. A worker runs the driver's pnp-forge and nothing else: a worker whose code differs refuses
(a different rules version would play other games under the same seeds).
"""

from __future__ import annotations

import tempfile
import time
from collections import OrderedDict
from pathlib import Path
from typing import Any

from generator import __version__
from generator.build_cache import code_version
from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.rules.contract import Game
from generator.rules.registry import make_game
from generator.rules.simulate import GameResult, game_seed, play_out
from generator.sweep.variants import unpack

CACHED_GAMES = 4


def pinned_version() -> str:
    """The version a driver and its workers must share: the release and a hash of the code itself."""
    return f"{__version__}+{code_version()[:12]}"


class WorkerRefused(Exception):
    """The worker will not play: another pnp-forge version, or content that is not what its hash says."""


class ChunkPlayer:
    """Plays chunks of seeded games of the variants it is sent, keeping the last few games loaded."""

    def __init__(self, version: str) -> None:
        self.version = pinned_version()
        if version != self.version:
            raise WorkerRefused(f"this worker runs pnp-forge {self.version}, the sweep was started with {version}: "
                                "install the same pnp-forge on every node")
        self.folder = Path(tempfile.mkdtemp(prefix="pnp-sweep-"))
        self.games: OrderedDict[tuple[str, str], Game] = OrderedDict()
        self.loads = 0  # how many variants this worker loaded and checked (a test counts them)

    def ready(self) -> str:
        return self.version

    def play(self, version: str, content_hash: str, packed: list[Any], options: dict[str, Any], batch_seed: int,
             start: int, stop: int, policy: str, max_turns: int) -> tuple[list[GameResult], float]:
        """Games start..stop-1 of the batch on this variant, and the seconds the call took here (loading included).
        `packed` holds the folder's bytes or a reference to them (fetched only when the game is not loaded)."""
        if version != self.version:
            raise WorkerRefused(f"this worker runs pnp-forge {self.version}, the task was sent by {version}")
        began = time.perf_counter()
        game = self._game(content_hash, packed, options)
        results = [play_out(game, game_seed(batch_seed, i), policy, max_turns) for i in range(start, stop)]
        return results, time.perf_counter() - began

    def _game(self, content_hash: str, packed: list[Any], options: dict[str, Any]) -> Game:
        key = (content_hash, repr(sorted(options.items())))
        if key in self.games:
            self.games.move_to_end(key)
            return self.games[key]
        data = packed[0]
        if not isinstance(data, bytes):
            import ray  # only a Ray worker is sent a reference

            data = ray.get(data)
        where = self.folder / content_hash
        if not where.exists():
            unpack(data, where)
        [game_id] = [p.name for p in where.iterdir()]
        errors = ErrorList()
        loaded = load_checked(where, [game_id], errors)
        if errors or not loaded:
            raise WorkerRefused(f"the variant {content_hash} does not load on this worker: "
                                f"{errors.sorted()[0].one_line() if errors else 'no game'}")
        if loaded[0].content_hash != content_hash:
            raise WorkerRefused(f"the content sent as {content_hash} hashes to {loaded[0].content_hash}")
        self.loads += 1
        self.games[key] = make_game(loaded[0], options)
        while len(self.games) > CACHED_GAMES:
            self.games.popitem(last=False)
        return self.games[key]
