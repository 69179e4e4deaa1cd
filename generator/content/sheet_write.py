"""A game's card designs as one sheet (CSV or xlsx): what `pnp export --cards` writes.

The cards are taken as their YAML files hold them, so the sheet says what the files say; each
value is written in the form the sheet reader reads back (content.cell_values), and a card
written out and read back is the same card: a game moved from YAML to a sheet builds the same.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from generator.content import cell_values as cv
from generator.content.schema import LANGUAGES, FieldSpec, Game
from generator.content.sheets import CARD_ONLY, TEXTS, header_of

SHEET_FORMATS = (".csv", ".xlsx", ".yaml")  # a YAML card file too: the way back from a sheet
_FRONT = ("id", "kind", "count", "cost", "name", "text", "fields", "effects", "flavor", "science", "icon")


class CardsUnwritable(Exception):
    """A card value the sheet cannot hold; the message names the card."""


def card_rows(game: Game, cards: list[dict[str, Any]]) -> tuple[list[str], list[dict[str, Any]]]:
    """The headers and one row per card (header -> cell), in the cards' order."""
    paths: list[tuple[str, ...]] = []
    rows: list[dict[tuple[str, ...], Any]] = []
    for card in cards:
        row: dict[tuple[str, ...], Any] = {}
        card = {"count": 1, **card}
        try:
            _face(game, card, (), row, card.get("kind"))
        except cv.Unwritable as exc:
            raise CardsUnwritable(f"card '{card.get('id')}': {exc}") from None
        for path in row:
            if path not in paths:
                paths.append(path)
        rows.append(row)
    if not cards:  # a game without cards: the headers a sheet starts with (one name column in one language)
        names = [("name", lang) for lang in game.languages] if len(game.languages) > 1 else [("name",)]
        paths = [("id",), ("kind",), ("count",), *names]
    ordered = sorted(paths, key=lambda p: _rank(game, p))
    headers = [header_of(p) for p in ordered]
    return headers, [{header_of(p): row[p] for p in ordered if p in row} for row in rows]


def _rank(game: Game, path: tuple[str, ...]) -> tuple[Any, ...]:
    back = path[:1] == ("back",)
    rest = path[1:] if back else path
    key = rest[0]
    fields = [name for kind in game.kinds for name in kind.fields]
    order = (_FRONT.index(key) if key in _FRONT else len(_FRONT)) if key != "design_note" else 99
    sub = fields.index(rest[1]) if key == "fields" and rest[1] in fields else 0
    lang = LANGUAGES.index(rest[-1]) if rest[-1] in LANGUAGES else -1
    return (1 if back else 0) if key != "design_note" else 2, order, sub, lang


def _spec(game: Game, kind: Any, name: str) -> FieldSpec | None:
    declared = next((k for k in game.kinds if k.id == kind), None)
    return declared.fields.get(name) if declared else None


def _face(game: Game, face: dict[str, Any], prefix: tuple[str, ...], row: dict[tuple[str, ...], Any],
          kind: Any) -> None:
    for key, value in face.items():
        if key in CARD_ONLY and not prefix:
            row[(key,)] = value if key in ("count", "cost") else _text(value)
        elif key in TEXTS:
            _language_texts(game, value, prefix + (key,), row)
        elif key == "icon":
            row[prefix + (key,)] = _text(value)
        elif key == "effects":
            row[prefix + (key,)] = cv.format_effects(value)
        elif key == "fields":
            for name, field_value in (value or {}).items():
                _field(game, kind, name, field_value, prefix, row)
        elif key == "back" and not prefix and isinstance(value, dict):
            _face(game, value, ("back",), row, kind)
        else:
            raise cv.Unwritable(f"the key '{key}' has no column")


def _language_texts(game: Game, value: Any, path: tuple[str, ...], row: dict[tuple[str, ...], Any]) -> None:
    """A text's columns: one per language (`name.de`, `name.en`), or one without a language (`name`) for a text
    written as one string and for the text of a game made in one language (the only one it reads)."""
    only = game.languages[0] if len(game.languages) == 1 else None
    if isinstance(value, dict) and only is not None and only in value:
        row[path] = _text(value[only])
    elif isinstance(value, dict):
        for lang, text in value.items():
            row[path + (lang,)] = _text(text)
    else:
        row[path] = _text(value)


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise cv.Unwritable(f"{value!r} is not text")
    return value


def _field(game: Game, kind: Any, name: str, value: Any, prefix: tuple[str, ...],
           row: dict[tuple[str, ...], Any]) -> None:
    spec = _spec(game, kind, name)
    path = prefix + ("fields", name)
    kind_of = spec.type if spec else None
    if kind_of == "text" and isinstance(value, dict):
        _language_texts(game, value, path, row)
    elif kind_of in ("int", "bool") and isinstance(value, (int, bool)):
        row[path] = value
    elif kind_of in ("ints", "tags") and isinstance(value, list):
        row[path] = cv.format_items(value)
    elif kind_of == "costs" and isinstance(value, dict):
        row[path] = cv.format_costs(value)
    elif kind_of == "effects" and isinstance(value, list):
        row[path] = cv.format_effects(value)
    elif kind_of in ("str", "enum", "resource", "card") and isinstance(value, str):
        row[path] = value
    else:
        row[path] = cv.format_any(value)


def yaml_bytes(cards: list[dict[str, Any]]) -> bytes:
    """The cards as one YAML card file (`cards:`), each card's small mappings and lists written on one line."""
    import yaml

    head = "# Written by `pnp export`: every card of the game, in the order the game loads them.\n"
    return (head + yaml.safe_dump({"cards": cards}, sort_keys=False, allow_unicode=True, width=110,
                                  default_flow_style=None)).encode("utf-8")


def csv_bytes(headers: list[str], rows: list[dict[str, Any]]) -> bytes:
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(headers)
    for row in rows:
        writer.writerow([_csv_cell(row.get(h)) for h in headers])
    return out.getvalue().encode("utf-8")


def _csv_cell(value: Any) -> str:
    if value is None:
        return ""
    return cv.cell_text(value)


def xlsx_bytes(headers: list[str], rows: list[dict[str, Any]], title: str = "cards") -> bytes:
    """An xlsx workbook of one worksheet; numbers and true/false as such, everything else as text cells."""
    import openpyxl
    from openpyxl.cell import WriteOnlyCell

    book = openpyxl.Workbook(write_only=True)
    sheet = book.create_sheet(title[:31])

    def cell(value: Any) -> Any:
        if value is None or isinstance(value, (bool, int)):
            return value
        written = WriteOnlyCell(sheet, str(value))
        written.data_type = "s"  # text stays text, also when it starts with '=' (never a formula)
        return written

    sheet.append(headers)
    for row in rows:
        sheet.append([cell(row.get(h)) for h in headers])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
