"""A refusal of the engine cites the numbered rule that explains it, on the site and in a replay."""

from __future__ import annotations

import json
import random

import pytest

from generator.checking import check_engine
from generator.content.errors import ErrorList
from generator.rules.escape_earth import new_game
from generator.rules.log import ReplayError, dump_lines, header_of, replay_text
from generator.rules.policies import RandomPolicy
from generator.rulestext.rule_citations import cite, see
from tests.site.conftest import edited_rules


@pytest.fixture(scope="module")
def escape_earth(bundled_contents):
    return bundled_contents["escape-earth"]


def test_refusals_cite_their_section_by_number_and_site_anchor(escape_earth):
    move = cite(escape_earth, "move.exact", "en")
    assert (move.number, move.title, move.address) == ("4.2", "Move a spaceship", "rules/actions.html#rule-4-2")
    assert cite(escape_earth, "blocked.upgrade", "en").number == "4.4"  # an exact id
    assert cite(escape_earth, "respond-first", "en").address == "rules/events.html#rule-5-2-1"
    assert cite(escape_earth, "move.exact", "de").number == "4.2"  # the same number in German
    assert cite(escape_earth, "payment.form", "en") is None  # how a decision is written: no rule to cite


def test_a_refusal_name_the_engine_does_not_know_is_a_content_error(escape_earth):
    content = edited_rules(escape_earth, "de", "40-actions.md", 'refuses="move.*"', 'refuses="mvoe.*"')
    errors = ErrorList()
    check_engine(content, errors)
    [error] = [e for e in errors if "mvoe" in e.message]
    assert str(error.mark) == "escape-earth/rules/de/40-actions.md:18:1"
    assert 'refuses="mvoe.*" names no refusal' in error.message


def test_a_refusal_claimed_by_two_sections_is_a_content_error(escape_earth):
    content = edited_rules(escape_earth, "de", "40-actions.md", 'refuses="push.*"', 'refuses="move.*"')
    errors = ErrorList()
    check_engine(content, errors)
    assert "refusal 'move.*' is explained by section 4.2 already" in errors.as_text()


def test_a_refused_decision_in_a_replay_names_the_rule_and_its_anchor(escape_earth):
    state = new_game(escape_earth, 8, {"variant": "expert"}, log=True)
    rng = random.Random(8)
    while not state.is_over:
        state.apply(RandomPolicy().choose(state, rng))
    rows = [
        json.loads(line) for line in dump_lines(header_of(state, state.game.options, "random"), state.log).splitlines()
    ]
    index = next(i for i, r in enumerate(rows) if r.get("kind") == "decision")
    rows[index]["action"] = "improve nothing"
    text = "\n".join(json.dumps(r, sort_keys=True, separators=(",", ":")) for r in rows) + "\n"
    with pytest.raises(ReplayError) as info:
        replay_text(text, escape_earth, see)
    assert (
        "Improving names one of your activity cards. (see 4.1 Improve an activity card: rules/actions.html#rule-4-1)"
        in info.value.message
    ), info.value.message


def test_the_languages_must_cite_alike(escape_earth):
    from generator.checking import check_rules_templates

    content = edited_rules(escape_earth, "en", "40-actions.md", ' { refuses="push.*" }', "")
    errors = ErrorList()
    check_rules_templates(content, errors)
    [error] = list(errors)
    assert str(error.mark) == "escape-earth/rules/en/40-actions.md:105:1"
    assert "section 4.7 explains the refusals '' here but 'push.*' in rules/de/40-actions.md" in error.message


@pytest.mark.parametrize("game, rule, number, address", [
    ("astronuts", "jump.off", "5.2", "rules/optional-rules.html#rule-5-2"),
    ("astronuts", "tech.nut", "3.4", "rules/turn.html#rule-3-4"),
    ("terraforming-mars", "req.min-oxygen", "4.1", "rules/actions.html#rule-4-1"),
    ("terraforming-mars", "convert.at-goal", "4.7", "rules/actions.html#rule-4-7"),
    ("habitable", "pay.superfluous", "3.2", "rules/turn.html#rule-3-2"),
    ("habitable", "archive.late", "3.1", "rules/turn.html#rule-3-1"),
    ("habitable", "distance.cost", "4.3", "rules/card-kinds.html#rule-4-3"),
    ("habitable", "defend-first", "4.5", "rules/card-kinds.html#rule-4-5"),
    # refusals a person meets at the terminal (`pnp play --policy you`) cite their rulings too
    ("escape-earth", "payment.exact", "9.13", "rules/rulings.html#rule-9-13"),
    ("astronuts", "place.twice", "7.4", "rules/rulings.html#rule-7-4"),
    ("astronuts", "gift-colony.where", "7.8", "rules/rulings.html#rule-7-8"),
    ("terraforming-mars", "place.city-next-to-city", "4.2", "rules/actions.html#rule-4-2"),
    ("terraforming-mars", "pass.after-action", "8.14", "rules/rulings.html#rule-8-14"),
    ("terraforming-mars", "final.convert", "8.10", "rules/rulings.html#rule-8-10"),
])
def test_other_games_cite_their_rules(bundled_contents, game, rule, number, address):
    citation = cite(bundled_contents[game], rule, "de")
    assert (citation.number, citation.address) == (number, address)


def test_a_cited_title_reads_without_markdown_escapes(bundled_contents):
    assert cite(bundled_contents["habitable"], "pay.short", "en").title == "*Paying"
