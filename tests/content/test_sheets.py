"""Cards from spreadsheets: CSV, xlsx and ods give the cards YAML gives; every error names its cell."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.content import sheet_read
from generator.content.errors import ErrorList
from generator.content.loader import load_game
from generator.content.sheet_write import csv_bytes, xlsx_bytes

HEADERS = ["id", "kind", "count", "name.de", "name.en", "text.de", "text.en", "fight_cost", "severity", "effects"]
ROWS = [
    ["hunger", "event", 2, "Hunger", "Hunger", None, None, "food=1", None, "lose_cube resource=food amount=1"],
    ["sturm", "event", 1, "Sturm", "Storm", "Ein Sturm :food:", "A storm :food:", "food=2", 2, None],
]


def as_rows(headers: list[str], rows: list[list]) -> list[dict]:
    return [{h: v for h, v in zip(headers, row, strict=False) if v is not None} for row in rows]


def write_ods(path: Path, headers: list[str], rows: list[list], repeat_last: int = 1) -> None:
    """An ods file written by odfpy, as a spreadsheet program writes one (numbers as numbers)."""
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    document = OpenDocumentSpreadsheet()
    table = Table(name="Karten")
    for number, values in enumerate([headers, *rows]):
        last = number == len(rows)
        row = TableRow(numberrowsrepeated=repeat_last) if last and repeat_last > 1 else TableRow()
        for value in values:
            if value is None:
                row.addElement(TableCell())
            elif isinstance(value, int):
                cell = TableCell(valuetype="float", value=str(value))
                cell.addElement(P(text=str(value)))
                row.addElement(cell)
            else:
                cell = TableCell(valuetype="string")
                cell.addElement(P(text=value))
                row.addElement(cell)
        table.addElement(row)
    document.spreadsheet.addElement(table)
    document.save(str(path))


def use_sheet(content: Path, name: str, data: bytes | None = None) -> Path:
    """Replace the tiny game's YAML card file by the sheet `name` (written from `data` when given)."""
    cards = content / "tiny" / "cards"
    (cards / "events.yaml").unlink()
    path = cards / name
    if data is not None:
        path.write_bytes(data)
    return path


def load(content: Path):
    errors = ErrorList()
    game = load_game(content / "tiny", errors)
    return game, errors


def yaml_cards(content: Path):
    game, errors = load(content)
    assert not errors, errors.as_text()
    return game.cards


def check(content: Path) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["check", "tiny", "--content", str(content)])
    return result.exit_code, result.output


@pytest.mark.parametrize("suffix", [".csv", ".xlsx", ".ods"])
def test_each_format_gives_the_cards_the_yaml_file_gives(content, suffix):
    expected = yaml_cards(content)
    path = use_sheet(content, "events" + suffix)
    rows = as_rows(HEADERS, ROWS)
    if suffix == ".csv":
        path.write_bytes(csv_bytes(HEADERS, rows))
    elif suffix == ".xlsx":
        path.write_bytes(xlsx_bytes(HEADERS, rows))
    else:
        write_ods(path, HEADERS, ROWS)
    game, errors = load(content)
    assert not errors, errors.as_text()
    assert game.cards == expected
    assert [c.id for c in game.cards] == ["hunger", "sturm"]
    code, output = check(content)
    assert code == 0, output


def test_a_semicolon_csv_with_a_byte_order_mark_reads_as_a_comma_csv(content):
    expected = yaml_cards(content)
    text = "\ufeffid;kind;count;name.de;name.en;fight_cost;severity;effects;text.de;text.en\n" \
           "hunger;event;2;Hunger;Hunger;food=1;;lose_cube resource=food amount=1;;\n" \
           "sturm;event;1;Sturm;Storm;food=2;2;;Ein Sturm :food:;A storm :food:\n"
    use_sheet(content, "events.csv", text.encode())
    game, errors = load(content)
    assert not errors, errors.as_text()
    assert game.cards == expected


def test_a_name_column_without_a_language_is_the_name_in_every_language(content):
    use_sheet(content, "events.csv", b"id,count,name,fight_cost\nhunger,2,Hunger,food=1\nsturm,1,Storm,food=2\n")
    game, errors = load(content)  # one kind: no kind column needed
    assert not errors, errors.as_text()
    assert [(c.name.de, c.name.en, c.kind) for c in game.cards] == [("Hunger", "Hunger", "event"),
                                                                     ("Storm", "Storm", "event")]


