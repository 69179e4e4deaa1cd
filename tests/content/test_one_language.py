"""A game made in one language (game.yaml `languages: [en]`): no `{de, en}` anywhere, one rules folder,
and everything checked, built and played in that language only.

The game is the minimal starter (`pnp new --engine minimal`) with every text written once in English,
its German rules folder removed and its cards moved to a CSV sheet by `pnp export`: the engine stays
the starter's, so the game is what a designer who writes in one language would have.
"""

from __future__ import annotations

import csv
import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.commands.export import export_cards
from generator.commands.new import new_game, schemas
from generator.content.errors import ErrorList
from generator.content.loader import load_game
from tests.cli_in_process import pnp

GAME = "pearls"


def _in(lang: str, node: Any) -> Any:
    """`node` with every `{de: ..., en: ...}` text written as its string in `lang`."""
    if isinstance(node, dict):
        if set(node) == {"de", "en"}:
            return node[lang]
        return {key: _in(lang, value) for key, value in node.items()}
    if isinstance(node, list):
        return [_in(lang, item) for item in node]
    return node


def _rewrite(path: Path, change: Any) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    path.write_text(yaml.safe_dump(change(data), sort_keys=False, allow_unicode=True), encoding="utf-8")


def starter_in(content: Path, lang: str) -> Path:
    """The minimal starter written in `lang` alone: every text once, one rules folder."""
    root = new_game(content, GAME, "minimal").folder
    _rewrite(root / "game.yaml", lambda data: {**_in(lang, data), "languages": [lang]})
    for path in [*root.glob("cards/*.yaml"), *root.glob("examples/*.yaml")]:
        _rewrite(path, lambda data: _in(lang, data))
    shutil.rmtree(root / "rules" / ("de" if lang == "en" else "en"))
    return root


@pytest.fixture(scope="module")
def english_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A content folder holding the game in English only, its cards in cards/treasures.csv."""
    content = tmp_path_factory.mktemp("one-language") / "content"
    root = starter_in(content, "en")
    sheet = content.parent / "treasures.csv"
    export_cards(content, GAME, sheet)
    (root / "cards" / "treasures.yaml").unlink()
    shutil.move(sheet, root / "cards" / "treasures.csv")
    schemas(GAME, content, None, reference=False)  # the editor's schemas of the game as it is now
    return content


def _files(output: Path) -> list[str]:
    """Every file below `output` (its games and site are links into output/.pnp), the build's state left out."""
    found = []
    for folder, dirs, names in os.walk(output, followlinks=True):
        dirs[:] = [d for d in dirs if d != ".pnp"]
        found += [(Path(folder) / name).relative_to(output).as_posix() for name in names]
    return sorted(found)


def _texts(root: Path) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(root.rglob("*")) if p.suffix in (".yaml", ".csv"))


def test_the_game_has_no_translation_anywhere(english_game: Path) -> None:
    root = english_game / GAME
    assert sorted(p.name for p in (root / "rules").iterdir()) == ["en"]
    with (root / "cards" / "treasures.csv").open(encoding="utf-8", newline="") as sheet:
        header = next(csv.reader(sheet))
    assert "name" in header and "flavor" in header, header  # pnp export: one column per text, no language
    assert not [h for h in header if h.endswith((".de", ".en"))], header
    texts = _texts(root)
    assert "de:" not in texts and "en:" not in texts.replace("languages:", "")
    errors = ErrorList()
    game = load_game(root, errors)
    assert not errors, errors.as_text()
    assert game.languages == ("en",)
    assert set(game.rules) == {"en"} and set(game.sentences) == {"en"}
    assert game.card("crown").name.get("en") == "Crown"


def test_its_schemas_ask_for_english_texts_only(english_game: Path) -> None:
    schema = json.loads((english_game / GAME / "schema" / "game.schema.json").read_text(encoding="utf-8"))
    assert schema["$defs"]["Text"]["required"] == ["en"]


