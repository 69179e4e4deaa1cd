"""The components page shows a board component with the picture the boards step drew of its board file."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_a_board_component_is_pictured_by_its_board_file(tmp_path: Path) -> None:
    out = tmp_path / "out"
    run = subprocess.run([sys.executable, "-c", "from generator.cli import main; main()", "build", "astronuts",
                          "--content", str(REPO / "content"), "--output", str(out), "--lang", "en", "--paper", "a4"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    site = out / "site" / "astronuts" / "en"
    page = (site / "components.html").read_text(encoding="utf-8")
    for component, board in (("map", "map"), ("action-track", "action-track")):
        assert f'src="components/{component}.svg"' in page
        drawn = (out / "astronuts" / "boards" / f"{board}-en.svg").read_bytes()
        assert (site / "components" / f"{component}.svg").read_bytes() == drawn
