"""`python -m cProfile -m generator.cli ...` writes its profile: pnp leaves through a normal exit, so the
profiler's own exit handling runs (a process that ended with os._exit wrote nothing)."""

from __future__ import annotations

import pstats
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_cprofile_of_a_pnp_command_writes_its_profile(tmp_path: Path) -> None:
    profile = tmp_path / "info.prof"
    run = subprocess.run([sys.executable, "-m", "cProfile", "-o", str(profile), "-m", "generator.cli", "info",
                          "escape-earth", "--content", str(ROOT / "content")],
                         capture_output=True, text=True, timeout=600, check=False, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "Escape Earth" in run.stdout
    stats = pstats.Stats(str(profile))
    assert any("generator" in filename for filename, _, _ in stats.stats)  # type: ignore[attr-defined]
