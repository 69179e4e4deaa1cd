"""`pnp schema`: JSON Schemas that accept every bundled content file and refuse broken ones.

The schemas are what editors check YAML against while a designer types, so they must say what
`pnp check` says: every file the repository ships validates (with the generic schema and with
its game's kinds and operations folded in), and the broken files of the check corpus
(tests/content/test_check_corpus.py, made from the tiny game) are refused at the key at fault.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path, PurePosixPath

import pytest
import yaml

from generator.authoring.schemas import FILE_TYPES, file_schema, file_type_of, schema_comment, schema_text
from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.content.schema import Game
from tests.authoring.conftest import REPO, as_json, bundled_games, error_places, pnp, schema_errors
from tests.content.conftest import edit

TINY = REPO / "tests" / "content" / "tiny"
BY_NAME = {t.name: t for t in FILE_TYPES}


def game_of(folder: Path) -> Game:
    return Game.model_validate(yaml.safe_load((folder / "game.yaml").read_text(encoding="utf-8")))


def content_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())


def test_every_content_file_has_a_schema() -> None:
    assert {t.name for t in FILE_TYPES} == {"game", "cards", "board", "table", "example", "sentences", "layout"}
    for folder in bundled_games():
        for path in content_files(folder):
            assert file_type_of(PurePosixPath(path.relative_to(folder).as_posix())) is not None, path


@pytest.mark.slow
@pytest.mark.parametrize("folder", bundled_games(), ids=lambda p: p.name)
def test_every_bundled_file_validates_with_and_without_its_game_folded_in(folder: Path) -> None:
    game = game_of(folder)
    seen = set()
    for fold in (None, game):
        schemas = {t.name: file_schema(t, fold) for t in FILE_TYPES}
        for path in content_files(folder):
            file_type = file_type_of(PurePosixPath(path.relative_to(folder).as_posix()))
            assert file_type is not None
            seen.add(file_type.name)
            errors = schema_errors(as_json(path), schemas[file_type.name])
            assert not errors, (path, fold is not None, [(list(e.absolute_path), e.message[:160]) for e in errors])
    assert {"game", "sentences"} <= seen


def test_the_bundled_games_cover_every_file_type_and_the_shared_layouts_validate() -> None:
    kinds = {file_type_of(PurePosixPath(p.relative_to(f).as_posix())).name  # type: ignore[union-attr]
             for f in bundled_games() for p in content_files(f)}
    assert kinds == {t.name for t in FILE_TYPES}
    for layout in sorted((REPO / "templates" / "layouts").glob("*.yaml")):
        assert not schema_errors(as_json(layout), file_schema(BY_NAME["layout"])), layout


def test_a_game_folded_in_names_its_kinds_fields_and_operations() -> None:
    cards = file_schema(BY_NAME["cards"], game_of(TINY))
    card = cards["$defs"]["Card"]
    assert card["properties"]["kind"]["enum"] == ["event"]
    [rule] = card["allOf"]
    fields = rule["then"]["properties"]["fields"]
    assert set(fields["properties"]) == {"fight_cost", "severity", "counter"}
    assert fields["properties"]["severity"]["maximum"] == 3 and fields["additionalProperties"] is False
    assert fields["required"] == ["fight_cost"]
    assert cards["$defs"]["Effect"]["properties"]["op"]["enum"] == ["lose_cube"]
    assert "tiny" in cards["title"]


# -- the broken-content corpus: each case breaks one file of the tiny game ----------------------------
# (file, text, replacement, schema: generic or folded with the game, where the schema must object)
BROKEN = {
    "unknown-key": ("cards/events.yaml", "    count: 2\n", "    cots: 2\n", "generic", ("cards", "0")),
    "wrong-type": ("cards/events.yaml", "    count: 2\n", "    count: many\n", "generic", ("cards", "0", "count")),
    "missing-translation": ("cards/events.yaml", "name: {de: Sturm, en: Storm}", "name: {de: Sturm}", "generic",
                            ("cards", "1", "name")),
    "empty-translation": ("cards/events.yaml", "name: {de: Sturm, en: Storm}", "name: {de: Sturm, en: ''}",
                          "generic", ("cards", "1", "name", "en")),
    "game-age-not-a-number": ("game.yaml", "age: 8", "age: eight", "generic", ("age",)),
    "unknown-card-size": ("game.yaml", "    size: mini\n", "    size: mni\n", "generic", ("kinds", "0", "size")),
    "unknown-card-kind": ("cards/events.yaml", "  - id: sturm\n    kind: event\n", "  - id: sturm\n    kind: evnt\n",
                          "folded", ("cards", "1", "kind")),
    "unknown-operation": ("cards/events.yaml", "op: lose_cube", "op: loose_cube", "folded",
                          ("cards", "0", "effects", "0", "op")),
    "argument-out-of-range": ("cards/events.yaml", "resource: food, amount: 1}", "amount: 5}", "folded",
                              ("cards", "0", "effects", "0", "amount")),
    "field-out-of-range": ("cards/events.yaml", "severity: 2}", "severity: 7}", "folded",
                           ("cards", "1", "fields", "severity")),
    "unknown-field": ("cards/events.yaml", "severity: 2}", "severity: 2, sevrity: 1}", "folded",
                      ("cards", "1", "fields")),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_the_schema_refuses_a_broken_file_where_check_does(case: str, tmp_path: Path) -> None:
    relative, old, new, schema_kind, where = BROKEN[case]
    root = tmp_path / "content"
    shutil.copytree(TINY, root / "tiny")
    path = root / "tiny" / relative
    file_type = file_type_of(PurePosixPath(relative))
    assert file_type is not None
    schema = file_schema(file_type, game_of(TINY) if schema_kind == "folded" else None)
    assert schema_errors(as_json(path), schema) == [], "the corpus starts from a valid file"
    edit(path, old, new)
    errors = schema_errors(as_json(path), schema)
    assert where in error_places(errors), (case, [(list(e.absolute_path), e.message) for e in errors])
    found = ErrorList()
    load_checked(root, ["tiny"], found)
    assert len(found) > 0, f"{case}: `pnp check` accepts it, so it is no broken file"


def test_the_layout_schema_refuses_an_unknown_element(tmp_path: Path) -> None:
    broken = {"front": {"frame": [{"type": "rectangle", "x": 0, "y": 0}]}}
    errors = schema_errors(broken, file_schema(BY_NAME["layout"]))
    assert ("front", "frame", "0") in error_places(errors)
    fine = {"front": {"frame": [{"type": "rect", "x": 0, "y": 0, "w": "W", "h": "H"}]}}
    assert schema_errors(fine, file_schema(BY_NAME["layout"])) == []


def test_an_example_may_leave_out_its_id_but_not_its_steps() -> None:
    schema = file_schema(BY_NAME["example"])
    step = {"action": "dive 1", "narrative": {"de": "Los.", "en": "Go."}}
    assert schema_errors({"title": {"de": "A", "en": "A"}, "seed": 1, "steps": [step]}, schema) == []
    assert () in error_places(schema_errors({"title": {"de": "A", "en": "A"}, "seed": 1}, schema))


def test_schema_files_are_deterministic_and_named_by_file_type() -> None:
    game = game_of(TINY)
    assert schema_text(file_schema(BY_NAME["cards"], game)) == schema_text(file_schema(BY_NAME["cards"], game))
    assert schema_comment(PurePosixPath("cards/events.yaml"), PurePosixPath("schema")) == \
        "# yaml-language-server: $schema=../schema/cards.schema.json"
    assert schema_comment(PurePosixPath("rules/de/sentences.yaml"), PurePosixPath("schema")) == \
        "# yaml-language-server: $schema=../../schema/sentences.schema.json"
    assert schema_comment(PurePosixPath("rules/de/10-intro.md"), PurePosixPath("schema")) is None
    assert schema_comment(PurePosixPath("cards/deep/x.yaml"), PurePosixPath("schema")) is None


# -- the command ---------------------------------------------------------------------------------------
def test_pnp_schema_writes_one_schema_per_file_type(tmp_path: Path) -> None:
    run = pnp("schema", "--out", str(tmp_path / "schemas"))
    assert run.code == 0, run.err
    written = sorted(p.name for p in (tmp_path / "schemas").iterdir())
    assert written == sorted(t.file_name for t in FILE_TYPES)
    game = json.loads((tmp_path / "schemas" / "game.schema.json").read_text(encoding="utf-8"))
    assert game["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert game["properties"]["id"]["pattern"] == "^[a-z0-9][a-z0-9-]*$"


@pytest.mark.slow
def test_pnp_schema_for_a_game_folds_it_in_and_writes_into_its_folder(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(TINY, content / "tiny")
    run = pnp("schema", "tiny", "--content", str(content), cwd=tmp_path)
    assert run.code == 0, run.err
    cards = json.loads((content / "tiny" / "schema" / "cards.schema.json").read_text(encoding="utf-8"))
    assert cards["$defs"]["Card"]["properties"]["kind"]["enum"] == ["event"]
    assert pnp("schema", "tinny", "--content", str(content)).code == 2
    edit(content / "tiny" / "game.yaml", "age: 8", "age: eight")
    broken = pnp("schema", "tiny", "--content", str(content), cwd=tmp_path)
    assert broken.code == 1
    assert "tiny/game.yaml:" in broken.err and "age" in broken.err and "Traceback" not in broken.err


def test_pnp_schema_help_says_what_it_writes() -> None:
    run = pnp("schema", "--help")
    assert run.code == 0
    for words in ("JSON Schema", "yaml-language-server", "--reference", "folded"):
        assert words in run.out
