"""Rules pages compared as rendered, and example turns replayed under both revisions."""

from __future__ import annotations

import dataclasses

from generator.content.errors import ErrorList
from generator.content.loader import GameContent
from generator.diff.examples import BROKE, DIFFERS, FIXED, REMOVED, SAME, example_changes, parted_lines
from generator.diff.rules_pages import page_changes
from tests.diff.conftest import NEW_COST, OLD_COST


def test_only_the_pages_quoting_the_cost_changed_in_each_language(escape_earth: GameContent,
                                                                  dearer_lab: GameContent) -> None:
    changes = page_changes(escape_earth, dearer_lab, ErrorList(), ErrorList(), "HEAD", "working tree")
    assert {(c.lang, c.page) for c in changes} == {(lang, page) for lang in ("de", "en")
                                                   for page in ("20-setup.md", "40-actions.md", "80-card-reference.md")}
    setup = next(c for c in changes if (c.lang, c.page) == ("en", "20-setup.md"))
    assert setup.removed == [f"- 3 × **Space lab** – build cost {OLD_COST}, anywhere; yields :knowledge: Knowledge"]
    assert setup.added == [f"- 3 × **Space lab** – build cost {NEW_COST}, anywhere; yields :knowledge: Knowledge"]
    assert setup.diff[:2] == ["--- HEAD: rules/en/20-setup.md", "+++ working tree: rules/en/20-setup.md"]
    assert setup.title == "Setup" and setup.change == "changed"


def test_a_page_added_or_removed_is_listed_whole(escape_earth: GameContent) -> None:
    rules = {lang: dict(pages) for lang, pages in escape_earth.rules.items()}
    rules["en"]["90-faq.md"] = "# Questions\n\nAsk {{ count('weltraumlabor') }} times.\n"
    grown = dataclasses.replace(escape_earth, rules=rules)
    [added] = page_changes(escape_earth, grown, ErrorList(), ErrorList())
    assert (added.lang, added.page, added.change, added.title) == ("en", "90-faq.md", "added", "Questions")
    assert added.added == ["# Questions", "", "Ask 3 times."]
    [removed] = page_changes(grown, escape_earth, ErrorList(), ErrorList())
    assert removed.change == "removed" and removed.removed[-1] == "Ask 3 times."


def test_a_page_that_no_longer_renders_is_an_error_of_its_revision(escape_earth: GameContent) -> None:
    rules = {lang: dict(pages) for lang, pages in escape_earth.rules.items()}
    rules["de"]["10-goal.md"] = "# Ziel\n\n{{ card('mondbasis').fields.build_cost }}\n"
    broken = dataclasses.replace(escape_earth, rules=rules)
    old_errors, new_errors = ErrorList(), ErrorList()
    page_changes(escape_earth, broken, old_errors, new_errors)
    assert not old_errors and ["unknown card 'mondbasis'" in e.message for e in new_errors] == [True]


def test_the_example_a_dearer_lab_breaks_is_named_at_its_step(escape_earth: GameContent,
                                                              dearer_lab: GameContent) -> None:
    changes = {c.example_id: c for c in example_changes(escape_earth, dearer_lab, ErrorList(), ErrorList())}
    broke = changes["beginner-opening"]
    assert (broke.status, broke.step, broke.action, broke.broken) == (BROKE, 1, "build lab", True)
    assert broke.message.startswith(f"Space lab costs {NEW_COST} build points")
    assert {c.status for i, c in changes.items() if i != "beginner-opening"} == {SAME}
    back = {c.example_id: c for c in example_changes(dearer_lab, escape_earth, ErrorList(), ErrorList())}
    assert back["beginner-opening"].status == FIXED and not back["beginner-opening"].broken


def test_an_example_that_plays_differently_shows_the_first_step_and_the_events_that_differ(
        escape_earth: GameContent) -> None:
    outpost = escape_earth.card("aussenposten")
    wider = outpost.model_copy(update={"effects": [outpost.effects[0].model_copy(update={"args": {"count": 3}})]})
    changed = dataclasses.replace(escape_earth, cards=[wider if c.id == outpost.id else c for c in escape_earth.cards])
    changes = {c.example_id: c for c in example_changes(escape_earth, changed, ErrorList(), ErrorList())}
    first = changes["first-turn"]
    assert (first.status, first.step, first.action, first.broken) == (DIFFERS, 2, "build outpost", False)
    assert first.before == [] and first.after == ["Card 6 is revealed: Space."]
    assert changes["beginner-opening"].status == DIFFERS and changes["beginner-opening"].step == 6


def test_an_example_removed_is_listed(escape_earth: GameContent) -> None:
    fewer = dataclasses.replace(escape_earth, examples=[e for e in escape_earth.examples if e.id != "chaos"])
    changes = {c.example_id: c.status for c in example_changes(escape_earth, fewer, ErrorList(), ErrorList())}
    assert changes["chaos"] == REMOVED and list(changes)[-1] == "chaos"


def test_parted_lines_keep_what_both_sides_share_out() -> None:
    assert parted_lines(["a", "b", "c"], ["a", "x", "c", "d"]) == (["b"], ["x", "d"])
    assert parted_lines(["a"], ["a"]) == ([], [])
