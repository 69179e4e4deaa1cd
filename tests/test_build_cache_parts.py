"""A unit restored whole keeps in use the parts it was made with (its manifest names them): a rebuild that only
restores units does not prune the card faces, decks or hints the next edit's remade unit would restore."""

from __future__ import annotations

import os
import time
from pathlib import Path

from generator.build_cache import BuildCache, remembered_files, unit_key


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def _build_with_a_part(folder: Path, base: Path) -> tuple[str, str]:
    """A build whose one unit was made with one remembered part; returns the unit's and the part's keys."""
    cache = BuildCache(folder)
    with cache.active() as share:
        part = remembered_files(("piece", 1), base, lambda: [_write(base / "piece.txt", "piece")])
    unit = unit_key("unit", 1)
    cache.store(unit, base, [_write(base / "unit.txt", "unit"), *part], "game/step/en",
                parts=[*share["used"], *share["pending"]])
    cache.commit()
    return unit, unit_key("files", ("piece", 1))


def _newer_entries(folder: Path, count: int) -> None:
    """Entries of other builds, newer than the unit and its part (the ones a prune keeps first)."""
    time.sleep(0.01)
    others = BuildCache(folder)
    for number in range(count):
        others.keep_bytes(unit_key("other", number), b"x")
    others.commit()
    stamp = time.time_ns() + 10**9
    for number in range(count):
        os.utime(folder / unit_key("other", number), ns=(stamp, stamp))


def test_a_restored_unit_keeps_its_parts_through_a_prune(tmp_path: Path) -> None:
    folder, base = tmp_path / "cache", tmp_path / "made"
    base.mkdir()
    unit, part = _build_with_a_part(folder, base)
    _newer_entries(folder, 10)
    rebuild = BuildCache(folder)  # a no-edit rebuild: restores the unit, makes nothing
    again = tmp_path / "again"
    assert rebuild.restore(unit, again, "game/step/en") is not None
    assert part in rebuild.used
    rebuild.commit()
    rebuild.prune()
    assert (folder / part).is_dir() and (folder / unit).is_dir()
    edit = BuildCache(folder)  # the next edit remakes the unit: its part comes from the cache
    with edit.active():
        later = tmp_path / "later"
        later.mkdir()
        made = remembered_files(("piece", 1), later, lambda: [_write(later / "piece.txt", "drawn again")])
    assert [path.read_text(encoding="utf-8") for path in made] == ["piece"]
    edit.discard()


def test_a_part_no_unit_names_is_pruned_as_before(tmp_path: Path) -> None:
    folder, base = tmp_path / "cache", tmp_path / "made"
    base.mkdir()
    cache = BuildCache(folder)
    with cache.active():
        remembered_files(("loose", 1), base, lambda: [_write(base / "loose.txt", "loose")])
    cache.commit()
    _newer_entries(folder, 10)
    rebuild = BuildCache(folder)
    rebuild.keep_bytes(unit_key("this build's"), b"y")
    rebuild.commit()
    rebuild.prune()
    assert not (folder / unit_key("files", ("loose", 1))).is_dir()
