"""`pnp check` on broken content: exit 1, one line per problem with file:line:col, key and hint."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.content.conftest import edit, line_of, pnp


def check(content: Path, *extra: str):
    return pnp("check", "--content", str(content), *extra)


def assert_clean_failure(result) -> None:
    assert result.code == 1, result.err
    assert "Traceback" not in result.err + result.out


def test_clean_tiny_game_passes(content: Path) -> None:
    result = check(content)
    assert result.code == 0, result.err
    assert "tiny: 2 card designs, 3 cards" in result.out


def test_yaml_syntax_error_names_file_line_and_column(content: Path) -> None:
    cards = content / "tiny/cards/events.yaml"
    edit(cards, "    count: 2\n", "    count: 2\n   name: [unclosed\n")
    result = check(content)
    assert_clean_failure(result)
    line = line_of(cards, "[unclosed")
    assert f"tiny/cards/events.yaml:{line}:" in result.err
    assert "YAML syntax error" in result.err


def test_unknown_key_points_at_the_key_and_suggests(content: Path) -> None:
    cards = content / "tiny/cards/events.yaml"
    edit(cards, "    count: 2\n", "    cots: 2\n")
    result = check(content)
    assert_clean_failure(result)
    line = line_of(cards, "cots:")
    assert (
        f"tiny/cards/events.yaml:{line}:5: error [cards[0]]: unknown key 'cots' (hint: did you mean 'cost'?)"
        in result.err
    )


def test_wrong_type_is_reported_with_the_value(content: Path) -> None:
    cards = content / "tiny/cards/events.yaml"
    edit(cards, "    count: 2\n", "    count: many\n")
    result = check(content)
    assert_clean_failure(result)
    line = line_of(cards, "count: many")
    assert f"events.yaml:{line}:12: error [cards[0].count]: expected a whole number, found 'many'" in result.err


def test_missing_translation_names_the_language(content: Path) -> None:
    cards = content / "tiny/cards/events.yaml"
    edit(cards, "name: {de: Sturm, en: Storm}", "name: {de: Sturm}")
    result = check(content)
    assert_clean_failure(result)
    line = line_of(cards, "name: {de: Sturm}")
    assert f"events.yaml:{line}:11: error [cards[1].name]: missing translation 'en'" in result.err


def test_empty_translation_is_an_error(content: Path) -> None:
    cards = content / "tiny/cards/events.yaml"
    edit(cards, "name: {de: Sturm, en: Storm}", "name: {de: Sturm, en: ''}")
    result = check(content)
    assert_clean_failure(result)
    assert "[cards[1].name.en]: empty translation 'en'" in result.err


def test_count_mismatch_points_at_the_component(content: Path) -> None:
    game = content / "tiny/game.yaml"
    edit(game, "kind: event, count: 3}", "kind: event, count: 4}")
    result = check(content)
    assert_clean_failure(result)
    line = line_of(game, "count: 4}")
    assert f"tiny/game.yaml:{line}:" in result.err
    assert "component 'event-cards' lists 4 'event' cards but the card files define 3" in result.err


def test_unknown_card_kind_suggests_the_right_one(content: Path) -> None:
    cards = content / "tiny/cards/events.yaml"
    edit(cards, "  - id: sturm\n    kind: event\n", "  - id: sturm\n    kind: evnt\n")
    result = check(content)
    assert_clean_failure(result)
    line = line_of(cards, "kind: evnt")
    assert f"events.yaml:{line}:11: error [cards[1].kind]: unknown card kind 'evnt' in card 'sturm' " \
           "(hint: did you mean 'event'?)" in result.err


def test_unknown_card_reference_in_a_card_field(content: Path) -> None:
    cards = content / "tiny/cards/events.yaml"
    edit(cards, "severity: 2}", "severity: 2, counter: hungr}")
    result = check(content)
    assert_clean_failure(result)
    line = line_of(cards, "counter: hungr")
    assert f"events.yaml:{line}:" in result.err
    assert "field 'counter' of card 'sturm': unknown card 'hungr' (did you mean 'hunger'?)" in result.err


def test_unknown_effect_operation(content: Path) -> None:
    cards = content / "tiny/cards/events.yaml"
    edit(cards, "op: lose_cube", "op: loose_cube")
    result = check(content)
    assert_clean_failure(result)
    line = line_of(cards, "loose_cube")
    assert f"events.yaml:{line}:14: error [cards[0].effects[0].op]: unknown effect operation 'loose_cube' in card " \
           "'hunger' (hint: did you mean 'lose_cube'?)" in result.err


def test_effect_argument_out_of_range_and_missing(content: Path) -> None:
    cards = content / "tiny/cards/events.yaml"
    edit(cards, "resource: food, amount: 1}", "amount: 5}")
    result = check(content)
    assert_clean_failure(result)
    assert "operation 'lose_cube', parameter 'amount': 5 is above the maximum 2" in result.err
    assert "operation 'lose_cube' needs parameter 'resource'" in result.err


def test_unknown_icon_in_text_suggests(content: Path) -> None:
    cards = content / "tiny/cards/events.yaml"
    edit(cards, "de: \"Ein Sturm :food:\"", "de: \"Ein Sturm :fod:\"")
    result = check(content)
    assert_clean_failure(result)
    assert "unknown icon 'fod' (hint: did you mean 'food'?)" in result.err


def test_duplicate_card_id(content: Path) -> None:
    cards = content / "tiny/cards/events.yaml"
    edit(cards, "  - id: sturm\n", "  - id: hunger\n")
    result = check(content)
    assert_clean_failure(result)
    assert "duplicate card id 'hunger'" in result.err


def test_field_out_of_range_and_unknown_field(content: Path) -> None:
    cards = content / "tiny/cards/events.yaml"
    edit(cards, "severity: 2}", "severity: 7, sevrity: 1}")
    result = check(content)
    assert_clean_failure(result)
    assert "field 'severity' of card 'sturm': 7 is above the maximum 3" in result.err
    assert "unknown field 'sevrity' in card 'sturm' (kind 'event') (hint: did you mean 'severity'?)" in result.err


def test_rules_page_without_translation(content: Path) -> None:
    (content / "tiny/rules/de/setup.md").write_text("# Aufbau\n", encoding="utf-8")
    result = check(content)
    assert_clean_failure(result)
    assert "tiny/rules/de/setup.md:1:1: error: rules page 'setup.md' has no 'en' translation" in result.err


def test_alias_bomb_stops_quickly_with_a_clear_error(content: Path) -> None:
    bomb = ["cards:", "  - &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for level in range(1, 9):
        refs = ", ".join([f"*a{level - 1}"] * 10)
        bomb.append(f"  - &a{level} [{refs}]")
    (content / "tiny/cards/bomb.yaml").write_text("\n".join(bomb) + "\n", encoding="utf-8")
    result = check(content)
    assert_clean_failure(result)
    assert (
        "tiny/cards/bomb.yaml:1:1: error: the document expands to more than 200,000 values (an alias bomb?)"
        in result.err
    )


def test_huge_file_is_refused_by_size(content: Path) -> None:
    huge = content / "tiny/cards/huge.yaml"
    with huge.open("w", encoding="utf-8") as handle:
        handle.write("cards:\n")
        line = "  - {id: x, kind: event, name: {de: " + "a" * 200 + ", en: b}}\n"
        while handle.tell() < 50 * 1024 * 1024:
            handle.write(line)
    result = check(content)
    assert_clean_failure(result)
    assert "tiny/cards/huge.yaml:1:1: error: 'huge.yaml' is 50.0 MB, over the 2 MB limit for .yaml files" in result.err


def test_all_errors_are_printed_together_sorted(content: Path) -> None:
    edit(content / "tiny/cards/events.yaml", "    count: 2\n", "    cots: 2\n")
    edit(content / "tiny/game.yaml", "age: 8", "age: eight")
    result = check(content)
    assert_clean_failure(result)
    lines = [line for line in result.err.splitlines() if ": error" in line]
    assert len(lines) == 2
    assert "tiny/cards/events.yaml:" in lines[0] and "tiny/game.yaml:" in lines[1]
    assert "2 error(s) in 2 file(s)" in result.err


def test_json_format_lists_errors_for_tools(content: Path) -> None:
    edit(content / "tiny/cards/events.yaml", "    count: 2\n", "    cots: 2\n")
    result = check(content, "--format", "json")
    assert result.code == 1
    report = json.loads(result.out)
    assert report["ok"] is False and report["exit_code"] == 1 and report["message"] == "1 error(s) in 1 file(s)"
    errors = report["errors"]
    assert errors[0]["file"].endswith("tiny/cards/events.yaml")
    assert errors[0]["message"] == "unknown key 'cots'"
    assert errors[0]["hint"] == "did you mean 'cost'?"
    assert errors[0]["line"] > 1


def test_usage_errors_exit_2(content: Path) -> None:
    unknown_game = pnp("check", "tinny", "--content", str(content))
    assert unknown_game.code == 2
    assert "no game 'tinny'" in unknown_game.err and "did you mean 'tiny'?" in unknown_game.err
    bad_option = pnp("check", "--frobnicate")
    assert bad_option.code == 2
    missing_dir = pnp("check", "--content", str(content / "nowhere"))
    assert missing_dir.code == 2
    bad_format = pnp("info", "tiny", "--content", str(content), "--format", "xml")
    assert bad_format.code == 2


def test_a_game_layout_file_is_checked_by_check(content: Path) -> None:
    layouts = content / "tiny/layouts"
    layouts.mkdir()
    (layouts / "event.yaml").write_text("front:\n  frame:\n    - {type: rectangle, x: 0, y: 0}\n", encoding="utf-8")
    result = check(content)
    assert_clean_failure(result)
    assert "tiny/layouts/event.yaml:3:" in result.err and "unknown element type 'rectangle'" in result.err


def test_a_kind_naming_a_missing_layout(content: Path) -> None:
    edit(content / "tiny/game.yaml", "    size: mini\n", "    size: mini\n    layout: fancy\n")
    result = check(content)
    assert_clean_failure(result)
    assert "no layout 'fancy' for card kind 'event'" in result.err


def test_a_badge_must_name_a_whole_number_or_costs_field(content: Path) -> None:
    edit(content / "tiny/game.yaml", "    size: mini\n", "    size: mini\n    badge: severty\n")
    result = check(content)
    assert_clean_failure(result)
    assert "badge 'severty' of kind 'event' is not one of its whole-number or costs fields (hint: did you mean " \
        "'severity'?)" in result.err


# -- board components tied to board files ----------------------------------------------------------

TRACK = "id: track\nname: {de: Leiste, en: Track}\nsize: {width: 200, height: 100}\ntracks:\n" \
        "  - {id: score, start: 0, end: 10, at: [10, 10]}\n"


def add_board(content: Path, component: str | None, board: str = TRACK) -> Path:
    (content / "tiny/boards").mkdir()
    path = content / "tiny/boards/track.yaml"
    path.write_text(board, encoding="utf-8")
    if component is not None:
        game = content / "tiny/game.yaml"
        game.write_text(game.read_text(encoding="utf-8") + f"  - {component}\n", encoding="utf-8")
    return path


@pytest.mark.slow
def test_a_board_component_names_its_file_by_board_or_by_its_own_id(content: Path) -> None:
    add_board(content, "{id: score-track, name: {de: Leiste, en: Track}, type: board, count: 1, board: track}")
    assert check(content).code == 0
    game = content / "tiny/game.yaml"
    edit(game, "{id: score-track, name: {de: Leiste, en: Track}, type: board, count: 1, board: track}",
         "{id: track, name: {de: Leiste, en: Track}, type: board, count: 1}")
    result = check(content)
    assert result.code == 0, result.err


def test_a_board_file_no_component_names_is_an_error_at_its_id(content: Path) -> None:
    add_board(content, None)
    result = check(content)
    assert_clean_failure(result)
    assert ("tiny/boards/track.yaml:1:5: error [id]: board 'track' is not a component of the game "
            "(hint: add `board: track` to its component in game.yaml") in result.err
    assert "1 error(s) in 1 file(s)" in result.err


def test_a_board_component_naming_a_missing_file_is_an_error_with_a_suggestion(content: Path) -> None:
    add_board(content, "{id: score-track, name: {de: Leiste, en: Track}, type: board, count: 1, board: trakc}")
    result = check(content)
    assert_clean_failure(result)
    game = content / "tiny/game.yaml"
    line = line_of(game, "board: trakc")
    column = game.read_text(encoding="utf-8").splitlines()[line - 1].index("trakc") + 1
    assert (f"tiny/game.yaml:{line}:{column}: error [components[1].board]: no board file with id 'trakc' "
            "(hint: did you mean 'track'?)") in result.err
    assert "board 'track' is not a component of the game" in result.err  # the file is then named by none


def test_a_board_component_without_a_file_is_an_error_at_its_type(content: Path) -> None:
    game = content / "tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8")
                    + "  - {id: map, name: {de: Plan, en: Map}, type: board, count: 1}\n", encoding="utf-8")
    result = check(content)
    assert_clean_failure(result)
    line = line_of(game, "id: map")
    assert (f"tiny/game.yaml:{line}:" in result.err
            and "error [components[1].type]: board component 'map' has no board file: no board with id 'map' "
                "(hint: name its file's id with `board: ID` (board files: none), or add boards/map.yaml "
                "with `id: map`)" in result.err), result.err


def test_only_a_board_or_tableau_names_a_board_file(content: Path) -> None:
    add_board(content, "{id: track, name: {de: Leiste, en: Track}, type: board, count: 1}")
    game = content / "tiny/game.yaml"
    edit(game, "kind: event, count: 3}", "kind: event, count: 3, board: track}")
    result = check(content)
    assert_clean_failure(result)
    assert ("error [components[0].board]: component 'event-cards' of type 'cards' names board 'track' "
            "(hint: only a component of type board or tableau") in result.err


def test_a_board_file_that_does_not_load_gives_no_follow_on_error_at_its_component(content: Path) -> None:
    add_board(content, "{id: score-track, name: {de: Leiste, en: Track}, type: board, count: 1, board: track}",
              board=TRACK.replace("size: {width: 200, height: 100}", "size: {width: 200, height: wide}"))
    result = check(content)
    assert_clean_failure(result)
    lines = [line for line in result.err.splitlines() if ": error" in line]
    assert len(lines) == 1 and "tiny/boards/track.yaml:3:" in lines[0] and "size.height" in lines[0], result.err


@pytest.mark.slow
def test_check_and_build_report_a_stray_board_file_alike(content: Path, tmp_path: Path) -> None:
    add_board(content, None)
    checked = check(content)
    built = pnp("build", "--content", str(content), "--output", str(tmp_path / "out"))
    assert checked.code == built.code == 1
    errors = [line for line in checked.err.splitlines() if ": error" in line]
    assert errors and errors == [line for line in built.err.splitlines() if ": error" in line]
    assert not (tmp_path / "out" / "tiny").exists()


# Broken content that `pnp check` and `pnp build` must both refuse with the same error lines: the
# model's mistakes (found when loading) and the ones only laying out or rendering used to find.
ALIKE = {
    "unknown-key": ("cards/events.yaml", "    count: 2\n", "    cots: 2\n"),
    "wrong-type": ("cards/events.yaml", "    count: 2\n", "    count: many\n"),
    "missing-translation": ("cards/events.yaml", "name: {de: Sturm, en: Storm}", "name: {de: Sturm}"),
    "unknown-icon-in-text": ("cards/events.yaml", 'en: "A storm :food:"', 'en: "A storm :fod:"'),
    "text-too-long": ("cards/events.yaml", 'en: "A storm :food:"', 'en: "' + "A storm that will not stop. " * 40 + '"'),
    "misspelt-name-in-rules": ("rules/en/overview.md", "# Rules", "# Rules\n\n{{ count('evnt') }}"),
}


@pytest.mark.slow
@pytest.mark.parametrize("case", sorted(ALIKE))
def test_check_and_build_report_the_same_errors(content: Path, tmp_path: Path, case: str) -> None:
    file, old, new = ALIKE[case]
    edit(content / "tiny" / file, old, new)
    checked = check(content)
    built = pnp("build", "--content", str(content), "--output", str(tmp_path / "out"))
    assert checked.code == built.code == 1, (checked.err, built.err)
    errors = [line for line in checked.err.splitlines() if ": error" in line]
    assert errors and errors == [line for line in built.err.splitlines() if ": error" in line]
    assert not (tmp_path / "out" / "tiny").exists()
