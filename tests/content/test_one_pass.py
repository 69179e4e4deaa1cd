"""All errors in one pass: a broken game.yaml hides none of the other files' own errors.

Each file is checked as far as it can be on its own; what truly waits for a broken file is named
in one `note` line after the errors. `pnp check` and `pnp build` report the same set.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from generator.cli import cli
from generator.content.sentences import template_problem
from tests.content.conftest import edit, line_of


@pytest.fixture
def game(content: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The tiny game's folder, with the working folder at its content tree (errors name tiny/...)."""
    monkeypatch.chdir(content)
    return content / "tiny"


def run(*args: str) -> Result:
    """`pnp ARGS` in this process; a traceback would raise here (catch_exceptions=False)."""
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def check(*args: str) -> Result:
    return run("check", "--content", ".", "tiny", *args)


def error_lines(result: Result) -> list[str]:
    """The error and note lines of a failed command's text report (without the count line)."""
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert lines[-1].endswith("file(s)"), lines
    return lines[:-1]


def places(lines: list[str]) -> list[tuple[str, int]]:
    """(file, line) of each reported line, in the order shown."""
    out = []
    for line in lines:
        where = line.split(": ", 1)[0].split(":")
        out.append((where[0], int(where[1]) if len(where) > 1 else 0))
    return out


def plant_game_yaml(game: Path) -> None:
    """An unknown key and a value of the wrong type in game.yaml: the model of the game cannot be made."""
    edit(game / "game.yaml", "age: 8\n", "age: 8\ncolour: red\n")
    edit(game / "game.yaml", "play_time: {min: 5, max: 10}", "play_time: {min: five, max: 10}")


def break_kinds(game: Path) -> None:
    """A card kind game.yaml cannot read: what the cards say about their kind cannot be checked."""
    edit(game / "game.yaml", "size: mini", "size: huge")


KINDS_ERROR = ("tiny/game.yaml", "unknown card size 'huge'")
GAME_YAML_ERRORS = [
    ("tiny/game.yaml", "unknown key 'colour'"),
    ("tiny/game.yaml", "expected a whole number, found 'five'"),
]


def found(lines: list[str], wanted: list[tuple[str, str]]) -> None:
    """Each wanted (file, message part) is on exactly one error line of that file."""
    for file, part in wanted:
        hits = [line for line in lines if line.startswith(file + ":") and part in line and ": error" in line]
        assert len(hits) == 1, (file, part, lines)


def test_seven_mistakes_in_three_files_are_all_reported_by_one_check(game: Path):
    plant_game_yaml(game)
    edit(game / "game.yaml", "players: {min: 1, max: 2}", "players: {min: 1, max: 2, best: 2}")
    cards = game / "cards" / "events.yaml"
    edit(cards, "count: 2", "count: two")
    edit(cards, "name: {de: Sturm, en: Storm}", "name: {de: Sturm}")
    page = game / "rules" / "en" / "overview.md"
    page.write_text("# Rules\n\nSee [the setup](setup.md).\n\nPay one :fod:.\n", encoding="utf-8")

    lines = error_lines(check())

    wanted = GAME_YAML_ERRORS + [
        ("tiny/game.yaml", "unknown key 'best'"),
        ("tiny/cards/events.yaml", "expected a whole number, found 'two'"),
        ("tiny/cards/events.yaml", "missing translation 'en'"),
        ("tiny/rules/en/overview.md", "link to 'setup.md' leads to no rules page in 'en'"),
        ("tiny/rules/en/overview.md", "unknown icon 'fod'"),
    ]
    found(lines, wanted)
    assert len([line for line in lines if ": error" in line]) == 7, lines
    assert check().stderr.splitlines()[-1] == "7 error(s) in 3 file(s)"
    assert f"tiny/rules/en/overview.md:{line_of(page, 'setup.md')}:" in "\n".join(lines)


