"""Safe YAML loading that remembers where every value came from.

PyYAML's composer gives a node tree with start marks; we build plain Python data from it
ourselves so that (1) every key and value keeps its file:line:column, (2) aliases are expanded
under a budget (an alias bomb stops with an error instead of eating memory), and (3) duplicate
keys are reported instead of silently overwritten.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from generator.content.errors import ErrorList, Mark, YamlPath

MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_NODES = 200_000
MAX_DEPTH = 64


@dataclass
class SourceMap:
    """Marks of every value (and every mapping key) of one document, by YAML path."""

    file: str
    values: dict[YamlPath, Mark] = field(default_factory=dict)
    keys: dict[YamlPath, Mark] = field(default_factory=dict)

    def mark(self, path: YamlPath) -> Mark:
        """Best mark for a path: the value itself, else its key, else the nearest parent."""
        path = tuple(path)
        while True:
            if path in self.values:
                return self.values[path]
            if path in self.keys:
                return self.keys[path]
            if not path:
                return Mark(self.file, 1, 1)
            path = path[:-1]

    def key_mark(self, path: YamlPath) -> Mark:
        """Mark of the key that introduces `path` (where an unknown key should point)."""
        return self.keys.get(tuple(path)) or self.mark(path)


@dataclass
class YamlDocument:
    """A loaded YAML file: its data (None when it failed) and its source map."""

    path: Path
    data: Any
    source: SourceMap


_SAFE_TAGS = {tag for tag in yaml.SafeLoader.yaml_constructors if tag}


class _Budget(Exception):
    pass


def _mark(file: str, node: yaml.Node) -> Mark:
    return Mark(file, node.start_mark.line + 1, node.start_mark.column + 1)


class _Builder:
    def __init__(self, file: str, errors: ErrorList):
        self.file = file
        self.errors = errors
        self.source = SourceMap(file)
        self.nodes = 0
        self.constructor = yaml.SafeLoader("")

    def build(self, node: yaml.Node, path: YamlPath, depth: int) -> Any:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise _Budget(f"the document expands to more than {MAX_NODES:,} values (an alias bomb?)")
        if depth > MAX_DEPTH:
            raise _Budget(f"the document nests deeper than {MAX_DEPTH} levels")
        self.source.values.setdefault(path, _mark(self.file, node))
        if node.tag not in _SAFE_TAGS:
            raise yaml.constructor.ConstructorError(None, None, f"tag '{node.tag}' is not allowed", node.start_mark)
        if isinstance(node, yaml.MappingNode):
            self.constructor.flatten_mapping(node)
            result: dict[str, Any] = {}
            for key_node, value_node in node.value:
                key = self.constructor.construct_object(key_node, deep=True) if isinstance(key_node, yaml.ScalarNode) else None
                if not isinstance(key, (str, int, bool)) or isinstance(key, bool):
                    self.errors.add(_mark(self.file, key_node), "mapping keys must be plain words", path,
                                    hint="write the key as text, e.g. `name:`")
                    continue
                key = str(key)
                child = path + (key,)
                if key in result:
                    self.errors.add(_mark(self.file, key_node), f"duplicate key '{key}'", path,
                                    hint="the later value would silently replace the earlier one; keep one")
                    continue
                self.source.keys[child] = _mark(self.file, key_node)
                result[key] = self.build(value_node, child, depth + 1)
            return result
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, path + (i,), depth + 1) for i, item in enumerate(node.value)]
        return self.constructor.construct_object(node, deep=True)


def load_yaml(path: Path, errors: ErrorList, display_name: str | None = None) -> YamlDocument:
    """Load one YAML file safely; problems are added to `errors` and data is None on failure."""
    name = display_name or str(path)
    source = SourceMap(name)
    try:
        size = path.stat().st_size
    except OSError as exc:
        errors.add(Mark(name), f"cannot read file: {exc.strerror}")
        return YamlDocument(path, None, source)
    if size > MAX_FILE_BYTES:
        errors.add(Mark(name, 1, 1), f"file is {size / 1024 / 1024:.1f} MB, over the {MAX_FILE_BYTES // 1024 // 1024} MB limit "
                   "for a content file", hint="split it into several files or remove generated data", code="limit")
        return YamlDocument(path, None, source)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        errors.add(Mark(name, 1, 1), f"file is not UTF-8 text (byte {exc.start})", hint="save the file as UTF-8")
        return YamlDocument(path, None, source)
    return load_yaml_text(text, name, errors)


def load_yaml_text(text: str, name: str, errors: ErrorList) -> YamlDocument:
    """Load YAML from a string (used by `load_yaml` and tests)."""
    source = SourceMap(name)
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = exc.problem or exc.context or "invalid YAML"
        context = f" ({exc.context})" if exc.context and exc.problem else ""
        errors.add(Mark(name, line, col), f"YAML syntax error: {problem}{context}",
                   hint="check indentation and quoting near this place", code="syntax")
        return YamlDocument(Path(name), None, source)
    except yaml.YAMLError as exc:
        errors.add(Mark(name, 1, 1), f"YAML error: {exc}", code="syntax")
        return YamlDocument(Path(name), None, source)
    if node is None:
        return YamlDocument(Path(name), None, source)
    builder = _Builder(name, errors)
    try:
        data = builder.build(node, (), 0)
    except _Budget as exc:
        errors.add(_mark(name, node), str(exc), hint="content files need no deeply nested or repeated aliases",
                   code="limit")
        return YamlDocument(Path(name), None, source)
    except yaml.constructor.ConstructorError as exc:
        mark = exc.problem_mark
        errors.add(Mark(name, mark.line + 1 if mark else 1, mark.column + 1 if mark else 1),
                   f"unsupported YAML value: {exc.problem}", hint="only plain YAML values are allowed", code="syntax")
        return YamlDocument(Path(name), None, source)
    return YamlDocument(Path(name), data, builder.source)
