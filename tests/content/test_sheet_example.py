"""docs/examples/market-day, the starter game with its cards in a CSV file and an xlsx workbook: it
holds the starter's cards, checks, plays and builds."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.authoring.starter import write_starter
from generator.cli import cli
from generator.content.errors import ErrorList
from generator.content.loader import load_game

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, [*args, "--content", str(EXAMPLES), "--trust-engines"])
    return result.exit_code, result.output


def test_the_example_keeps_its_cards_only_in_sheets_and_they_are_the_starters_cards(tmp_path):
    cards = EXAMPLES / "market-day" / "cards"
    assert sorted(p.name for p in cards.iterdir()) == ["jobs.csv", "orders.xlsx"]
    errors = ErrorList()
    example = load_game(EXAMPLES / "market-day", errors)
    starter = load_game(write_starter(tmp_path, "market-day"), errors)
    assert not errors, errors.as_text()
    assert example.cards == starter.cards
    assert {c.kind for c in example.cards} == {"job", "order"}


def test_the_example_checks_and_plays():
    code, output = run("check", "market-day")
    assert code == 0, output
    assert "18 cards" in output
    code, output = run("play", "market-day", "--seed", "1")
    assert code == 0, output
    assert "most points wins" in output


def test_a_mistake_in_the_example_workbook_is_named_by_its_header_and_cell(tmp_path):
    import openpyxl

    copy = tmp_path / "content"
    shutil.copytree(EXAMPLES / "market-day", copy / "market-day")
    book = openpyxl.load_workbook(copy / "market-day" / "cards" / "orders.xlsx")
    sheet = book["Auftraege"]
    column = next(c.column for c in sheet[1] if c.value == "Punkte")
    sheet.cell(row=3, column=column, value="viele")
    book.save(copy / "market-day" / "cards" / "orders.xlsx")
    result = CliRunner().invoke(cli, ["check", "market-day", "--content", str(copy), "--trust-engines"])
    assert result.exit_code == 1
    letter = openpyxl.utils.get_column_letter(column)
    assert f"orders.xlsx:3:{column} ({letter}3, column 'Punkte'): error: expected a whole number, found 'viele'" \
        in result.output, result.output


@pytest.mark.slow
def test_the_example_builds(tmp_path):
    result = CliRunner().invoke(cli, ["build", "market-day", "--content", str(EXAMPLES), "--output",
                                      str(tmp_path / "output"), "--trust-engines"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "output" / "market-day" / "cards-en-a4.pdf").is_file()
