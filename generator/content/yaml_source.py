"""Safe YAML loading that remembers where every value came from.

PyYAML's composer gives a node tree with start marks; we build plain Python data from it
ourselves so that (1) every key and value keeps its file:line:column, (2) aliases are expanded
under a budget (an alias bomb stops with an error instead of eating memory), and (3) duplicate
keys are reported instead of silently overwritten.

libyaml (when PyYAML has it) parses and composes; what it refuses is read again by PyYAML's
pure-Python loader, for PyYAML's own message and mark.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from generator.content.errors import ErrorList, Mark, YamlPath
from generator.content.files import Unreadable, decode, read_bytes

MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_NODES = 200_000
MAX_DEPTH = 64
# no count, cost, seed or size of a game comes near this; bigger numbers are typing errors or attacks
MAX_NUMBER = 2 ** 53
TOO_DEEP = (f"the document nests deeper than {MAX_DEPTH} levels",  # the refusal and its hint
            "content files need no deeply nested lists or mappings")


@dataclass
class SourceMap:
    """Marks of every value (and every mapping key) of one document, by YAML path."""

    file: str
    values: dict[YamlPath, Mark] = field(default_factory=dict)
    keys: dict[YamlPath, Mark] = field(default_factory=dict)

    def mark(self, path: YamlPath) -> Mark:
        """Best mark for a path: the value itself, else its key, else the nearest parent."""
        for end in range(len(path), -1, -1):
            found = self.values.get(tuple(path[:end])) or self.keys.get(tuple(path[:end]))
            if found is not None:
                return found
        return Mark(self.file, 1, 1)

    def key_mark(self, path: YamlPath) -> Mark:
        """Mark of the key that introduces `path` (where an unknown key should point)."""
        return self.keys.get(tuple(path)) or self.mark(path)


@dataclass
class YamlDocument:
    """A loaded YAML file: its data (None when it failed) and its source map."""

    path: Path
    data: Any
    source: SourceMap


# libyaml's loader, its composer in C too (None without libyaml, or with one older than 0.2.5, which did not yet
# bound nesting and whose composer could then crash on it)
_LIBYAML: Any = getattr(yaml, "_yaml", None)
FAST_LOADER: Any = yaml.CSafeLoader if _LIBYAML and _LIBYAML.get_version() >= (0, 2, 5) else None
"""The loader tried first; tests set it to None to check PyYAML's own."""


class _PureLoader(yaml.SafeLoader):
    """PyYAML's own loader, refusing nesting deeper than MAX_DEPTH before Python's recursion limit would."""

    depth = 0

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        if self.depth > MAX_DEPTH:
            raise _Refused(self.peek_event(), *TOO_DEEP)  # type: ignore[no-untyped-call]  # untyped PyYAML
        self.depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


_SAFE_TAGS = {tag for tag in yaml.SafeLoader.yaml_constructors if tag}


class _Refused(Exception):
    """A value that may not be loaded, at the node (or event) where it starts; None: the whole document."""

    def __init__(self, where: yaml.Node | yaml.Event | None, message: str, hint: str):
        super().__init__(message)
        self.where, self.message, self.hint = where, message, hint


def _number_problem(value: Any) -> str | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if isinstance(value, float) and value != value:
        return "`.nan` is not a number a game can use"
    if abs(value) > MAX_NUMBER:
        return f"the number is larger than {MAX_NUMBER:,} (the largest any game value may be)"
    return None


