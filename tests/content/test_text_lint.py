"""Printed grammar: a number in front of a noun without its word forms, a text changed in one language
only, and the rules pages' `plural`. Warnings list but pass; `pnp check --strict` fails on them."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from generator.checking import load_checked
from generator.cli import cli
from generator.content.errors import ErrorList
from generator.content.text_lint import counted_noun, template_findings, vocabulary
from generator.rules.core import Event
from generator.rules.registry import make_game
from generator.rulestext.rules_text import render_rules
from tests.content.conftest import edit, line_of

REPO = Path(__file__).resolve().parents[2]
OPERATION = '{de: "Verliert {amount} :{resource}:.", en: "Lose {amount} :{resource}:."}'


def check(content: Path, *args: str) -> Result:
    return CliRunner().invoke(cli, ["check", "--content", str(content), *args], catch_exceptions=False)


def warning_lines(result: Result) -> list[str]:
    return [line for line in result.stderr.splitlines() if ": warning" in line]


def set_operation_text(content: Path, de: str, en: str) -> Path:
    game = content / "tiny" / "game.yaml"
    edit(game, OPERATION, json.dumps({"de": de, "en": en}, ensure_ascii=False))
    return game


def git(folder: Path, *args: str) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.org", GIT_COMMITTER_NAME="t",
               GIT_COMMITTER_EMAIL="t@example.org")
    subprocess.run(["git", "-C", str(folder), *args], check=True, capture_output=True, env=env, timeout=60)


def committed(content: Path) -> Path:
    """The content folder as a git repository with everything committed."""
    git(content, "init", "-q")
    git(content, "add", "-A")
    git(content, "commit", "-q", "-m", "start")
    return content


# -- a number in front of a noun ---------------------------------------------------------------------------------

def test_an_operation_text_that_prints_1_cards_is_a_warning_at_its_line_with_a_hint(content: Path) -> None:
    game = set_operation_text(content, "Ziehe {amount} Karten.", "Draw {amount} cards.")
    result = check(content)
    assert result.exit_code == 0, result.output  # a warning, not an error
    lines = warning_lines(result)
    line = line_of(game, "Draw {amount} cards.")
    en = [w for w in lines if "(en)" in w]
    de = [w for w in lines if "(de)" in w]
    assert len(en) == 1 and len(de) == 1, lines
    assert en[0].startswith(f"content/tiny/game.yaml:{line}:") or f"tiny/game.yaml:{line}:" in en[0]
    assert "operation 'lose_cube' (en): '{amount} cards' prints '1 cards' when {amount} is one" in en[0]
    assert "hint: write '{amount} {amount:card|cards}'" in en[0]
    assert "'{amount} Karten' prints '1 Karten'" in de[0] and "{amount:Karte|Karten}" in de[0]
    assert "no errors, 2 warning(s)" in result.stdout


def test_a_singular_after_a_number_is_a_warning_too(content: Path) -> None:
    set_operation_text(content, "Kostet {amount} Aktion.", "Costs {amount} action.")
    lines = warning_lines(check(content))
    assert any("'{amount} action' prints '2 action' when {amount} is not one" in w for w in lines), lines
    assert any("'{amount} Aktion' prints '2 Aktion'" in w for w in lines), lines


def test_both_forms_at_once_are_a_warning(content: Path) -> None:
    set_operation_text(content, "Zieh {amount} Karte(n) nach.", "Draw {amount} card(s).")
    lines = warning_lines(check(content))
    assert any("'{amount} card(s)' prints both forms at once, '1 card(s)'" in w and "{amount:card|cards}" in w
               for w in lines), lines
    assert any("'{amount} Karte(n)' prints both forms at once" in w and "{amount:Karte|Karten}" in w
               for w in lines), lines


@pytest.mark.parametrize(("de", "en"), [
    ("Ziehe {amount} {amount:Karte|Karten}.", "Draw {amount} {amount:card|cards}."),
    ("Ziehe {amount} weitere {amount:Karte|Karten}.", "Draw {amount} more {amount:card|cards}."),
    ("Verliert {amount} :{resource}:.", "Lose {amount} :{resource}:."),
    ("Eine {resource}-Karte: {amount}.", "A {resource} card: {amount}."),   # a name before a noun is no count
])
def test_word_forms_and_names_before_nouns_give_no_warning(content: Path, de: str, en: str) -> None:
    set_operation_text(content, de, en)
    result = check(content, "--strict")
    assert result.exit_code == 0, result.output
    assert warning_lines(result) == []
    assert "no problems" in result.stdout


def test_a_sentence_of_the_engine_is_checked_by_the_fields_it_counts_with(content: Path) -> None:
    for lang, text in (("de", "Noch {left} {left:Karte|Karten}; {n} Aktionen."),
                       ("en", "{left} {left:card|cards} left; {n} actions.")):
        path = content / "tiny" / "rules" / lang / "sentences.yaml"
        path.write_text(f'words:\n  unfinished: "."\n  deck: "{text}"\n  kind: "one {{card}} card"\n',
                        encoding="utf-8")
    lines = warning_lines(check(content))
    assert len(lines) == 2, lines
    assert all("sentences.yaml:3:" in w and "sentence 'words.deck'" in w for w in lines), lines
    assert any("'{n} actions' prints '1 actions'" in w for w in lines)
    assert any("'{n} Aktionen' prints '1 Aktionen'" in w for w in lines)


def test_strict_makes_a_warning_fail_the_check_with_exit_1(content: Path) -> None:
    set_operation_text(content, "Ziehe {amount} Karten.", "Draw {amount} cards.")
    result = check(content, "--strict")
    assert result.exit_code == 1
    assert len(warning_lines(result)) == 2
    assert "2 warning(s)" in result.stderr and "--strict" in result.stderr
    as_json = check(content, "--strict", "--format", "json")
    assert as_json.exit_code == 1
    report = json.loads(as_json.stdout)
    assert report["ok"] is False and {e["severity"] for e in report["errors"]} == {"warning"}


def test_warnings_in_json_carry_their_severity(content: Path) -> None:
    set_operation_text(content, "Ziehe {amount} Karten.", "Draw {amount} cards.")
    result = check(content, "--format", "json")
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert report["ok"] is True and report["errors"] == []
    assert [w["severity"] for w in report["warnings"]] == ["warning", "warning"]
    assert all(w["line"] > 0 and w["hint"] and w["code"] == "text" for w in report["warnings"])


def test_an_error_and_a_warning_are_reported_together_and_counted_apart(content: Path) -> None:
    set_operation_text(content, "Ziehe {amount} Karten.", "Draw {amount} cards.")
    edit(content / "tiny" / "cards" / "events.yaml", "count: 2", "count: 0")
    result = check(content)
    assert result.exit_code == 1
    assert "warning" in result.stderr and ": error" in result.stderr
    assert "error(s) in" in result.stderr and "2 warning(s)" in result.stderr


def test_german_compounds_are_known_by_their_last_noun_and_a_dative_plural_is_no_singular_mistake() -> None:
    nouns = vocabulary([], "de")
    assert counted_noun(["Projektkarten"], nouns, "de") is not None
    shown, noun, plural = counted_noun(["Projektkarten"], nouns, "de")  # type: ignore[misc]
    assert (shown, noun.one, noun.many, plural) == ("Projektkarten", "Projektkarte", "Projektkarten", True)
    assert counted_noun(["Spieler"], nouns, "de") is None   # the same in both numbers: nothing to choose
    found = list(template_findings("{n} zusätzliche Aktionen", "de", nouns, frozenset({"n"})))
    assert [f.printed for f in found] == ["1 zusätzliche Aktionen"]
    assert list(template_findings("{n} von den Karten", "de", nouns, frozenset({"n"}))) == []
    dice = vocabulary(["mit {n} {n:Würfel|Würfeln}"], "de")  # the plural differs in the dative only
    assert list(template_findings("{n} Würfel bleiben liegen.", "de", dice, frozenset({"n"}))) == []
    assert [f.printed for f in template_findings("mit {n} Würfeln", "de", dice, frozenset({"n"}))] == ["1 Würfeln"]


# -- the rules pages' plural -------------------------------------------------------------------------------------

def _page(content: Path, lang: str, body: str) -> Path:
    path = content / "tiny" / "rules" / lang / "overview.md"
    path.write_text(body, encoding="utf-8")
    return path


def test_rules_pages_choose_the_form_with_plural(content: Path) -> None:
    _page(content, "en", '# Overview\n\n{{ count("sturm") | plural("card", "cards") }}, '
                         '{{ count("hunger") | plural("card|cards") }}, {{ plural(1, "copy", "copies") }}.\n')
    _page(content, "de", '# Überblick\n\n{{ count("sturm") | plural("Karte", "Karten") }}.\n')
    errors = ErrorList()
    loaded = load_checked(content, ["tiny"], errors)
    pages = {lang: render_rules(loaded[0], lang, errors) for lang in ("de", "en")}
    assert not errors, errors.as_text()
    assert "1 card, 2 cards, 1 copy." in pages["en"][0].markdown
    assert "1 Karte." in pages["de"][0].markdown


def test_plural_of_a_non_number_is_an_error_at_its_line(content: Path) -> None:
    page = _page(content, "en", '# Overview\n\nText.\n\n{{ "many" | plural("card", "cards") }}\n')
    result = check(content)
    assert result.exit_code == 1
    line = line_of(page, "plural(")
    assert f"rules/en/overview.md:{line}:" in result.stderr
    assert "plural: 'many' is not a number" in result.stderr


def test_a_rules_page_that_prints_1_cards_is_a_warning_and_plural_fixes_it(content: Path) -> None:
    page = _page(content, "en", '# Overview\n\nThe deck has\n{{ count("sturm") }} cards of storm.\n')
    lines = warning_lines(check(content))
    assert len(lines) == 1, lines
    assert f"rules/en/overview.md:{line_of(page, 'cards of storm')}:" in lines[0]
    assert "rules page prints '1 cards'" in lines[0] and 'plural("card", "cards")' in lines[0]
    _page(content, "en", '# Overview\n\nThe deck has\n{{ count("hunger") }} cards of hunger.\n')  # 2: right
    assert warning_lines(check(content)) == []
    _page(content, "en", '# Overview\n\n{{ count("sturm") | plural("card", "cards") }} of storm.\n')
    result = check(content, "--strict")
    assert result.exit_code == 0 and warning_lines(result) == []


# -- a text changed in one language only -------------------------------------------------------------------------

def test_a_text_changed_in_one_language_since_the_last_commit_is_a_warning(content: Path) -> None:
    cards = committed(content) / "tiny" / "cards" / "events.yaml"
    edit(cards, 'text: {de: "Ein Sturm :food:", en: "A storm :food:"}',
         'text: {de: "Ein Sturm :food:", en: "A gale :food:"}')
    result = check(content)
    assert result.exit_code == 0
    lines = warning_lines(result)
    assert len(lines) == 1, lines
    assert f"tiny/cards/events.yaml:{line_of(cards, 'A gale')}:" in lines[0]
    assert "cards[sturm].text: en changed since the last commit, de did not" in lines[0]
    assert "hint: change the de text to match" in lines[0]
    assert check(content, "--strict").exit_code == 1
    edit(cards, '{de: "Ein Sturm :food:",', '{de: "Ein Orkan :food:",')  # both languages: nothing to say
    assert warning_lines(check(content)) == []


def test_a_sentence_changed_in_one_language_is_named_by_its_key(content: Path) -> None:
    for lang, text in (("de", "Nicht fertig."), ("en", "Not finished.")):
        (content / "tiny" / "rules" / lang / "sentences.yaml").write_text(f'words:\n  unfinished: "{text}"\n',
                                                                        encoding="utf-8")
    committed(content)
    path = content / "tiny" / "rules" / "de" / "sentences.yaml"
    path.write_text('words:\n  unfinished: "Abgebrochen."\n', encoding="utf-8")
    lines = warning_lines(check(content))
    assert len(lines) == 1, lines
    assert "tiny/rules/de/sentences.yaml:2:" in lines[0]
    assert "sentence 'words.unfinished': de changed since the last commit, en did not" in lines[0]


def test_outside_a_git_repository_the_comparison_is_skipped(content: Path) -> None:
    edit(content / "tiny" / "cards" / "events.yaml", 'en: "A storm :food:"', 'en: "A gale :food:"')
    result = check(content, "--strict")
    assert result.exit_code == 0, result.output
    assert "changed" not in result.stderr


def test_pnp_diff_names_a_change_in_one_language(content: Path, tmp_path: Path) -> None:
    cards = committed(content) / "tiny" / "cards" / "events.yaml"
    edit(cards, 'en: "A storm :food:"', 'en: "A gale :food:"')
    args = ["diff", "--content", str(content), "--games", "0", "--out", str(tmp_path / "diff")]
    text = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert text.exit_code == 0, text.output
    assert "texts changed in one language only" in text.stdout
    assert "cards[sturm].text: en changed, de did not" in text.stdout
    as_json = CliRunner().invoke(cli, [*args, "--format", "json"], catch_exceptions=False)
    changes = json.loads(as_json.stdout)["games"][0]["one_language_changes"]
    assert [(c["what"], c["changed"], c["unchanged"], c["after"]) for c in changes] == \
        [("cards[sturm].text", "en", "de", "A gale :food:")]


# -- the bundled games -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("games", [pytest.param("content", marks=pytest.mark.slow), "docs/examples"])
def test_the_bundled_games_pass_a_strict_check(games: str) -> None:
    result = check(REPO / games, "--strict", "--trust-engines")
    assert result.exit_code == 0, result.stderr
    assert warning_lines(result) == []


def test_astronuts_says_1_action_and_names_extra_energy_only_when_it_adds_some() -> None:
    errors = ErrorList()
    astronuts = load_checked(REPO / "content", ["astronuts"], errors)[0]
    assert not errors, errors.as_text()
    game = make_game(astronuts, {})
    seen = []
    for seed in range(10):  # random games until a roll gives one action (seed 0 has several)
        state, rng, moves = game.new_initial_state(seed), random.Random(seed), 0
        while not state.is_terminal and moves < 600:
            legal = state.legal_actions()
            seen += [e for e in state.apply(legal[rng.randrange(len(legal))]) if e.kind == "actions"]
            moves += 1
        if any(e.get("actions") == 1 for e in seen):
            break
    one = next(e for e in seen if e.get("actions") == 1 and e.get("bonus") == 0)
    assert game.presentation.render_event(one, "en").endswith(": 1 action.")
    assert game.presentation.render_event(one, "de").endswith(": 1 Aktion.")
    for event in seen:
        for lang in ("de", "en"):
            sentence = game.presentation.render_event(event, lang)
            assert not re.search(r"\+0\b|(?<!\d)1 (actions|Aktionen)\b", sentence), sentence
    bonus = Event("actions", (("player", 0), ("declared", 4), ("roll", 6), ("actions", 9), ("bonus", 1)))
    shown = game.presentation
    assert shown.render_event(bonus, "en") == "Player 1 declared 4 and rolled 6: 9 actions (Extra Energy: +1)."
    assert shown.render_event(bonus, "de") == "Spieler 1 hat 4 erklärt und 6 gewürfelt: 9 Aktionen (Extra Energy: +1)."


@pytest.mark.parametrize("engine", ["minimal", "full"])
def test_a_new_game_passes_a_strict_check(tmp_path: Path, engine: str) -> None:
    content = tmp_path / "content"
    made = CliRunner().invoke(cli, ["new", "starter", "--engine", engine, "--content", str(content)],
                              catch_exceptions=False)
    assert made.exit_code == 0, made.output
    result = CliRunner().invoke(cli, ["check", "--content", str(content), "--strict", "--trust-engines"],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    assert warning_lines(result) == []
