"""A layout face's per-card values evaluated in one Jinja render instead of one call per value.

Evaluating each geometry expression and text template of a layout separately costs a Jinja
context per value (~50 per card). This compiles a face's `vars` and elements into templates that
print every value between separator characters:

- the *static* program holds values that use only what all cards of a kind share (W, H, kind,
  game, lang, side and the layout's constants); it runs once per kind, language and side;
- the *dynamic* program holds the rest, with each element's `when` as an `{% if %}`, and runs
  once per card.

If anything goes wrong (a template error, a value that does not parse) the caller falls back to
evaluating value by value, which pinpoints the problem for the error message. A card that reads
the same values as an earlier one of its kind gets that card's output with its own printed
texts (its name) filled in (generator.layout.value_memo).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from jinja2 import TemplateError, meta

from generator.layout.spec import FaceSpec, GroupSpec
from generator.layout.templating import ENV
from generator.layout.value_memo import MARK, MAX_OUTPUTS, ValueMemo, dependencies, fill
from generator.sandbox import steps

ELEMENT_SEP = "\x1d"
VALUE_SEP = "\x1e"
TEMPLATE_KEYS = frozenset({"text", "name", "fill", "stroke", "color", "src", "seed", "motif"})
PLAIN_KEYS = frozenset({"type", "id", "before", "after", "when", "field", "font", "align", "valign", "dash",
                        "optional", "repeat", "elements"})
SHARED_NAMES = frozenset({"W", "H", "B", "kind", "game", "lang", "side", "resources", "resource", "label"})
COPIES = "repeat"  # the key under which a group's address holds its number of copies


class ProgramMiss(Exception):
    """The one-render path could not produce the values; evaluate them one by one instead."""


# address -> {key: printed value}: "3" is the fourth element, "3.1.0" a group's second element in its first copy
Printed = dict[str, dict[str, str]]
Keys = dict[str, tuple[str, ...]]  # by address pattern: "3", or "3.1" for a group's element in every copy


@lru_cache(maxsize=4096)  # the same few addresses come back on every card
def _pattern(address: str) -> str:
    """`3` and `3.1` are their own patterns; a copy's address `3.1.0` has the pattern `3.1`."""
    parts = address.split(".")
    if not all(part.isdigit() for part in parts) or len(parts) not in (1, 2, 3):
        raise ProgramMiss("a printed value contains a separator character")
    return ".".join(parts[:2])


def _parse(output: str, keys: Keys) -> Printed:
    """The printed values by address."""
    values: Printed = {}
    for record in output.split(ELEMENT_SEP)[1:]:
        address, *printed = record.split(VALUE_SEP)
        expected = keys.get(_pattern(address))
        if expected is None or address in values or len(printed) != len(expected):
            raise ProgramMiss("a printed value contains a separator character")
        values[address] = dict(zip(expected, printed, strict=False))
    return values


class PrintedFace:
    """One card's printed values: per address its record as printed (address and the values that vary by card,
    what identifies the element's items among cards of the same `scope`) and, when asked, all its values.

    A face made from a remembered output (generator.layout.value_memo) names it as `shape`: cards of the
    same shape differ only in the records at `filled`, where each has its own texts."""

    __slots__ = ("filled", "keys", "records", "scope", "shape", "shared")

    def __init__(self, output: str, keys: Keys, shared: Printed, scope: str):
        self.keys, self.shared, self.scope = keys, shared, scope
        self.shape: tuple | None = None
        self.filled: frozenset[str] = frozenset()
        self.records: dict[str, tuple[str, str, list[str]]] = {}  # address -> (record, pattern, values)
        for record in output.split(ELEMENT_SEP)[1:]:
            address, *printed = record.split(VALUE_SEP)
            pattern = _pattern(address)
            expected = keys.get(pattern)
            if expected is None or address in self.records or len(printed) != len(expected):
                raise ProgramMiss("a printed value contains a separator character")
            self.records[address] = (record, pattern, printed)

    def with_texts(self, shape: tuple, texts: list[str]) -> PrintedFace:
        """This face (parsed from an output with markers at `filled`) with `texts` in the markers' places."""
        face = PrintedFace("", self.keys, self.shared, self.scope)
        face.shape = shape
        face.filled = self.filled
        face.records = dict(self.records)
        for address in face.filled:
            record = fill(self.records[address][0], texts)
            _, *printed = record.split(VALUE_SEP)
            if len(printed) != len(self.records[address][2]):
                raise ProgramMiss("a printed value contains a separator character")
            face.records[address] = (record, self.records[address][1], printed)
        return face

    def __contains__(self, address: str) -> bool:
        return address in self.records

    def record(self, address: str) -> str:
        return self.records[address][0]

    def copies(self, address: str) -> int:
        """How many copies the group at `address` has on this card."""
        return int(self.records[address][2][0])

    def values(self, address: str) -> dict[str, str]:
        """Every value of the element at `address`: the shared ones, then this card's."""
        _, pattern, printed = self.records[address]
        merged = dict(self.shared.get(pattern, {}))
        merged.update(zip(self.keys[pattern], printed, strict=False))
        return merged


def _render(template, context: dict[str, Any]) -> str:
    try:
        with steps():
            return template.render(context)
    except (TemplateError, TypeError, ValueError, ArithmeticError, RecursionError, MemoryError) as exc:
        raise ProgramMiss(str(exc)) from None


