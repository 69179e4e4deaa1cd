"""Entries share files with the same bytes, and that lets no file edited by hand into a build
(generator.build_cache)."""

from __future__ import annotations

import os
from pathlib import Path

from generator.build_cache import BuildCache

ONE, TWO = "1" * 32, "2" * 32
PAGE = b"<p>the same bytes in two units</p>\n"


def made(base: Path) -> list[Path]:
    """A site's copy and its docs tree's copy of one download, as a build writes them (two files, one content)."""
    files = [base / "site" / "rules.pdf", base / "docs" / "rules.pdf"]
    for path in files:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(PAGE)
    return files


def stored(tmp_path: Path) -> Path:
    folder = tmp_path / "cache"
    cache = BuildCache(folder)
    first, second = made(tmp_path / "made")
    cache.store(ONE, tmp_path / "made", [first], "game/site/en")
    cache.store(TWO, tmp_path / "made", [second], "game/site/de")
    cache.commit()
    return folder


def test_files_with_the_same_bytes_are_one_file_in_the_cache(tmp_path: Path) -> None:
    folder = stored(tmp_path)
    one, two = folder / ONE / "files" / "site" / "rules.pdf", folder / TWO / "files" / "docs" / "rules.pdf"
    assert one.stat().st_ino == two.stat().st_ino
    assert one.read_bytes() == two.read_bytes() == PAGE
    cache = BuildCache(folder)
    assert cache.restore(ONE, tmp_path / "a", None) == [tmp_path / "a" / "site" / "rules.pdf"]
    assert cache.restore(TWO, tmp_path / "a", None) == [tmp_path / "a" / "docs" / "rules.pdf"]
    assert (tmp_path / "a" / "docs" / "rules.pdf").read_bytes() == PAGE


def test_a_shared_file_edited_in_place_is_restored_by_no_entry(tmp_path: Path) -> None:
    folder = stored(tmp_path)
    shared = folder / ONE / "files" / "site" / "rules.pdf"
    before = shared.stat()
    with open(shared, "r+b") as edited:  # same size, same time: only the bytes tell
        edited.write(b"<s")
    os.utime(shared, ns=(before.st_atime_ns, before.st_mtime_ns))
    cache = BuildCache(folder)
    assert cache.restore(ONE, tmp_path / "a", None) is None
    assert cache.restore(TWO, tmp_path / "a", None) is None
    assert not (tmp_path / "a").exists() or not any((tmp_path / "a").rglob("*.pdf"))
    cache.discard()

