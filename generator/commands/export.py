"""`pnp export GAME --cards FILE`: a game's card designs written as one sheet (CSV or xlsx), or one YAML file.

A designer who keeps cards in a spreadsheet moves a YAML game there: the sheet holds every card
of every card file, in the order the game loads them, and replacing the card files by it builds
the same cards; a YAML file is the way back. The file appears whole or not at all.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.commands.failure import CommandFailed, CommandRefused, cannot_write
from generator.commands.loading import game_ids


@dataclass
class Exported:
    file: Path
    cards: int
    columns: list[str]

    def as_json(self) -> dict[str, Any]:
        return {"ok": True, "file": str(self.file), "cards": self.cards, "columns": self.columns}


def export_cards(content_dir: Path, game: str, target: Path) -> Exported:
    """Write GAME's cards to `target` (.csv or .xlsx); content errors fail (exit 1), a bad target is bad usage."""
    from generator.content.errors import ErrorList
    from generator.content.loader import load_game
    from generator.content.sheet_write import (
        SHEET_FORMATS,
        CardsUnwritable,
        card_rows,
        csv_bytes,
        xlsx_bytes,
        yaml_bytes,
    )

    suffix = target.suffix.lower()
    if suffix not in SHEET_FORMATS:
        raise CommandRefused(f"--cards writes a .csv, .xlsx or .yaml file, not '{target.name}'")
    [game_id] = game_ids(content_dir, (game,))
    errors = ErrorList()
    content = load_game(content_dir / game_id, errors)
    if content is None or errors:
        raise CommandFailed(errors, note="fix the content first; nothing was written")
    cards = card_data(content_dir / game_id, errors, content.game)
    if errors:
        raise CommandFailed(errors, note="nothing was written")
    try:
        headers, rows = card_rows(content.game, cards)
    except CardsUnwritable as exc:
        raise CommandFailed.sentence(f"pnp: cannot write the cards as a sheet: {exc}") from None
    if suffix == ".yaml":
        data = yaml_bytes(cards)
    elif suffix == ".csv":
        data = csv_bytes(headers, rows)
    else:
        data = xlsx_bytes(headers, rows, title=game_id)
    _write_whole(target, data)
    return Exported(target, len(rows), headers)


def card_data(root: Path, errors: Any, game: Any) -> list[dict[str, Any]]:
    """Every card of the game as its file holds it (a mapping per card), in the order the game loads them."""
    from generator.content.errors import relative
    from generator.content.files import entries
    from generator.content.sheet_read import SHEET_SUFFIXES
    from generator.content.sheets import load_sheet
    from generator.content.yaml_source import load_yaml

    cards: list[dict[str, Any]] = []
    folder = root / "cards"
    for path in entries(folder, (".yaml", ".yml"), relative(folder), errors, root):
        data = load_yaml(path, errors, relative(path), root).data
        cards += [c for c in (data or {}).get("cards", []) if isinstance(c, dict)]
    declared = {sheet.file: sheet for sheet in game.sheets}
    for path in entries(folder, SHEET_SUFFIXES, relative(folder), errors, root):
        sheet = load_sheet(path, relative(path), errors, root, game, declared.get(path.name))
        cards += [item for _, item, _ in (sheet.items if sheet else []) if item is not None]
    return cards


def _write_whole(target: Path, data: bytes) -> None:
    partial = target.with_name(f".{target.name}.part-{os.getpid()}")
    try:
        partial.write_bytes(data)
        os.replace(partial, target)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        raise cannot_write(target, exc) from None
