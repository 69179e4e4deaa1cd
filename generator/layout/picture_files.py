"""Which file a picture element names: inside the game's folder, of a kind it draws, a plain file.

`image` and `art` elements find their files alike; only the words of their problems and the
suffixes they accept differ, so each is a row of `PictureFiles`.
"""

from __future__ import annotations

import os
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from generator.content.files import Unreadable, check_regular


class Reporter(Protocol):
    """What is read of the evaluation that looks for the file (generator.layout.evaluation.FaceEvaluation)."""

    game_root: Path

    def problem(self, field_name: str, message: str, hint: str = "", mark: Any = None,
                severity: str = "error") -> None: ...


@dataclass(frozen=True)
class PictureFiles:
    """The files an element kind accepts, and the words of its problems."""

    field: str            # the element's field the problems name
    noun: str             # "image", "picture"
    suffixes: Collection[str]
    formats: str          # the accepted formats, for people
    format_hint: str
    missing_hint: str


IMAGE_FILES = PictureFiles("image", "image", (".png", ".jpg", ".jpeg"), "PNG or JPEG", "use a .png or .jpg file",
                           "add the file or mark the element optional")
ART_FILES = PictureFiles("art", "picture", (".png", ".jpg", ".jpeg", ".svg"), "PNG, JPEG or SVG",
                         "use a .png, .jpg or .svg file",
                         "add the file, or mark the element `optional` to draw a generated picture")


def picture_file(evaluation: Reporter, source: str, optional: bool, files: PictureFiles) -> Path | None:
    """The file inside the game's folder, or None (with a problem unless it is optional and missing).

    The path may not leave the game folder, pass through a link or name anything but a regular
    file of at most its size limit (generator.content.files).
    """
    root = evaluation.game_root.resolve()
    path = Path(os.path.normpath(root / source))
    if Path(source).is_absolute() or not path.is_relative_to(root):
        evaluation.problem(files.field, f"{files.noun} '{source}' is outside the game's folder",
                           hint=f"keep {files.noun}s in the game folder")
        return None
    if path.suffix.lower() not in files.suffixes:
        evaluation.problem(files.field, f"{files.noun} '{source}' is not {files.formats}", hint=files.format_hint)
        return None
    if not (path.exists() or path.is_symlink()):
        if not optional:
            evaluation.problem(files.field, f"{files.noun} '{source}' does not exist", hint=files.missing_hint)
        return None
    try:
        check_regular(path, root)
    except Unreadable as exc:
        evaluation.problem(files.field, f"{files.noun} '{source}' {exc}",
                           hint=f"keep {files.noun}s as plain files in the game folder")
        return None
    return path