def test_game_yaml_maps_a_sheets_own_headers_onto_card_keys(content):
    with (content / "tiny" / "game.yaml").open("a", encoding="utf-8") as f:
        f.write("sheets:\n  - file: events.csv\n    kind: event\n"
                "    columns: {Karte: id, Anzahl: count, Titel: name.de, Title: name.en, Kampf: fight_cost, "
                "Notiz: '-'}\n")
    use_sheet(content, "events.csv", "Karte,Anzahl,Titel,Title,Kampf,Notiz\nhunger,2,Hunger,Hunger,food=1,"
              "ändern?\n".encode())
    game, errors = load(content)
    assert not errors, errors.as_text()
    [card] = game.cards
    assert (card.id, card.count, card.name.en, card.fields) == ("hunger", 2, "Hunger", {"fight_cost": {"food": 1}})


def test_a_sheet_game_yaml_names_but_cards_lacks_is_an_error_at_game_yaml(content):
    with (content / "tiny" / "game.yaml").open("a", encoding="utf-8") as f:
        f.write("sheets:\n  - {file: missing.xlsx}\n")
    _, errors = load(content)
    [error] = errors.sorted()
    assert "game.yaml" in str(error.mark) and "'missing.xlsx'" in error.message


# -- errors: each at its cell, with the header and a hint; all of them in one run


def xlsx_with(rows: list[list]) -> bytes:
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    for row in rows:
        sheet.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def test_an_unknown_header_is_named_at_its_cell_with_a_guess(content):
    use_sheet(content, "events.xlsx", xlsx_with([["id", "kind", "count", "nmae.de", "name.en", "severty"],
                                                 ["hunger", "event", 2, "Hunger", "Hunger", 1]]))
    _, errors = load(content)
    lines = errors.as_text().splitlines()
    assert any("events.xlsx:1:4 (D1, column 'nmae.de'): error: unknown column 'nmae.de'" in line
               and "did you mean 'name.de'?" in line for line in lines), lines
    assert any("(F1, column 'severty')" in line and "did you mean 'severity'?" in line for line in lines), lines


def test_a_bad_number_names_the_cell_the_header_and_a_hint(content):
    use_sheet(content, "events.xlsx", xlsx_with([["id", "kind", "count", "name.de", "name.en", "fight_cost"],
                                                 ["hunger", "event", "zwei", "Hunger", "Hunger", "food=1"],
                                                 ["sturm", "event", 1, "Sturm", "Storm", "food=x2"]]))
    _, errors = load(content)
    text = errors.as_text()
    assert "events.xlsx:2:3 (C2, column 'count'): error: expected a whole number, found 'zwei' " \
           "(hint: write digits, such as 3)" in text, text
    # a number inside a cost is checked where the cost is checked, at its cell
    code, output = check(content)
    assert code == 1
    assert "events.xlsx:3:6 (F3, column 'fight_cost')" in output, output
    shown = CliRunner().invoke(cli, ["check", "tiny", "--content", str(content), "--format", "json"])
    placed = [(e["line"], e["column"], e.get("cell"), e.get("header")) for e in json.loads(shown.stdout)["errors"]
              if e["file"].endswith("events.xlsx")]
    assert (2, 3, "C2", "count") in placed and (3, 6, "F3", "fight_cost") in placed, placed


def test_a_sheet_without_a_count_column_is_refused_at_the_header(content):
    use_sheet(content, "events.csv", b"id,kind,name.de,name.en\nhunger,event,Hunger,Hunger\n")
    game, errors = load(content)
    assert game.cards == []
    [error] = errors.sorted()
    assert str(error.mark) == f"{error.mark.file}:1:1 (A1)"
    assert error.message == "the sheet has no 'count' column"
    assert "how many copies" in error.hint


