"""The HTML report of `pnp diff` and the folder it lives in, written whole or not at all.

The page comes from templates/diff/report.html with autoescaping on: card names, field values,
rules text and engine sentences are content, so every one of them is escaped. Pictures sit
beside the page (`images/...`), or, for `--format html` on standard output, inside it as data
URIs so the page stands alone.

The report folder (default output/diff/) is assembled beside its place and swapped in with
renames, so a stopped run leaves the previous report. A folder that exists but was not written
by `pnp diff` (it has no `.pnp-diff` mark and is not empty) is refused, never replaced.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from generator.diff.balance import MEAN_TEST, PROPORTION_TEST, Delta
from generator.diff.report import DiffReport

TEMPLATES = Path(__file__).resolve().parents[2] / "templates" / "diff"
MARK = ".pnp-diff"
PAGE = "index.html"
DATA = "diff.json"


class ReportFolderRefused(Exception):
    """The report folder holds files `pnp diff` did not write (a usage error: choose another --out)."""


def _value(value: Any) -> str:
    if value is None:
        return "—"
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _figure(row: Delta, which: str) -> str:
    value, low, high = row.side(which)
    if row.counts is not None:
        return f"{value:.1%} ({low:.1%} – {high:.1%})"
    return f"{value:.2f} ({low:.2f} – {high:.2f})"


def render_html(report: DiffReport, image: Callable[[str], str]) -> str:
    """The report page; `image` turns a picture's path (relative to the report folder) into an img src."""
    env = Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=select_autoescape(default=True),
                      undefined=StrictUndefined, keep_trailing_newline=True)
    env.filters["value"] = _value
    return env.get_template("report.html").render(report=report, image=image, figure=_figure,
                                                  proportion_test=PROPORTION_TEST, mean_test=MEAN_TEST)


def data_uri(folder: Path) -> Callable[[str], str]:
    """An img src holding the picture itself (for a page that travels alone)."""
    def src(relative: str) -> str:
        return "data:image/png;base64," + base64.b64encode((folder / relative).read_bytes()).decode("ascii")
    return src


def check_report_folder(out: Path) -> None:
    """Refuse a report folder that holds something else than an earlier report."""
    if out.is_symlink() or (out.exists() and not out.is_dir()):
        raise ReportFolderRefused(f"'{out}' is not a folder pnp diff wrote; choose another --out")
    if out.is_dir() and not (out / MARK).is_file() and any(out.iterdir()):
        raise ReportFolderRefused(f"'{out}' holds files pnp diff did not write; choose an empty or new --out folder")


def staging_folder(out: Path) -> Path:
    """Where the next report is assembled: beside `out`, so it can be renamed into place."""
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = out.parent / f".{out.name}.staging-{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir()
    return staging


def finish_report(report: DiffReport, staging: Path, out: Path) -> Path:
    """Write the page and the JSON into `staging`, then put it in the place of `out`."""
    (staging / MARK).write_text("written by pnp diff; the whole folder is replaced by the next run\n", encoding="utf-8")
    (staging / DATA).write_text(json.dumps(report.as_json(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    (staging / PAGE).write_text(render_html(report, lambda relative: relative), encoding="utf-8")
    check_report_folder(out)
    old = out.parent / f".{out.name}.old-{os.getpid()}"
    if out.exists():
        os.rename(out, old)
    os.rename(staging, out)
    shutil.rmtree(old, ignore_errors=True)
    return out
