"""Section numbers of the rules: numbered headings, number anchors, the same structure in each language."""

from __future__ import annotations

import re
from pathlib import Path

import markdown
import pytest

from generator.checking import check_rules_templates
from generator.content.errors import ErrorList
from generator.rulestext.rule_sections import number_sections, numbered_markdown, structure
from generator.rulestext.rules_text import render_rules
from tests.site.conftest import edited_rules

REPO = Path(__file__).resolve().parents[2]
GAMES = sorted(p.name for p in (REPO / "content").iterdir() if (p / "game.yaml").is_file())

PAGE = """# A turn

## 1. Reveal a time card

```
## not a heading
```

## Take actions

### Fight an event

## 3 – Example ##
"""


def test_headings_are_numbered_by_page_and_level():
    sections = number_sections(PAGE, 3)
    assert [(s.number, s.level, s.title) for s in sections] == [
        ("3", 1, "A turn"), ("3.1", 2, "Reveal a time card"), ("3.2", 2, "Take actions"),
        ("3.2.1", 3, "Fight an event"), ("3.3", 2, "Example")]
    assert [s.line for s in sections] == [1, 3, 9, 11, 13]
    assert sections[3].anchor == "rule-3-2-1"


def test_a_heading_marked_for_the_player_aid_keeps_its_mark_and_loses_it_from_the_title():
    [page, step] = number_sections("# Turn { .player-aid }\n\n## Step {: #old .player-aid .x }\n", 2)
    assert (page.title, page.classes) == ("Turn", ("player-aid",))
    assert (step.title, step.classes) == ("Step", ("player-aid", "x"))
    text = numbered_markdown("# Turn { .player-aid }\n", [page])
    assert text == '# <span id="turn"></span>2 Turn { #rule-2 .player-aid }\n'


def test_a_heading_keeps_an_own_number_that_is_not_its_section():
    [_, section] = number_sections("# T\n\n## 2. Second step first\n", 4)
    assert section.label == "4.1 2. Second step first"


def test_the_site_heading_carries_the_number_and_both_anchors():
    text = numbered_markdown(PAGE, number_sections(PAGE, 3))
    html = markdown.markdown(text, extensions=["toc", "attr_list", "fenced_code"])
    assert '<h2 id="rule-3-2"><span id="take-actions"></span>3.2 Take actions</h2>' in html
    assert '<h3 id="rule-3-2-1"><span id="fight-an-event"></span>3.2.1 Fight an event</h3>' in html
    assert "## not a heading" in text  # code blocks are left alone


@pytest.mark.parametrize("game", GAMES)
def test_every_bundled_game_numbers_its_rules_alike_in_both_languages(bundled_contents, game):
    content = bundled_contents[game]
    errors = ErrorList()
    de, en = render_rules(content, "de", errors), render_rules(content, "en", errors)
    assert not errors, errors.as_text()
    assert [p.source for p in de] == [p.source for p in en]
    assert len(de) >= 5
    for number, (de_page, en_page) in enumerate(zip(de, en, strict=False), start=1):
        de_sections, en_sections = number_sections(de_page.markdown, number), number_sections(en_page.markdown, number)
        assert structure(de_sections) == structure(en_sections), de_page.source
        assert de_sections[0].number == str(number)


def test_a_page_whose_headings_differ_between_languages_is_a_content_error(bundled_contents):
    page = bundled_contents["escape-earth"].rules["en"]["30-turn.md"]
    content = edited_rules(bundled_contents["escape-earth"], "en", "30-turn.md", "## Example", "### Example")
    errors = ErrorList()
    check_rules_templates(content, errors)
    [error] = list(errors)
    line = page.split("\n").index("## Example") + 1
    assert str(error.mark) == f"escape-earth/rules/en/30-turn.md:{line}:1"
    assert "here '3.2.1 Example', there '3.3 Beispiel'" in error.message


def test_a_section_marked_for_the_player_aid_in_one_language_only_is_a_content_error(bundled_contents):
    content = edited_rules(bundled_contents["escape-earth"], "de", "70-end.md", "## Sieg", "## Sieg { .player-aid }")
    errors = ErrorList()
    check_rules_templates(content, errors)
    [error] = list(errors)
    assert str(error.mark) == "escape-earth/rules/en/70-end.md:12:1"  # German is the source: English departs
    assert "section 7.2 is not marked { .player-aid } here but in rules/de/70-end.md" in error.message


def test_a_page_missing_in_one_language_is_a_content_error(bundled_contents):
    content = edited_rules(bundled_contents["escape-earth"], "en", "50-events.md", "", "")
    del content.rules["en"]["50-events.md"]
    errors = ErrorList()
    check_rules_templates(content, errors)
    assert re.search(r"en rules pages are not the de ones \(missing 50-events.md\)", errors.as_text())
