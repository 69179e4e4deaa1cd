"""Jinja2 for layouts: a sandbox with StrictUndefined, because layouts may come from a game's folder.

Layout values are either plain numbers/strings or Jinja: text and colours are templates
(`"{{ face.name }}"`), geometry and conditions are expressions (`"H - 12"`, `"face.flavor"`).
A misspelt variable is an error, never an empty string.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from jinja2 import StrictUndefined, TemplateError, TemplateRuntimeError

from generator.sandbox import BoundedSandbox, steps


class LayoutTemplateError(ValueError):
    """A layout template or expression that does not compile or does not evaluate."""


@lru_cache(maxsize=1024)  # a layout tints the same few colours on every card
def _mix(colour: str, other: tuple[int, int, int], amount: float) -> str:
    colour = colour.lstrip("#")
    rgb = [int(colour[i:i + 2], 16) for i in (0, 2, 4)]
    amount = max(0.0, min(1.0, float(amount)))
    mixed = [round(c + (o - c) * amount) for c, o in zip(rgb, other, strict=False)]
    return "#" + "".join(f"{c:02x}" for c in mixed)


def tint(colour: str, amount: float) -> str:
    """`colour` mixed with white: tint('#1d2b5a', 0.85) is a pale version of it."""
    return _mix(colour, (255, 255, 255), amount)


def shade(colour: str, amount: float) -> str:
    """`colour` mixed with black."""
    return _mix(colour, (0, 0, 0), amount)


MAX_REPEAT = 100  # copies of a repeated group: a card has room for a few dozen boxes, content is untrusted


def repeat_items(value: Any) -> list[Any]:
    """What a group's `repeat` gives: n copies (items 0..n-1) for a number, one per item for a list, once for none."""
    if value is None:
        return [0]
    if isinstance(value, bool) or not isinstance(value, (int, float, list, tuple)):
        raise TemplateRuntimeError(f"`repeat` is {value!r}: give a number of copies or a list")
    if isinstance(value, (int, float)):
        if value != int(value) or value < 0:
            raise TemplateRuntimeError(f"`repeat` is {value!r}: give a whole number of copies")
        count = int(value)
        if count > MAX_REPEAT:
            raise TemplateRuntimeError(f"`repeat` asks for {count} copies; at most {MAX_REPEAT}")
        return list(range(count))
    if len(value) > MAX_REPEAT:
        raise TemplateRuntimeError(f"`repeat` lists {len(value)} items; at most {MAX_REPEAT}")
    return list(value)


_DICT_ATTRIBUTES = frozenset(dir(dict))


class _LayoutSandbox(BoundedSandbox):
    """The sandbox, with `face.name` on a plain dict found without the failed attribute lookup first."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        # the sandbox tries getattr(obj, attribute) and, on AttributeError, obj[attribute]: a plain dict has no
        # attributes but its type's, so a key that is not one of them is what that lookup ends in (a layout reads
        # ~20 per card: the raised and caught error was a tenth of the layout step)
        if type(obj) is dict and attribute not in _DICT_ATTRIBUTES and attribute in obj:
            return obj[attribute]
        return super().getattr(obj, attribute)


ENV = _LayoutSandbox(undefined=StrictUndefined, autoescape=False, keep_trailing_newline=False)
ENV.filters.update(tint=tint, shade=shade)
ENV.globals.update(pnp_repeat=repeat_items)


@lru_cache(maxsize=2048)
def _template(source: str):
    try:
        return ENV.from_string(source)
    except TemplateError as exc:
        raise LayoutTemplateError(f"template {source!r} does not compile: {exc}") from None


@lru_cache(maxsize=2048)
def _expression(source: str):
    try:
        return ENV.compile_expression(source, undefined_to_none=False)
    except TemplateError as exc:
        raise LayoutTemplateError(f"expression {source!r} does not compile: {exc}") from None


def render(source: str, context: dict[str, Any]) -> str:
    """Render a text template; a plain string without `{{`/`{%` is returned as it is."""
    if "{" not in source:
        return source
    try:
        with steps():
            return _template(source).render(context)
    except (TemplateError, RecursionError, MemoryError) as exc:
        raise LayoutTemplateError(f"template {source!r}: {exc}") from None


def evaluate(value: Any, context: dict[str, Any]) -> Any:
    """Evaluate a geometry/condition value: numbers and booleans pass, strings are expressions."""
    if not isinstance(value, str):
        return value
    try:
        with steps():
            return _expression(value)(**context)
    except (TemplateError, RecursionError, MemoryError) as exc:
        raise LayoutTemplateError(f"expression {value!r}: {exc}") from None
    except (TypeError, ValueError, ZeroDivisionError, ArithmeticError) as exc:
        raise LayoutTemplateError(f"expression {value!r}: {exc}") from None


def check_compiles(value: Any, *, template: bool) -> str | None:
    """The compile error of a layout value, or None (used when a layout file is loaded)."""
    if not isinstance(value, str):
        return None
    try:
        (_template if template else _expression)(value)
    except LayoutTemplateError as exc:
        return str(exc)
    return None
