"""Run in a child process by tests/sweep/test_ray_backend.py: a small sweep locally and on Ray, compared game by game.

`python -m tests.sweep.ray_run local|two-nodes|two-nodes-kill OUT.json`: `local` starts a Ray runtime
here; the two-node forms start a head and a second worker node on this machine
(ray.cluster_utils.Cluster), and `-kill` removes the second node once the first chunk is done, with
work still in flight on it. Writes what the test asserts as JSON.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.sweep.batch import Batch, play_local
from generator.sweep.ray_backend import ChunkTimes, play_ray
from generator.sweep.variants import Variant, make_variant

REPO = Path(__file__).resolve().parents[2]
OUTPOST = "cards[id=aussenposten].fields.build_cost"


def main(mode: str, out: Path) -> None:
    errors = ErrorList()
    [base] = load_checked(REPO / "content", ["escape-earth"], errors)
    batch = Batch(games=60, policy="greedy", seed=3, max_turns=1000)
    with tempfile.TemporaryDirectory() as work:
        variants = [Variant({}, base, REPO / "content")]
        variants += [make_variant(base, {OUTPOST: cost}, Path(work), n) for n, cost in enumerate((2, 4))]
        local = play_local(variants, batch, jobs=1)
        times = ChunkTimes()
        report: dict[str, Any] = {}
        if mode == "local":
            remote = play_ray(variants, batch, "local", 2, times=times)
        else:
            from ray.cluster_utils import Cluster

            cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1, "include_dashboard": False})
            node = cluster.add_node(num_cpus=1)
            cluster.wait_for_nodes()
            killed: list[bool] = []

            def kill_once() -> None:
                if mode.endswith("-kill") and not killed:
                    cluster.remove_node(node, allow_graceful=False)
                    killed.append(True)

            try:
                remote = play_ray(variants, batch, cluster.address, None, times=times, on_chunk=kill_once)
            finally:
                cluster.shutdown()
            report["killed"] = bool(killed)
    same = {h: [r.__dict__ for r in remote[h]] == [r.__dict__ for r in local[h]] for h in local}
    report.update({"variants": len(local), "games": {h: len(r) for h, r in remote.items()}, "same": same,
                   "times": times.as_json()})
    out.write_text(json.dumps(report), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]))