def _mark(file: str, node: yaml.Node | yaml.Event) -> Mark:
    start = node.start_mark
    assert start is not None  # the parser marks every event and node it makes
    return Mark(file, start.line + 1, start.column + 1)


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
            raise _Refused(None, f"the document expands to more than {MAX_NODES:,} values (an alias bomb?)",
                           "content files need no deeply nested or repeated aliases")
        if depth > MAX_DEPTH:
            raise _Refused(node, *TOO_DEEP)
        self.source.values.setdefault(path, _mark(self.file, node))
        if node.tag not in _SAFE_TAGS:
            raise yaml.constructor.ConstructorError(None, None, f"tag '{node.tag}' is not allowed", node.start_mark)
        if isinstance(node, yaml.MappingNode):
            self.constructor.flatten_mapping(node)
            result: dict[str, Any] = {}
            for key_node, value_node in node.value:
                key = self.constructor.construct_object(key_node, deep=True) if isinstance(key_node, yaml.ScalarNode) \
                    else None
                if not isinstance(key, (str, int)) or isinstance(key, bool):
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
        try:
            value = self.constructor.construct_object(node, deep=True)
        except ValueError as exc:  # e.g. an integer of more digits than Python converts, or 2026-13-40
            if node.tag == "tag:yaml.org,2002:timestamp":
                raise _Refused(node, f"not a date: {exc}".split(";")[0],
                               "write a date as YYYY-MM-DD, e.g. 2026-11-28") from None
            raise _Refused(node, f"value cannot be read: {exc}".split(";")[0],
                           "write a plain number of at most 15 digits") from None
        problem = _number_problem(value)
        if problem:
            raise _Refused(node, problem, "write a plain number of at most 15 digits")
        return value


def load_yaml(path: Path, errors: ErrorList, display_name: str | None = None, root: Path | None = None) -> YamlDocument:
    """Load one YAML file safely; problems are added to `errors` and data is None on failure.

    `root` is the game folder the file must lie in (no link on the way, see content.files).
    """
    name = display_name or str(path)
    source = SourceMap(name)
    try:
        data = read_bytes(path, root, MAX_FILE_BYTES)
    except Unreadable as exc:
        errors.add(Mark(name, 1, 1), f"'{path.name}' {exc}", hint="keep the game's files as plain files inside its "
                   "folder; split a big file into several", code="file")
        return YamlDocument(path, None, source)
    text = decode(data, name, errors)
    if text is None:
        return YamlDocument(path, None, source)
    return load_yaml_text(text, name, errors)


def _compose(text: str) -> yaml.Node | None:
    """The node tree, by libyaml's parser when it is present and accepts the text, else by PyYAML's."""
    if FAST_LOADER is not None:
        try:
            node: yaml.Node | None = yaml.compose(text, Loader=FAST_LOADER)
            return node
        except Exception:  # noqa: BLE001 - what libyaml refuses is read again for PyYAML's own message
            pass
    return yaml.compose(text, Loader=_PureLoader)


# the parser notices these only on a later line; the mistake is where they start
OPENED_BEFORE = frozenset({"while parsing a flow mapping", "while parsing a flow sequence",
                           "while scanning a quoted scalar", "while scanning a simple key"})


def load_yaml_text(text: str, name: str, errors: ErrorList) -> YamlDocument:
    """Load YAML from a string (used by `load_yaml` and tests)."""
    try:
        node = _compose(text)
        builder = _Builder(name, errors)
        return YamlDocument(Path(name), None if node is None else builder.build(node, (), 0), builder.source)
    except _Refused as exc:
        where = exc.where or node  # the whole document: where it starts
        errors.add(_mark(name, where) if where else Mark(name, 1, 1), exc.message, hint=exc.hint, code="limit")
    except yaml.constructor.ConstructorError as exc:
        mark = exc.problem_mark
        errors.add(Mark(name, mark.line + 1 if mark else 1, mark.column + 1 if mark else 1),
                   f"unsupported YAML value: {exc.problem}", hint="only plain YAML values are allowed", code="syntax")
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        if exc.context in OPENED_BEFORE and exc.context_mark is not None and exc.problem_mark is not None:
            mark = exc.context_mark  # an unclosed `{`, `[` or quote, a key without its colon: where it starts
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = exc.problem or exc.context or "invalid YAML"
        context = f" ({exc.context})" if exc.context and exc.problem else ""
        errors.add(Mark(name, line, col), f"YAML syntax error: {problem}{context}",
                   hint="check indentation and quoting near this place", code="syntax")
    except yaml.YAMLError as exc:
        errors.add(Mark(name, 1, 1), f"YAML error: {exc}", code="syntax")
    return YamlDocument(Path(name), None, SourceMap(name))
