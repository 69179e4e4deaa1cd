"""ruff stays clean with the rules pyproject.toml chooses ([tool.ruff.lint]); CI runs the whole suite, so this is
where the lint runs in CI."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHECKED = ["generator", "tests", "benchmarks", "site", "docs/examples", "templates"]


def ruff(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ruff", "check", "--config", str(ROOT / "pyproject.toml"), *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=300, check=False)


def test_the_code_is_lint_clean() -> None:
    result = ruff(*CHECKED)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_chosen_rules_find_an_unused_import_and_an_undefined_name(tmp_path: Path) -> None:
    planted = tmp_path / "planted.py"
    planted.write_text("import os\n\n\ndef f() -> int:\n    return undefined_name\n", encoding="utf-8")
    result = ruff(str(planted))
    assert result.returncode == 1
    assert "F401" in result.stdout and "F821" in result.stdout, result.stdout
