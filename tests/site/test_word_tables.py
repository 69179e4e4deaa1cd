"""The words modules print themselves live beside them as `<module>.words.yaml` (generator.rulestext.word_tables):
every such file belongs to a module that reads it, has a text in every language, and a table that lacks one is
refused at import with its key named."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from generator.content.schema_base import LANGUAGES
from generator.rulestext.word_tables import words_beside

PACKAGE = Path(__file__).resolve().parents[2] / "generator"


def test_every_word_table_belongs_to_the_module_beside_it_and_speaks_every_language() -> None:
    tables = sorted(PACKAGE.rglob("*.words.yaml"))
    assert len(tables) >= 11
    for table in tables:
        module_file = table.with_name(table.name.removesuffix(".words.yaml") + ".py")
        assert module_file.is_file(), table
        assert "words_beside(__file__)" in module_file.read_text(encoding="utf-8"), module_file
        module = importlib.import_module(".".join(module_file.relative_to(PACKAGE.parent).with_suffix("").parts))
        words = words_beside(module.__file__ or "")
        assert words and all(set(entry) == set(LANGUAGES) for entry in words.values()), table


def test_a_table_without_a_language_is_refused_with_its_key(tmp_path: Path) -> None:
    (tmp_path / "page.words.yaml").write_text("title: {de: Titel, en: Title}\nintro: {en: Only English}\n",
                                              encoding="utf-8")
    with pytest.raises(ValueError, match="page.words.yaml: 'intro' needs a text in each of de, en"):
        words_beside(str(tmp_path / "page.py"))


def test_a_table_with_a_value_that_is_not_text_is_refused(tmp_path: Path) -> None:
    (tmp_path / "page.words.yaml").write_text("count: {de: 3, en: three}\n", encoding="utf-8")
    with pytest.raises(ValueError, match="'count'"):
        words_beside(str(tmp_path / "page.py"))
