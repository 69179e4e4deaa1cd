"""`pnp new GAME --from-sheet FILE`: a game folder made around a designer's card sheet.

The sheet is copied into cards/ as it is; game.yaml is written from what the sheet shows: a
card kind per value of its `kind` column (one kind named after the file without one), a field per
column that is no card key (its type from the values: whole numbers, true/false, costs, text),
an operation per effect the cards name, a resource per cost, and a component per kind counting
its cards. Rules pages say what to write next. The designer then edits game.yaml as any game's;
`pnp check` says what is still missing (icons the sheet names, say).

The game is made in the languages the sheet's text columns name (`name.de` and `name.en`: both;
`name.en` alone: English), or in English when they name none (`name`): every text of game.yaml
is then one string, and there is one rules folder. `pnp new --lang` chooses otherwise.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
from pathlib import Path
from typing import Any

import yaml

from generator.authoring.starter import StarterRefused, check_game_id, title_of
from generator.content import cell_values as cv
from generator.content.errors import ErrorList
from generator.content.schema import LANGUAGES
from generator.content.sheet_read import SHEET_SUFFIXES, Grid, read_grid
from generator.content.sheets import key_path

PLACEHOLDER_ICON = "material"  # a shared icon (templates/icons) each resource shows until the designer draws its own


DEFAULT_LANGUAGE = "en"  # a sheet whose columns name no language makes a game in English, unless --lang says


def sheet_languages(grid: Grid) -> tuple[str, ...]:
    """The languages the sheet's headers name (`name.de`, `text.en`, ...), in pnp-forge's order: empty when its
    texts are written without a language (`name`)."""
    named = set()
    for raw in grid.rows[0].values if grid.rows else ():
        path = key_path(cv.cell_text(raw).strip()) if raw is not None and cv.cell_text(raw).strip() else None
        if path is not None and path[-1] in LANGUAGES:
            named.add(path[-1])
    return tuple(lang for lang in LANGUAGES if lang in named)


def _wording(languages: tuple[str, ...]) -> Any:
    """How a text of game.yaml is written: `{de: ..., en: ...}` in a game of both languages, else one string."""
    def word(text: str | dict[str, str]) -> Any:
        if isinstance(text, dict):
            return text[languages[0]] if len(languages) == 1 else {lang: text[lang] for lang in languages}
        return text if len(languages) == 1 else {lang: text for lang in languages}
    return word


def _identifier(text: str) -> str:
    word = re.sub(r"[^a-z0-9_]+", "_", text.lower()).strip("_")
    return word if re.fullmatch(r"[a-z][a-z0-9_]*", word or "") else f"kind_{word or 'cards'}"


def _columns(grid: Grid) -> tuple[list[tuple[int, tuple[str, ...]]], dict[str, str]]:
    """The columns with the card key each fills; a header that names none becomes a field of its own name
    (mapped in game.yaml `sheets`, so its values are kept and the designer sees where they went)."""
    header = grid.rows[0]
    found = []
    mapped: dict[str, str] = {}
    for number, raw in enumerate(header.values, 1):
        text = cv.cell_text(raw).strip() if raw is not None else ""
        if not text:
            continue
        path = key_path(text)
        if path is None:
            name = re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")
            name = name if re.fullmatch(r"[a-z][a-z0-9_]*", name) else f"column_{name or number}"
            mapped[text] = name
            path = ("fields", name)
        found.append((number, path))
    return found, mapped


def _field_type(values: list[Any]) -> dict[str, Any]:
    """A field's declaration from its values: int (with their range), bool, costs, effects or str."""
    def every(parse: Any) -> list[Any] | None:
        try:
            return [parse(v) for v in values]
        except cv.CellProblem:
            return None

    numbers = every(cv.whole_number)
    if numbers is not None:
        return {"type": "int", "min": min(numbers), "max": max(numbers)}
    if all(cv.cell_text(v).strip().lower() in ("true", "false") for v in values):
        return {"type": "bool"}
    costs = every(cv.costs)
    if costs is not None and all(isinstance(a, int) for c in costs for a in c.values()):
        return {"type": "costs"}
    return {"type": "str"}


