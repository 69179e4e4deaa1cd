"""Balance figures a game's rules site shows: the batches game.yaml declares, played and recorded.

`balance:` in game.yaml names batches (policy, options, games, seed). `pnp balance GAME` plays
them and writes `balance/results.json` into the game's folder, to be committed with the content:
the figures are slow to make (tree search), so a build renders them instead of playing again.
The file records the engine version and the rules content hash it was played with, so the site
can say when the figures are older than the rules.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from generator.content.loader import GameContent
from generator.content.schema import BalanceRun
from generator.rules.registry import make_game
from generator.rules.simulate import simulate, summarize

RESULTS_FILE = Path("balance") / "results.json"
MAX_RESULTS_BYTES = 8 * 1024 * 1024


def play_run(content: GameContent, content_dir: Path, run: BalanceRun, jobs: int,
             on_progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Play one declared batch; its figures as the site reads them (per-game rows left out)."""
    game = make_game(content, run.options)
    results = simulate(content, content_dir, run.games, run.policy, game.options, run.seed, jobs, run.max_turns,
                       on_progress)
    figures = summarize(content.id, run.policy, game.options, run.seed, results, game.cooperative,
                        game.card_groups()).as_json()
    figures.pop("results", None)
    figures["id"] = run.id
    figures["label"] = run.label.model_dump()
    return figures


def write_results(content: GameContent, runs: list[dict[str, Any]]) -> Path:
    """Write the figures with what they were played with (deterministic bytes for the same figures)."""
    game = make_game(content, {})
    data = {"engine": game.engine_id, "engine_version": game.engine_version, "content_hash": game.content_hash(),
            "runs": runs}
    path = content.root / RESULTS_FILE
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def read_results(content: GameContent) -> dict[str, Any] | None:
    """The recorded figures, or None when the game has none (or the file is not a results file)."""
    path = content.root / RESULTS_FILE
    if path.is_symlink() or not path.is_file() or path.stat().st_size > MAX_RESULTS_BYTES:
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("runs"), list):
        return None
    return data


def results_are_current(content: GameContent, data: dict[str, Any]) -> bool:
    """True when the figures were played with this engine version and these rules numbers."""
    game = make_game(content, {})
    return bool(data.get("engine_version") == game.engine_version and data.get("content_hash") == game.content_hash())