def test_it_checks_without_a_warning(english_game: Path, capsys, monkeypatch) -> None:
    code, out, err = pnp(capsys, monkeypatch, "check", GAME, "--content", str(english_game), "--trust-engines",
                         "--strict")
    assert code == 0, out + err
    assert "no problems" in out and "16 cards" in out, out


def test_info_shows_its_one_language(english_game: Path, capsys, monkeypatch) -> None:
    code, out, err = pnp(capsys, monkeypatch, "info", GAME, "--format", "json", "--content", str(english_game),
                         "--trust-engines")
    assert code == 0, err
    data = json.loads(out)
    assert data["languages"] == ["en"] and data["title"] == {"en": "Pearls"}
    assert data["components"][0]["name"] == {"en": "Treasure cards"}
    code, out, err = pnp(capsys, monkeypatch, "info", GAME, "--content", str(english_game), "--trust-engines")
    assert code == 0, err
    assert "Pearls" in out and "Treasure cards " in out and " / " not in out, out


def test_it_plays_in_english_and_refuses_another_language(english_game: Path, capsys, monkeypatch) -> None:
    code, out, err = pnp(capsys, monkeypatch, "play", GAME, "--seed", "1", "--content", str(english_game),
                         "--trust-engines")
    assert code == 0, err
    assert "Player 1" in out and "[events." not in out, out
    code, out, err = pnp(capsys, monkeypatch, "play", GAME, "--seed", "1", "--lang", "de", "--content",
                         str(english_game), "--trust-engines")
    assert code == 2
    assert f"--lang de: '{GAME}' is made in en only; play it with --lang en" in err, err


def test_a_game_in_german_plays_and_replays_in_german(tmp_path: Path, capsys, monkeypatch) -> None:
    content = tmp_path / "content"
    starter_in(content, "de")
    code, out, err = pnp(capsys, monkeypatch, "check", GAME, "--content", str(content), "--trust-engines")
    assert code == 0, err
    saved = tmp_path / "game.jsonl"
    code, out, err = pnp(capsys, monkeypatch, "play", GAME, "--seed", "1", "--lang", "de", "--save", str(saved),
                         "--content", str(content), "--trust-engines")
    assert code == 0, err
    assert "Spieler 1" in out and "[events." not in out, out
    code, out, err = pnp(capsys, monkeypatch, "replay", str(saved), "--format", "json", "--content", str(content),
                         "--trust-engines")
    assert code == 0, err
    result = json.loads(out)
    assert result["outcome"] == "row-empty" and "meisten Punkte" in result["outcome_text"], result


def test_it_builds_in_english_only(english_game: Path, tmp_path: Path, capsys, monkeypatch) -> None:
    output = tmp_path / "output"
    code, out, err = pnp(capsys, monkeypatch, "build", GAME, "--content", str(english_game), "--output", str(output),
                         "--paper", "a4", "--trust-engines")
    assert code == 0, err
    game = output / GAME
    files = _files(output)
    for made in (f"{GAME}/cards-en-a4.pdf", f"{GAME}/rules-en-a4.pdf", f"{GAME}/cards/en/crown-front.svg",
                 f"site/{GAME}/en/index.html", f"site/{GAME}/index.html", "site/index.html"):
        assert made in files, made
    assert (game / "rules-en-a4.pdf").stat().st_size > 0
    german = [f for f in files if "/de/" in f or "-de-" in f or f.endswith("-de.pdf")]
    assert german == [], german[:5]
    assert not (output / "site" / GAME / "de").exists()
    model = (game / "game.json").read_text(encoding="utf-8")
    assert '"de"' not in model and json.loads(model)["game"]["title"] == {"en": "Pearls"}
    site = output / "site" / GAME / "en"
    pages = [output / "site" / GAME / "en" / f for f in _files(site) if f.endswith(".html")]
    assert len(pages) > 3
    for page in pages:  # no language switch: nothing links to a German site that is not there
        html = page.read_text(encoding="utf-8")
        assert "hreflang=\"de\"" not in html and "../de/" not in html, page
    choice = (output / "site" / GAME / "index.html").read_text(encoding="utf-8")
    assert '["en"]' in choice and "de/index.html" not in choice
    games = (output / "site" / "index.html").read_text(encoding="utf-8")
    assert f'href="{GAME}/en/index.html"' in games and f"{GAME}/de/" not in games
    search = site / "search" / "search_index.json"
    assert '"lang":["en"]' in search.read_text(encoding="utf-8").replace(" ", "")