def game_from_sheet(game_id: str, grid: Grid, file_name: str, languages: tuple[str, ...] = ()) -> dict[str, Any]:
    """game.yaml's data for a game whose cards are the rows of `grid`, made in `languages` (none given: those
    the sheet's columns name, else DEFAULT_LANGUAGE)."""
    languages = languages or sheet_languages(grid) or (DEFAULT_LANGUAGE,)
    _word = _wording(languages)
    columns, mapped = _columns(grid)
    rows = grid.rows[1:]
    kind_at = next((n for n, p in columns if p == ("kind",)), None)
    count_at = next((n for n, p in columns if p == ("count",)), None)
    default_kind = _identifier(Path(file_name).stem)

    def cell(row: Any, number: int | None) -> Any:
        if number is None or number > len(row.values):
            return None
        value = row.values[number - 1]
        return None if value is None or (isinstance(value, str) and not value.strip()) else value

    kinds: dict[str, dict[str, Any]] = {}
    counts: dict[str, int] = {}
    resources: set[str] = set()
    operations: dict[str, dict[str, Any]] = {}
    for row in rows:
        kind = _identifier(cv.cell_text(cell(row, kind_at))) if cell(row, kind_at) is not None else default_kind
        kinds.setdefault(kind, {})
        try:
            counts[kind] = counts.get(kind, 0) + (cv.whole_number(cell(row, count_at)) if cell(row, count_at)
                                                  is not None else 1)
        except cv.CellProblem:
            counts[kind] = counts.get(kind, 0) + 1
        for number, path in columns:
            value = cell(row, number)
            if value is None:
                continue
            if path[-1] == "effects":
                try:
                    effects = cv.effects(value)
                except cv.CellProblem:
                    continue
                for effect in effects:
                    spec = operations.setdefault(effect["op"], {})
                    for name, arg in effect.items():
                        if name != "op":
                            spec.setdefault(name, []).append(arg)
            elif "fields" in path:
                name = path[path.index("fields") + 1]
                values = kinds[kind].setdefault(name, {"text": path[-1] in LANGUAGES, "values": []})
                values["values"].append(value)
    for row in rows:
        for number, path in columns:
            value = cell(row, number)
            if value is not None and "fields" in path:
                with contextlib.suppress(cv.CellProblem):
                    resources.update(cv.costs(value))

    declared_kinds: list[dict[str, Any]] = []
    for kind, fields in kinds.items():
        specs: dict[str, Any] = {}
        for name, found in fields.items():
            spec = {"type": "text"} if found["text"] else _field_type(found["values"])
            if spec["type"] != "costs":
                for value in found["values"]:
                    if spec["type"] == "str":
                        resources.discard(cv.cell_text(value))
            specs[name] = {**spec, "label": _word(name.replace("_", " ").capitalize()), "optional": True}
        declared_kinds.append({"id": kind, "name": _word(kind.replace("_", " ").capitalize()), "fields": specs})
    uses_costs = any(spec["type"] == "costs" for kind in declared_kinds for spec in kind["fields"].values())
    declared_operations = []
    for op, params in operations.items():
        declared: dict[str, Any] = {}
        for name, values in params.items():
            if all(isinstance(v, int) and not isinstance(v, bool) for v in values):
                declared[name] = {"type": "int", "min": min(values), "max": max(values)}
            elif all(isinstance(v, bool) for v in values):
                declared[name] = {"type": "bool"}
            else:
                declared[name] = {"type": "str"}
        text = " ".join([op.replace("_", " ").capitalize(), *(f"{{{name}}}" for name in declared)]).strip() + "."
        declared_operations.append({"id": op, "params": declared, "text": _word(text)})
    return {
        "id": game_id,
        "title": _word(title_of(game_id)),
        "description": _word({"de": "Ein Spiel aus einer Kartentabelle.", "en": "A game made from a card sheet."}),
        "players": {"min": 2, "max": 4},
        "age": 8,
        "play_time": {"min": 20, "max": 40},
        "languages": list(languages),
        "resources": [{"id": r, "name": _word(r.capitalize()), "icon": PLACEHOLDER_ICON} for r in sorted(resources)]
        if uses_costs
        else [],
        "kinds": declared_kinds,
        "components": [
            {
                "id": f"{kind.replace('_', '-')}-cards",
                "name": _word(kind.replace("_", " ").capitalize()),
                "type": "cards",
                "kind": kind,
                "count": counts[kind],
            }
            for kind in kinds
        ],
        "operations": declared_operations,
        **(
            {
                "sheets": [
                    {
                        "file": file_name,
                        **({"kind": default_kind} if kind_at is None else {}),
                        **({"columns": mapped} if mapped else {}),
                    }
                ]
            }
            if kind_at is None or mapped
            else {}
        ),
    }


RULES = {"de": "# Überblick\n\nDie Karten dieses Spiels stehen in `cards/{file}`. Schreibe hier die Regeln.\n",
         "en": "# Overview\n\nThis game's cards live in `cards/{file}`. Write the rules here.\n"}


def write_from_sheet(content_dir: Path, game_id: str, sheet: Path, languages: tuple[str, ...] = ()
                     ) -> tuple[Path, ErrorList]:
    """Write the game `game_id` around `sheet`, made in `languages` (none given: see `game_from_sheet`);
    StarterRefused for bad usage, errors when the sheet cannot be read."""
    check_game_id(game_id)
    if sheet.suffix.lower() not in SHEET_SUFFIXES:
        raise StarterRefused(f"--from-sheet reads a .csv, .xlsx or .ods file, not '{sheet.name}'")
    if not sheet.is_file():
        raise StarterRefused(f"{sheet} is not a file")
    target = content_dir / game_id
    if target.exists() or target.is_symlink():
        raise StarterRefused(f"{target} already exists; choose another id or move that folder away")
    errors = ErrorList()
    grid = read_grid(sheet, str(sheet), errors)
    if grid is None or errors:
        return target, errors
    if not grid.rows:
        raise StarterRefused(f"{sheet} holds no rows: write the headers and one row per card first")
    data = game_from_sheet(game_id, grid, sheet.name, languages)
    content_dir.mkdir(parents=True, exist_ok=True)
    staging = content_dir / f".{game_id}.new-{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    try:
        (staging / "cards").mkdir(parents=True)
        shutil.copyfile(sheet, staging / "cards" / sheet.name)
        text = "# Written by `pnp new --from-sheet` from the card sheet; change it as any game's game.yaml.\n"
        (staging / "game.yaml").write_text(text + yaml.safe_dump(data, sort_keys=False, allow_unicode=True,
                                                                 width=110), encoding="utf-8")
        for lang in data["languages"]:
            page = RULES[lang]
            (staging / "rules" / lang).mkdir(parents=True)
            (staging / "rules" / lang / "10-overview.md").write_text(page.format(file=sheet.name), encoding="utf-8")
        if target.exists() or target.is_symlink():
            raise StarterRefused(f"{target} appeared while the game was written; nothing was changed")
        staging.rename(target)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return target, errors
