"""`pnp new GAME`: a complete, commented starter game that `pnp check` and `pnp build` pass at once.

The game is written once per module through the real command line; the tests look at what it
holds, check and build it (into a temporary output, only this game), validate its files against
the schemas it names, and see bad ids and existing folders refused with exit 2.
"""

from __future__ import annotations

import json
import re
from pathlib import Path, PurePosixPath

import pytest
import yaml

from generator.authoring.schemas import SCHEMA_COMMENT, file_type_of
from generator.authoring.starter import StarterRefused, write_starter
from tests.authoring.conftest import as_json, pnp, schema_errors

GAME = "harbour-days"


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, object]:
    """(the working folder, the content folder, the `pnp new` run)."""
    work = tmp_path_factory.mktemp("new")
    run = pnp("new", GAME, "--content", "designs", cwd=work)
    return work, work / "designs", run


@pytest.fixture(scope="module")
def game(made: tuple[Path, Path, object]) -> Path:
    work, content, run = made
    assert run.code == 0, run.err  # type: ignore[attr-defined]
    return content / GAME


def yaml_of(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def test_new_says_what_it_wrote_and_what_to_run_next(made: tuple[Path, Path, object], game: Path) -> None:
    _, _, run = made
    out = run.out  # type: ignore[attr-defined]
    files = sorted(p for p in game.rglob("*") if p.is_file())
    assert f"wrote designs/{GAME}: {len(files)} files" in out
    assert f"pnp check {GAME} --content designs" in out and f"pnp build {GAME} --content designs" in out


def test_the_starter_has_every_part_a_game_needs(game: Path) -> None:
    spec = yaml_of(game / "game.yaml")
    assert spec["id"] == GAME and spec["title"] == {"de": "Harbour Days", "en": "Harbour Days"}
    assert spec["engine"] == {"module": "engine/rules.py"} and (game / "engine" / "rules.py").is_file()
    assert [k["id"] for k in spec["kinds"]] == ["job", "order"]
    for resource in spec["resources"]:
        assert (game / "icons" / f"{resource['icon']}.svg").is_file(), resource
    cards = [c for f in sorted((game / "cards").glob("*.yaml")) for c in yaml_of(f)["cards"]]
    assert {c["kind"] for c in cards} == {"job", "order"}
    [board] = [yaml_of(p) for p in (game / "boards").glob("*.yaml")]
    assert board["tracks"] and board["tracks"][0]["end"] > board["tracks"][0]["start"]
    assert any(c["type"] == "board" for c in spec["components"])
    pages = {lang: sorted(p.name for p in (game / "rules" / lang).glob("*.md")) for lang in ("de", "en")}
    assert pages["de"] == pages["en"] and len(pages["en"]) >= 3
    assert (game / "rules" / "de" / "sentences.yaml").is_file() and (game / "rules" / "en" / "sentences.yaml").is_file()
    [example] = [yaml_of(p) for p in (game / "examples").glob("*.yaml")]
    assert len(example["steps"]) >= 2
    assert "__GAME__" not in "".join(p.read_text(encoding="utf-8") for p in game.rglob("*") if p.is_file())


def test_every_file_carries_comments_a_designer_can_follow(game: Path) -> None:
    markers = {".yaml": "\n# ", ".md": "{#", ".svg": "<!--", ".py": '"""'}
    for path in sorted(game.rglob("*")):
        if path.is_file() and path.suffix in markers:
            text = "\n" + path.read_text(encoding="utf-8")
            assert markers[path.suffix] in text, f"{path.relative_to(game)} has no comment"
    assert "# a job has no fields of its own" in (game / "game.yaml").read_text(encoding="utf-8")


def test_every_yaml_file_names_its_schema_and_validates_against_it(game: Path) -> None:
    checked = 0
    for path in sorted(game.rglob("*.yaml")):
        relative = PurePosixPath(path.relative_to(game).as_posix())
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith(SCHEMA_COMMENT), relative
        schema_path = (path.parent / first[len(SCHEMA_COMMENT):]).resolve()
        file_type = file_type_of(relative)
        assert file_type is not None and schema_path.name == file_type.file_name, relative
        schema = json.loads(schema_path.read_text(encoding="utf-8"))
        assert schema_errors(as_json(path), schema) == [], relative
        checked += 1
    assert checked == 7
    cards = json.loads((game / "schema" / "cards.schema.json").read_text(encoding="utf-8"))
    assert cards["$defs"]["Card"]["properties"]["kind"]["enum"] == ["job", "order"], "the game's kinds are folded in"


def test_check_passes_at_once(made: tuple[Path, Path, object], game: Path) -> None:
    work, content, _ = made
    run = pnp("check", "--content", str(content), GAME, cwd=work)
    assert run.code == 0, run.err
    assert f"{GAME}: 9 card designs, 18 cards, 1 boards, 1 examples — no problems" in run.out


@pytest.mark.slow
def test_build_passes_at_once(made: tuple[Path, Path, object], game: Path, tmp_path: Path) -> None:
    work, content, _ = made
    out = tmp_path / "out"
    run = pnp("build", "--content", str(content), GAME, "--output", str(out), cwd=work)
    assert run.code == 0, run.err
    built = out / GAME
    model = json.loads((built / "game.json").read_text(encoding="utf-8"))
    assert {"bread", "field"} <= {c["id"] for c in model["cards"]}
    assert (built / "cards-de-a4.pdf").stat().st_size > 0 and (built / "cards-en-letter.pdf").stat().st_size > 0
    board = (built / "boards" / "scoreboard-en.svg").read_text(encoding="utf-8")
    assert re.search(r">\s*10\s*<", board), "the score track's last cell is drawn"
    site_pages = "".join(p.read_text(encoding="utf-8") for p in (out / "site").rglob("*.html"))
    assert "The first orders" in site_pages and "Die ersten Aufträge" in site_pages, "the example is on the site"


def test_an_existing_folder_is_refused_and_left_as_it_was(made: tuple[Path, Path, object], game: Path) -> None:
    work, content, _ = made
    before = {p: p.read_bytes() for p in game.rglob("*") if p.is_file()}
    run = pnp("new", GAME, "--content", "designs", cwd=work)
    assert run.code == 2
    assert f"Error: designs/{GAME} already exists; choose another id or move that folder away" in run.err
    assert {p: p.read_bytes() for p in game.rglob("*") if p.is_file()} == before
    assert sorted(p.name for p in content.iterdir()) == [GAME], "nothing else was left behind"


@pytest.mark.parametrize("bad", ["My Game", "-dash", "Upper", "snake_case", "x" * 65, "über", "a/b", ""])
def test_an_id_the_schema_refuses_is_refused(bad: str, tmp_path: Path) -> None:
    with pytest.raises(StarterRefused, match="is not a game id: use up to 64 lower-case letters"):
        write_starter(tmp_path / "content", bad)
    assert not (tmp_path / "content").exists()


def test_a_bad_or_reserved_id_exits_2_with_one_sentence(tmp_path: Path) -> None:
    bad = pnp("new", "My Game", "--content", str(tmp_path / "c"))
    assert bad.code == 2
    [sentence] = [line for line in bad.err.splitlines() if line.startswith("Error:")]
    assert sentence == "Error: 'My Game' is not a game id: use up to 64 lower-case letters, digits and hyphens, " \
                       "starting with a letter or digit (such as my-game)"
    reserved = pnp("new", "site", "--content", str(tmp_path / "c"))
    assert reserved.code == 2 and "'site' cannot be a game id" in reserved.err
    assert not (tmp_path / "c").exists()


def test_an_id_yaml_would_read_as_a_number_still_makes_a_game(tmp_path: Path) -> None:
    folder = write_starter(tmp_path / "content", "2048")
    assert yaml_of(folder / "game.yaml")["id"] == "2048"
    assert yaml_of(folder / "game.yaml")["title"]["en"] == "2048"


def test_new_help_explains_the_starter() -> None:
    run = pnp("new", "--help")
    assert run.code == 0
    for words in ("starter game", "engine/rules.py", "yaml-language-server", "exit 2"):
        assert words in run.out