def test_a_german_build_of_it_builds_none_of_its_language_files(english_game: Path, tmp_path: Path, capsys,
                                                                 monkeypatch) -> None:
    output = tmp_path / "output"
    code, out, err = pnp(capsys, monkeypatch, "cards", GAME, "--content", str(english_game), "--output",
                         str(output), "--lang", "de", "--paper", "a4")
    assert code == 0, err
    assert _files(output) == [], _files(output)[:5]


def test_a_language_the_game_dropped_leaves_the_output(tmp_path: Path, capsys, monkeypatch) -> None:
    content, output = tmp_path / "content", tmp_path / "output"
    new_game(content, GAME, "minimal")
    code, out, err = pnp(capsys, monkeypatch, "cards", GAME, "--content", str(content), "--output", str(output),
                         "--paper", "a4")
    assert code == 0, err
    assert f"{GAME}/cards-de-a4.pdf" in _files(output) and f"{GAME}/cards-en-a4.pdf" in _files(output)
    shutil.rmtree(content / GAME)
    starter_in(content, "en")
    code, out, err = pnp(capsys, monkeypatch, "cards", GAME, "--content", str(content), "--output", str(output),
                         "--paper", "a4", "--lang", "en")  # a build of one language keeps the others' files, but
    assert code == 0, err                                  # not those of a language the game is no longer made in
    assert f"{GAME}/cards-en-a4.pdf" in _files(output)
    assert [f for f in _files(output) if "-de-" in f or "/de/" in f] == []


# -- mistakes


def _copy(english_game: Path, tmp_path: Path) -> Path:
    content = tmp_path / "content"
    shutil.copytree(english_game, content)
    return content


def _set_languages(content: Path, written: str) -> None:
    path = content / GAME / "game.yaml"
    lines = [line for line in path.read_text(encoding="utf-8").splitlines()
             if not line.startswith(("languages:", "- en"))]
    path.write_text("\n".join(lines) + f"\nlanguages: {written}\n", encoding="utf-8")


def test_a_language_without_its_rules_folder_is_an_error_at_its_entry(english_game: Path, tmp_path: Path, capsys,
                                                                       monkeypatch) -> None:
    content = _copy(english_game, tmp_path)
    shutil.move(content / GAME / "rules" / "en", content / GAME / "rules" / "de")
    code, out, err = pnp(capsys, monkeypatch, "check", GAME, "--content", str(content), "--trust-engines")
    assert code == 1
    lines = (content / GAME / "game.yaml").read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines, 1) if text.startswith("- en"))
    assert f"{GAME}/game.yaml:{line}:3: error [languages[0]]: the game is made in 'en', but it has no rules/en/ " \
           "folder (only rules/de/) (hint: write the rules in rules/en/" in err, err
    assert "Traceback" not in err


@pytest.mark.parametrize(("written", "message"), [
    ("[fr]", "pnp-forge makes games in de and en, not in 'fr': list one or both of them"),
    ("[en, es]", "pnp-forge makes games in de and en, not in 'es': list one or both of them"),
    ("[]", "a game needs at least one language: list de, en or both"),
    ("[en, en]", "language 'en' is listed twice; list each language once"),
])
def test_an_unsupported_language_or_none_is_refused(english_game: Path, tmp_path: Path, capsys, monkeypatch,
                                                    written: str, message: str) -> None:
    content = _copy(english_game, tmp_path)
    _set_languages(content, written)
    code, out, err = pnp(capsys, monkeypatch, "check", GAME, "--content", str(content), "--trust-engines")
    assert code == 1
    lines = (content / GAME / "game.yaml").read_text(encoding="utf-8").splitlines()
    assert f"{GAME}/game.yaml:{len(lines)}:12: error [languages]: {message}" in err, err


