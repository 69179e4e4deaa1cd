"""Card designs from a spreadsheet: one row per design, one column per key, the same data as YAML.

A sheet in cards/ (CSV, xlsx or ods) is read by its header row: each header names the key of the
card it fills, as a dotted path (`id`, `kind`, `count`, `name.de`, `name.en`, `effects`,
`back.name.en`). A game-specific field is named by itself (`capacity`) or as `fields.capacity`;
a text in one column without a language (`name`) is that text in every language. game.yaml
`sheets` can map other headers onto these keys (`Titel: name.de`). Each row becomes the mapping a
card of a YAML file is, with a source map whose marks are cells, so everything after loading
(the schema, `pnp check`, the build, the engine) sees a card and every error points at a cell.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.content import cell_values as cv
from generator.content.errors import ErrorList, YamlPath
from generator.content.schema import LANGUAGES, CardSheet, FieldSpec, Game
from generator.content.sheet_read import CellMark, Grid, SheetRow, column_letters, read_grid
from generator.content.suggest import closest
from generator.content.yaml_source import SourceMap

CARD_ONLY = ("id", "kind", "count", "cost", "design_note")
TEXTS = ("name", "text", "flavor", "science")
FACE_SINGLE = ("icon", "effects")
IGNORED = "-"
_UNREAD = "\0unread"  # the keys of a row whose cells could not be read (while the row is read)
_PART = re.compile(r"[a-z][a-z0-9_]*")


@dataclass(frozen=True)
class Column:
    """A column of the sheet and the card key it fills."""

    number: int          # 1-based
    header: str          # as the sheet writes it
    path: tuple[str, ...]  # ("name", "de"), ("fields", "capacity"), ("back", "effects"), ("name",) for every language


@dataclass
class SheetCards:
    """The card mappings of one sheet (None for a row that could not be read) and where each value came from."""

    items: list[tuple[int, dict[str, Any] | None, str | None]]  # (index, card or None, its kind as written)
    source: SourceMap
    header_read: bool = True  # False: the header row was refused and no row was read (their kinds are unknown)


def key_path(header: str) -> tuple[str, ...] | None:
    """The card key a header names, as a path; None when it names none. Case and spaces do not count:
    `Name.EN` is `name.en`, `Build cost` the field `build_cost`."""
    parts = tuple(re.sub(r"[\s-]+", "_", header.strip().lower()).split("."))
    if not parts or not all(_PART.fullmatch(p) for p in parts):
        return None
    prefix: tuple[str, ...] = ()
    if parts[0] == "back":
        prefix, parts = ("back",), parts[1:]
        if not parts:
            return None
    head = parts[0]
    if head in CARD_ONLY:
        return parts if not prefix and len(parts) == 1 else None
    if head in TEXTS:
        return prefix + parts if len(parts) == 1 or (len(parts) == 2 and parts[1] in LANGUAGES) else None
    if head in FACE_SINGLE:
        return prefix + parts if len(parts) == 1 else None
    if head == "fields":
        parts = parts[1:]
    if len(parts) == 1 or (len(parts) == 2 and parts[1] in LANGUAGES):
        return prefix + ("fields",) + parts
    return None


def header_of(path: tuple[str, ...]) -> str:
    """The header `pnp export` writes for a key path (the inverse of `key_path`)."""
    parts = list(path)
    prefix = ["back"] if parts[:1] == ["back"] else []
    rest = parts[len(prefix):]
    if rest[:1] == ["fields"]:
        name = rest[1]
        short = name not in CARD_ONLY + TEXTS + FACE_SINGLE + ("fields", "back")
        rest = rest[1:] if short else rest
    return ".".join(prefix + rest)


def known_headers(game: Game | None) -> list[str]:
    base = list(CARD_ONLY) + [f"{t}.{lang}" for t in TEXTS for lang in LANGUAGES] + list(TEXTS) + list(FACE_SINGLE)
    fields = sorted({name for kind in (game.kinds if game else []) for name in kind.fields})
    return base + fields + [f"back.{h}" for h in base if h not in CARD_ONLY]


def load_sheet(path: Path, display: str, errors: ErrorList, root: Path, game: Game | None,
               declared: CardSheet | None) -> SheetCards | None:
    """The cards of the sheet at `path`; None when the file could not be read at all (errors say why)."""
    grid = read_grid(path, display, errors, root, declared.sheet if declared else None)
    if grid is None:
        return None
    return _SheetReader(grid, errors, game, declared).cards()


class _SheetReader:
    def __init__(self, grid: Grid, errors: ErrorList, game: Game | None, declared: CardSheet | None) -> None:
        self.grid = grid
        self.errors = errors
        self.game = game
        self.declared = declared
        self.source = SourceMap(grid.file)
        self.columns: list[Column] = []

    def add(self, mark: CellMark, message: str, hint: str, code: str = "schema") -> None:
        self.errors.add(mark, message, hint=hint, code=code)

    def cards(self) -> SheetCards:
        result = SheetCards([], self.source)
        if not self.grid.rows:
            return result
        header, *rows = self.grid.rows
        if header.row != 1:
            self.add(self.grid.mark(header, 1), "the first row of a card sheet names its columns, but it is empty",
                     "write the headers (id, kind, count, name.de, ...) in row 1")
            result.header_read = False
            return result
        if not self._read_header(header, rows):
            result.header_read = False
            return result
        for index, row in enumerate(r for r in rows if not cv.cell_text(r.values[0] or "").startswith("#")):
            result.items.append(self._card(index, row))
        return result

    # -- the header row

    def _read_header(self, header: SheetRow, rows: list[SheetRow]) -> bool:
        mapping = dict(self.declared.columns) if self.declared else {}
        seen: dict[tuple[str, ...], str] = {}
        ok = True
        known = known_headers(self.game)
        declared_fields = {name for kind in self.game.kinds for name in kind.fields} if self.game else None
        width = max(len(r.values) for r in [header, *rows])
        for number in range(1, width + 1):
            raw = header.values[number - 1] if number <= len(header.values) else None
            text = cv.cell_text(raw).strip() if raw is not None else ""
            mark = self.grid.mark(None, number, text)
            if not text:
                if any(number <= len(r.values) and r.values[number - 1] not in (None, "") for r in rows):
                    self.add(mark, f"column {column_letters(number)} has values but no header",
                             "name the card key it fills in row 1, or delete the column")
                    ok = False
                continue
            target = mapping.get(text, text)
            if target == IGNORED:
                continue
            path = key_path(target)
            field_name = path[path.index("fields") + 1] if path and "fields" in path else None
            if path is None or (declared_fields is not None and field_name is not None
                                and field_name not in declared_fields):
                via = f" (mapped to '{target}' in game.yaml)" if target != text else ""
                guess = closest(target, known)
                fields = ", ".join(sorted(declared_fields or ())[:8])
                self.add(mark, f"unknown column '{text}'{via}", f"did you mean '{guess}'?" if guess else
                         "a header names a card key (id, kind, count, name.de, effects, ...)"
                         + (f" or a field ({fields})" if fields else "")
                         + "; map other headers in game.yaml `sheets`, or `-` to leave a column out")
                ok = False
                continue
            if path in seen:
                self.add(mark, f"column '{text}' fills '{'.'.join(path)}', as column '{seen[path]}' does",
                         "keep one column per card key")
                ok = False
                continue
            seen[path] = text
            self.columns.append(Column(number, text, path))
        for needed in ("id", "count"):
            if (needed,) not in seen:
                self.add(self.grid.mark(None, 1), f"the sheet has no '{needed}' column",
                         f"add a column '{needed}'" + (" (how many copies of the card are in the box)"
                                                       if needed == "count" else " (the card's id)"))
                ok = False
        if ("kind",) not in seen and self._default_kind() is None:
            self.add(self.grid.mark(None, 1), "the sheet has no 'kind' column",
                     "add a column 'kind', or give the sheet's `kind:` in game.yaml `sheets`")
            ok = False
        names = [p for p in seen if p[0] == "name" or p[:2] == ("back", "name")]
        if not any(p[0] == "name" for p in names):
            self.add(self.grid.mark(None, 1), "the sheet has no name column",
                     "add 'name' (one language) or 'name.de' and 'name.en'")
            ok = False
        return ok

    def _default_kind(self) -> str | None:
        if self.declared and self.declared.kind:
            return self.declared.kind
        if self.game and len(self.game.kinds) == 1:
            return self.game.kinds[0].id
        return None

    # -- one row

    def _card(self, index: int, row: SheetRow) -> tuple[int, dict[str, Any] | None, str | None]:
        base: YamlPath = ("cards", index)
        self.source.values.setdefault(base, self.grid.mark(row, 1))
        card: dict[str, Any] = {}
        kind_column = next((c for c in self.columns if c.path == ("kind",)), None)
        kind = self._default_kind()
        if kind_column is not None:
            value = self._value(row, kind_column)
            kind = cv.cell_text(value).strip() if value is not None else None
        broken = False
        texts: dict[tuple[str, ...], dict[str, tuple[Any, Column]]] = {}
        for column in self.columns:
            value = self._value(row, column)
            mark = self.grid.mark(row, column.number, column.header)
            if value is None:
                continue
            text_key = self._text_key(column.path, kind)
            if text_key is not None:
                lang = column.path[-1] if column.path[-1] in LANGUAGES else "*"
                texts.setdefault(text_key, {})[lang] = (value, column)
                continue
            try:
                parsed = self._parse(column.path, value, kind)
            except cv.CellProblem as exc:
                self.add(mark, exc.message, exc.hint)
                broken = True
                card.setdefault(_UNREAD, set()).add(column.path[0])
                continue
            self._put(card, base, column.path, parsed, mark)
        if kind_column is None and kind is not None:
            card["kind"] = kind
        for text_key, given in texts.items():
            broken |= not self._text(card, base, row, text_key, given)
        broken |= not self._required(card, row, card.pop(_UNREAD, set()))
        return index, (None if broken else _ordered(card)), kind

    def _value(self, row: SheetRow, column: Column) -> Any:
        value = row.values[column.number - 1] if column.number <= len(row.values) else None
        return None if value is None or (isinstance(value, str) and not value.strip()) else value

    def _text_key(self, path: tuple[str, ...], kind: str | None) -> tuple[str, ...] | None:
        """The path of the {de, en} text a column fills (without its language), or None if it is no text."""
        stem = path[:-1] if path[-1] in LANGUAGES else path
        if stem[-1] in TEXTS and len(stem) <= 2 and "fields" not in stem:
            return stem
        if "fields" in stem:
            spec = self._spec(kind, stem[-1])
            if (spec is not None and spec.type == "text") or (spec is None and path[-1] in LANGUAGES):
                return stem
        return None

    def _spec(self, kind: str | None, name: str) -> FieldSpec | None:
        if self.game is None or kind is None:
            return None
        declared = next((k for k in self.game.kinds if k.id == kind), None)
        return declared.fields.get(name) if declared else None

    def _parse(self, path: tuple[str, ...], value: Any, kind: str | None) -> Any:
        key = path[-1]
        if "fields" not in path:
            if key in ("count", "cost"):
                return cv.whole_number(value)
            if key == "effects":
                return cv.effects(value)
            return cv.cell_text(value)
        spec = self._spec(kind, key)
        if spec is None:
            return cv.any_value(value)
        parse: Callable[[Any], Any] = _PARSERS.get(spec.type, cv.cell_text)
        return parse(value)

    def _put(self, card: dict[str, Any], base: YamlPath, path: tuple[str, ...], value: Any, mark: CellMark) -> None:
        node = card
        for depth, part in enumerate(path[:-1]):
            sub = base + path[:depth + 1]
            self.source.values.setdefault(sub, mark)
            self.source.keys.setdefault(sub, mark)
            node = node.setdefault(part, {})
        full = base + path
        self.source.values[full] = mark
        self.source.keys[full] = mark
        node[path[-1]] = value

    def _text(self, card: dict[str, Any], base: YamlPath, row: SheetRow, key: tuple[str, ...],
              given: dict[str, tuple[Any, Column]]) -> bool:
        """Put one {de, en} text: each of the game's languages from its column, else from the column without a
        language (a game made in one language reads that one; a column of another language is left unread)."""
        plain = given.get("*")
        for lang in (self.game.languages if self.game is not None else LANGUAGES):
            found = given.get(lang) or plain
            if found is None:
                own = next((c for c in self.columns if c.path == key + (lang,)), None)
                other = next(iter(given.values()))[1]
                where = self.grid.mark(row, own.number, own.header) if own else self.grid.mark(row, other.number,
                                                                                               other.header)
                self.add(where, f"empty cell: '{'.'.join(key)}' is given in another language but not in '{lang}'",
                         f"write the '{lang}' text" + ("" if own else f" in a column '{header_of(key + (lang,))}'")
                         + f", or leave every '{'.'.join(key)}' cell of the row empty", code="translation")
                return False
            value, column = found
            mark = self.grid.mark(row, column.number, column.header)
            self._put(card, base, key + (lang,), cv.cell_text(value), mark)
        return True

    def _required(self, card: dict[str, Any], row: SheetRow, unread: set[str]) -> bool:
        """The cells every card needs: empty ones are reported at their cell, not as a missing key."""
        ok = True
        for path, what in ((("id",), "its id"), (("count",), "how many copies are in the box"),
                           (("kind",), "its kind"), (("name",), "its name")):
            if path[0] in card or path[0] in unread:
                continue  # given, or its cell already has an error
            column = next((c for c in self.columns if c.path[0] == path[0]), None)
            if column is None:
                continue  # the missing column is reported once, at the header
            self.add(self.grid.mark(row, column.number, column.header), f"empty cell: every card needs {what}",
                     f"fill in '{column.header}'" + (", or delete the row" if path == ("id",) else ""))
            ok = False
        return ok


_PARSERS: dict[str, Callable[[Any], Any]] = {
    "int": cv.whole_number, "ints": cv.numbers, "bool": cv.truth, "tags": cv.words, "costs": cv.costs,
    "effects": cv.effects, "list": cv.any_value,
}

_ORDER = ("id", "kind", "count", "cost", "name", "text", "fields", "effects", "flavor", "science", "icon", "back",
          "design_note")


def _ordered(card: dict[str, Any]) -> dict[str, Any]:
    """The card's keys in the order a card of a YAML file writes them (it reads the same either way)."""
    return {key: card[key] for key in sorted(card, key=lambda k: _ORDER.index(k) if k in _ORDER else len(_ORDER))}