def test_empty_required_cells_are_named_each_at_its_cell(content):
    use_sheet(content, "events.csv", b"id,kind,count,name.de,name.en,fight_cost\n"
                                     b",event,2,Hunger,Hunger,food=1\n"
                                     b"sturm,event,,Sturm,Storm,food=2\n"
                                     b"regen,event,1,Regen,,food=2\n")
    game, errors = load(content)
    assert game.cards == []
    text = errors.as_text()
    assert "events.csv:2:1 (A2, column 'id'): error: empty cell: every card needs its id" in text, text
    assert "events.csv:3:3 (C3, column 'count'): error: empty cell: every card needs how many copies" in text, text
    assert "events.csv:4:5 (E4, column 'name.en'): error: empty cell: 'name' is given in another language " \
           "but not in 'en'" in text, text
    assert len(errors) == 3


def test_a_csv_row_spread_over_lines_is_named_by_its_line_and_its_cell(content):
    use_sheet(content, "events.csv", b'id,kind,count,name.de,name.en,fight_cost,text.de,text.en\n'
                                     b'hunger,event,2,Hunger,Hunger,food=1,"zwei\nZeilen","two\nlines"\n'
                                     b'sturm,event,drei,Sturm,Storm,food=2,,\n')
    _, errors = load(content)
    [error] = errors.sorted()
    # the header is line 1, the first card lines 2 to 4 (two cells hold a line break), the second line 5
    assert str(error.mark).endswith("events.csv:5:3 (C3, column 'count')"), str(error.mark)


def test_more_rows_than_the_limit_is_one_error_at_the_first_row_over_it(content, monkeypatch):
    monkeypatch.setattr(sheet_read, "MAX_ROWS", 3)
    rows = [[f"card-{i}", "event", 1, "A", "A", "food=1"] for i in range(10)]
    use_sheet(content, "events.xlsx", xlsx_with([["id", "kind", "count", "name.de", "name.en", "fight_cost"], *rows]))
    game, errors = load(content)
    [error] = errors.sorted()
    assert error.message == "the sheet has more than 3 rows" and "(A5)" in str(error.mark)
    assert game.cards == []


def test_an_ods_row_repeated_a_million_times_is_counted_not_expanded(content):
    path = use_sheet(content, "events.ods")
    write_ods(path, HEADERS, ROWS, repeat_last=1_000_000)
    assert path.stat().st_size < 10_000
    _, errors = load(content)
    [error] = errors.sorted()
    assert error.message == f"the sheet has more than {sheet_read.MAX_ROWS:,} rows"


def test_a_cell_over_the_length_limit_is_named(content):
    long_text = "x" * (sheet_read.MAX_CELL_CHARS + 1)
    use_sheet(content, "events.csv", f"id,kind,count,name.de,name.en\nhunger,event,2,{long_text},H\n".encode())
    _, errors = load(content)
    [error] = errors.sorted()
    assert "(D2)" in str(error.mark) and f"more than the {sheet_read.MAX_CELL_CHARS:,}" in error.message


@pytest.mark.parametrize("data", [b"not a zip at all", b"PK\x03\x04" + b"\0" * 40])
def test_a_broken_xlsx_is_one_error_at_the_file(content, data):
    use_sheet(content, "events.xlsx", data)
    code, output = check(content)
    assert code == 1
    assert "events.xlsx:1:1: error: " in output and "cannot be read as an xlsx workbook" in output, output
    assert "Traceback" not in output


def test_an_xlsx_whose_members_are_no_workbook_is_one_error(content):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("hello.txt", "hi")
    use_sheet(content, "events.xlsx", out.getvalue())
    _, errors = load(content)
    [error] = errors.sorted()
    assert "cannot be read as an xlsx workbook" in error.message and error.hint


def test_a_workbook_that_unpacks_over_the_limit_is_refused_before_a_reader_opens_it(content):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", b"\0" * (sheet_read.MAX_UNPACKED_BYTES + 1))
    assert len(out.getvalue()) < 200_000
    use_sheet(content, "events.xlsx", out.getvalue())
    _, errors = load(content)
    [error] = errors.sorted()
    assert "unpacks to" in error.message and "limit" in error.message


def test_errors_of_sheets_and_of_checks_come_in_one_run_with_exit_1(content):
    use_sheet(content, "events.csv", b"id,kind,count,name.de,name.en,fight_cost,severity\n"
                                     b"hunger,event,zwei,Hunger,Hunger,food=1,\n"
                                     b"sturm,event,1,Sturm,Storm,food=2,9\n"
                                     b"regen,evnt,1,Regen,Rain,food=2,\n")
    code, output = check(content)
    assert code == 1
    assert "events.csv:2:3 (C2, column 'count')" in output
    assert "events.csv:3:7 (G3, column 'severity')" in output  # above the field's maximum: pnp check's own error
    assert "events.csv:4:2 (B4, column 'kind')" in output       # an unknown kind
    assert "Traceback" not in output