def test_a_rules_folder_of_another_language_is_a_warning(english_game: Path, tmp_path: Path, capsys,
                                                         monkeypatch) -> None:
    content = _copy(english_game, tmp_path)
    shutil.copytree(content / GAME / "rules" / "en", content / GAME / "rules" / "de")
    code, out, err = pnp(capsys, monkeypatch, "check", GAME, "--content", str(content), "--trust-engines")
    assert code == 0, err
    assert "warning [languages]: rules/de/ is not read: game.yaml lists the game's languages as en (hint: add de " \
           "to `languages`" in err, err
    code, out, err = pnp(capsys, monkeypatch, "check", GAME, "--content", str(content), "--trust-engines",
                         "--strict")
    assert code == 1


def test_a_text_in_the_other_language_alone_is_a_missing_translation(english_game: Path, tmp_path: Path, capsys,
                                                                     monkeypatch) -> None:
    content = _copy(english_game, tmp_path)
    path = content / GAME / "game.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("\ntagline: Dive, roll, recover.\n", "\ntagline: {de: Tauchen}\n"), encoding="utf-8")
    code, out, err = pnp(capsys, monkeypatch, "check", GAME, "--content", str(content), "--trust-engines")
    assert code == 1
    assert "error [tagline]: missing translation 'en'" in err, err


def test_texts_may_name_the_games_language_or_both(english_game: Path, tmp_path: Path) -> None:
    content = _copy(english_game, tmp_path)
    path = content / GAME / "game.yaml"
    text = path.read_text(encoding="utf-8")
    assert "\ntagline: Dive, roll, recover.\n" in text and "\ntitle: Pearls\n" in text
    text = text.replace("\ntagline: Dive, roll, recover.\n", "\ntagline: {en: Dive, de: Tauchen}\n")
    path.write_text(text.replace("\ntitle: Pearls\n", "\ntitle: {en: Pearls}\n"), encoding="utf-8")
    errors = ErrorList()
    game = load_game(content / GAME, errors)
    assert not errors, errors.as_text()
    assert game.game.title.get("en") == "Pearls" and game.game.tagline.get("en") == "Dive"


# -- pnp new --from-sheet


SHEET = b"id,kind,count,name,text,points\napple,fruit,3,Apple,A crisp apple.,2\npear,fruit,2,Pear,A ripe pear.,3\n"


@pytest.mark.parametrize(("options", "language"), [((), "en"), (("--lang", "de"), "de")])
def test_a_sheet_without_languages_makes_a_game_in_one_language(tmp_path: Path, capsys, monkeypatch,
                                                                 options: tuple[str, ...], language: str) -> None:
    sheet = tmp_path / "fruit.csv"
    sheet.write_bytes(SHEET)
    content = tmp_path / "content"
    code, out, err = pnp(capsys, monkeypatch, "new", "fruity", "--from-sheet", str(sheet), *options,
                         "--content", str(content))
    assert code == 0, err
    root = content / "fruity"
    data = yaml.safe_load((root / "game.yaml").read_text(encoding="utf-8"))
    assert data["languages"] == [language]
    assert isinstance(data["title"], str) and isinstance(data["kinds"][0]["name"], str)
    assert sorted(p.name for p in (root / "rules").iterdir()) == [language]
    code, out, err = pnp(capsys, monkeypatch, "check", "fruity", "--content", str(content), "--strict")
    assert code == 0, err


def test_a_sheet_with_both_languages_makes_a_game_in_both(tmp_path: Path, capsys, monkeypatch) -> None:
    sheet = tmp_path / "fruit.csv"
    sheet.write_bytes(b"id,kind,count,name.de,name.en\napple,fruit,3,Apfel,Apple\n")
    content = tmp_path / "content"
    code, out, err = pnp(capsys, monkeypatch, "new", "fruity", "--from-sheet", str(sheet), "--content", str(content))
    assert code == 0, err
    data = yaml.safe_load((content / "fruity" / "game.yaml").read_text(encoding="utf-8"))
    assert data["languages"] == ["de", "en"]
    assert data["title"] == {"de": "Fruity", "en": "Fruity"}
    assert sorted(p.name for p in (content / "fruity" / "rules").iterdir()) == ["de", "en"]


