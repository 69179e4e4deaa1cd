"""docs/content-reference.md is generated from the schemas and cannot drift from them.

The test regenerates the page and compares it with the file in the repository; it also checks
that every key of every file is in it with a description, that each file's example is a valid
file of its type, and that the README links the page.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from generator.authoring.reference import reference_markdown, type_text
from generator.authoring.reference_examples import EXAMPLES
from generator.authoring.schemas import FILE_TYPES, file_schema
from tests.authoring.conftest import REPO, pnp, schema_errors

REFERENCE = REPO / "docs" / "content-reference.md"


def objects() -> dict[str, dict]:
    """Every object of every file type's schema, the files' top levels included."""
    found: dict[str, dict] = {}
    for file_type in FILE_TYPES:
        schema = file_schema(file_type)
        found[file_type.patterns[0]] = schema
        found.update(schema.get("$defs", {}))
    return found


def test_the_reference_in_docs_is_up_to_date() -> None:
    assert REFERENCE.read_text(encoding="utf-8") == reference_markdown(), \
        "docs/content-reference.md is out of date: run `pnp schema --reference --out docs`"


def test_every_key_is_in_the_reference_with_its_type_default_and_a_description() -> None:
    text = reference_markdown()
    for name, schema in objects().items():
        required = set(schema.get("required", []))
        for key, prop in schema.get("properties", {}).items():
            assert prop.get("description", "").strip(), f"{name}.{key} has no description"
            default = "**required**" if key in required else None
            cell = type_text(prop).replace("|", "\\|")
            rows = [line for line in text.splitlines() if line.startswith(f"| `{key}` | {cell} |")]
            assert rows, f"{name}.{key} is not in the reference"
            if default:
                assert any(default in row for row in rows), f"{name}.{key}"
    assert "| `size` | one of `poker`, `bridge`, `mini`, `tarot`, `square` or [Size](#size) | `\"poker\"` |" in text
    assert "| `count` | whole number 0–1000 | **required** | how many are in the box |" in text


def test_every_link_of_the_reference_leads_to_a_heading() -> None:
    text = reference_markdown()
    anchors = {re.sub(r"[^\w\- ]", "", h.lower()).replace(" ", "-") for h in re.findall(r"^#+ (.+)$", text, re.M)}
    for target in re.findall(r"\]\(#([^)]+)\)", text):
        assert target in anchors, target


@pytest.mark.parametrize("file_type", FILE_TYPES, ids=lambda t: t.name)
def test_each_example_is_a_valid_file_of_its_type(file_type) -> None:
    data = yaml.safe_load(EXAMPLES[file_type.name])
    assert schema_errors(data, file_schema(file_type)) == []
    if "id" in file_type.optional_keys:
        data = {"id": "from-the-file-name", **data}
    file_type.model.model_validate(data)
    assert EXAMPLES[file_type.name].strip() in reference_markdown()


@pytest.mark.slow
def test_pnp_schema_reference_writes_the_page(tmp_path: Path) -> None:
    run = pnp("schema", "--reference", "--out", str(tmp_path))
    assert run.code == 0, run.err
    assert (tmp_path / "content-reference.md").read_text(encoding="utf-8") == reference_markdown()
    printed = pnp("schema", "--reference")
    assert printed.code == 0 and printed.out == reference_markdown()
    assert pnp("schema", "tiny", "--reference").code == 2


def test_the_readme_links_the_reference() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "(docs/content-reference.md)" in readme
