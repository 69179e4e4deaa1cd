"""Variants of a game: its folder copied with some values replaced, then loaded and checked like any edit.

A variant that breaks the game (a cost the schema refuses, an example turn the new value makes
illegal) is a content error before a game is played; each error is named with the variant and
points into the game's own folder, not the copy.
"""

from __future__ import annotations

import dataclasses
import io
import itertools
import shutil
import tarfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.checking import load_checked
from generator.content.errors import ContentError, ErrorList, relative
from generator.content.loader import GameContent
from generator.sweep.vary import PathRefused, Place, Vary, locate
from generator.sweep.yaml_edit import EditRefused, format_path, replace_scalar


@dataclass
class Variant:
    """One variant: the values it sets (path -> value; none for the base), its checked content and its folder."""

    values: dict[str, Any]
    content: GameContent
    folder: Path                        # the content folder that holds the variant's game folder
    places: dict[str, Place] = field(default_factory=dict)

    @property
    def name(self) -> str:
        """The variant as people read it: `cost=3, count=2` (`base` for the unchanged game)."""
        if not self.values:
            return "base"
        return ", ".join(f"{_short(path)}={value}" for path, value in self.values.items())

    @property
    def content_hash(self) -> str:
        return self.content.content_hash

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "values": self.values, "content_hash": self.content_hash,
                "places": {path: {"file": p.file, "path": format_path(p.path)} for path, p in self.places.items()}}


def _short(path: str) -> str:
    return path.rsplit(".", 1)[-1] if "." in path else path


class VariantFailed(Exception):
    """A variant could not be made, or breaks the game: its errors (located in the game's own folder)."""

    def __init__(self, variant: str, errors: list[ContentError]) -> None:
        super().__init__(f"the variant {variant} breaks the game")
        self.variant, self.errors = variant, errors


def grid(varies: list[Vary]) -> list[dict[str, Any]]:
    """Every combination of the values, the first path varying slowest."""
    return [dict(zip([v.path for v in varies], values, strict=True))
            for values in itertools.product(*(v.values for v in varies))]


def make_variant(base: GameContent, values: dict[str, Any], work: Path, number: int) -> Variant:
    """The base game's folder copied under `work`, the values written in, loaded and checked."""
    label = Variant(values, base, work).name
    places: dict[str, Place] = {}
    for path in values:
        try:
            places[path] = locate(base.root, path)
        except PathRefused as exc:
            raise VariantFailed(label, [ContentError(base.mark_of("game", base.id), str(exc), code="sweep")]) from None
    folder = work / f"variant-{number}"
    game_dir = folder / base.id
    shutil.copytree(base.root, game_dir, symlinks=True, ignore=shutil.ignore_patterns(".*"))
    for path, value in values.items():
        place = places[path]
        target = game_dir / place.file
        try:
            text, _ = replace_scalar(target.read_text(encoding="utf-8"), place.path, value)
        except EditRefused as exc:
            raise VariantFailed(label, [ContentError(base.mark_of("game", base.id), f"{path}: {exc}",
                                                     code="sweep")]) from None
        target.write_text(text, encoding="utf-8")
    errors = ErrorList()
    loaded = load_checked(folder, [base.id], errors)
    if errors or not loaded:
        raise VariantFailed(label, [_in_game_folder(e, game_dir, base.root, label, values) for e in errors])
    return Variant(values, loaded[0], folder, places)


def _in_game_folder(error: ContentError, copy: Path, original: Path, label: str,
                    values: dict[str, Any]) -> ContentError:
    """The error as if it were in the game's own folder, named with the variant that made it."""
    file = error.mark.file
    for shown in (relative(copy), str(copy), str(copy.resolve())):
        if file.startswith(shown):
            file = relative(original) + file[len(shown):]
            break
    setting = ", ".join(f"{path}={value}" for path, value in values.items())
    return dataclasses.replace(error, mark=dataclasses.replace(error.mark, file=file),
                               message=f"in the variant {label} ({setting}): {error.message}")


def folder_bytes(game_dir: Path) -> bytes:
    """A game folder as a tar archive (what travels to a cluster's workers), the same bytes for the same files."""
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w") as archive:
        for path in sorted(game_dir.rglob("*")):
            if path.is_symlink() or not (path.is_file() or path.is_dir()):
                continue
            info = archive.gettarinfo(str(path), arcname=str(path.relative_to(game_dir.parent)))
            info.mtime, info.uid, info.gid, info.uname, info.gname = 0, 0, 0, "", ""
            if path.is_file():
                with path.open("rb") as data:
                    archive.addfile(info, data)
            else:
                archive.addfile(info)
    return out.getvalue()


def unpack(data: bytes, into: Path) -> None:
    """A folder packed by `folder_bytes`, written under `into` (nothing outside it)."""
    with tarfile.open(fileobj=io.BytesIO(data), mode="r") as archive:
        archive.extractall(into, filter="data")
