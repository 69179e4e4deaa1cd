"""Jinja's immutable sandbox with budgets: content templates may not hang a build or eat its memory.

Jinja's sandbox keeps templates from reaching Python, not from asking for `9 ** (9 ** 9)`,
`"x" * 10**9`, `center(10**9)` or loops inside loops. Here operators, joins, calls and filters are
checked before they run against the MAX_* bounds below, and every render spends from one budget of
steps (`steps()`), so a template that goes past it stops at its line. Jinja has no `while` and
no unbounded recursion, so loops, calls and filters over large inputs are the ways to long work.
Every refusal is a `SecurityError` (a TemplateError), reported at the template's file and line.
"""
from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from jinja2 import Template, nodes
from jinja2.compiler import CodeGenerator
from jinja2.exceptions import SecurityError
from jinja2.runtime import Macro
from jinja2.sandbox import ImmutableSandboxedEnvironment

MAX_ARGUMENT = 10_000          # an integer given to a call (`range` too) or filter, a format width
MAX_SEQUENCE = 1_000_000       # characters of a string, items of a list, made by one operation
MAX_BITS = 4_096               # an integer result of `**` or `*`
MAX_STEPS = 1_000_000          # of one render: a loop's turn, a call, an item given to a filter (bundled max: 756)
MACRO_STEPS = 10               # a macro's call: Jinja binds its arguments in Python, some ten loop turns' work
CHARACTERS_PER_STEP = 64       # a step per this many characters given to a filter or made (C speed)
FORMAT_WIDTH = re.compile(r"\d{5,}")
FORMATS = frozenset({"format", "format_map", "%"})  # a text's formatting: filter, methods, operator
_NUMBERS = frozenset({int, float})
_SUM_OR_REMAINDER = frozenset({"+", "%"})


class TemplateBudgetError(SecurityError):
    """A template asked for more work or memory than any game needs."""

    template_line: int = 0  # where the template was stopped, when render_bounded knows it


class TooManySteps(TemplateBudgetError):
    def __init__(self) -> None:
        super().__init__(f"the template takes more than {MAX_STEPS:,} steps (loops inside loops, or a macro that "
                         "calls itself more than once?)")


_BUDGET: ContextVar[list[int] | None] = ContextVar("pnp_template_budget", default=None)  # the steps left


@contextmanager
def steps(budget: int = MAX_STEPS) -> Iterator[None]:
    """Run the block's renders on one budget of `budget` steps; nested blocks spend from the outer one."""
    token = _BUDGET.set(_BUDGET.get() or [budget])
    try:
        yield
    finally:
        _BUDGET.reset(token)


def _spend(steps: int = 1, budget: list[int] | None = None) -> None:
    budget = budget or _BUDGET.get()
    if budget is not None:
        budget[0] -= steps
        if budget[0] < 0:
            raise TooManySteps()


def _filter_steps(values: Iterable[Any]) -> int:
    """What a filter given `values` costs: one step, one per item of a collection, a few per text."""
    cost = 1
    for value in values:
        if isinstance(value, (str, bytes)):
            cost += len(value) // CHARACTERS_PER_STEP
        elif isinstance(value, (list, tuple, dict, set, frozenset, range)):
            cost += len(value)
    return cost


def counted(iterable: Any) -> Any:
    """A loop's iterable, its turns paid for: all at once when its length is known, else turn by turn."""
    budget = _BUDGET.get()
    if budget is None:
        return iterable
    try:
        _spend(len(iterable), budget)
        return iterable
    except TypeError:  # no length (a generator): paid as it goes
        return _counted_turns(iterable, budget)


def _counted_turns(iterable: Iterable[Any], budget: list[int]) -> Iterator[Any]:
    for item in iterable:
        _spend(1, budget)
        yield item


def _length(value: Any) -> int | None:
    return len(value) if isinstance(value, (str, bytes, list, tuple)) else None


