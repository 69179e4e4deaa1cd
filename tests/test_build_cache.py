"""The build cache: a rebuild makes again only the units a change touches, and gives the same files.

A unit is a print step or the site of one game in one language (generator.build_cache). These
tests edit a `pnp new` starter game the way a designer would and check which units the rebuild
made, that its output is byte for byte what a build without the cache writes, and that a broken
or deleted cache only costs time.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path

import pytest

from generator.authoring.starter import write_starter
from generator.build import BuildOptions
from generator.build_cache import BuildCache, language_fingerprint, unit_key
from generator.commands.build import build
from generator.commands.failure import CommandFailed
from generator.rules import trust
from tests.layout.conftest import load_game

GAME = "reef-keepers"
OPTIONS = BuildOptions(tts_url="https://example.org/out")  # TTS links name the output folder otherwise
STEPS = ("cards", "boards", "rulebook", "site")


def units(lang: str) -> list[str]:
    return [f"{GAME}/{step}/{lang}" for step in STEPS]


def rename_field_card(content: Path, english: str = "Meadow", german: str = "Feld") -> None:
    """The designer's edit: the first job card's name (`Field` in the starter game)."""
    path = content / GAME / "cards" / "jobs.yaml"
    text = path.read_text(encoding="utf-8")
    assert "name: {de: Feld, en: Field}" in text
    path.write_text(text.replace("name: {de: Feld, en: Field}", f"name: {{de: {german}, en: {english}}}"),
                    encoding="utf-8")


def tree_digest(output: Path) -> dict[str, str]:
    """Every file of a build (through output/<name> links) by its path and the hash of its bytes."""
    current = (output / ".pnp" / "current").resolve()
    return {p.relative_to(current).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(current.rglob("*")) if p.is_file()}


@pytest.fixture
def starter(tmp_path: Path) -> Path:
    content = tmp_path / "content"
    write_starter(content, GAME)
    trust.grant(content / GAME)  # as `pnp new` does: its engine runs
    return content


def rebuild(content: Path, output: Path, cache: BuildCache | None = None) -> BuildCache:
    cache = cache if cache is not None else BuildCache.of_output(output)
    build(content, [GAME], output, OPTIONS, cache=cache)
    return cache


# --- what a language sees -------------------------------------------------------------------------

def _fingerprints(content: Path) -> tuple[str, str]:
    game = load_game(content, GAME)
    return language_fingerprint(game, "de"), language_fingerprint(game, "en")


def test_an_english_edit_changes_only_the_english_fingerprint(starter: Path) -> None:
    de, en = _fingerprints(starter)
    rename_field_card(starter)
    de_after, en_after = _fingerprints(starter)
    assert de_after == de
    assert en_after != en


def test_a_german_rules_page_changes_only_the_german_fingerprint(starter: Path) -> None:
    de, en = _fingerprints(starter)
    page = starter / GAME / "rules" / "de" / "40-end.md"
    page.write_text(page.read_text(encoding="utf-8") + "\nEin neuer Satz.\n", encoding="utf-8")
    de_after, en_after = _fingerprints(starter)
    assert (de_after != de, en_after == en) == (True, True)


def test_what_a_sheet_does_not_show_leaves_its_fingerprint_alone(starter: Path) -> None:
    def scoped() -> dict[str, str]:
        game = load_game(starter, GAME)
        return {scope: language_fingerprint(game, "en", scope) for scope in ("all", "print", "boards")}

    before = scoped()
    page = starter / GAME / "rules" / "en" / "40-end.md"
    page.write_text(page.read_text(encoding="utf-8") + "\nOne more sentence.\n", encoding="utf-8")
    after_page = scoped()
    assert after_page["all"] != before["all"]
    assert (after_page["print"], after_page["boards"]) == (before["print"], before["boards"])
    rename_field_card(starter)
    after_card = scoped()
    assert after_card["print"] != after_page["print"] and after_card["boards"] == before["boards"]


def test_a_comment_changes_nothing_and_an_icon_changes_both(starter: Path) -> None:
    de, en = _fingerprints(starter)
    cards = starter / GAME / "cards" / "jobs.yaml"
    cards.write_text("# a designer's note\n" + cards.read_text(encoding="utf-8"), encoding="utf-8")
    assert _fingerprints(starter) == (de, en)
    icon = starter / GAME / "icons" / "star.svg"
    icon.write_text(icon.read_text(encoding="utf-8").replace("</svg>", "<!-- redrawn --></svg>"), encoding="utf-8")
    de_after, en_after = _fingerprints(starter)
    assert de_after != de and en_after != en


# --- what a rebuild makes ---------------------------------------------------------------------------

@pytest.mark.slow
def test_a_one_card_edit_remakes_that_language_only_and_equals_a_build_without_cache(starter: Path,
                                                                                      tmp_path: Path) -> None:
    output = tmp_path / "output"
    first = rebuild(starter, output)
    assert sorted(first.made) == sorted(units("de") + units("en")) and not first.reused

    unchanged = rebuild(starter, output)
    assert unchanged.made == [] and sorted(unchanged.reused) == sorted(units("de") + units("en"))

    tts = output / GAME / "tts" / "en"
    drawn = {p.name: p.stat().st_mtime_ns for p in tts.iterdir()}
    rename_field_card(starter)
    edited = rebuild(starter, output)  # boards do not show cards: they stay
    assert sorted(edited.made) == sorted([f"{GAME}/cards/en", f"{GAME}/rulebook/en", f"{GAME}/site/en"])
    assert sorted(edited.reused) == sorted(units("de") + [f"{GAME}/boards/en"])
    redrawn = {p.name for p in tts.iterdir() if p.stat().st_mtime_ns != drawn[p.name]}
    assert redrawn == {"job-back.png", "job-faces-1.png", "job.json"}, "only the edited card's deck is drawn again"
    faces = json.loads((output / GAME / "cards" / "en" / "cards.json").read_text(encoding="utf-8"))
    assert "Meadow" in [card["name"] for card in faces["cards"]]
    assert "Meadow" in (output / "site" / GAME / "en" / "cards.html").read_text(encoding="utf-8")

    fresh = tmp_path / "fresh"
    rebuild(starter, fresh, BuildCache(None))
    assert tree_digest(output) == tree_digest(fresh)


@pytest.mark.slow
def test_a_rules_page_edit_remakes_the_rulebook_and_site_of_its_language(starter: Path, tmp_path: Path) -> None:
    output = tmp_path / "output"
    rebuild(starter, output)
    page = starter / GAME / "rules" / "en" / "40-end.md"
    page.write_text(page.read_text(encoding="utf-8") + "\nA sentence the designer added.\n", encoding="utf-8")
    edited = rebuild(starter, output)
    assert sorted(edited.made) == sorted([f"{GAME}/rulebook/en", f"{GAME}/site/en"])
    assert "A sentence the designer added." in (output / "site" / GAME / "en" / "rules" / "end.html").read_text(
        encoding="utf-8")


@pytest.mark.slow
def test_a_card_text_the_rules_do_not_show_leaves_the_rulebook(starter: Path, tmp_path: Path) -> None:
    output = tmp_path / "output"
    rebuild(starter, output)
    orders = starter / GAME / "cards" / "orders.yaml"
    text = orders.read_text(encoding="utf-8")
    assert '"For the whole village."' in text
    orders.write_text(text.replace('"For the whole village."', '"For every village on the reef."'), encoding="utf-8")
    edited = rebuild(starter, output)
    assert sorted(edited.made) == sorted([f"{GAME}/cards/en", f"{GAME}/site/en"])
    fresh = tmp_path / "fresh"
    rebuild(starter, fresh, BuildCache(None))
    assert tree_digest(output) == tree_digest(fresh)


@pytest.mark.slow
def test_a_deleted_or_damaged_cache_costs_time_only(starter: Path, tmp_path: Path) -> None:
    output = tmp_path / "output"
    rebuild(starter, output)
    before = tree_digest(output)
    folder = output / ".pnp" / "cache"

    def holding(prefix: str) -> list[Path]:
        """The cache entries of units whose files include one starting with `prefix`."""
        return sorted(p for p in folder.iterdir() if (p / "files.json").is_file() and any(
            name.startswith(prefix) for name in
            json.loads((p / "files.json").read_text(encoding="utf-8")).get("files", {})))

    entries = holding("site/")[:2] + holding("cards-")[:1]  # both sites, one language's cards
    assert len(entries) == 3
    (entries[0] / "files.json").write_text("not json", encoding="utf-8")
    (entries[1] / "files.json").write_text(json.dumps({"key": entries[1].name, "files": {
        "../../../escaped.txt": hashlib.sha256(b"").hexdigest()}}), encoding="utf-8")
    for name in list(json.loads((entries[2] / "files.json").read_text(encoding="utf-8"))["files"])[:1]:
        (entries[2] / "files" / name).unlink()
    again = rebuild(starter, output)
    assert len(again.made) == 3 and len(again.reused) == 5
    assert not (tmp_path / "escaped.txt").exists() and not (output / "escaped.txt").exists()
    assert tree_digest(output) == before

    shutil.rmtree(folder)
    assert len(rebuild(starter, output).made) == 8  # the check's verdict is the user's (checked_verdicts)
    assert tree_digest(output) == before


def test_a_build_checks_a_game_once_and_no_cache_checks_it_again(starter: Path, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A clean check is the user's verdict (commands.checked_verdicts), not an entry of output/'s cache: the next
    build trusts it, a build after the cache was deleted too, and `--no-cache` (a disabled cache) checks in full."""
    import generator.build
    import generator.checking
    import generator.site.mkdocs_batch

    checked: list[str] = []
    check_content = generator.checking.check_content
    monkeypatch.setattr(generator.checking, "check_content",
                        lambda content, errors: checked.append(content.id) or check_content(content, errors))
    monkeypatch.setattr(generator.build, "build_games", lambda *args, **kwargs: {})  # the check is the point
    monkeypatch.setattr(generator.site.mkdocs_batch, "start_mkdocs", lambda count: None)
    output = tmp_path / "output"
    rebuild(starter, output)
    rebuild(starter, output)
    shutil.rmtree(output / ".pnp", ignore_errors=True)
    rebuild(starter, output)
    assert checked == [GAME]
    rebuild(starter, output, BuildCache(None))
    assert checked == [GAME, GAME]


