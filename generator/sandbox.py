"""Jinja's sandbox with budgets: content templates may not hang a build or eat its memory.

Rules pages and card layouts are Jinja from a game's folder. Jinja's sandbox keeps them from
reaching Python, but not from asking for `9 ** (9 ** 9)`, `"x" * 10**9`, `lipsum(10**6)` or
nested loops of a hundred thousand steps each. Here:

- `**`, `*`, `+` and `%` are checked before they run (no huge powers, no giant strings/lists);
- calls and filters may not pass integers above MAX_ARGUMENT (`center(10**9)`, `ljust`, ...);
- `range` is capped at MAX_RANGE and `lipsum` is gone;
- `~` joins are checked like `+`;
- every render runs under a deadline (`deadline()`): a watchdog thread raises RenderTimeout in
  the rendering thread when the time is up, whichever thread that is;
- `render_bounded` stops a template whose output grows past a size budget.

All of these raise a `jinja2.exceptions.SecurityError` subclass, a TemplateError, so callers
report them like any other template error: at the file and line of the template.
"""

from __future__ import annotations

import ctypes
import itertools
import os
import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from jinja2.compiler import CodeGenerator
from jinja2.exceptions import SecurityError
from jinja2.sandbox import ImmutableSandboxedEnvironment

MAX_RANGE = 10_000
MAX_ARGUMENT = 10_000
MAX_SEQUENCE = 1_000_000       # characters of a string, items of a list, made by one operation
MAX_BITS = 4_096               # an integer result of `**` or `*`
FORMAT_WIDTH = re.compile(r"\d{5,}")
_NUMBERS = frozenset({int, float})
_SUM_OR_REMAINDER = frozenset({"+", "%"})


class TemplateBudgetError(SecurityError):
    """A template asked for more work or memory than any game needs."""

    template_line: int = 0  # where the template was stopped, when render_bounded knows it


class RenderTimeout(TemplateBudgetError):
    def __init__(self, message: str = "the template took too long (a loop without end, or far too many steps?)"):
        super().__init__(message)


def _length(value: Any) -> int | None:
    return len(value) if isinstance(value, (str, bytes, list, tuple)) else None


def _check_size(value: Any, what: str) -> None:
    size = _length(value)
    if size is not None and size > MAX_SEQUENCE:
        raise TemplateBudgetError(f"{what} would make {size:,} items (at most {MAX_SEQUENCE:,})")


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


def _check_format(text: Any) -> None:
    if isinstance(text, str) and any(int(width) > MAX_ARGUMENT for width in FORMAT_WIDTH.findall(text)):
        raise TemplateBudgetError(f"a format width above {MAX_ARGUMENT:,}")