def _made(value: Any, what: str) -> None:
    """An operator's result: refused beyond MAX_SEQUENCE items, paid one step and one per CHARACTERS_PER_STEP."""
    size = _length(value) or 0
    if size > MAX_SEQUENCE:
        raise TemplateBudgetError(f"{what} would make {size:,} items (at most {MAX_SEQUENCE:,})")
    _spend(1 + size // CHARACTERS_PER_STEP)


def _check_power(left: Any, right: Any) -> None:
    if isinstance(left, int) and isinstance(right, int) and right > 0 \
            and (right > MAX_BITS or max(1, abs(left).bit_length()) * right > MAX_BITS):
        raise TemplateBudgetError(f"{left} ** {right} is far larger than any number a game needs")


def _check_product(left: Any, right: Any) -> None:
    for seq, times in ((left, right), (right, left)):
        size = _length(seq)
        if size is not None and isinstance(times, int) and size * times > MAX_SEQUENCE:
            raise TemplateBudgetError(f"repeating {size:,} items {times:,} times is more than {MAX_SEQUENCE:,}")
    if isinstance(left, int) and isinstance(right, int) and left.bit_length() + right.bit_length() > MAX_BITS:
        raise TemplateBudgetError("the product is far larger than any number a game needs")


def _check_text(operation: str, text: Any, args: tuple[Any, ...] = ()) -> None:
    """A text's formatting (FORMATS) without a giant width, its `replace` (filter, method) without a giant result."""
    if not isinstance(text, str):
        return
    if operation in FORMATS and any(int(width) > MAX_ARGUMENT for width in FORMAT_WIDTH.findall(text)):
        raise TemplateBudgetError(f"a format width above {MAX_ARGUMENT:,}")
    if operation == "replace" and len(args) >= 2 and isinstance(args[0], str) and isinstance(args[1], str):
        count = text.count(args[0]) if args[0] else len(text) + 1
        if len(text) + count * max(0, len(args[1]) - len(args[0])) > MAX_SEQUENCE:
            raise TemplateBudgetError(f"the replacement would make more than {MAX_SEQUENCE:,} characters")


def _check_arguments(args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    for value in itertools.chain(args, kwargs.values()):
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_ARGUMENT:
            raise TemplateBudgetError(f"an argument of {value:,} (at most {MAX_ARGUMENT:,})")


def _bounded_filter(function: Callable[..., Any]) -> Callable[..., Any]:
    skip = 2 if hasattr(function, "jinja_pass_arg") else 1  # (context/environment,) value, arguments...

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        _check_arguments(args[skip:], kwargs)
        _spend(_filter_steps(itertools.chain(args[skip - 1:], kwargs.values())))
        if len(args) >= skip:
            _check_text(function.__name__.removeprefix("do_"), args[skip - 1], args[skip:])
        return function(*args, **kwargs)

    return functools.update_wrapper(wrapper, function)  # its name, and Jinja's mark `jinja_pass_arg` if it has one


class _BoundedCodeGenerator(CodeGenerator):
    """Compiles `a ~ b` to a checked join and a loop over `x` to one over `counted(x)` (Jinja's own join and
    loop have no hook a sandbox can use)."""

    def visit_For(self, node, frame) -> None:  # noqa: N802 - Jinja's visitor name
        paid = nodes.Call(nodes.EnvironmentAttribute("counted"), [node.iter], [], None, None, lineno=node.iter.lineno)
        super().visit_For(nodes.For(node.target, paid, node.body, node.else_, node.test, node.recursive,
                                    lineno=node.lineno, environment=self.environment), frame)

    def visit_Concat(self, node, frame) -> None:  # noqa: N802 - Jinja's visitor name
        self.write("environment.bounded_join((")
        for argument in node.nodes:
            self.visit(argument, frame)
            self.write(", ")
        self.write("))")


class _BudgetedTemplate(Template):
    """A template whose `render` spends from a budget of its own unless it runs inside `steps()`."""

    def render(self, *args: Any, **kwargs: Any) -> str:
        with steps():
            return super().render(*args, **kwargs)


class BoundedSandbox(ImmutableSandboxedEnvironment):
    """The immutable sandbox plus the budgets above."""

    intercepted_binops = frozenset({"**", "*", "+", "%"})
    code_generator_class = _BoundedCodeGenerator
    template_class = _BudgetedTemplate

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.globals.pop("lipsum", None)
        self.filters = {name: _bounded_filter(f) for name, f in self.filters.items()}

    counted = staticmethod(counted)

    def bounded_join(self, parts: tuple) -> str:
        text = "".join(str(part) for part in parts)
        _made(text, "joining text")
        return text

    def call_binop(self, context, operator: str, left: Any, right: Any) -> Any:
        # a layout's geometry is mostly number arithmetic, checked for nothing: a float stays a float, and a
        # sum or remainder of two integers is at most a bit longer than the longer one (booleans are not numbers here)
        kinds = {type(left), type(right)}
        if kinds <= _NUMBERS and (operator in _SUM_OR_REMAINDER or float in kinds):
            return self.binop_table[operator](left, right)
        if operator == "**":
            _check_power(left, right)
        elif operator == "*":
            _check_product(left, right)
        elif operator == "%":
            _check_text("%", left)
        result = super().call_binop(context, operator, left, right)
        _made(result, f"`{operator}`")
        return result

    def call(__self, __context, __obj, *args: Any, **kwargs: Any) -> Any:  # noqa: N805 - Jinja's signature
        _check_arguments(args, kwargs)
        _spend(MACRO_STEPS if isinstance(__obj, Macro) else 1)
        method = getattr(__obj, "__wrapped__", __obj)  # Jinja wraps a text's format and format_map
        _check_text(getattr(method, "__name__", ""), getattr(method, "__self__", None), args)  # `"{:>99999}".format(1)`
        return super().call(__context, __obj, *args, **kwargs)


def render_bounded(template: Any, context: dict[str, Any], max_chars: int,
                   origins: list[tuple[int, int]] | None = None) -> str:
    """Render `template` within MAX_STEPS steps, stopping once its output passes `max_chars`.

    A budget error carries `template_line`: where the template was when it was stopped. `origins`
    receives, per piece of output, its end offset and the line of the compiled template that wrote
    it (`template.get_corresponding_lineno` gives the source line), so a fault found in the output
    later can be named where it was written.
    """
    generator = template.root_render_func(template.new_context(context))
    parts: list[str] = []
    size = 0
    try:
        with steps():
            for part in generator:
                size += len(part)
                if size > max_chars:
                    raise TemplateBudgetError(f"the page grows beyond {max_chars:,} characters")
                parts.append(part)
                if origins is not None and generator.gi_frame is not None:
                    origins.append((size, generator.gi_frame.f_lineno))
    except TemplateBudgetError as exc:
        frame = generator.gi_frame
        if frame is not None:  # stopped between two outputs: the template waits at its current line
            exc.template_line = template.get_corresponding_lineno(frame.f_lineno)
            generator.close()
            raise
        template.environment.handle_exception()  # raised inside the template: Jinja maps the lines
    except Exception:
        template.environment.handle_exception()
    return "".join(parts)
