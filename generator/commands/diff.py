"""`pnp diff [REV] [GAME ...]`: what a change of the content did to cards, rules, examples and balance."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from generator.commands.failure import CommandFailed, CommandRefused, ErrorSection
from generator.content.errors import ContentError, ErrorList, Mark
from generator.content.library import game_ids
from generator.content.suggest import did_you_mean

if TYPE_CHECKING:
    from generator.diff.compare import DiffOptions
    from generator.diff.report import DiffReport
    from generator.diff.revisions import Side

DEFAULT_OUT = Path("output") / "diff"
BOTH_SIDES = "pnp diff compares content that loads and checks in both revisions"


def labelled(side: Side, errors: ErrorList) -> list[ContentError]:
    """The errors of one side, files of a revision named `REV:path` as git names them."""
    return [dataclasses.replace(e, mark=Mark(side.shown(e.mark.file), e.mark.line, e.mark.column),
                                hint=side.shown_in(e.hint),
                                fault=None if e.fault is None else json.loads(side.shown_in(json.dumps(e.fault))))
            for e in errors]


def split_arguments(content_dir: Path, arguments: tuple[str, ...]) -> tuple[str | None, list[str]]:
    """[REV] [GAME ...]: the first argument is the revision unless it names a game of the working tree."""
    if not arguments:
        return None, []
    first, rest = arguments[0], list(arguments[1:])
    if first in game_ids(content_dir):
        return None, list(arguments)
    return first, rest


def diff(content_dir: Path, arguments: tuple[str, ...], out_dir: Path, options: DiffOptions, html: bool = False,
         on_step: Callable[[str, str], None] | None = None) -> tuple[DiffReport, str | None]:
    """Compare the revisions; the report (written to `out_dir`) and, when asked, its page with the pictures inside."""
    from generator.diff.compare import compare
    from generator.diff.html_report import (
        ReportFolderRefused,
        check_report_folder,
        data_uri,
        finish_report,
        staging_folder,
    )
    from generator.diff.revisions import RevisionRefused, compared_sides

    spec, wanted = split_arguments(content_dir, arguments)
    page: str | None = None
    try:
        check_report_folder(out_dir)
    except ReportFolderRefused as exc:
        raise CommandRefused(str(exc)) from None
    try:
        with compared_sides(content_dir, spec, set(wanted) or None) as (old, new):
            available = sorted(set(game_ids(old.content_dir)) | set(game_ids(new.content_dir)))
            for game in wanted:
                if game not in available:
                    raise CommandRefused(f"no game '{game}' in '{content_dir}' in {old.label} or {new.label}; "
                                         f"{did_you_mean(game, available, 'games')}")
            ids = wanted or available
            if not ids:
                raise CommandRefused(f"no games in '{content_dir}' in {old.label} or {new.label}")
            parent_existed = out_dir.parent.exists()
            staging = staging_folder(out_dir)
            try:
                old_errors, new_errors = ErrorList(), ErrorList()
                report = compare(old, new, ids, staging, options, old_errors, new_errors,
                                 on_step or (lambda game, step: None))
                if old_errors or new_errors:
                    sections = [ErrorSection(labelled(side, errors), side.label)
                                for side, errors in ((old, old_errors), (new, new_errors)) if errors]
                    raise CommandFailed(sections=sections, note=BOTH_SIDES)
                report.report_folder = str(out_dir)
                if html:
                    from generator.diff.html_report import render_html

                    page = render_html(report, data_uri(staging))
                finish_report(report, staging, out_dir)
            except ReportFolderRefused as exc:
                raise CommandRefused(str(exc)) from None
            finally:
                shutil.rmtree(staging, ignore_errors=True)
                if not parent_existed and not out_dir.exists():  # leave no empty output/ behind a refused run
                    with contextlib.suppress(OSError):
                        out_dir.parent.rmdir()  # removes the folder only when it is empty
    except RevisionRefused as exc:
        message = str(exc)
        if spec is not None and message.startswith("unknown revision") and not wanted:
            message = f"'{spec}' is neither a game of '{content_dir}' nor a revision git knows"
        raise CommandRefused(message) from None
    return report, page
