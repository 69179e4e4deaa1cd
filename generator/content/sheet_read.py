"""Reading a spreadsheet (CSV, xlsx, ods) into rows of cells, bounded like every content read.

The readers are the maintained ones: the standard csv module, openpyxl for xlsx and odfpy for
ods (the reader pandas uses; python-calamine was measured and refused: it expands a repeated
row or column in memory, 2.5 GB for a 1.6 KB file). Both workbook formats are zip files: their
members' unpacked sizes are checked with zipfile before a reader sees them, so a small file that
unpacks to gigabytes is refused. Rows, columns and cells are counted while they are read, and
reading stops at the first limit; an ods row or column repeated a million times is counted, never
expanded. Every problem is an error naming the file (and the cell, where there is one).
"""

from __future__ import annotations

import csv
import io
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.content.errors import ErrorList, Mark
from generator.content.files import MB, Unreadable, decode, read_bytes

SHEET_SUFFIXES = (".csv", ".xlsx", ".ods")
MAX_SHEET_BYTES = {".csv": 2 * MB, ".xlsx": 5 * MB, ".ods": 5 * MB}
MAX_UNPACKED_BYTES = 50 * MB
MAX_ROWS = 10_000       # card designs of one sheet; the 5,000-card benchmark deck fits twice
MAX_COLUMNS = 200
MAX_CELL_CHARS = 5_000  # a card's longest text is a few hundred characters
MAX_CELLS = 200_000     # filled cells of one sheet, as many values as one YAML file may hold


def column_letters(column: int) -> str:
    """1 -> A, 27 -> AA: a column as spreadsheets name it."""
    letters = ""
    while column > 0:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


@dataclass(frozen=True, order=True)
class CellMark(Mark):
    """A place in a sheet: `file:line:column (C7, column 'name.en')`.

    `line` is the row (for a CSV file, the text line the row starts on), `column` the column's
    number, `row` the spreadsheet's row number for the A1 name of the cell.
    """

    row: int = 0
    header: str = ""

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:{self.column}"
        if not self.row:
            return where
        cell = f"{column_letters(self.column)}{self.row}"
        named = f", column '{self.header}'" if self.header else ""
        return f"{where} ({cell}{named})"

    def as_json(self) -> dict[str, Any]:
        """The cell's A1 name and its column's header, beside the line and column number."""
        if not self.row:
            return {}
        return {"cell": f"{column_letters(self.column)}{self.row}", "header": self.header}


@dataclass
class SheetRow:
    """One row with something in it: its row number, the text line it starts on, its cells by column (0-based)."""

    row: int
    line: int
    values: list[Any]


@dataclass
class Grid:
    """The rows of one worksheet that hold anything, in order."""

    file: str
    rows: list[SheetRow] = field(default_factory=list)

    def mark(self, row: SheetRow | None, column: int, header: str = "") -> CellMark:
        """The mark of the cell in `column` (1-based) of `row` (None: the header row)."""
        if row is None:
            return CellMark(self.file, 1, column, 1, header)
        return CellMark(self.file, row.line, column, row.row, header)


class _Limit(Exception):
    def __init__(self, mark: Mark, message: str, hint: str) -> None:
        super().__init__(message)
        self.mark = mark
        self.message = message
        self.hint = hint


