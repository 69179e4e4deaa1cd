"""The package type-checks: `python -m mypy generator` with the configuration in pyproject.toml.

CI runs the whole test suite, so this is where mypy runs in CI. The engines (generator.rules) and
the content layer (generator.content) are checked as strictly as `--strict`; a test below keeps
that configuration from loosening.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# every flag `mypy --strict` turns on that a per-module section can set
STRICT_PER_MODULE = {
    "disallow_any_generics", "disallow_subclassing_any", "disallow_untyped_calls", "disallow_untyped_defs",
    "disallow_incomplete_defs", "check_untyped_defs", "disallow_untyped_decorators", "warn_return_any",
    "warn_unused_ignores", "no_implicit_reexport", "strict_equality", "extra_checks",
}


def _mypy_config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]


@pytest.mark.parametrize("package", ["generator.rules", "generator.content"])
def test_the_engines_and_the_content_are_checked_as_strictly_as_strict(package: str) -> None:
    config = _mypy_config()
    engines = [o for o in config["overrides"] if f"{package}.*" in o["module"] and package in o["module"]]
    assert len(engines) == 1
    flags = {**config, **engines[0]}
    assert {name for name in STRICT_PER_MODULE if flags.get(name) is not True} == set()
    assert config["warn_redundant_casts"] is True  # the global half of --strict
    assert not any(o.get("ignore_errors") for o in config["overrides"])


@pytest.mark.slow
def test_mypy_finds_no_errors_in_the_package():
    result = subprocess.run([sys.executable, "-m", "mypy", "generator"], cwd=ROOT, capture_output=True,
                            text=True, timeout=900)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("Success: no issues found"), result.stdout