def _check_arguments(args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    for value in itertools.chain(args, kwargs.values()):
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_ARGUMENT:
            raise TemplateBudgetError(f"an argument of {value:,} (at most {MAX_ARGUMENT:,})")


def bounded_range(*args: int) -> range:
    """`range` for templates: at most MAX_RANGE steps."""
    result = range(*args)
    if len(result) > MAX_RANGE:
        raise TemplateBudgetError(f"range of {len(result):,} steps (at most {MAX_RANGE:,})")
    return result


def _bounded_filter(function: Callable[..., Any]) -> Callable[..., Any]:
    skip = 2 if hasattr(function, "jinja_pass_arg") else 1  # (context/environment,) value, arguments...

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        _check_arguments(args[skip:], kwargs)
        value = args[skip - 1] if len(args) >= skip else None
        if function.__name__ == "do_format":
            _check_format(value)
        elif function.__name__ == "do_replace" and len(args) >= skip + 2:
            _check_replace(value, args[skip], args[skip + 1])
        return function(*args, **kwargs)

    if hasattr(function, "jinja_pass_arg"):
        # Jinja marks a filter by an attribute on the function, which no function type declares
        wrapper.jinja_pass_arg = function.jinja_pass_arg  # type: ignore[attr-defined]
    wrapper.__name__ = function.__name__
    return wrapper


def _check_replace(value: Any, old: Any, new: Any) -> None:
    if isinstance(value, str) and isinstance(old, str) and isinstance(new, str):
        count = value.count(old) if old else len(value) + 1
        if len(value) + count * max(0, len(new) - len(old)) > MAX_SEQUENCE:
            raise TemplateBudgetError(f"the replacement would make more than {MAX_SEQUENCE:,} characters")


class _BoundedCodeGenerator(CodeGenerator):
    """Compiles `a ~ b` to a checked join (Jinja's own join has no hook a sandbox can use)."""

    def visit_Concat(self, node, frame) -> None:  # noqa: N802 - Jinja's visitor name
        self.write("environment.bounded_join((")
        for argument in node.nodes:
            self.visit(argument, frame)
            self.write(", ")
        self.write("))")


class BoundedSandbox(ImmutableSandboxedEnvironment):
    """The immutable sandbox plus the budgets above."""

    intercepted_binops = frozenset({"**", "*", "+", "%"})
    code_generator_class = _BoundedCodeGenerator

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.globals.pop("lipsum", None)
        self.globals["range"] = bounded_range
        self.filters = {name: _bounded_filter(f) for name, f in self.filters.items()}

    def bounded_join(self, parts: tuple) -> str:
        text = "".join(str(part) for part in parts)
        _check_size(text, "joining text")
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
            _check_format(left)
        result = super().call_binop(context, operator, left, right)
        _check_size(result, f"`{operator}`")
        return result

    def wrap_str_format(self, value: Any) -> Any:
        _check_format(getattr(value, "__self__", None))  # `"{:>999999999}".format(1)`
        return super().wrap_str_format(value)

    def call(__self, __context, __obj, *args: Any, **kwargs: Any) -> Any:  # noqa: N805 - Jinja's signature
        _check_arguments(args, kwargs)
        owner = getattr(__obj, "__self__", None)
        if isinstance(owner, str) and getattr(__obj, "__name__", "") == "replace" and len(args) >= 2:
            _check_replace(owner, args[0], args[1])
        return super().call(__context, __obj, *args, **kwargs)


# --- deadlines -----------------------------------------------------------------------------------
_lock = threading.Lock()
_deadlines: dict[int, tuple[float, int]] = {}   # thread id -> (deadline, depth)
_fired: set[int] = set()
_watchdog: threading.Thread | None = None


def _after_fork_in_child() -> None:
    """A forked child (generator.forked) has no watchdog thread, and the lock may have been held at the fork."""
    global _lock, _watchdog
    _lock = threading.Lock()
    _watchdog = None
    _deadlines.clear()
    _fired.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


def _raise_in(thread_id: int, exception: type[BaseException] | None) -> None:
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread_id),
                                               ctypes.py_object(exception) if exception else None)


def _watch() -> None:
    while True:
        time.sleep(0.05)
        now = time.monotonic()
        with _lock:
            for thread_id, (limit, _) in list(_deadlines.items()):
                if now > limit and thread_id not in _fired:
                    _fired.add(thread_id)
                    _raise_in(thread_id, RenderTimeout)


@contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Run the block with a time budget; past it, RenderTimeout is raised inside the block.

    Nested deadlines keep the outer (earlier) one. The exception arrives between Python steps,
    so code that is one long C call (a huge power) must be refused before it runs: see above.
    """
    global _watchdog
    thread_id = threading.get_ident()
    with _lock:
        if _watchdog is None:
            _watchdog = threading.Thread(target=_watch, name="template-deadline", daemon=True)
            _watchdog.start()
        limit, depth = _deadlines.get(thread_id, (time.monotonic() + seconds, 0))
        _deadlines[thread_id] = (limit, depth + 1)
    try:
        yield
    finally:
        with _lock:
            limit, depth = _deadlines[thread_id]
            if depth > 1:
                _deadlines[thread_id] = (limit, depth - 1)
            else:
                del _deadlines[thread_id]
                if thread_id in _fired:  # a timeout raised after the block ended must not escape it
                    _fired.discard(thread_id)
                    _raise_in(thread_id, None)


def render_bounded(template: Any, context: dict[str, Any], max_chars: int, seconds: float) -> str:
    """Render `template` within `seconds`, stopping once its output passes `max_chars`.

    A budget error carries `template_line`: where the template was when it was stopped.
    """
    generator = template.root_render_func(template.new_context(context))
    parts: list[str] = []
    size = 0
    try:
        with deadline(seconds):
            for part in generator:
                size += len(part)
                if size > max_chars:
                    raise TemplateBudgetError(f"the page grows beyond {max_chars:,} characters")
                parts.append(part)
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
