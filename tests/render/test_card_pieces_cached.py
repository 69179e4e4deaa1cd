"""Within a remade cards unit, a one-card edit draws again only the pieces that show the card: that card's SVG
faces and its deck's print-on-demand file; the other cards' faces and the other decks' files come from the
build cache (and the duplex calibration sheets, while the version they name stays). The result is byte for
byte a build without the cache."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.build_cache import BuildCache
from tests.test_build_cache import GAME, rebuild, rename_field_card, starter, tree_digest

__all__ = ["starter"]  # the fixture, used by name


def _stamps(folder: Path) -> dict[str, int]:
    return {path.relative_to(folder).as_posix(): path.stat().st_mtime_ns for path in folder.rglob("*")
            if path.is_file()}


@pytest.mark.slow
def test_a_card_edit_redraws_only_that_cards_faces_and_deck_and_equals_a_cold_build(starter: Path,
                                                                                    tmp_path: Path) -> None:
    output = tmp_path / "output"
    rebuild(starter, output)
    rebuild(starter, output)  # a no-edit rebuild restores units only: the parts they were made with stay
    cards = output / GAME
    before = _stamps(cards)
    rename_field_card(starter)
    edited = rebuild(starter, output)
    assert f"{GAME}/cards/en" in edited.made
    after = _stamps(cards)
    redrawn = {name for name, stamp in after.items() if before.get(name) != stamp}
    faces = {name for name in redrawn if name.startswith("cards/en/") and name.endswith(".svg")}
    assert faces == {"cards/en/field-front.svg", "cards/en/field-back.svg"}, sorted(redrawn)
    pods = {name for name in redrawn if name.startswith("pod/")}
    assert pods == {name for name in pods if name.startswith("pod/en/job")} and pods, sorted(redrawn)
    assert not {name for name in redrawn if name.startswith(("cards/de/", "pod/de/"))}

    fresh = tmp_path / "fresh"
    rebuild(starter, fresh, BuildCache(None))
    assert tree_digest(output) == tree_digest(fresh)