def test_the_mistakes_of_five_files_are_all_reported_by_one_check_in_text_json_and_build(game: Path, tmp_path: Path):
    plant_game_yaml(game)
    cards = game / "cards" / "events.yaml"
    edit(cards, "count: 2", "count: two\n    flavour: {de: x, en: y}")  # sturm, the other card, waits for game.yaml
    (game / "cards" / "more.yaml").write_text("cards:\n  - id: flut\n    kind: event\n    name: {de: Flut}\n"
                                              "    fields: {fight_cost: {food: 1}}\n", encoding="utf-8")
    (game / "rules" / "en" / "sentences.yaml").write_text("words:\n  unfinished: 'The game {stopped early'\n",
                                                          encoding="utf-8")
    (game / "rules" / "de" / "overview.md").write_text("# Regeln\n\nSiehe [Aufbau](aufbau.md).\n", encoding="utf-8")

    result = check()
    lines = error_lines(result)
    wanted = GAME_YAML_ERRORS + [
        ("tiny/cards/events.yaml", "expected a whole number, found 'two'"),
        ("tiny/cards/events.yaml", "unknown key 'flavour'"),
        ("tiny/cards/more.yaml", "missing translation 'en'"),
        ("tiny/rules/en/sentences.yaml", ("sentence 'words.unfinished' cannot be filled: expected '}' before end of "
                                         "string")),
        ("tiny/rules/de/overview.md", "link to 'aufbau.md' leads to no rules page in 'de'"),
    ]
    found(lines, wanted)
    errors = [line for line in lines if ": error" in line]
    assert len(errors) == 7, lines
    assert [line for line in lines if ": note" in line] == [
        (f"tiny/game.yaml:{line_of(game / 'game.yaml', 'event-cards')}:101: note [components[0].count]: the count of "
        "component 'event-cards' is compared with the cards once tiny/cards/events.yaml and tiny/cards/more.yaml are "
        "fixed (see above)")]  # game.yaml's errors lie outside its vocabulary: sturm was checked against its kind
    assert result.stderr.splitlines()[-1] == "7 error(s) in 5 file(s)"

    # the errors sorted by file and line, then the notes of what waits for them; each line once
    notes = [line for line in lines if ": note" in line]
    assert lines == errors + notes
    assert places(errors) == sorted(places(errors))
    assert len(set(lines)) == len(lines)

    # JSON lists every error, in the same order, and the notes apart: a tool reads no note as an error
    as_json = check("--format", "json")
    assert as_json.exit_code == 1
    report = json.loads(as_json.stdout)
    assert report["ok"] is False and report["message"] == "7 error(s) in 5 file(s)"
    listed = [(e["file"], e["line"], e["message"]) for e in report["errors"]]
    assert len(listed) == len(errors) == len(set(listed))
    assert [(f, n) for f, n, _m in listed] == places(errors)
    assert {e["code"] for e in report["held_back"]} == {"held-back"}
    assert [(e["file"], e["line"]) for e in report["held_back"]] == places(notes)

    # the build runs the same checks: the same lines, and the output folder is left as it was
    output = tmp_path / "output"
    output.mkdir()
    (output / "kept.txt").write_text("an earlier build", encoding="utf-8")
    built = run("build", "--content", ".", "tiny", "--output", str(output))
    assert built.exit_code == 1
    assert "Traceback" not in built.output
    shown = [line for line in built.stderr.splitlines() if line.strip()]  # (a progress line may be left blank)
    assert shown == result.stderr.splitlines()
    assert sorted(p.name for p in output.rglob("*")) == ["kept.txt"]
    assert (output / "kept.txt").read_text(encoding="utf-8") == "an earlier build"


def test_a_game_yaml_that_does_not_parse_still_lets_card_files_be_checked(game: Path):
    (game / "game.yaml").write_text("id: tiny\ntitle: {de: Winzig, en: Tiny\n", encoding="utf-8")
    cards = game / "cards" / "events.yaml"
    edit(cards, "count: 2", "count: -2")
    edit(cards, "  - id: sturm", "  - id: Sturm!")

    lines = error_lines(check())

    assert any(line.startswith("tiny/game.yaml:") and ": error" in line for line in lines), lines
    found(lines, [("tiny/cards/events.yaml", "count"), ("tiny/cards/events.yaml", "'Sturm!'")])
    assert [line for line in lines if ": note" in line] == []  # no card was read: nothing waits for game.yaml


