"""How a command says it failed: with the errors to report, never by printing or exiting itself."""

from __future__ import annotations

import errno
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from generator.content.errors import ContentError, ErrorList, Mark

# what the machine refused, in words: the reasons a write or read fails that are no fault of pnp-forge
ENVIRONMENT_ERRORS = {errno.ENOSPC: "the disk is full", errno.EROFS: "the file system is read-only",
                      errno.EACCES: "permission denied", errno.EPERM: "not permitted",
                      errno.EDQUOT: "the disk quota is used up", errno.EMFILE: "too many open files"}


def os_reason(exc: OSError) -> str:
    """Why the system refused, for a sentence: "the disk is full", "no such file or directory"."""
    if exc.errno in ENVIRONMENT_ERRORS:
        return ENVIRONMENT_ERRORS[exc.errno]
    return (exc.strerror or type(exc).__name__).lower()


@dataclass
class ErrorSection:
    """Errors of one part of a run; `label` names it (`pnp diff`: the revision), None for the only part."""

    errors: list[ContentError]
    label: str | None = None


class CommandFailed(Exception):
    """The content (or the machine) refused: exit 1 with every error listed.

    `line` replaces the error lines in text for a failure that is one sentence with its own
    wording (a saved game's failing line, an engine's fault); `note` is one more sentence after
    the errors (what was left untouched).
    """

    def __init__(self, errors: ErrorList | Iterable[ContentError] = (), *, line: str = "", note: str = "",
                 sections: list[ErrorSection] | None = None) -> None:
        listed = list(errors)
        self.sections = sections if sections is not None else [ErrorSection(listed)]
        self.line = line
        self.note = note
        self.extra: dict[str, Any] = {}  # more fields of the JSON report (an engine's fault: "fault")
        # notes of checks that wait for another file's errors (generator.content.held_back), in order
        self.held_back = (
            sorted(set(errors.held_back), key=ContentError.sort_key) if isinstance(errors, ErrorList) else []
        )
        super().__init__(line or note or f"{sum(len(s.errors) for s in self.sections)} error(s)")

    @classmethod
    def at(cls, file: str, line: int, message: str, text: str, code: str = "content") -> CommandFailed:
        """One located problem whose text line is worded by the command (`file:3: replay failed: ...`)."""
        return cls([ContentError(Mark(file, line, 0), message, code=code)], line=text)

    @classmethod
    def sentence(cls, text: str) -> CommandFailed:
        """A problem with no place in the content (the output folder refused): one sentence."""
        return cls([], line=text)

    @property
    def errors(self) -> list[ContentError]:
        return [e for section in self.sections for e in section.errors]


class CommandRefused(Exception):
    """Bad usage (an unknown game, an option the game does not have): exit 2, one sentence."""


def cannot_write(path: object, exc: OSError) -> CommandFailed:
    """A file the user named (`--out`, `--save`) could not be written: one sentence, exit 1."""
    return CommandFailed.sentence(f"pnp: cannot write {path}: {os_reason(exc)}")
