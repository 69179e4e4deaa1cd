"""Data checks: ranges where a value has one (and nowhere else), what the box holds, operation texts
that can print their values, and one root mistake reported once."""

from __future__ import annotations

from pathlib import Path

from generator.checking import load_checked
from generator.content.errors import ErrorList
from tests.content.conftest import edit, line_of

GAME = "tiny/game.yaml"
CARDS = "tiny/cards/events.yaml"


def errors_of(content: Path) -> ErrorList:
    errors = ErrorList()
    load_checked(content, ["tiny"], errors)
    return errors


def only(errors: ErrorList, needle: str):
    found = [e for e in errors if needle in e.message]
    assert len(found) == 1, errors.as_text()
    return found[0]


# -- ranges -----------------------------------------------------------------------------------------

def test_min_and_max_of_a_costs_field_bound_each_amount(content: Path) -> None:
    edit(content / GAME, "fight_cost: {type: costs}", "fight_cost: {type: costs, min: 1, max: 1}")
    error = only(errors_of(content), "above the maximum")
    assert error.message == "field 'fight_cost' of card 'sturm': 2 'food' is above the maximum 1"
    assert error.mark.line == line_of(content / CARDS, "fight_cost: {food: 2}")


def test_min_or_max_on_a_field_that_has_no_range_is_an_error_at_its_declaration(content: Path) -> None:
    edit(content / GAME, "counter: {type: card, optional: true}", "counter: {type: card, optional: true, max: 3}")
    error = only(errors_of(content), "cannot apply")
    assert error.message == "`max` cannot apply to a value of type 'card': only int, ints, costs have a range"
    assert error.mark.line == line_of(content / GAME, "counter: {type: card")


def test_min_or_max_on_a_parameter_that_has_no_range_is_an_error(content: Path) -> None:
    edit(content / GAME, "params: {resource: {type: resource}", "params: {resource: {type: resource, min: 1}")
    assert "`min` cannot apply to a value of type 'resource'" in only(errors_of(content), "cannot apply").message


def test_max_below_min_is_an_error(content: Path) -> None:
    edit(content / GAME, "severity: {type: int, min: 1, max: 3", "severity: {type: int, min: 3, max: 1")
    assert "max (1) is smaller than min (3)" in only(errors_of(content), "smaller than min").message


# -- what the box holds -----------------------------------------------------------------------------

TOKENS = "  - {id: event-cards,"
FOOD = "  - {id: food-tokens, name: {de: Nahrung, en: Food}, type: token, count: 1, resource: food}\n" + TOKENS


def test_a_cost_above_what_the_components_hold_is_an_error_at_the_cost(content: Path) -> None:
    edit(content / GAME, TOKENS, FOOD)
    error = only(errors_of(content), "but the game holds")
    assert error.message == "card 'sturm' costs 2 'food' but the game holds 1 ('food-tokens')"
    assert error.mark.line == line_of(content / CARDS, "fight_cost: {food: 2}")
    assert error.code == "count"


def test_an_effect_amount_above_what_the_components_hold_is_an_error(content: Path) -> None:
    edit(content / GAME, TOKENS, FOOD.replace("count: 1,", "count: 2,"))
    edit(content / GAME, "amount: {type: int, min: 1, max: 2}", "amount: {type: int, min: 1, max: 5}")
    edit(content / CARDS, "{op: lose_cube, resource: food, amount: 1}", "{op: lose_cube, resource: food, amount: 3}")
    error = only(errors_of(content), "but the game holds")
    assert error.message == "card 'hunger': operation 'lose_cube' names 3 'food' but the game holds 2 ('food-tokens')"
    assert error.mark.line == line_of(content / CARDS, "amount: 3}")


def test_a_resource_without_components_has_no_limit_and_an_unknown_one_is_an_error(content: Path) -> None:
    assert not errors_of(content)
    edit(content / GAME, TOKENS, FOOD.replace("resource: food", "resource: fod"))
    error = only(errors_of(content), "unknown resource 'fod'")
    assert "did you mean 'food'?" in error.hint