TABLE = "id: fate\nname: {de: Schicksal, en: Fate}\ndice: [2]\nentries:\n"


def test_the_held_back_line_appears_exactly_where_a_dependency_is_broken(game: Path):
    cards = game / "cards" / "events.yaml"
    edit(cards, "severity: 2", "severity: 9")  # a card error that needs game.yaml's kinds to be seen
    (game / "cards" / "more.yaml").write_text("cards:\n  - id: flut\n    kind: event\n    name: {de: F, en: F}\n"
                                              "    count: many\n    fields: {fight_cost: {food: 1}}\n",
                                              encoding="utf-8")
    (game / "tables").mkdir()
    (game / "tables" / "fate.yaml").write_text(
        TABLE + "  - {roll: '1', name: {de: Eins, en: One}, text: {de: a, en: a}, effects: [{op: lose_cube, "
        "resource: food, amount: 1}]}\n  - {roll: '2', name: {de: Zwei, en: Two}, text: {de: b, en: b}}\n",
        encoding="utf-8")

    # game.yaml sound: the card's value is checked; the component's count waits for the card file that broke
    lines = error_lines(check())
    notes = [line for line in lines if ": note" in line]
    game_yaml = game / "game.yaml"
    assert notes == [
        (
            f"tiny/game.yaml:{line_of(game_yaml, 'event-cards')}:101: note [components[0].count]: the count "
            "of component 'event-cards' is compared with the cards once tiny/cards/more.yaml is fixed (see above)"
        )
    ]
    found(lines, [("tiny/cards/events.yaml", "field 'severity' of card 'sturm': 9 is above the maximum 3"),
                  ("tiny/cards/more.yaml", "expected a whole number, found 'many'")])

    # game.yaml's kinds broken: one note at game.yaml names each file that waits for it; the card's value waits too
    break_kinds(game)
    lines = error_lines(check())
    notes = [line for line in lines if ": note" in line]
    assert notes == [
        ("tiny/game.yaml: note: checked once game.yaml is fixed (see above): the cards' kinds, fields and effects in "
        "cards/events.yaml; the effects in tables/fate.yaml")
    ]  # more.yaml's one card did not load, so nothing of it waits; the rules pages need no game.yaml
    assert not any("severity" in line for line in lines)
    found(lines, [KINDS_ERROR, ("tiny/cards/more.yaml", "expected a whole number, found 'many'")])
    assert check().stderr.splitlines()[-1] == "2 error(s) in 2 file(s)"  # notes are not counted as errors


def test_a_table_without_effects_waits_for_nothing(game: Path):
    (game / "tables").mkdir()
    (game / "tables" / "fate.yaml").write_text(
        TABLE + "  - {roll: '1', name: {de: Eins, en: One}, text: {de: a, en: a}}\n"
        "  - {roll: '1', name: {de: Zwei, en: Two}, text: {de: b, en: b}}\n", encoding="utf-8")
    break_kinds(game)
    lines = error_lines(check())
    found(lines, [KINDS_ERROR, ("tiny/tables/fate.yaml", "roll '1' appears twice"),
                                     ("tiny/tables/fate.yaml", "no entry for roll(s) 2")])
    assert [line for line in lines if ": note" in line] == [
        ("tiny/game.yaml: note: checked once game.yaml is fixed (see above): the cards' kinds, fields and effects in "
        "cards/events.yaml")]  # the table checks all it has on its own


