"""Replace one scalar of a YAML file in its text, leaving every other byte (comments, layout, quoting) as it was.

PyYAML's node tree knows where each scalar starts and ends; the new value is written as a plain flow
scalar in that span. Nothing else of the file is re-serialised, so a designer's comments survive a
sweep's variant and `pnp tune --apply` alike.
"""

from __future__ import annotations

import json
from typing import Any

import yaml

YamlPath = tuple[str | int, ...]


class EditRefused(Exception):
    """The path leads to no scalar of the file (a missing key, an index out of range, a list or mapping)."""


def scalar_text(value: Any) -> str:
    """`value` as a YAML flow scalar that reads back as the same value."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, int | float):
        return repr(value)
    text = str(value)
    plain = yaml.safe_dump(text, default_flow_style=True, width=10_000).strip()
    plain = plain.removesuffix("...").strip()
    if yaml.safe_load(plain) == text and "\n" not in plain:
        return plain
    return json.dumps(text, ensure_ascii=False)


def _node_at(root: yaml.Node | None, path: YamlPath) -> yaml.Node:
    node = root
    for step in path:
        if isinstance(node, yaml.MappingNode) and isinstance(step, str):
            node = next((value for key, value in node.value
                         if isinstance(key, yaml.ScalarNode) and key.value == step), None)
        elif isinstance(node, yaml.SequenceNode) and isinstance(step, int) and 0 <= step < len(node.value):
            node = node.value[step]
        else:
            node = None
        if node is None:
            raise EditRefused(f"no value at {format_path(path)}")
    if not isinstance(node, yaml.ScalarNode):
        raise EditRefused(f"{format_path(path)} is a {'list' if isinstance(node, yaml.SequenceNode) else 'mapping'}"
                          ", not a single value")
    return node


def replace_scalar(text: str, path: YamlPath, value: Any) -> tuple[str, int]:
    """The text with the scalar at `path` replaced by `value`, and the 1-based line it stands on."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        raise EditRefused(f"the file cannot be read as YAML: {exc}") from None
    node = _node_at(root, path)
    start, end = node.start_mark.index, node.end_mark.index
    return text[:start] + scalar_text(value) + text[end:], node.start_mark.line + 1


def format_path(path: YamlPath) -> str:
    """('cards', 3, 'cost') as people write it: cards[3].cost."""
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else step)
    return out
