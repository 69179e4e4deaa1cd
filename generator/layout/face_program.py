"""A layout face's per-card values evaluated in one Jinja render instead of one call per value.

Evaluating each geometry expression and text template of a layout separately costs a Jinja
context per value (~50 per card). This compiles a face's `vars` and elements into templates that
print every value between separator characters:

- the *static* program holds values that use only what all cards of a kind share (W, H, kind,
  game, lang, side and the layout's constants); it runs once per kind, language and side;
- the *dynamic* program holds the rest, with each element's `when` as an `{% if %}`, and runs
  once per card.

If anything goes wrong (a template error, a value that does not parse) the caller falls back to
evaluating value by value, which pinpoints the problem for the error message.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from jinja2 import TemplateError, meta

from generator.layout.spec import FaceSpec
from generator.layout.templating import ENV, VALUE_SECONDS
from generator.sandbox import deadline

ELEMENT_SEP = "\x1d"
VALUE_SEP = "\x1e"
TEMPLATE_KEYS = frozenset({"text", "name", "fill", "stroke", "color", "src"})
PLAIN_KEYS = frozenset({"type", "when", "field", "font", "align", "valign", "dash", "optional"})
SHARED_NAMES = frozenset({"W", "H", "B", "kind", "game", "lang", "side"})


class ProgramMiss(Exception):
    """The one-render path could not produce the values; evaluate them one by one instead."""


Printed = dict[int, dict[str, str]]


def _parse(output: str, keys: tuple[tuple[str, ...], ...]) -> Printed:
    values: Printed = {}
    for record in output.split(ELEMENT_SEP)[1:]:
        index_text, *printed = record.split(VALUE_SEP)
        index = int(index_text) if index_text.isdigit() else -1
        if not 0 <= index < len(keys) or index in values or len(printed) != len(keys[index]):
            raise ProgramMiss("a printed value contains a separator character")
        values[index] = dict(zip(keys[index], printed))
    return values


def _render(template, context: dict[str, Any]) -> str:
    try:
        with deadline(VALUE_SECONDS):
            return template.render(context)
    except (TemplateError, TypeError, ValueError, ArithmeticError, RecursionError, MemoryError) as exc:
        raise ProgramMiss(str(exc)) from None


@dataclass(frozen=True)
class FaceProgram:
    """The two compiled templates and, per element, which keys each prints (in order)."""

    static: Any
    static_keys: tuple[tuple[str, ...], ...]
    dynamic: Any
    dynamic_keys: tuple[tuple[str, ...], ...]

    def run_static(self, context: dict[str, Any]) -> Printed:
        """The shared values, for a context of one kind, language and side."""
        return _parse(_render(self.static, context), self.static_keys)

    def run(self, context: dict[str, Any], shared: Printed) -> Printed:
        """Element index -> {key: printed value} for every element whose `when` holds on this card."""
        dynamic = _parse(_render(self.dynamic, context), self.dynamic_keys)
        return {index: {**shared.get(index, {}), **values} for index, values in dynamic.items()}


def _names(source: str, template: bool) -> set[str]:
    return set(meta.find_undeclared_variables(ENV.parse(source if template else "{{ (" + source + ") }}")))


def _sources(variables: dict[str, Any], constants: set[str], elements: list) -> tuple[str, tuple, str, tuple]:
    shared_names = SHARED_NAMES | constants
    static_parts: list[str] = []
    dynamic_parts = ["{% set " + name + " = (" + (value if isinstance(value, str) else repr(value)) + ") %}"
                     for name, value in variables.items()]
    static_keys: list[tuple[str, ...]] = []
    dynamic_keys: list[tuple[str, ...]] = []
    for index, element in enumerate(elements):
        bodies: dict[bool, list[str]] = {True: [ELEMENT_SEP, str(index)], False: [ELEMENT_SEP, str(index)]}
        keys: dict[bool, list[str]] = {True: [], False: []}
        for key, value in element:
            if key in PLAIN_KEYS or not isinstance(value, str):
                continue
            template = key in TEMPLATE_KEYS
            static = _names(value, template) <= shared_names
            keys[static].append(key)
            bodies[static] += [VALUE_SEP, value if template else "{{ (" + value + ") }}"]
        static_keys.append(tuple(keys[True]))
        dynamic_keys.append(tuple(keys[False]))
        static_parts.append("".join(bodies[True]))
        if isinstance(element.when, str):
            dynamic_parts.append("{% if (" + element.when + ") %}" + "".join(bodies[False]) + "{% endif %}")
        elif element.when is None or element.when:
            dynamic_parts.append("".join(bodies[False]))
    return "".join(static_parts), tuple(static_keys), "".join(dynamic_parts), tuple(dynamic_keys)


@lru_cache(maxsize=64)
def _compile(source: str):
    return ENV.from_string(source)


def compile_face(variables: dict[str, Any], constants: set[str], face: FaceSpec,
                 part: str = "content") -> FaceProgram | None:
    """The program of a face's `part`, or None when it does not compile (the slow path reports why)."""
    try:
        static, static_keys, dynamic, dynamic_keys = _sources(variables, constants, getattr(face, part))
        return FaceProgram(_compile(static), static_keys, _compile(dynamic), dynamic_keys)
    except TemplateError:
        return None
