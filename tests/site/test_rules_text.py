"""Rules pages through the Jinja sandbox: numbers come from the content, mistakes name file:line."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.rulestext.rules_text import page_order, page_slug, render_rules_page, rules_context

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def escape_earth():
    errors = ErrorList()
    [content] = load_checked(REPO / "content", ["escape-earth"], errors)
    assert not errors, errors.as_text()
    return content


def render(content, text: str, lang: str = "de") -> tuple[str | None, ErrorList]:
    errors = ErrorList()
    out = render_rules_page(text, rules_context(content, lang), "escape-earth/rules/de/x.md", errors)
    return out, errors


def test_numbers_come_from_the_content(escape_earth):
    text = ("# T\nStarbase {{ card('sternenbasis').fields.build_cost }}, upgrade {{ costs(card('sternenbasis')"
            ".fields.upgrade_cost) }}; {{ count('galaxy') }} galaxy cards; {{ count('hungersnot') }} famines; "
            "{{ count('food-cubes') }} food cubes; {{ effect('aliens') }}")
    out, errors = render(escape_earth, text, "en")
    assert not errors
    assert "Starbase 4, upgrade 1 × :material: Resources;" in out
    assert "18 galaxy cards; 4 famines; 8 food cubes;" in out
    assert "The :aliens: move 2 galaxy cards toward Earth." in out


def test_designed_marker_is_localised(escape_earth):
    out, _ = render(escape_earth, "# T\n{{ designed() }}", "de")
    assert 'class="pnp-designed"' in out and "für diese Ausgabe gestaltet" in out
    out, _ = render(escape_earth, "# T\n{{ designed() }}", "en")
    assert "designed for this edition" in out


@pytest.mark.parametrize("text, line, message", [
    ("# T\n\nline three {{ card('sternbasis').fields.build_cost }}\n", 3,
     "unknown card 'sternbasis' (did you mean 'sternenbasis'?)"),
    ("# T\n{{ cardz }}\n", 2, "'cardz' is undefined"),
    ("# T\nok\nok\n{% if %}\n", 4, "Expected an expression"),
    ("# T\n{{ game.__class__ }}\n", 2, "unsafe"),
    ("# T\n{{ count('nothing') }}\n", 2, "unknown card, kind or component 'nothing'"),
])
def test_template_problems_name_the_line(escape_earth, text, line, message):
    out, errors = render(escape_earth, text)
    assert out is None
    [error] = list(errors)
    assert error.mark.file == "escape-earth/rules/de/x.md"
    assert error.mark.line == line
    assert message in error.message


def test_page_order_and_slug():
    names = ["rulings.md", "40-turn.md", "10-goal.md", "100-end.md", "glossary.md"]
    assert sorted(names, key=page_order) == ["10-goal.md", "40-turn.md", "100-end.md", "glossary.md", "rulings.md"]
    assert page_slug("40-turn.md") == "turn" and page_slug("rulings.md") == "rulings"


def test_two_pages_with_one_address_are_refused(escape_earth):
    from dataclasses import replace

    from generator.rulestext.rules_text import render_rules

    game = replace(escape_earth, rules={"de": {"10-setup.md": "# A\n", "setup.md": "# B\n"}, "en": {}})
    errors = ErrorList()
    pages = render_rules(game, "de", errors)
    assert [p.source for p in pages] == ["10-setup.md"]
    [error] = list(errors)
    assert error.mark.file == "escape-earth/rules/de/setup.md"
    assert "same address as '10-setup.md'" in error.message


def test_setup_picture_draws_the_table_after_setup_where_the_page_asks(escape_earth):
    from generator.boards.scene import Polygon
    from generator.rulestext.rules_text import picture_marker

    drawn: list = []
    errors = ErrorList()
    out = render_rules_page("# Setup\n\nBefore.\n\n{{ setup_picture(seed=3, variant='beginner') }}\n\nAfter.\n",
                            rules_context(escape_earth, "en", drawn), "escape-earth/rules/en/20-setup.md", errors)
    assert not errors, errors.as_text()
    [picture] = drawn
    assert out.split("\n")[4] == picture_marker(0)
    texts = [t.text for t in picture.scene.texts()]
    assert "Earth" in texts and texts.count("?") == 12           # Earth and 3 cards open, 12 face down
    ships = [p for p in picture.scene.items if isinstance(p, Polygon) and len(p.points) == 4]
    assert len(ships) == 4                                        # 2 on Earth, 2 beside the activity rows
    assert picture.alt.startswith("Galaxy: 1 Earth")


@pytest.mark.parametrize("call, message", [
    ("setup_picture(players=3)", "setup_picture: unknown option 'players'"),
    ("setup_picture(variant='easy')", "setup_picture: option variant: 'easy' is not one of beginner, expert"),
    ("setup_picture(seed=-1)", "setup_picture: seed must be a whole number"),
])
def test_setup_picture_mistakes_name_the_line(escape_earth, call, message):
    errors = ErrorList()
    out = render_rules_page(f"# Setup\n\n{{{{ {call} }}}}\n", rules_context(escape_earth, "en", []),
                            "escape-earth/rules/en/20-setup.md", errors)
    assert out is None
    text = errors.as_text()
    assert "escape-earth/rules/en/20-setup.md:3:1" in text and message in text, text


def test_every_bundled_setup_page_shows_the_table_after_setup():
    from generator.rulestext.rules_text import picture_marker, render_rules

    for game in ("escape-earth", "astronuts", "habitable", "terraforming-mars"):
        errors = ErrorList()
        [content] = load_checked(REPO / "content", [game], errors)
        for lang in ("de", "en"):
            pages = {page.slug: page for page in render_rules(content, lang, errors)}
            setup = pages["setup"]
            assert len(setup.pictures) == 1 and picture_marker(0) in setup.markdown, (game, lang)
            assert setup.pictures[0].alt.strip()
        assert not errors, errors.as_text()


def test_card_link_names_the_card_and_links_its_place_in_the_gallery(escape_earth):
    out, errors = render(
        escape_earth,
        "# T\n{{ card_link('ozeanplanet') }}; {{ card_link('ozeanplanet', lower=True) }}; "
        "{{ card_link('aussenposten', back=True) }}",
        "en",
    )
    assert not errors, errors.as_text()
    assert out.split("\n")[1] == ("[Ocean planet](../cards/ozeanplanet.md){ .pnp-card-link }; "
                                  "[ocean planet](../cards/ozeanplanet.md){ .pnp-card-link }; "
                                  "[Outpost+](../cards/aussenposten.md){ .pnp-card-link }")
    out, errors = render(escape_earth, "# T\n\n{{ card_link('ozeanplanett') }}", "en")
    assert out is None and "unknown card 'ozeanplanett' (did you mean 'ozeanplanet'?)" in errors.as_text()


def test_the_designed_badge_reads_as_an_aside_not_into_the_sentence(escape_earth):
    """A screen reader and a copy get '… chosen here (designed for this edition).'; the parentheses are
    hidden on screen, where the words are a badge; the printed rulebook writes them in brackets."""
    import re

    from generator.rulebook.flow import inline
    from generator.rulebook.html_tree import parse_html

    out, _ = render(escape_earth, "# T\n\nChosen here {{ designed() }}.\n", "en")
    assert out is not None
    spoken = re.sub(r"<[^>]+>", "", out.split("\n")[2])
    assert spoken == "Chosen here (designed for this edition)."
    assert '<span class="pnp-aside">(</span>designed for this edition<span class="pnp-aside">)</span>' in out
    css = (REPO / "site" / "assets" / "pnp.css").read_text(encoding="utf-8")
    assert re.search(r"\.pnp-aside \{[^}]*clip: rect\(0 0 0 0\)", css)
    assert inline(parse_html(out.split("\n")[2]).children) == "Chosen here <i>[designed for this edition]</i>."