@dataclass(frozen=True)
class FaceProgram:
    """The two compiled templates and, per address pattern, which keys each prints (in order)."""

    static: Any
    static_keys: Keys
    dynamic: Any
    dynamic_keys: Keys
    memo: ValueMemo | None = field(default=None, compare=False)  # outputs by the card values read
    parsed: dict[tuple, PrintedFace] = field(default_factory=dict, compare=False)  # those outputs, parsed

    def render(self, context: dict[str, Any]) -> str:
        """The dynamic program's output for one card."""
        return _render(self.dynamic, context)

    def run_static(self, context: dict[str, Any]) -> Printed:
        """The shared values, for a context of one kind, language and side."""
        return _parse(_render(self.static, context), self.static_keys)

    def run(self, context: dict[str, Any], shared: Printed, scope: str) -> PrintedFace:
        """The values of every element (and copy) drawn on this card; `shared` holds the values `run_static`
        gave for `scope`, which names the kind, language and side (the cards whose shared values are those)."""
        if self.memo is None:
            return PrintedFace(self.render(context), self.dynamic_keys, shared, scope)
        shape, output, texts = self.memo.find(context, scope)
        if shape is None or any(ELEMENT_SEP in text or VALUE_SEP in text for text in texts):
            return PrintedFace(fill(output, texts), self.dynamic_keys, shared, scope)
        parsed = self.parsed.get(shape)
        if parsed is None:
            if len(self.parsed) >= MAX_OUTPUTS:
                self.parsed.clear()
            parsed = self.parsed[shape] = PrintedFace(output, self.dynamic_keys, shared, scope)
            parsed.filled = frozenset(address for address, (record, _, _) in parsed.records.items() if MARK in record)
        return parsed.with_texts(shape, texts)


def _names(source: str, template: bool) -> set[str]:
    return set(meta.find_undeclared_variables(ENV.parse(source if template else "{{ (" + source + ") }}")))


def _expression(value: Any) -> str:
    return value if isinstance(value, str) else repr(value)


class _Sources:
    """Builds the two templates' sources element by element."""

    def __init__(self, constants: set[str]):
        self.shared_names = SHARED_NAMES | constants
        self.static: list[str] = []
        self.dynamic: list[str] = []
        self.static_keys: Keys = {}
        self.dynamic_keys: Keys = {}

    def values(self, element: Any, pattern: str, address: str) -> tuple[str, str]:
        """The static and dynamic bodies of one element; `address` may hold template code (a copy's index)."""
        bodies: dict[bool, list[str]] = {True: [ELEMENT_SEP, pattern], False: [ELEMENT_SEP, address]}
        keys: dict[bool, list[str]] = {True: [], False: []}
        for key, value in element:
            if key in PLAIN_KEYS or not isinstance(value, str):
                continue
            template = key in TEMPLATE_KEYS
            static = _names(value, template) <= self.shared_names
            keys[static].append(key)
            bodies[static] += [VALUE_SEP, value if template else "{{ (" + value + ") }}"]
        self.static_keys[pattern] = tuple(keys[True])
        self.dynamic_keys[pattern] = tuple(keys[False])
        return "".join(bodies[True]), "".join(bodies[False])

    @staticmethod
    def when(element: Any, body: str) -> str:
        if isinstance(element.when, str):
            return "{% if (" + element.when + ") %}" + body + "{% endif %}"
        return body if element.when is None or element.when else ""

    def element(self, index: int, element: Any) -> None:
        if isinstance(element, GroupSpec):
            self.group(index, element)
            return
        static, dynamic = self.values(element, str(index), str(index))
        self.static.append(static)
        self.dynamic.append(self.when(element, dynamic))

    def group(self, index: int, group: GroupSpec) -> None:
        """A group prints its number of copies, then each element of each copy at `index.element.copy`."""
        self.dynamic_keys[str(index)] = (COPIES,)
        children = []
        for child_index, child in enumerate(group.elements):
            pattern = f"{index}.{child_index}"
            static, dynamic = self.values(child, pattern, pattern + ".{{ index }}")
            self.static.append(static)
            children.append(self.when(child, dynamic))
        body = (ELEMENT_SEP + str(index) + VALUE_SEP + "{% set pnp_copies = pnp_repeat((" + _expression(group.repeat)
                + ")) %}{{ pnp_copies | length }}{% for item in pnp_copies %}{% set index = loop.index0 %}"
                + "".join(children) + "{% endfor %}")
        self.dynamic.append(self.when(group, body))


def _sources(variables: dict[str, Any], constants: set[str], elements: list) -> tuple[str, Keys, str, Keys]:
    sources = _Sources(constants)
    sources.dynamic = ["{% set " + name + " = (" + _expression(value) + ") %}" for name, value in variables.items()]
    for index, element in enumerate(elements):
        sources.element(index, element)
    return "".join(sources.static), sources.static_keys, "".join(sources.dynamic), sources.dynamic_keys


@lru_cache(maxsize=64)
def _compile(source: str):
    return ENV.from_string(source)


def compile_face(variables: dict[str, Any], constants: set[str], face: FaceSpec,
                 part: str = "content") -> FaceProgram | None:
    """The program of a face's `part`, or None when it does not compile (the slow path reports why)."""
    try:
        static, static_keys, dynamic, dynamic_keys = _sources(variables, constants, getattr(face, part))
        program = FaceProgram(_compile(static), static_keys, _compile(dynamic), dynamic_keys)
        found = dependencies(dynamic, SHARED_NAMES | frozenset(constants))
        return replace(program, memo=ValueMemo(found, program.render))
    except TemplateError:
        return None
