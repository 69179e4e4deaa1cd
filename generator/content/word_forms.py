"""Numbers and words in printed sentences: `{amount:+d}`, `{n:card|cards}`, `:{resource}:`.

Operation texts on cards, labels of layouts and the engines' sentences share one notation, the
fields of Python's str.format without its attribute and index lookups: `{name}` is a value in
words, `{name:+d}` the value formatted by a format spec (bounded: a width of at most two digits,
so content cannot ask for a gigabyte of padding), `{name:one|many}` the word form the value
asks for (the first when it is one, else the second), and `:{name}:` the value's icon.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

PLURAL_BAR = "|"
FIELD_RE = re.compile(r"(:?)\{([a-z_][a-z0-9_]*)(?::([^{}]*))?\}(:?)")
# Python's format-spec mini-language with at most two digits of width and of precision
FORMAT_SPEC_RE = re.compile(r"(?:.?[<>=^])?[-+ ]?z?#?0?\d{0,2}[,_]?(?:\.\d{1,2})?[bcdeEfFgGnosxX%]?")


def is_one(value: Any) -> bool:
    """Whether `value` (a number or its text) is one, plus or minus: the singular's cue."""
    text = str(value).strip().lstrip("+-")
    return text == "1"


def word_form(value: Any, forms: str) -> str:
    """`one|many`: the form `value` asks for."""
    one, many = forms.split(PLURAL_BAR, 1)
    return one if is_one(value) else many


@dataclass(frozen=True)
class Field:
    """One `{...}` of a template: its name, its spec (None, a format spec or word forms), and whether it is `:{x}:`."""

    name: str
    spec: str | None
    as_icon: bool

    @property
    def forms(self) -> bool:
        return self.spec is not None and PLURAL_BAR in self.spec

    def spec_problem(self, number: bool | None) -> str | None:
        """Why the spec cannot print this field (a number, a word, or either when None), or None."""
        if self.spec is None or self.as_icon:
            return None
        if self.forms:
            if self.spec.count(PLURAL_BAR) != 1:
                return (
                    f"'{{{self.name}:{self.spec}}}' gives {self.spec.count(PLURAL_BAR) + 1} word forms; write two, "
                    "one|many"
                )
            return None
        if not FORMAT_SPEC_RE.fullmatch(self.spec):
            return f"'{{{self.name}:{self.spec}}}' is not a format spec pnp-forge prints (e.g. `+d`, `>3`, `.1f`)"
        if number is None:
            return None
        try:
            for sample in ((0, 1, -1) if number else ("word",)):
                format(sample, self.spec)
        except (ValueError, TypeError) as exc:
            kind = "a number" if number else "a word"
            return f"'{{{self.name}:{self.spec}}}' cannot print {kind}: {exc}"
        return None


def fields(template: str) -> Iterator[Field]:
    """Every field of a template, in order."""
    for match in FIELD_RE.finditer(template):
        before, name, spec, after = match.groups()
        yield Field(name, spec, bool(before and after))


def fill(template: str, value: Callable[[str], Any], word: Callable[[str, Any], str],
         icon: Callable[[str, Any], str]) -> str:
    """`template` with its fields filled: `value(name)` is the raw value (None: printed as nothing),
    `word(name, raw)` its words and `icon(name, raw)` its icon's name.

    A number is formatted by its spec, a word by the spec applied to its text; a spec that does not
    apply prints the value plainly (`pnp check` reports such specs where the template is declared).
    """
    def one(match: re.Match[str]) -> str:
        before, name, spec, after = match.groups()
        raw = value(name)
        if raw is None:
            return ""
        if before and after:
            return f":{icon(name, raw)}:"
        if spec is not None and PLURAL_BAR in spec:
            text = word_form(raw, spec)
        elif spec:
            subject = raw if isinstance(raw, (int, float)) and not isinstance(raw, bool) else word(name, raw)
            try:
                text = format(subject, spec) if FORMAT_SPEC_RE.fullmatch(spec) else word(name, raw)
            except (ValueError, TypeError):
                text = word(name, raw)
        else:
            text = word(name, raw)
        return before + text + after

    return FIELD_RE.sub(one, template)
