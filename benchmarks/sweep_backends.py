"""`pnp sweep` on local processes against `--cluster local` (Ray): the same sweep, alternately, CPU and wall.

    python benchmarks/sweep_backends.py [--game escape-earth] [--vary 'cards[id=aussenposten].fields.build_cost=2,4,5']
                                        [--games 2000] [--policy greedy] [--jobs 2] [--repeat 3]

Each run is a `pnp sweep … --format json` child process. Ray's processes (its raylet, store and
workers) are not all children the command waits for, so CPU is counted by sampling /proc: every
process descended from the command, its CPU seconds (user + system) at the last sample it was seen
in, summed (sampled every 0.2 s: a process that lives less than that is missed). Prints CPU and wall
as min / median / max, Ray's start and its time per chunk beyond playing, and stops if the two
backends' figures differ. Run on demand; this is not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benchmarks"))

from timing import Timings, spread  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> tuple[int, float] | None:
    """(parent pid, CPU seconds of the process itself) from /proc/PID/stat."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / TICK


def tree_cpu(root: int, seen: dict[int, float]) -> None:
    """Note the CPU seconds of every live process descended from `root`."""
    stats = {int(p): _stat(int(p)) for p in os.listdir("/proc") if p.isdigit()}
    family = {root}
    grew = True
    while grew:
        grew = False
        for pid, stat in stats.items():
            if stat and pid not in family and stat[0] in family:
                family.add(pid)
                grew = True
    for pid in family:
        stat = stats.get(pid)
        if stat:
            seen[pid] = max(seen.get(pid, 0.0), stat[1])


def run(command: list[str]) -> tuple[float, float, dict]:
    """(CPU seconds of the command's process tree, wall seconds, its JSON)."""
    seen: dict[int, float] = {}
    wall0 = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=REPO)
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            tree_cpu(child.pid, seen)
            time.sleep(0.2)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    out, err = child.communicate()
    wall = time.perf_counter() - wall0
    done.set()
    sampler.join()
    if child.returncode:
        raise SystemExit(f"{' '.join(command)} exited {child.returncode}:\n{err[-2000:]}")
    return sum(seen.values()), wall, json.loads(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="escape-earth")
    parser.add_argument("--vary", default="cards[id=aussenposten].fields.build_cost=2,4,5")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--policy", default="greedy")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    pnp = [sys.executable, "-m", "generator.cli", "sweep", args.game, "--vary", args.vary, "--games",
           str(args.games), "--policy", args.policy, "--jobs", str(args.jobs), "--format", "json",
           "--out", "/tmp/pnp-sweep-benchmark"]
    backends = {"local processes": [], "--cluster local": ["--cluster", "local"]}
    figures = {name: Timings(name) for name in backends}
    clusters: list[dict] = []
    answers: dict[str, list] = {}
    for _ in range(args.repeat):
        for name, extra in backends.items():
            cpu, wall, data = run(pnp + extra)
            figures[name].add(cpu, wall)
            answers[name] = [v["summary"] for v in data["variants"]]
            if data["cluster"]:
                clusters.append(data["cluster"])
    if answers["local processes"] != answers["--cluster local"]:
        raise SystemExit("Ray played other games than the local processes: not the same sweep")
    print(f"{args.game}: sweep of {args.vary}, {len(answers['local processes'])} variants (the base included) × "
          f"{args.games} {args.policy} games, --jobs {args.jobs}, {args.repeat} repeats, min / median / max")
    for timings in figures.values():
        print(f"  {timings.line(18)}")
    print(f"  Ray start (ray.init to actors ready): {spread([c['start_seconds'] for c in clusters])} s; "
          f"chunks per run {clusters[0]['chunks']}; per chunk beyond playing: "
          f"{spread([c['overhead_per_chunk'] * 1000 for c in clusters])} ms")


if __name__ == "__main__":
    main()
