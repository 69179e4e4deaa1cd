"""The content layer imports nothing above it: boards, layouts, engines and the site build on it, never the reverse."""

from __future__ import annotations

import ast
from pathlib import Path

CONTENT = Path(__file__).resolve().parents[2] / "generator" / "content"
ABOVE = ("generator.boards", "generator.layout", "generator.rules", "generator.site", "generator.render",
         "generator.checking", "generator.cli", "generator.build")


def test_no_module_of_the_content_layer_imports_a_layer_above_it():
    found = []
    for path in sorted(CONTENT.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else \
                [a.name for a in node.names] if isinstance(node, ast.Import) else []
            found += [f"{path.name}: {name}" for name in names if name.startswith(ABOVE)]
    assert found == []
