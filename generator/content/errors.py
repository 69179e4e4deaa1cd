"""Content errors that speak to people: where (file:line:col, YAML path), what, and a hint.

Loading never stops at the first problem; every stage appends to one `ErrorList` so a designer
sees all problems of a run at once, sorted by file and line. A warning (`ErrorList.warn`: text
that prints wrong, a sentence changed in one language only) is kept apart from the errors: it
does not fail a command unless `pnp check --strict` makes it.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

YamlPath = tuple[str | int, ...]


def format_yaml_path(path: YamlPath) -> str:
    """Render ('cards', 3, 'name', 'de') as `cards[3].name.de`."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(document)"


@dataclass(frozen=True, order=True)
class Mark:
    """A place in a file, 1-based line and column as editors show them."""

    file: str
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        if self.line:
            return f"{self.file}:{self.line}:{self.column}"
        return self.file

    def as_json(self) -> dict[str, Any]:
        """What an error's JSON says of its place besides file, line and column (a sheet's cell: `cell`)."""
        return {}


HELD_BACK = "held-back"  # the code of a note that names checks waiting for another file's errors (content.held_back)

_CONTROL = re.compile(r"[\x00-\x1f\x7f\u2028\u2029\u0085]")


def one_line(text: str) -> str:
    """`text` with line breaks and other control characters written as escapes (`\\r`, `\\x1b`)."""
    return _CONTROL.sub(lambda m: repr(m.group(0))[1:-1] if m.group(0) != "\t" else " ", text)


@dataclass(frozen=True)
class ContentError:
    """One problem with the content, with enough context to fix it without reading code."""

    mark: Mark
    message: str
    path: YamlPath = ()
    hint: str = ""
    code: str = "content"
    fault: dict[str, Any] | None = field(default=None, compare=False)  # an engine's fault as fields, for tools
    severity: str = "error"   # or "warning": reported, but fails only `pnp check --strict`

    def sort_key(self) -> tuple[Any, ...]:
        return (self.mark.file, self.mark.line, self.mark.column, self.message)

    def one_line(self) -> str:
        """The error as exactly one line: control characters from the content are shown escaped."""
        where = str(self.mark)
        yaml_path = f" [{format_yaml_path(self.path)}]" if self.path else ""
        hint = f" (hint: {self.hint})" if self.hint else ""
        return one_line(f"{where}: {self.severity}{yaml_path}: {self.message}{hint}")

    def as_json(self) -> dict[str, Any]:
        return {
            "file": self.mark.file,
            "line": self.mark.line,
            "column": self.mark.column,
            **self.mark.as_json(),
            "path": format_yaml_path(self.path) if self.path else "",
            "message": self.message,
            "hint": self.hint,
            "code": self.code,
            "severity": self.severity,
            **({"fault": self.fault} if self.fault is not None else {}),
        }


@dataclass
class ErrorList:
    """Collects the errors of one run; a stage adds, the command prints them together."""

    errors: list[ContentError] = field(default_factory=list)
    warnings: list[ContentError] = field(default_factory=list)   # never counted as errors (see `warn`)
    held_back: list[ContentError] = field(default_factory=list)  # notes, not errors: see note_held_back

    def add(self, mark: Mark, message: str, path: YamlPath = (), hint: str = "", code: str = "content",
            fault: dict[str, Any] | None = None) -> None:
        self.errors.append(ContentError(mark, message, tuple(path), hint, code, fault))

    def warn(self, mark: Mark, message: str, path: YamlPath = (), hint: str = "", code: str = "text") -> None:
        """A problem that does not stop a command: the list stays empty (falsy) unless an error is added."""
        self.warnings.append(ContentError(mark, message, tuple(path), hint, code, severity="warning"))

    def extend(self, errors: Iterable[ContentError]) -> None:
        if isinstance(errors, ErrorList):
            self.warnings.extend(errors.warnings)
            self.held_back.extend(errors.held_back)
            errors = errors.errors
        self.errors.extend(errors)

    def sorted_warnings(self) -> list[ContentError]:
        unique = {(e.mark, e.path, e.message): e for e in self.warnings}
        return sorted(unique.values(), key=ContentError.sort_key)

    def note_held_back(self, mark: Mark, message: str, path: YamlPath = (), hint: str = "") -> None:
        """A note that checks wait until another file's errors are fixed (content.held_back): shown after
        the errors, never counted as one, and it alone never fails a run."""
        self.held_back.append(ContentError(mark, message, tuple(path), hint, HELD_BACK, severity="note"))

    def __bool__(self) -> bool:
        return bool(self.errors)

    def __len__(self) -> int:
        return len(self.errors)

    def __iter__(self) -> Iterator[ContentError]:
        return iter(self.sorted())

    def sorted(self) -> list[ContentError]:
        unique = {(e.mark, e.path, e.message): e for e in self.errors}
        return sorted(unique.values(), key=ContentError.sort_key)

    def as_text(self) -> str:
        return "\n".join(e.one_line() for e in self.sorted())

    def as_json(self) -> str:
        return json.dumps([e.as_json() for e in self.sorted()], indent=2, ensure_ascii=False)


class ContentInvalid(Exception):
    """Raised by a stage that cannot go on; carries every error found so far."""

    def __init__(self, errors: ErrorList):
        super().__init__(f"{len(errors)} content error(s)")
        self.errors = errors


def relative(path: Path) -> str:
    """Show a file relative to the working folder when it is inside it (clickable in editors)."""
    absolute = Path(os.path.abspath(path))  # not resolved: a link is named by its own name, not its target
    for base in (Path.cwd(), Path.cwd().resolve()):
        try:
            return str(absolute.relative_to(base))
        except ValueError:
            continue
    return str(absolute) if not path.is_absolute() else str(path)