# -- operation texts --------------------------------------------------------------------------------

def test_a_format_spec_that_cannot_print_its_number_is_an_error_at_the_text(content: Path) -> None:
    edit(content / GAME, 'en: "Lose {amount} :{resource}:."', 'en: "Lose {amount:+q} :{resource}:."')
    error = only(errors_of(content), "{amount:+q}")
    assert error.path == ("operations", 0, "text", "en")
    assert error.mark.line == line_of(content / GAME, "{amount:+q}")


def test_a_giant_width_is_refused(content: Path) -> None:
    edit(content / GAME, 'en: "Lose {amount} :{resource}:."', 'en: "Lose {amount:999999999d} :{resource}:."')
    assert "is not a format spec pnp-forge prints" in only(errors_of(content), "999999999").message


def test_word_forms_are_two(content: Path) -> None:
    edit(content / GAME, 'en: "Lose {amount} :{resource}:."', 'en: "Lose {amount} {amount:cube|cubes|lots}."')
    assert "gives 3 word forms; write two, one|many" in only(errors_of(content), "word forms").message


def test_a_number_format_on_a_word_is_an_error(content: Path) -> None:
    edit(content / GAME, 'en: "Lose {amount} :{resource}:."', 'en: "Lose {amount} {resource:+d}."')
    assert "cannot print a word" in only(errors_of(content), "{resource:+d}").message


def test_an_enum_printed_as_a_word_needs_names_once_for_all_its_values(content: Path) -> None:
    edit(content / GAME, "params: {resource: {type: resource}, amount: {type: int, min: 1, max: 2}}",
         "params: {resource: {type: resource}, amount: {type: int, min: 1, max: 2}, "
         "how: {type: enum, choices: [slowly, fast], optional: true}}")
    edit(content / GAME, 'en: "Lose {amount} :{resource}:."', 'en: "Lose {amount} :{resource}: {how}."')
    error = only(errors_of(content), "as a word")
    assert error.message == ("operation 'lose_cube' prints parameter 'how' as a word, but 'slowly', 'fast' have no "
                             "name in `labels`")
    assert error.path == ("operations", 0, "params", "how", "choices")
    edit(content / GAME, "components:\n", "labels:\n  slowly: {de: langsam, en: slowly}\n"
         "  fast: {de: schnell, en: fast}\ncomponents:\n")
    assert not errors_of(content)


def test_a_labelled_enum_field_needs_names_for_its_values(content: Path) -> None:
    edit(content / GAME, "counter: {type: card, optional: true}",
         "counter: {type: card, optional: true}\n      mood: {type: enum, choices: [calm], optional: true, "
         "label: {de: Stimmung, en: Mood}}")
    assert "field 'mood' of kind 'event' prints its value as a word, but 'calm' has no name" in \
        only(errors_of(content), "as a word").message


# -- one root mistake, one error --------------------------------------------------------------------

def test_a_card_that_cannot_be_read_does_not_also_make_the_count_wrong(content: Path) -> None:
    edit(content / CARDS, "    count: 2\n", "    count: many\n")
    errors = errors_of(content)
    assert [e.message for e in errors] == ["expected a whole number, found 'many'"], errors.as_text()


def test_a_wrong_count_alone_is_still_reported(content: Path) -> None:
    edit(content / CARDS, "    count: 2\n", "    count: 3\n")
    assert "lists 3 'event' cards but the card files define 4" in only(errors_of(content), "lists 3").message


def test_a_card_of_a_misspelt_kind_does_not_also_make_the_count_wrong(content: Path) -> None:
    edit(content / CARDS, "  - id: sturm\n    kind: event\n", "  - id: sturm\n    kind: evnt\n")
    errors = errors_of(content)
    assert [e.message for e in errors] == ["unknown card kind 'evnt' in card 'sturm'"], errors.as_text()