# -- writing sheets


def test_export_writes_a_sheet_the_game_reads_back_as_the_same_cards(content, tmp_path):
    expected = yaml_cards(content)
    for name in ("cards.csv", "cards.xlsx"):
        target = tmp_path / name
        result = CliRunner().invoke(cli, ["export", "tiny", "--cards", str(target), "--content", str(content)])
        assert result.exit_code == 0, result.output
        assert "2 cards" in result.output
        copy = tmp_path / name.replace(".", "-") / "content"
        import shutil

        shutil.copytree(content, copy)
        use_sheet(copy, name, target.read_bytes())
        game, errors = load(copy)
        assert not errors, errors.as_text()
        assert game.cards == expected


def test_export_refuses_another_format_as_bad_usage_and_writes_nothing(content, tmp_path):
    result = CliRunner().invoke(cli, ["export", "tiny", "--cards", str(tmp_path / "cards.txt"), "--content",
                                      str(content)])
    assert result.exit_code == 2
    assert not (tmp_path / "cards.txt").exists()


def test_xlsx_text_that_starts_with_an_equals_sign_stays_text(content):
    use_sheet(content, "events.xlsx", xlsx_bytes(["id", "kind", "count", "name.de", "name.en", "fight_cost"],
                                                 [{"id": "hunger", "kind": "event", "count": 2, "name.de": "=1+1",
                                                   "name.en": "=SUM(A1)", "fight_cost": "food=1"}]))
    game, errors = load(content)
    assert not errors, errors.as_text()
    assert (game.cards[0].name.de, game.cards[0].name.en) == ("=1+1", "=SUM(A1)")


def test_the_content_references_sheet_example_is_the_card_of_its_yaml_example(tmp_path):
    import re

    import yaml

    from generator.authoring.reference_examples import EXAMPLES
    from generator.authoring.reference_sheets import SHEETS_SECTION
    from generator.content.schema import Card, Game
    from generator.content.sheets import load_sheet

    csv_text = re.search(r"```text\n(.*?)```", SHEETS_SECTION, re.DOTALL).group(1)
    path = tmp_path / "cards" / "orders.csv"
    path.parent.mkdir()
    path.write_text(csv_text, encoding="utf-8")
    game = Game.model_validate(yaml.safe_load(EXAMPLES["game"]))
    errors = ErrorList()
    sheet = load_sheet(path, "orders.csv", errors, tmp_path, game, None)
    assert not errors, errors.as_text()
    [(_, item, _)] = sheet.items
    [expected] = yaml.safe_load(EXAMPLES["cards"])["cards"]
    assert Card.model_validate(item) == Card.model_validate(expected)


# -- pnp new --from-sheet

ANIMALS = (b"id,kind,count,name.de,name.en,power,price,effects\n"
           b"wolf,beast,2,Wolf,Wolf,3,meat=2,gain resource=meat amount=1\n"
           b"bear,beast,1,B\xc3\xa4r,Bear,5,meat=3 fur=1,\n"
           b"hut,place,3,H\xc3\xbctte,Hut,,fur=1,draw count=2\n")


def test_new_from_a_sheet_writes_a_game_around_it_that_checks(tmp_path):
    sheet = tmp_path / "animals.csv"
    sheet.write_bytes(ANIMALS)
    content = tmp_path / "content"
    result = CliRunner().invoke(cli, ["new", "wild", "--from-sheet", str(sheet), "--content", str(content)])
    assert result.exit_code == 0, result.output
    assert (content / "wild" / "cards" / "animals.csv").read_bytes() == ANIMALS
    errors = ErrorList()
    game = load_game(content / "wild", errors)
    assert not errors, errors.as_text()
    assert [k.id for k in game.game.kinds] == ["beast", "place"]
    assert game.game.kind("beast").fields["power"].type == "int"
    assert game.game.kind("beast").fields["price"].type == "costs"
    assert [(c.kind, c.count) for c in game.game.components] == [("beast", 3), ("place", 3)]
    assert sorted(o.id for o in game.game.operations) == ["draw", "gain"]
    result = CliRunner().invoke(cli, ["check", "wild", "--content", str(content)])
    assert result.exit_code == 0, result.output


