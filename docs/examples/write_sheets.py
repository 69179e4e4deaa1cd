"""Writes the card sheets of docs/examples/market-day from the starter game's YAML card files.

The example is `pnp new market-day` with its cards moved into sheets: the job cards into a CSV
file read by its headers, the order cards into an xlsx workbook whose German headers game.yaml
maps onto card keys (`sheets:`). Run it from the repository's folder after the starter's cards
change: `python docs/examples/write_sheets.py`. tests/content/test_sheet_example.py checks that
the sheets hold the starter's cards.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from generator.authoring.starter import STARTER
from generator.commands.new import game_yaml
from generator.content.sheet_write import card_rows, csv_bytes, xlsx_bytes

EXAMPLE = Path(__file__).resolve().parent / "market-day"

# the order sheet's own headers, as game.yaml `sheets` maps them onto card keys
ORDER_HEADERS = {"id": "Karte", "count": "Anzahl", "name.de": "Name", "name.en": "Name (en)", "price": "Preis",
                 "points": "Punkte", "icon": "Bild", "flavor.de": "Spruch", "flavor.en": "Spruch (en)"}


def starter_cards(name: str) -> list[dict]:
    return yaml.safe_load((STARTER / "cards" / name).read_text(encoding="utf-8"))["cards"]


def main() -> None:
    game = game_yaml(EXAMPLE)
    headers, rows = card_rows(game, starter_cards("jobs.yaml"))
    (EXAMPLE / "cards" / "jobs.csv").write_bytes(csv_bytes(headers, rows))
    orders = [{k: v for k, v in card.items() if k != "kind"} for card in starter_cards("orders.yaml")]
    headers, rows = card_rows(game, [{"kind": "order", **card} for card in orders])
    rows = [{ORDER_HEADERS[h]: v for h, v in row.items() if h != "kind"} for row in rows]
    (EXAMPLE / "cards" / "orders.xlsx").write_bytes(
        xlsx_bytes([ORDER_HEADERS[h] for h in headers if h != "kind"], rows, title="Auftraege"))


if __name__ == "__main__":
    main()