# -- pnp diff


def test_a_diff_compares_its_one_language_only(english_game: Path, tmp_path: Path, capsys, monkeypatch) -> None:
    from tests.diff.conftest import git

    repo = tmp_path / "repo"
    shutil.copytree(english_game, repo / "content")
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "the game in English")
    sheet = repo / "content" / GAME / "cards" / "treasures.csv"
    sheet.write_text(sheet.read_text(encoding="utf-8").replace(",Crown,", ",Golden crown,"), encoding="utf-8")
    rules = next((repo / "content" / GAME / "rules" / "en").glob("*.md"))
    rules.write_text(rules.read_text(encoding="utf-8") + "\nDive well.\n", encoding="utf-8")
    monkeypatch.chdir(repo)
    code, out, err = pnp(capsys, monkeypatch, "diff", "--games", "0", "--out", "review", "--trust-engines")
    assert code == 0, err
    [game] = json.loads((repo / "review" / "diff.json").read_text(encoding="utf-8"))["games"]
    [card] = game["cards"]
    assert card["id"] == "crown" and card["faces"]
    assert {face["lang"] for face in card["faces"]} == {"en"}
    assert {page["lang"] for page in game["rules_pages"]} == {"en"}
    assert game["one_language_changes"] == []


def test_a_text_changed_in_one_language_is_no_warning_in_a_game_of_one_language() -> None:
    from generator.content.translation_lint import one_language_changes

    old = {"cards/a.yaml": b"cards:\n  - {id: a, name: {de: Alt, en: Old}}\n"}
    new = {"cards/a.yaml": b"cards:\n  - {id: a, name: {de: Alt, en: New}}\n"}
    both = one_language_changes({**old, "game.yaml": b"id: g\n"}, {**new, "game.yaml": b"id: g\n"})
    assert [(c.changed, c.unchanged) for c in both] == [("en", "de")]  # the check this test turns off
    one = {"game.yaml": b"id: g\nlanguages: [en]\n"}
    assert one_language_changes({**old, **one}, {**new, **one}) == []


def test_the_content_references_one_language_sheet_is_the_english_card_of_its_yaml_example(tmp_path: Path) -> None:
    import re

    from generator.authoring.reference_examples import EXAMPLES
    from generator.authoring.reference_sheets import SHEETS_SECTION
    from generator.content.schema import Card, Game, languages_context
    from generator.content.sheets import load_sheet

    [_, csv_text] = re.findall(r"```text\n(.*?)```", SHEETS_SECTION, re.DOTALL)
    path = tmp_path / "cards" / "orders.csv"
    path.parent.mkdir()
    path.write_text(csv_text, encoding="utf-8")
    game = Game.model_validate({**yaml.safe_load(EXAMPLES["game"]), "languages": ["en"]})
    errors = ErrorList()
    sheet = load_sheet(path, "orders.csv", errors, tmp_path, game, None)
    assert not errors, errors.as_text()
    [(_, item, _)] = sheet.items
    card = Card.model_validate(item, context=languages_context(("en",)))
    [expected] = yaml.safe_load(EXAMPLES["cards"])["cards"]
    assert card == Card.model_validate(_in("en", expected))  # its texts written once, in English


def test_lang_without_a_sheet_is_refused(tmp_path: Path, capsys, monkeypatch) -> None:
    code, out, err = pnp(capsys, monkeypatch, "new", "fruity", "--lang", "de", "--content", str(tmp_path / "c"))
    assert code == 2
    assert "--lang chooses the language of a game made --from-sheet" in err, err
    assert not (tmp_path / "c" / "fruity").exists()
