"""Helpers: the bundled game folders, and validating a YAML file against a JSON Schema as an editor would."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from tests.cli_in_process import run_pnp
from tests.content.conftest import Run

REPO = Path(__file__).resolve().parents[2]


def pnp(*args: str, cwd: Path | None = None) -> Run:
    """Run the `pnp` command line as a designer would, in this process (tests.cli_in_process)."""
    proc = run_pnp(*args, cwd=cwd)
    return Run(proc.returncode, proc.stdout, proc.stderr)


def bundled_games() -> list[Path]:
    """Every game folder the repository ships: content/*/ and the plug-in example games."""
    trees = (REPO / "content", REPO / "tests" / "content" / "plugin")
    return sorted(p for tree in trees for p in tree.iterdir() if (p / "game.yaml").is_file())


def as_json(path: Path) -> Any:
    """A YAML file's data as a JSON editor sees it (mapping keys are strings; a date such as `2026-11-28`, which
    PyYAML reads as a date, is the string an editor's YAML 1.2 reading gives)."""
    return json.loads(json.dumps(yaml.safe_load(path.read_text(encoding="utf-8")), default=str))


def schema_errors(data: Any, schema: dict[str, Any]) -> list[jsonschema.ValidationError]:
    """Every way `data` breaks `schema`, the nested ones of `anyOf`/`allOf` included."""
    jsonschema.Draft202012Validator.check_schema(schema)
    found = []
    for error in jsonschema.Draft202012Validator(schema).iter_errors(data):
        found.append(error)
        found.extend(error.context or [])
    return found


def error_places(errors: list[jsonschema.ValidationError]) -> set[tuple[str, ...]]:
    """Where the errors are, as paths of keys and list positions (`('cards', '0', 'count')`)."""
    return {tuple(str(part) for part in error.absolute_path) for error in errors}
