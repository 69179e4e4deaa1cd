"""What every fuzz test shares: examples that once failed come first, then fresh ones, counted not timed.

Hypothesis keeps each failing example it finds (shrunk) in `tests/fuzz-examples/`, the example
database committed with the tests: a failure found once is replayed first by every later run,
on every machine, until it passes. After those, each run draws new random examples (not
derandomized), so CI explores a little further every time instead of replaying the same few.
The budget is a number of examples (PNP_FUZZ_EXAMPLES, else the test's own count times
PNP_TEST_SCALE), never seconds: a busy machine runs the same examples, only slower. Commit the
new files Hypothesis writes under tests/fuzz-examples/ together with the fix they prove.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase
from hypothesis.database import DirectoryBasedExampleDatabase

from tests.pnp_process import pnp_forked
from tests.scale import games

REPO = Path(__file__).resolve().parents[1]
EXAMPLE_DATABASE = DirectoryBasedExampleDatabase(Path(__file__).resolve().parent / "fuzz-examples")


def examples(base: int) -> int:
    """How many fresh examples a fuzz test draws: PNP_FUZZ_EXAMPLES when set, else `base` times the scale."""
    text = os.environ.get("PNP_FUZZ_EXAMPLES", "").strip()
    return int(text) if text.isdigit() and int(text) > 0 else games(base)


FUZZ_SETTINGS: dict[str, Any] = dict(
    deadline=None,            # a pnp run's time says nothing about correctness; hangs are caught by a ceiling
    derandomize=False,        # fresh examples every run
    database=EXAMPLE_DATABASE,
    print_blob=True,          # a failure prints the line that reproduces it exactly
    # no shrinking: each example runs pnp (seconds), and shrinking one failure took minutes; the
    # examples are small already and the failure message says what was drawn
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                           HealthCheck.data_too_large],
)


def shown_files(output: Path) -> dict[str, bytes]:
    """Every file a reader of an output folder sees (through pnp's links), by path; pnp's own `.pnp` aside.
    A failed build must leave this exactly as it was."""
    files: dict[str, bytes] = {}
    for top in sorted(output.iterdir()):
        if top.name == ".pnp":
            continue
        for path in sorted(top.rglob("*")) if top.is_dir() else [top]:
            if path.is_file():
                files[str(path.relative_to(output))] = path.read_bytes()
    return files


def run_pnp(*args: str, cwd: Path, ceiling: float) -> subprocess.CompletedProcess[str]:
    """`pnp` of this checkout in a process of its own (forked from the test's: tests.pnp_process.pnp_forked), as a
    user runs it; `ceiling` seconds only catch a hang."""
    return pnp_forked(*args, cwd=cwd, ceiling=ceiling)


def built_test_game(root: Path, game: str, ceiling: float) -> Path:
    """The test game tests/content/GAME copied to ROOT/content and built into ROOT/output; returns ROOT."""
    shutil.copytree(REPO / "tests" / "content" / game, root / "content" / game)
    result = run_pnp("build", "--content", "content", "--output", "output", cwd=root, ceiling=ceiling)
    assert result.returncode == 0, result.stderr
    return root
