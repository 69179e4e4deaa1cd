"""The package keeps its layers ([tool.importlinter] in pyproject.toml, docs/DESIGN.md "Layers"); CI runs the whole
suite, so this is where `lint-imports` runs in CI."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def planted_copy(tmp_path: Path, module: str, planted: str) -> Path:
    """A copy of the package and pyproject.toml in `tmp_path`, with `planted` appended to generator/`module`."""
    shutil.copytree(ROOT / "generator", tmp_path / "generator", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    path = tmp_path / "generator" / module
    path.write_text(path.read_text(encoding="utf-8") + "\n\n" + planted, encoding="utf-8")
    return tmp_path


def lint_imports(where: Path) -> subprocess.CompletedProcess[str]:
    """`lint-imports` on the package and pyproject.toml found in `where` (grimp finds the package from the cwd)."""
    return subprocess.run([str(LINT_IMPORTS), "--no-cache"], capture_output=True, text=True, cwd=where,
                          timeout=300, check=False)


def test_every_contract_is_kept() -> None:
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout, result.stdout


@pytest.mark.parametrize("planted", [
    "import generator.site\n",
    "def cite_lazily() -> None:\n    import generator.site  # an import made inside a function counts the same\n",
], ids=["at-module-level", "inside-a-function"])
def test_a_rules_module_that_imports_the_site_breaks_the_layers(tmp_path: Path, planted: str) -> None:
    result = lint_imports(planted_copy(tmp_path, "rules/log.py", planted))
    assert result.returncode == 1, result.stdout + result.stderr
    assert "generator.rules is not allowed to import generator.site" in result.stdout, result.stdout
    assert "generator.rules.log -> generator.site (l." in result.stdout, result.stdout
    assert "The package in layers: each imports only the layers below it BROKEN" in result.stdout, result.stdout


def test_a_cycle_inside_one_layer_breaks_the_acyclic_contract(tmp_path: Path) -> None:
    """The registry and simulate share a layer (the layers allow it either way); simulate imports the registry,
    so the registry importing simulate closes a cycle."""
    result = lint_imports(planted_copy(tmp_path, "rules/registry.py", "import generator.rules.simulate\n"))
    assert result.returncode == 1, result.stdout + result.stderr
    assert "No cycles are allowed in generator.rules." in result.stdout, result.stdout
    assert "The package in layers: each imports only the layers below it KEPT" in result.stdout, result.stdout
    assert "1 broken" in result.stdout, result.stdout
