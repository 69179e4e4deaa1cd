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


SWEEPS_FILE = Path("balance") / "sweeps.json"  # `pnp sweep --record`: the designer site's sweeps page


def read_sweeps(content: GameContent) -> list[dict[str, Any]]:
    """The recorded sweeps (none when there is no file, or it is not a sweeps file); each still to be checked by
    whoever shows it, as any content."""
    path = content.root / SWEEPS_FILE
    if path.is_symlink() or not path.is_file() or path.stat().st_size > MAX_RESULTS_BYTES:
        return []
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError):
        return []
    sweeps = data.get("sweeps") if isinstance(data, dict) else None
    return [s for s in sweeps if isinstance(s, dict)] if isinstance(sweeps, list) else []


def record_sweep(content: GameContent, record: dict[str, Any]) -> Path:
    """Record a sweep's figures beside the balance results (replacing an earlier record with the same id)."""
    sweeps = [s for s in read_sweeps(content) if s.get("id") != record.get("id")] + [record]
    path = content.root / SWEEPS_FILE
    path.parent.mkdir(exist_ok=True)
    text = json.dumps({"sweeps": sorted(sweeps, key=lambda s: str(s.get("id")))}, indent=2, sort_keys=True,
                      ensure_ascii=False, default=str)
    path.write_text(text + "\n", encoding="utf-8")
    return path
