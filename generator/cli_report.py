"""The one error reporter of the `pnp` command line, in text (stderr) and JSON (stdout).

Every command's failure reaches it: content errors (exit 1), a machine that refused (exit 1,
one sentence), bad usage (exit 2), an interruption (130) and a bug in pnp-forge (exit 3). With
`--format json` the failure is one JSON object on standard output:
`{"ok": false, "exit_code": N, "message": "...", "errors": [{file, line, column, path, message, hint, code}],
"note": "..."}`
(and `"held_back"`: the notes of checks that wait for another file's errors, as errors are, when there are any);
a game's engine that failed adds `"fault"` (its file, line, exception, frames, seed, turn, player, action, repeat).
"""

from __future__ import annotations

import functools
import json
import os
import sys
from collections.abc import Callable
from typing import Any, NoReturn, TypeVar

import click

from generator.commands.failure import ENVIRONMENT_ERRORS, CommandFailed, CommandRefused
from generator.content.errors import ContentError

F = TypeVar("F", bound=Callable[..., Any])
_format = ["text"]  # the running command's --format, for failures that reach main()


def summary(errors: list[ContentError]) -> str:
    """"3 error(s) in 2 file(s)", and the warnings listed with them ("1 warning(s)", `pnp check --strict`)."""
    found = [e for e in errors if e.severity == "error"]
    warned = len(errors) - len(found)
    counted = f"{len(found)} error(s) in {len({e.mark.file for e in found})} file(s)" if found or not warned else ""
    return ", ".join(part for part in (counted, f"{warned} warning(s)" if warned else "") if part)


def failure_json(code: int, message: str, errors: list[dict[str, Any]] | None = None, note: str = "",
                 extra: dict[str, Any] | None = None) -> str:
    data: dict[str, Any] = {"ok": False, "exit_code": code, "message": message, "errors": errors or []}
    if note:
        data["note"] = note
    data.update(extra or {})
    return json.dumps(data, indent=2, ensure_ascii=False)


def report_failure(failure: CommandFailed, output_format: str) -> None:
    """Every error of a failed command, one line each and a count (text), or one JSON object."""
    errors = failure.errors
    if output_format == "json":
        listed = [{**e.as_json(), **({"revision": s.label} if s.label else {})}
                  for s in failure.sections for e in sorted(set(s.errors), key=ContentError.sort_key)]
        message = failure.line.splitlines()[0] if failure.line else summary(errors)
        held_back = {"held_back": [e.as_json() for e in failure.held_back]} if failure.held_back else {}
        click.echo(failure_json(1, message, listed, failure.note, {**held_back, **failure.extra}))
        return
    if failure.line:
        click.echo(failure.line, err=True)
    else:
        for section in failure.sections:
            if section.label and section.errors:
                click.echo(f"errors in {section.label}:", err=True)
            for error in sorted(set(section.errors), key=ContentError.sort_key):
                click.echo(error.one_line(), err=True)
        for held in failure.held_back:  # what waits for the errors above, after them
            click.echo(held.one_line(), err=True)
        click.echo(summary(errors), err=True)
    if failure.note:
        click.echo(failure.note, err=True)


def report_usage(message: str, output_format: str) -> NoReturn:
    """Bad usage found while the command ran (an unknown game): exit 2."""
    if output_format == "json":
        click.echo(failure_json(2, message))
        sys.exit(2)
    raise click.UsageError(message)


def reported(command: F) -> F:
    """Run a command body, sending every failure it raises to the one reporter in its --format."""

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        output_format = kwargs.get("output_format", "text")
        _format[0] = output_format
        try:
            return command(*args, **kwargs)
        except CommandFailed as failure:
            report_failure(failure, output_format)
            sys.exit(1)
        except CommandRefused as refused:
            report_usage(str(refused), output_format)
        except click.UsageError as exc:
            if output_format != "json":
                raise
            report_usage(exc.format_message(), output_format)

    return run  # type: ignore[return-value]


def run_cli(group: click.Group) -> NoReturn:
    """Run the command group and turn an unexpected failure into one readable line (or JSON object).

    Exit codes: 0 done, 1 content errors or a problem of the machine (disk full, read-only,
    permissions: one sentence), 2 bad usage, 130 interrupted (Ctrl-C), 3 a bug in pnp-forge.
    """
    try:
        code = group.main(standalone_mode=False)
    except (click.exceptions.Abort, KeyboardInterrupt):  # click turns Ctrl-C into Abort
        _say(130, "interrupted")
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except SystemExit:
        raise
    except OSError as exc:
        if exc.errno is None or exc.errno not in ENVIRONMENT_ERRORS or os.environ.get("PNP_DEBUG"):
            _internal_error(exc)
        where = f" {exc.filename}" if exc.filename else " a file"  # a write to an open file names none
        _say(1, f"pnp: cannot write or read{where}: {ENVIRONMENT_ERRORS[exc.errno]}")
    except Exception as exc:  # a bug in pnp-forge, not in the content
        if _wraps_interrupt(exc):
            _say(130, "interrupted")
        _internal_error(exc)
    sys.exit(code if isinstance(code, int) else 0)


def _wraps_interrupt(exc: BaseException | None) -> bool:
    """Whether Ctrl-C is the cause of `exc`: a library may wrap it in its own error (pydantic's serializer
    raises PydanticSerializationError from it), which is still an interrupted command, not a bug."""
    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        if isinstance(exc, KeyboardInterrupt):
            return True
        seen.add(id(exc))
        exc = exc.__cause__ or exc.__context__
    return False


def _say(code: int, message: str) -> NoReturn:
    if _format[0] == "json":
        click.echo(failure_json(code, message))
    else:
        click.echo(message, err=True)
    sys.exit(code)


def _internal_error(exc: Exception) -> NoReturn:
    if os.environ.get("PNP_DEBUG"):
        raise exc
    _say(3, f"internal error: {type(exc).__name__}: {exc} (set PNP_DEBUG=1 for the traceback)")