@pytest.mark.slow
def test_a_failed_build_stores_nothing_and_leaves_the_output(starter: Path, tmp_path: Path) -> None:
    output = tmp_path / "output"
    rebuild(starter, output)
    before = tree_digest(output)
    entries = {p.name for p in (output / ".pnp" / "cache").iterdir()}
    cards = starter / GAME / "cards" / "jobs.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("name: {de: Feld, en: Field}",
                                                               "name: {de: Feld}"), encoding="utf-8")
    with pytest.raises(CommandFailed):
        rebuild(starter, output)
    assert tree_digest(output) == before
    assert {p.name for p in (output / ".pnp" / "cache").iterdir()} == entries


# --- costly pictures -------------------------------------------------------------------------------

def test_remembered_bytes_are_made_once_per_key_and_kept_by_a_committed_build(tmp_path: Path) -> None:
    calls: list[str] = []

    def chart(lang: str) -> bytes:
        calls.append(lang)
        return f"{lang}:2".encode()

    cache = BuildCache(tmp_path / "cache")
    english, german = unit_key("chart", "en"), unit_key("chart", "de")
    assert cache.remembered_bytes(english, lambda: chart("en")) == b"en:2"
    assert cache.remembered_bytes(english, lambda: chart("en")) == b"en:2"
    assert cache.remembered_bytes(german, lambda: chart("de")) == b"de:2"
    assert calls == ["en", "de"]
    cache.commit()  # the build succeeded
    again = BuildCache(tmp_path / "cache")  # the next build, another process
    assert again.remembered_bytes(english, lambda: chart("en")) == b"en:2"
    assert calls == ["en", "de"] and again.used == {english}
    failed = BuildCache(tmp_path / "cache")
    failed.remembered_bytes(unit_key("chart", "fr"), lambda: chart("fr"))
    failed.discard()  # a failed build keeps nothing
    assert BuildCache(tmp_path / "cache").remembered_bytes(unit_key("chart", "fr"), lambda: b"made") == b"made"