def test_new_from_a_file_that_is_no_sheet_is_bad_usage_and_writes_nothing(tmp_path):
    sheet = tmp_path / "animals.txt"
    sheet.write_bytes(ANIMALS)
    result = CliRunner().invoke(cli, ["new", "wild", "--from-sheet", str(sheet), "--content", str(tmp_path / "c")])
    assert result.exit_code == 2
    assert "--from-sheet reads a .csv, .xlsx or .ods file" in result.output
    assert not (tmp_path / "c" / "wild").exists()


def test_new_from_a_broken_workbook_fails_with_its_error_and_writes_nothing(tmp_path):
    sheet = tmp_path / "animals.xlsx"
    sheet.write_bytes(b"not a workbook")
    result = CliRunner().invoke(cli, ["new", "wild", "--from-sheet", str(sheet), "--content", str(tmp_path / "c")])
    assert result.exit_code == 1
    assert "animals.xlsx:1:1: error: cannot be read as an xlsx workbook" in result.output, result.output
    assert not (tmp_path / "c" / "wild").exists()


# -- a game in one language


def test_a_game_in_one_language_needs_no_translation_anywhere(content):
    game_yaml = content / "tiny" / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    for old, new in (("{de: Winzig, en: Tiny}", "Tiny"), ("{de: Ein Testspiel., en: A test game.}", "A test game."),
                     ("{de: Nahrung, en: Food}", "Food"), ("{de: Ereignis, en: Event}", "Event"),
                     ('{de: "Verliert {amount} :{resource}:.", en: "Lose {amount} :{resource}:."}',
                      '"Lose {amount} :{resource}:."'), ("{de: Ereigniskarten, en: Event cards}", "Event cards")):
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    assert "de:" not in text and "en:" not in text
    game_yaml.write_text(text, encoding="utf-8")
    use_sheet(content, "events.csv", b"id,count,name,text,fight_cost,effects\n"
                                     b"hunger,2,Hunger,,food=1,lose_cube resource=food amount=1\n"
                                     b"sturm,1,Storm,A storm :food:,food=2,\n")
    game, errors = load(content)
    assert not errors, errors.as_text()
    assert game.game.title.de == game.game.title.en == "Tiny"
    assert [(c.name.de, c.name.en) for c in game.cards] == [("Hunger", "Hunger"), ("Storm", "Storm")]
    code, output = check(content)
    assert code == 0, output


def test_a_refused_header_row_holds_back_the_card_count_comparison(content):
    use_sheet(content, "events.csv", b"id,kind,name.de,name.en\nhunger,event,Hunger,Hunger\n")
    code, output = check(content)
    assert code == 1
    assert "the sheet has no 'count' column" in output
    assert not [line for line in output.splitlines() if "component" in line and ": error" in line], output
    assert "is compared with the cards once" in output and "1 error(s)" in output, output  # a note, no error


def test_headers_are_read_whatever_their_case_and_spaces(content):
    expected = yaml_cards(content)
    use_sheet(content, "events.csv", b"ID,Kind,Count,Name.DE,Name.EN,Fight Cost,Severity,Effects,Text.DE,Text.EN\n"
                                     b"hunger,event,2,Hunger,Hunger,food=1,,lose_cube resource=food amount=1,,\n"
                                     b"sturm,event,1,Sturm,Storm,food=2,2,,Ein Sturm :food:,A storm :food:\n")
    game, errors = load(content)
    assert not errors, errors.as_text()
    assert game.cards == expected


def test_new_from_a_sheet_keeps_a_header_it_cannot_place_as_a_mapped_field(tmp_path):
    sheet = tmp_path / "animals.csv"
    sheet.write_bytes(ANIMALS.replace(b"power", b"Power (max)"))
    content = tmp_path / "content"
    result = CliRunner().invoke(cli, ["new", "wild", "--from-sheet", str(sheet), "--content", str(content)])
    assert result.exit_code == 0, result.output
    errors = ErrorList()
    game = load_game(content / "wild", errors)
    assert not errors, errors.as_text()
    assert game.game.sheets[0].columns == {"Power (max)": "power_max"}
    assert game.card("bear").fields["power_max"] == 5