class _Counter:
    """The limits of one sheet, counted as it is read."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.rows = 0
        self.cells = 0

    def row(self, row: int, line: int, values: list[Any]) -> SheetRow | None:
        filled = [i for i, v in enumerate(values) if not _empty(v)]
        if not filled:
            return None
        self.rows += 1
        if self.rows > MAX_ROWS + 1:  # the header row and MAX_ROWS card rows
            raise _Limit(CellMark(self.file, line, 1, row), f"the sheet has more than {MAX_ROWS:,} rows",
                         "split the cards into several sheets")
        if filled[-1] >= MAX_COLUMNS:
            raise _Limit(CellMark(self.file, line, filled[-1] + 1, row), f"the sheet has more than {MAX_COLUMNS} "
                         "columns", "a card needs far fewer; delete the columns that are not card data")
        self.cells += len(filled)
        if self.cells > MAX_CELLS:
            raise _Limit(CellMark(self.file, line, 1, row), f"the sheet has more than {MAX_CELLS:,} filled cells",
                         "split the cards into several sheets")
        values = values[:filled[-1] + 1]
        for i in filled:
            value = values[i]
            if isinstance(value, str) and len(value) > MAX_CELL_CHARS:
                raise _Limit(CellMark(self.file, line, i + 1, row), f"the cell holds {len(value):,} characters, more "
                             f"than the {MAX_CELL_CHARS:,} a cell may", "a card's text is far shorter; check the cell")
        return SheetRow(row, line, values)


def _empty(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def read_grid(path: Path, display: str, errors: ErrorList, root: Path | None = None,
              sheet: str | None = None) -> Grid | None:
    """The filled rows of the sheet at `path` (a worksheet's name for xlsx and ods); None, with errors, if
    unreadable."""
    suffix = path.suffix.lower()
    try:
        data = read_bytes(path, root, MAX_SHEET_BYTES.get(suffix, 2 * MB))
    except Unreadable as exc:
        errors.add(Mark(display, 1, 1), f"'{path.name}' {exc}", hint="keep the game's files as plain files inside its "
                   "folder; split a big sheet into several", code="file")
        return None
    grid = Grid(display)
    counter = _Counter(display)
    try:
        if suffix == ".csv":
            text = decode(data, display, errors)
            if text is None:
                return None
            rows: Iterator[tuple[int, int, list[Any]]] = _csv_rows(text)
        else:
            if not _unpacks_within_limit(data, display, errors, suffix):
                return None
            rows = _xlsx_rows(data, sheet) if suffix == ".xlsx" else _ods_rows(data, sheet)
        for row, line, values in rows:
            kept = counter.row(row, line, values)
            if kept is not None:
                grid.rows.append(kept)
    except _Limit as exc:
        errors.add(exc.mark, exc.message, hint=exc.hint, code="limit")
        return None
    except _NoSheet as exc:
        errors.add(Mark(display, 1, 1), str(exc), hint="name a worksheet the file has (`sheet:` in game.yaml)",
                   code="reference")
        return None
    except csv.Error as exc:
        errors.add(Mark(display, 1, 1), f"cannot be read as CSV: {exc}", hint="save the sheet again as CSV (UTF-8)",
                   code="syntax")
        return None
    except Exception as exc:  # noqa: BLE001 - whatever a reader refuses in a broken workbook, said in one sentence
        kind = "an xlsx workbook" if suffix == ".xlsx" else "an ods spreadsheet"
        reason = str(exc).splitlines()[0][:160] if str(exc) else type(exc).__name__
        errors.add(Mark(display, 1, 1), f"'{path.name}' cannot be read as {kind}: {reason}",
                   hint="open it in a spreadsheet program and save it again", code="syntax")
        return None
    return grid


def _unpacks_within_limit(data: bytes, display: str, errors: ErrorList, suffix: str) -> bool:
    """A workbook's zip members unpack to at most MAX_UNPACKED_BYTES (zipfile enforces the sizes it states)."""
    kind = "an xlsx workbook" if suffix == ".xlsx" else "an ods spreadsheet"
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        errors.add(Mark(display, 1, 1), f"cannot be read as {kind}: {exc}",
                   hint="open it in a spreadsheet program and save it again", code="syntax")
        return False
    if unpacked > MAX_UNPACKED_BYTES:
        errors.add(Mark(display, 1, 1), f"the workbook unpacks to {unpacked / MB:,.0f} MB, over the "
                   f"{MAX_UNPACKED_BYTES // MB} MB limit", hint="keep only the card data in the workbook",
                   code="limit")
        return False
    return True


class _NoSheet(Exception):
    pass


def _csv_rows(text: str) -> Iterator[tuple[int, int, list[Any]]]:
    """CSV records with the line each starts on; `,`, `;` or tab separated (as the first line shows)."""
    text = text.removeprefix("\ufeff")
    first = text.split("\n", 1)[0]
    delimiter = max((",", ";", "\t"), key=first.count) if first else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    line = 1
    for number, record in enumerate(reader, 1):
        yield number, line, list(record)
        line = reader.line_num + 1


def _xlsx_rows(data: bytes, sheet: str | None) -> Iterator[tuple[int, int, list[Any]]]:
    import openpyxl

    book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    try:
        if sheet is not None and sheet not in book.sheetnames:
            raise _NoSheet(f"the workbook has no worksheet '{sheet}' (it has {', '.join(book.sheetnames)})")
        ws = book[sheet] if sheet is not None else book.worksheets[0]
        for number, values in enumerate(ws.iter_rows(min_row=1, max_col=MAX_COLUMNS + 1, values_only=True), 1):
            yield number, number, list(values)
    finally:
        book.close()


def _ods_rows(data: bytes, sheet: str | None) -> Iterator[tuple[int, int, list[Any]]]:
    from odf import teletype
    from odf.namespaces import TABLENS
    from odf.opendocument import load
    from odf.table import Table

    document = load(io.BytesIO(data))
    tables = document.spreadsheet.getElementsByType(Table)
    names = [t.getAttribute("name") for t in tables]
    if sheet is not None and sheet not in names:
        raise _NoSheet(f"the spreadsheet has no sheet '{sheet}' (it has {', '.join(names)})")
    if not tables:
        return
    table = tables[names.index(sheet)] if sheet is not None else tables[0]
    number = 0
    for row in _ods_table_rows(table, TABLENS):
        repeat = _repeat(row, TABLENS, "number-rows-repeated")
        values = _ods_cells(row, TABLENS, teletype)
        if all(_empty(v) for v in values):
            number += repeat  # counted, never expanded
            continue
        for _ in range(min(repeat, MAX_ROWS + 2)):  # a filled repeated row: as many as the limit lets through
            number += 1
            yield number, number, list(values)


def _ods_table_rows(element: Any, ns: str) -> Iterator[Any]:
    """The table's rows in order, also those inside header-row and row-group elements."""
    for child in element.childNodes:
        if child.qname == (ns, "table-row"):
            yield child
        elif child.qname in ((ns, "table-header-rows"), (ns, "table-rows"), (ns, "table-row-group")):
            yield from _ods_table_rows(child, ns)


def _repeat(element: Any, ns: str, name: str) -> int:
    raw = element.attributes.get((ns, name))
    try:
        return max(1, int(raw)) if raw is not None else 1
    except ValueError:
        return 1


def _ods_cells(row: Any, ns: str, teletype: Any) -> list[Any]:
    values: list[Any] = []
    for cell in row.childNodes:
        if cell.qname not in ((ns, "table-cell"), (ns, "covered-table-cell")):
            continue
        repeat = _repeat(cell, ns, "number-columns-repeated")
        value = _ods_value(cell, teletype)
        if _empty(value):
            if len(values) + repeat > MAX_COLUMNS + 1:
                break  # trailing empty columns: nothing more can follow within the limit that matters
            values.extend([None] * repeat)
        else:
            values.extend([value] * min(repeat, MAX_COLUMNS + 1))
        if len(values) > MAX_COLUMNS + 1:
            break
    return values


def _ods_value(cell: Any, teletype: Any) -> Any:
    from odf.namespaces import OFFICENS

    kind = cell.attributes.get((OFFICENS, "value-type"))
    if kind in ("float", "percentage", "currency"):
        raw = cell.attributes.get((OFFICENS, "value"))
        try:
            number = float(raw)
        except (TypeError, ValueError):
            return None
        return int(number) if number.is_integer() else number
    if kind == "boolean":
        return cell.attributes.get((OFFICENS, "boolean-value")) == "true"
    paragraphs = [teletype.extractText(p) for p in cell.childNodes if p.qname[1] == "p"]
    return "\n".join(paragraphs) if paragraphs else None