def test_serve_reuses_a_game_loaded_clean_until_its_files_change(starter: Path, tmp_path: Path) -> None:
    from generator.checking import LoadedGames, load_checked
    from generator.content.errors import ErrorList

    reuse: LoadedGames = {}
    errors = ErrorList()
    [first] = load_checked(starter, [GAME], errors, reuse=reuse)
    [again] = load_checked(starter, [GAME], errors, reuse=reuse)
    assert again is first and not errors
    rename_field_card(starter)
    [edited] = load_checked(starter, [GAME], errors, reuse=reuse)
    assert edited is not first and "Meadow" in [card.name.en for card in edited.cards]
    assert list(reuse.values()) == [edited], "one loaded copy per game folder"
    cards = starter / GAME / "cards" / "jobs.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("en: Meadow}", "}"), encoding="utf-8")
    load_checked(starter, [GAME], errors, reuse=reuse)
    assert errors and list(reuse.values()) == [edited], "a game with errors is not kept"


@pytest.mark.slow
def test_pnp_build_says_what_it_made_and_what_it_copied(starter: Path, tmp_path: Path) -> None:
    import subprocess
    import sys

    def build_line() -> str:
        done = subprocess.run([sys.executable, "-m", "generator.cli", "build", GAME, "--content", str(starter),
                               "--output", str(tmp_path / "output")], capture_output=True, text=True, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        return next(line for line in done.stdout.splitlines() if line.startswith("made:"))

    assert build_line() == "made: all 8 unit(s) (the build cache held none of them yet)"
    assert build_line() == "made: nothing; copied from the build cache: 8 unchanged unit(s)"
    rename_field_card(starter)
    assert build_line() == (f"made: {GAME}/cards/en, {GAME}/rulebook/en, {GAME}/site/en; "
                            "copied from the build cache: 5 unchanged unit(s)")


@pytest.mark.slow
def test_units_made_in_forked_children_equal_units_made_in_one_process(starter: Path, tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The print units are made side by side in forked children (one paper per child for the rulebook);
    `PNP_JOBS=1` makes them one after another in the build's process: the same bytes."""
    monkeypatch.setenv("PNP_JOBS", "2")
    forked = tmp_path / "forked"
    rebuild(starter, forked, BuildCache(None))
    monkeypatch.setenv("PNP_JOBS", "1")
    alone = tmp_path / "alone"
    rebuild(starter, alone, BuildCache(None))
    assert tree_digest(forked) == tree_digest(alone)


@pytest.mark.slow
def test_build_then_serve_then_build_makes_each_unit_once(starter: Path, tmp_path: Path, monkeypatch) -> None:
    """`pnp serve` rebuilds with the options `pnp build` has by default (the output folder's own address for
    Tabletop Simulator, no decks for it), so neither makes again what the other made."""
    from generator.build import default_tts_url
    from generator.commands import serve

    output = tmp_path / "output"
    defaults = BuildOptions(tts_url=default_tts_url(output), tts=False)
    caches: list[BuildCache] = []
    of_output = BuildCache.of_output
    monkeypatch.setattr(BuildCache, "of_output", staticmethod(lambda folder: caches.append(of_output(folder))
                                                               or caches[-1]))

    built = BuildCache.of_output(output)
    build(starter, [GAME], output, defaults, cache=built)
    assert sorted(built.made) == sorted(units("de") + units("en"))
    errors, failure = serve.rebuild(starter, (GAME,), output)
    assert (errors, failure) == ([], "")
    served = caches[-1]
    assert served is not built and served.made == [] and len(served.reused) == 8
    again = BuildCache.of_output(output)
    build(starter, [GAME], output, defaults, cache=again)
    assert again.made == [] and len(again.reused) == 8

    rename_field_card(starter)  # the designer saves a card while `pnp serve` runs (in this process)
    errors, failure = serve.rebuild(starter, (GAME,), output)
    assert (errors, failure) == ([], "")
    served = caches[-1]
    shows_the_card = [f"{GAME}/cards/en", f"{GAME}/rulebook/en", f"{GAME}/site/en"]
    assert sorted(served.made) == sorted(shows_the_card) and len(served.reused) == 5
    after = BuildCache.of_output(output)
    build(starter, [GAME], output, defaults, cache=after)
    assert after.made == [] and len(after.reused) == 8


def _star_symbols(output: Path) -> set[str]:
    """The star icon's <symbol> as every SVG of the build writes it."""
    current = (output / ".pnp" / "current").resolve()
    return {symbol.group(0) for path in current.rglob("*.svg")
            for symbol in re.finditer(r'<symbol id="icon-star".*?</symbol>', path.read_text("utf-8"))}


@pytest.mark.slow
def test_serve_draws_an_icon_edited_while_it_runs(starter: Path, tmp_path: Path) -> None:
    """An icon is parsed once per build, not once per process: `pnp serve` (one long process) draws the
    icon as the designer saved it, not as the first build found it."""
    from generator.commands import serve

    output = tmp_path / "output"
    assert serve.rebuild(starter, (GAME,), output) == ([], "")
    [drawn] = _star_symbols(output)
    assert "#f2c94c" in drawn
    icon = starter / GAME / "icons" / "star.svg"
    icon.write_text(icon.read_text(encoding="utf-8").replace("#f2c94c", "#2d9cdb"), encoding="utf-8")
    assert serve.rebuild(starter, (GAME,), output) == ([], "")
    [redrawn] = _star_symbols(output)
    assert redrawn == drawn.replace("#f2c94c", "#2d9cdb")
