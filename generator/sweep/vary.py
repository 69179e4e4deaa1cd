"""What a sweep varies: a value named by its YAML path (`cards[id=industrialisierung].cost`) and the values it
takes, and where that value stands in the game's folder (the file and the path inside it).

A path starts with the collection it edits: `cards[id=X]` (a card of cards/*.yaml), `boards[id=X]` or
`tables[id=X]` (the file of that board or table); any other path is one into game.yaml. Then `.key`,
`[N]` (an item of a list) and `[key=value]` (the item of a list whose key has that value) lead on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from generator.sweep.yaml_edit import YamlPath

_STEP = re.compile(r"\.?([A-Za-z_][\w-]*)|\[(\d+)\]|\[([A-Za-z_][\w-]*)=([^\]]+)\]")
ITEM_FOLDERS = {"cards": "cards", "boards": "boards", "tables": "tables"}

Step = str | int | tuple[str, str]  # a key, an index, or (key, value): the item whose key has that value


class PathRefused(Exception):
    """A path that cannot be read, or that names nothing in the game."""


@dataclass(frozen=True)
class Vary:
    """One value a sweep varies: its path as written and the values it takes, in order."""

    path: str
    values: tuple[Any, ...]

    def as_json(self) -> dict[str, Any]:
        return {"path": self.path, "values": list(self.values)}


@dataclass(frozen=True)
class Place:
    """Where a varied value stands: a file of the game folder (relative) and the YAML path inside it."""

    file: str
    path: YamlPath


def parse_vary(text: str) -> Vary:
    """`PATH=V1,V2,…` as given to --vary; each value is read as YAML (3 is a number, true a flag, ore a word)."""
    path, sep, values = text.partition("=")
    while sep and "[" in path and "]" not in path.split("[")[-1]:  # an `=` inside [key=value]
        more, sep, values = values.partition("=")
        path = f"{path}={more}"
    if not sep or not path.strip() or not values.strip():
        raise PathRefused(f"--vary takes PATH=V1,V2,… (e.g. 'cards[id=bauen-1].cost=2,3,4'), not {text!r}")
    parse_path(path.strip())
    return Vary(path.strip(), tuple(read_value(v) for v in values.split(",")))


def read_value(text: str) -> Any:
    try:
        return yaml.safe_load(text.strip())
    except yaml.YAMLError:
        return text.strip()


def parse_path(path: str) -> list[Step]:
    """The steps of a path; a path that is not one is refused with what was expected."""
    steps: list[Step] = []
    at = 0
    while at < len(path):
        match = _STEP.match(path, at)
        if match is None or (match.group(1) and at and not path[at] == "."):
            raise PathRefused(f"cannot read the path {path!r} at {path[at:]!r}: write keys as .key, "
                              "items as [N] or [id=value]")
        key, index, by, value = match.groups()
        steps.append(key if key else int(index) if index else (by, value))
        at = match.end()
    if not steps or not isinstance(steps[0], str):
        raise PathRefused(f"the path {path!r} must start with a key (cards[id=…], or a key of game.yaml)")
    return steps


def locate(root: Path, path: str) -> Place:
    """The file and YAML path of `path` in the game folder `root`."""
    steps = parse_path(path)
    first = steps[0]
    if first in ITEM_FOLDERS and len(steps) > 1 and isinstance(steps[1], tuple):
        return _in_item_files(root, path, steps)
    data = _read(root / "game.yaml")
    return Place("game.yaml", _walk(data, steps, path, "game.yaml"))


def value_at(root: Path, place: Place) -> Any:
    """The value standing at `place` in the game folder `root` now (None when it cannot be read)."""
    data = _read(root / place.file)
    for step in place.path:
        try:
            data = data[step]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _in_item_files(root: Path, path: str, steps: list[Step]) -> Place:
    folder, selector = str(steps[0]), steps[1]
    assert isinstance(selector, tuple)
    key, value = selector
    files = sorted((root / ITEM_FOLDERS[folder]).glob("*.y*ml")) if (root / folder).is_dir() else []
    for file in files:
        data = _read(file)
        name = f"{folder}/{file.name}"
        if folder == "cards":
            items = data.get("cards") if isinstance(data, dict) else None
            for index, item in enumerate(items if isinstance(items, list) else []):
                if isinstance(item, dict) and str(item.get(key)) == value:
                    return Place(name, ("cards", index, *_walk(item, steps[2:], path, name)))
        elif isinstance(data, dict) and str(data.get(key)) == value:
            return Place(name, _walk(data, steps[2:], path, name))
    raise PathRefused(f"{path}: no {folder[:-1]} with {key} {value!r} in {folder}/*.yaml"
                      + (" (cards in sheets cannot be varied; only YAML files)" if folder == "cards" else ""))


def _walk(data: Any, steps: list[Step], path: str, file: str) -> YamlPath:
    out: list[str | int] = []
    for step in steps:
        if isinstance(step, tuple):
            key, value = step
            found = [i for i, item in enumerate(data if isinstance(data, list) else [])
                     if isinstance(item, dict) and str(item.get(key)) == value]
            if not found:
                raise PathRefused(f"{path}: no item with {key} {value!r} in {file}")
            out.append(found[0])
            data = data[found[0]]
        elif isinstance(step, int):
            if not isinstance(data, list) or step >= len(data):
                raise PathRefused(f"{path}: no item [{step}] in {file}")
            out.append(step)
            data = data[step]
        else:
            if not isinstance(data, dict) or step not in data:
                raise PathRefused(f"{path}: no key '{step}' in {file}")
            out.append(step)
            data = data[step]
    if isinstance(data, dict | list):
        raise PathRefused(f"{path} in {file} is a {'list' if isinstance(data, list) else 'mapping'}: "
                          "a sweep varies single values")
    return tuple(out)


def _read(file: Path) -> Any:
    try:
        return yaml.safe_load(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return None  # the game's own check names what is wrong with the file
