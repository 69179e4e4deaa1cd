"""The site finds what the build wrote by asking generator.output_files, never by spelling a file name itself."""

from __future__ import annotations

import ast
from pathlib import Path

GENERATOR = Path(__file__).resolve().parents[2] / "generator"


def _names_call(node: ast.expr) -> bool:
    """`names.<function>(...)` or `names.<CONSTANT>`: a name generator.output_files gives."""
    if isinstance(node, ast.Call):
        node = node.func
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "names"


def test_every_output_the_site_reads_is_named_by_output_files() -> None:
    spelled = []
    for path in sorted(GENERATOR.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "output"
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "site"
                    and not (len(node.args) == 1 and _names_call(node.args[0]))):
                spelled.append(f"{path.relative_to(GENERATOR)}:{node.lineno}")
    assert not spelled, f"output file names spelled outside generator/output_files.py: {spelled}"