@pytest.mark.parametrize("template, problem", [
    ("The game {stopped early", "expected '}' before end of string"),
    ("a } b", "single '}' encountered"),
    ("{} wins", "'{}' names no value"),
    ("{0} wins", "'{0}' names no value"),
    ("{player.name} wins", "is not a value's name"),
    ("{player!r} wins", "converts its value"),
    ("{n:{m}} cards", "holds a field in its spec"),
    ("{n:+d} cards", "cannot print a word"),
    ("{n:a|b|c}", "gives 3 word forms"),
])
def test_a_sentence_the_engine_could_not_fill_is_named(template: str, problem: str):
    assert problem in (template_problem(template) or "")


@pytest.mark.parametrize("template", ["{player} draws {n:card|cards}.", "{{literal}} braces", "{name:>3}", "plain"])
def test_a_sentence_the_engine_can_fill_passes(template: str):
    assert template_problem(template) is None


def test_links_in_code_leaving_the_rules_folder_or_to_a_section_are_left_alone(game: Path):
    (game / "rules" / "en" / "20-setup.md").write_text("# Setup\n\n## Cards\n", encoding="utf-8")
    (game / "rules" / "de" / "20-setup.md").write_text("# Aufbau\n\n## Karten\n", encoding="utf-8")
    (game / "rules" / "en" / "overview.md").write_text(
        "# Rules\n\n[setup](setup.md#cards), [cards](../cards.md), `[x](nope.md)`, [web](https://x.org/a.md)\n\n"
        "```\n[y](gone.md)\n```\n\n[bad](seup.md)\n", encoding="utf-8")
    lines = error_lines(check())
    assert lines == [("tiny/rules/en/overview.md:9:7: error: link to 'seup.md' leads to no rules page in 'en' "
                     "(hint: did you mean 'setup.md'?)")]


def test_a_card_file_without_its_list_holds_the_count_back_instead_of_miscounting(game: Path):
    (game / "cards" / "more.yaml").write_text("kards:\n  - id: flut\n", encoding="utf-8")
    lines = error_lines(check())
    assert lines == [
        "tiny/cards/more.yaml:1:1: error: expected a top-level `cards:` list (hint: start the file with `cards:`)",
        (f"tiny/game.yaml:{line_of(game / 'game.yaml', 'event-cards')}:101: note [components[0].count]: the count of "
        "component 'event-cards' is compared with the cards once tiny/cards/more.yaml is fixed (see above)")]


def test_an_unknown_key_in_game_yaml_hides_no_card_check(game: Path):
    """The designer's case: errors outside the vocabulary the cards use hold nothing back."""
    plant_game_yaml(game)
    edit(game / "cards" / "events.yaml", "severity: 2", "severity: 9")
    edit(game / "cards" / "events.yaml", "{op: lose_cube, resource: food, amount: 1}", "{op: lose_cub, resource: food}")
    lines = error_lines(check())
    found(lines, GAME_YAML_ERRORS + [
        ("tiny/cards/events.yaml", "field 'severity' of card 'sturm': 9 is above the maximum 3"),
        ("tiny/cards/events.yaml", "unknown effect operation 'lose_cub' in card 'hunger'")])
    assert len(lines) == 4, lines  # no note: nothing waits; the stand-ins of game.yaml give no error of their own


def test_a_misspelt_vocabulary_key_holds_the_cards_back_instead_of_failing_each(game: Path):
    edit(game / "game.yaml", "kinds:\n", "kind:\n")
    lines = error_lines(check())
    assert [line.split(": ", 1)[1] for line in lines] == [
        "error: unknown key 'kind' (hint: did you mean 'kinds'?)",
        "note: checked once game.yaml is fixed (see above): the cards' kinds, fields and effects in cards/events.yaml"]


def test_a_game_with_an_engine_and_errors_outside_the_vocabulary_holds_the_engine_back(game: Path):
    plant_game_yaml(game)
    edit(game / "game.yaml", "age: 8\n", "age: 8\nengine: escape-earth\n")
    lines = error_lines(check())
    assert lines[-1] == "tiny/game.yaml: note: checked once game.yaml is fixed (see above): the engine"
    assert len(lines) == 3, lines  # the engine would refuse this game's content: it is not run on stand-ins
