"""A face program's output remembered by the card values it reads, with the texts it only prints filled in.

Cards of a big deck often repeat a design and differ in little more than their names. The
per-card program (generator.layout.face_program) is a Jinja render of every value of the
face; this finds, once per program, which card values it reads (`face.flavor`, `fields`,
`cost`, ...) and which paths it only prints as they are (`{{ face.name }}`: nothing else of
the program depends on them). A card whose read values equal an earlier card's of the same
kind, language and side gets that card's output, rendered once with a marker where each
printed-only text goes, with its own texts put in their place: the string the render gives.

Anything the analysis cannot be sure of goes to the plain render: a value that is not plain
data (str, numbers, None, lists and dicts of them), a name the card lacks, a template that sets
a name the card's context also has. A printed path whose value is not a str, holds the marker
character or is very long is part of the key instead, printed by the render.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from jinja2 import nodes

from generator.layout.templating import ENV

MARK = "\x1f"  # no printed value holds it (checked); the face program's separators are \x1d and \x1e
MAX_TEXT = 10_000  # a printed text longer than this is rendered (the render's size budget sees it)
MAX_OUTPUTS = 4096  # outputs kept per program

Path = tuple[str, ...]
_SCALARS = (int, float, bool)
_DICT_ATTRIBUTES = frozenset(dir(dict))
_FILLED = object()  # in a key: this printed text is filled in (no frozen value is this object)


class _Unsure(Exception):
    """This card's values cannot name an output safely: render it."""


@dataclass(frozen=True)
class Dependencies:
    """What a program reads of a card: paths whose values decide its output, and paths it only prints."""

    read: tuple[Path, ...]
    printed: tuple[Path, ...]
    stored: frozenset[str]  # names the template sets: a card value of the same name would be shadowed


def _chains(node: nodes.Node, parents: tuple[nodes.Node, ...], found: list, stored: set[str]) -> None:
    """Every loaded name with the attribute path above it, and whether that path is printed as it is."""
    if isinstance(node, nodes.Name):
        if node.ctx != "load":
            stored.add(node.name)
            return
        path = [node.name]
        current: nodes.Node = node
        above = len(parents) - 1
        while above >= 0:
            parent = parents[above]
            if isinstance(parent, nodes.Getattr) and parent.node is current:
                path.append(parent.attr)
            elif (isinstance(parent, nodes.Getitem) and parent.node is current and isinstance(parent.arg, nodes.Const)
                  and isinstance(parent.arg.value, str)):
                path.append(parent.arg.value)
            else:
                break
            current = parent
            above -= 1
        found.append((tuple(path), above >= 0 and isinstance(parents[above], nodes.Output)))
        return
    for child in node.iter_child_nodes():
        _chains(child, (*parents, node), found, stored)


def dependencies(source: str, static: frozenset[str]) -> Dependencies:
    """The card paths `source` reads and prints (names in `static`, the environment's globals and what the
    template sets itself are the same for every card of a scope)."""
    found: list[tuple[Path, bool]] = []
    stored: set[str] = set()
    _chains(ENV.parse(source), (), found, stored)
    own = static | stored | ENV.globals.keys() | {"loop"}
    card = [(path, printed) for path, printed in found if path[0] not in own]
    printed_only = {path for path, _ in card
                    if all(other == path and printed for other, printed in card
                           if other[:len(path)] == path or path[:len(other)] == other)}
    read = sorted({path for path, _ in card if path not in printed_only})
    return Dependencies(tuple(read), tuple(sorted(printed_only)), frozenset(stored))


def _resolve(context: dict[str, Any], path: Path) -> tuple[Any, bool]:
    """The value at `path` as the layout sandbox finds a plain dict's keys, and whether it got to the end
    (if not, the value of the longest prefix it could follow: what the output depends on then)."""
    try:
        value = context[path[0]]
    except KeyError:
        raise _Unsure from None
    for attribute in path[1:]:
        if type(value) is dict and attribute not in _DICT_ATTRIBUTES and attribute in value:
            value = value[attribute]
        else:
            return value, False
    return value, True


def _freeze(value: Any) -> Any:
    """A hashable stand-in for plain data that tells apart what prints differently (1, 1.0, True, -0.0)."""
    kind = type(value)
    if kind is str or value is None:
        return value
    if kind in _SCALARS:
        return kind.__name__, repr(value)
    if kind is list or kind is tuple:
        return kind.__name__, tuple(_freeze(item) for item in value)
    if kind is dict:
        return "dict", tuple((key, _freeze(item)) for key, item in value.items())
    raise _Unsure


def _marked(context: dict[str, Any], paths: list[Path]) -> dict[str, Any]:
    """The context with a marker at each of `paths` (the dicts on the way copied, the caller's untouched)."""
    marked = dict(context)
    copied: set[int] = set()
    for number, path in enumerate(paths):
        holder = marked
        for attribute in path[:-1]:
            inner = holder[attribute]
            if id(inner) not in copied:
                inner = holder[attribute] = dict(inner)
                copied.add(id(inner))
            holder = inner
        holder[path[-1]] = f"{MARK}{number}{MARK}"
    return marked


def fill(output: str, texts: list[str]) -> str:
    """`output` with the markers of `find` replaced by their texts."""
    for number, text in enumerate(texts):
        output = output.replace(f"{MARK}{number}{MARK}", text)
    return output


class ValueMemo:
    """One program's outputs by scope and read values; `render` is the program's plain render."""

    def __init__(self, found: Dependencies, render: Callable[[dict[str, Any]], str]):
        self.found = found
        self.render = render
        self.outputs: dict[tuple, str] = {}

    def output(self, context: dict[str, Any], scope: str) -> str:
        """What `render(context)` gives, from an earlier card's output when this card reads the same values."""
        _, output, texts = self.find(context, scope)
        return fill(output, texts)

    def find(self, context: dict[str, Any], scope: str) -> tuple[tuple | None, str, list[str]]:
        """(key, output with markers, texts for them): cards with the same key share that output. The key is
        None when the card's values cannot name one: the output is then the plain render, with no markers."""
        try:
            if not self.found.stored.isdisjoint(context):
                raise _Unsure
            key, texts, paths = self._key(context, scope)
        except _Unsure:
            return None, self.render(context), []
        output = self.outputs.get(key)
        if output is None:
            output = self.render(_marked(context, paths) if paths else context)
            if len(self.outputs) >= MAX_OUTPUTS:
                self.outputs.clear()
            self.outputs[key] = output
        return key, output, texts

    def _key(self, context: dict[str, Any], scope: str) -> tuple[tuple, list[str], list[Path]]:
        read = []
        for path in self.found.read:
            value, _ = _resolve(context, path)
            read.append(_freeze(value))
        texts: list[str] = []
        paths: list[Path] = []
        for path in self.found.printed:
            value, whole = _resolve(context, path)
            if whole and type(value) is str and MARK not in value and len(value) <= MAX_TEXT:
                texts.append(value)
                paths.append(path)
                read.append(_FILLED)
            else:  # printed as the render prints it: part of the key
                read.append(_freeze(value))
        return (scope, *read), texts, paths
