"""Cross-references between rules pages carry their section number and lead to it, as the printed rules do;
the language switch keeps the reader's numbered section."""

from __future__ import annotations

import pytest

from generator.site.cross_references import numbered_links
from tests.site.browser import browser_missing, chromium

TARGETS = {"rulings.md": ("rule-9", "9"), "rulings.md#fight": ("rule-9-2", "9.2"),
           "actions.md#rule-4-6": ("rule-4-6", "4.6"), "turn.md#top": ("rule-3-1", "3.1")}


def test_a_link_to_a_section_reads_and_leads_as_in_print():
    assert numbered_links("see [Rulings](rulings.md).", "turn", TARGETS) == "see [Rulings (9)](rulings.md)."
    assert numbered_links("[it](rulings.md#fight)", "turn", TARGETS) == "[it (9.2)](rulings.md#rule-9-2)"
    assert numbered_links("[x](actions.md#rule-4-6){ .c }", "turn", TARGETS) == "[x (4.6)](actions.md#rule-4-6){ .c }"
    assert numbered_links("[up](#top)", "turn", TARGETS) == "[up (3.1)](#rule-3-1)"  # within the page
    assert numbered_links("[x (4.6)](actions.md#rule-4-6)", "turn", TARGETS) == "[x (4.6)](actions.md#rule-4-6)"


def test_links_to_anything_else_and_links_in_code_stay_as_written():
    kept = ["![a picture](rulings.md)", "`[in code](rulings.md)`", "[a card](../cards/x.md)", "[gone](gone.md#x)",
            "[no section](rulings.md#unknown)", "[web](https://example.org)"]
    for text in kept:
        assert numbered_links(text, "turn", TARGETS) == text
    fenced = "```\n[f](rulings.md)\n```"
    assert numbered_links(fenced, "turn", TARGETS) == fenced


@pytest.mark.parametrize(("lang", "words", "anchor"), [("en", "Rulings", "fighting-an-event-at-once"),
                                                       ("de", "Entscheidungen", "ein-ereignis-sofort-bekämpfen")])
def test_escape_earths_events_page_cites_the_ruling_by_its_number(bundled_contents, tmp_path, lang, words, anchor):
    from generator.content.errors import ErrorList
    from generator.rulestext.rule_sections import number_sections, text_anchors
    from generator.rulestext.rules_text import render_rules
    from generator.site.project import language_site

    content = bundled_contents["escape-earth"]
    errors = ErrorList()
    site = language_site(content, lang, ("de", "en"), tmp_path, {}, (), errors)
    assert not errors, errors.as_text()
    pages = render_rules(content, lang, errors)
    number, rulings = next((n, p) for n, p in enumerate(pages, start=1) if p.slug == "rulings")
    section = number_sections(rulings.markdown, number)[text_anchors(rulings.markdown).index(anchor)]
    events = site.tree.pages["rules/events.md"]
    assert f"[{words} ({section.number})](rulings.md#{section.anchor})" in events
    assert f"rulings.md#{anchor}" not in events


@pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")
@pytest.mark.parametrize(("start", "arrives"), [
    ("de/rules/turn.html#rule-3-2", "en/rules/turn.html#rule-3-2"),                 # a numbered anchor
    ("de/rules/rulings.html#ein-ereignis-sofort-bekämpfen", "en/rules/rulings.html#rule-9-9"),  # words: its section
    ("de/rules/turn.html", "en/rules/turn.html"),                                    # no anchor: none
])
def test_the_language_switch_keeps_the_numbered_section(built, start, arrives):
    site = built.site / "escape-earth"
    with chromium() as browser:
        tab = browser.new_context(locale="de-DE").new_page()
        tab.set_default_timeout(20_000)
        page, _, anchor = start.partition("#")
        tab.goto(site.joinpath(page).as_uri() + (f"#{anchor}" if anchor else ""))
        tab.locator("a.md-select__link[hreflang='en']").dispatch_event("click")
        tab.wait_for_url(lambda url: "/en/" in url)
        expected = site.joinpath(arrives.partition("#")[0]).as_uri() + ("#" + arrives.partition("#")[2]
                                                                          if "#" in arrives else "")
        assert tab.url == expected
