"""The Ray backend: the same games as a local run, game by game, on one node or two, with a node lost midway;
and the worker's side (version pinned, content checked against its hash, games kept loaded) without a cluster."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.sweep.variants import folder_bytes
from generator.sweep.worker import ChunkPlayer, WorkerRefused, pinned_version
from tests.site.conftest import REPO

CEILING = 900  # seconds: only a hang reaches it (a Ray start takes 15-70 s on a loaded 2-core machine)


def ray_run(mode: str, tmp_path: Path) -> dict:
    pytest.importorskip("ray", reason="Ray is not installed (pip install 'pnp-forge[cluster]')")
    out = tmp_path / "report.json"
    done = subprocess.run([sys.executable, "-m", "tests.sweep.ray_run", mode, str(out)], cwd=REPO,
                          capture_output=True, text=True, timeout=CEILING)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(out.read_text(encoding="utf-8"))


@pytest.mark.slow
def test_a_sweep_on_a_local_ray_runtime_plays_the_local_runs_games(tmp_path: Path) -> None:
    report = ray_run("local", tmp_path)
    assert report["variants"] == 3 and set(report["games"].values()) == {60}
    assert all(report["same"].values()), report["same"]
    assert report["times"]["chunks"] >= 3 and report["times"]["lost_workers"] == 0


@pytest.mark.slow
def test_a_sweep_across_two_nodes_survives_losing_one_and_plays_every_game_once(tmp_path: Path) -> None:
    report = ray_run("two-nodes-kill", tmp_path)
    assert report["killed"] and report["times"]["lost_workers"] >= 1
    assert set(report["games"].values()) == {60}  # every game once: results come back in game order, none twice
    assert all(report["same"].values()), report["same"]


def packed_base() -> tuple[str, bytes]:
    errors = ErrorList()
    [base] = load_checked(REPO / "content", ["escape-earth"], errors)
    return base.content_hash, folder_bytes(base.root)


def test_a_worker_of_another_version_refuses() -> None:
    with pytest.raises(WorkerRefused, match="install the same pnp-forge on every node"):
        ChunkPlayer("0.0.1+000000000000")
    player = ChunkPlayer(pinned_version())
    content_hash, data = packed_base()
    with pytest.raises(WorkerRefused, match="the task was sent by 0.0.1"):
        player.play("0.0.1", content_hash, [data], {}, 0, 0, 1, "random", 1000)


def test_a_worker_loads_a_variant_once_and_refuses_content_that_is_not_its_hash() -> None:
    player = ChunkPlayer(pinned_version())
    content_hash, data = packed_base()
    first, _ = player.play(pinned_version(), content_hash, [data], {}, 7, 0, 3, "random", 1000)
    again, _ = player.play(pinned_version(), content_hash, [data], {}, 7, 3, 5, "random", 1000)
    assert player.loads == 1 and [r.seed for r in first + again] == [r.seed for r in
                                                                     player.play(pinned_version(), content_hash, [data],
                                                                                 {}, 7, 0, 5, "random", 1000)[0]]
    with pytest.raises(WorkerRefused, match="hashes to"):
        player.play(pinned_version(), "0" * 16, [data], {}, 7, 0, 1, "random", 1000)
