"""A card named by a rules page links to the card's page and shows its face on hover (file://)."""

from __future__ import annotations

import pytest

from tests.site.browser import browser_missing, chromium

pytestmark = [pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or ""), pytest.mark.slow]


@pytest.fixture(scope="module")
def browser():
    with chromium() as running:
        yield running


def test_a_card_name_in_the_rules_shows_the_card_on_hover_and_leads_to_it(built, browser):
    tab = browser.new_context(viewport={"width": 1100, "height": 800}).new_page()
    tab.set_default_timeout(20_000)
    problems: list[str] = []
    tab.on("pageerror", lambda e: problems.append(str(e)))
    tab.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    tab.goto((built.site / "escape-earth" / "en" / "rules" / "events.html").as_uri())
    link = tab.locator('a.pnp-card-link[href="../cards/aufstaende.html"]').first
    assert link.inner_text() == "Riots"
    assert tab.locator(".pnp-card-preview:not([hidden])").count() == 0
    link.hover()
    preview = tab.locator(".pnp-card-preview:not([hidden]) img")
    preview.wait_for()
    tab.wait_for_function("document.querySelector('.pnp-card-preview img').naturalWidth > 0")  # the face loaded
    assert preview.get_attribute("src").endswith("/escape-earth/en/cards/aufstaende-front.svg")
    assert preview.get_attribute("alt") == "Riots"
    shown, named = tab.locator(".pnp-card-preview").bounding_box(), link.bounding_box()
    assert shown["width"] > 150 and (
        shown["y"] >= named["y"] + named["height"] or shown["y"] + shown["height"] <= named["y"]
    )
    tab.mouse.move(5, 5)
    assert tab.locator(".pnp-card-preview:not([hidden])").count() == 0
    link.click()
    tab.wait_for_url("**/escape-earth/en/cards/aufstaende.html")
    assert tab.locator("h1").inner_text().startswith("Riots")
    assert tab.locator('img.pnp-face[src="aufstaende-front.svg"]').evaluate("i => i.naturalWidth") > 0
    assert problems == []


def test_the_german_rules_link_the_german_card(built, browser):
    tab = browser.new_context(viewport={"width": 1100, "height": 800}).new_page()
    tab.goto((built.site / "escape-earth" / "de" / "rules" / "events.html").as_uri())
    link = tab.locator('a.pnp-card-link[href="../cards/aufstaende.html"]').first
    link.focus()                                             # the keyboard shows it too
    tab.locator(".pnp-card-preview:not([hidden]) img").wait_for()
    assert (
        tab.locator(".pnp-card-preview img")
        .get_attribute("src")
        .endswith("/escape-earth/de/cards/aufstaende-front.svg")
    )
    assert link.inner_text() == "Aufstände"
    tab.keyboard.press("Escape")
    assert tab.locator(".pnp-card-preview:not([hidden])").count() == 0


def test_the_gallery_filters_by_words_and_kind(built, browser):
    tab = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
    tab.goto((built.site / "escape-earth" / "en" / "cards.html").as_uri())
    count = tab.locator(".pnp-gallery-filter__count")
    total = tab.locator(".pnp-card-entry").count()
    assert total == 30 and count.inner_text() == "30 of 30 cards"
    kinds = tab.eval_on_selector_all(".pnp-gallery-filter__kind option", "os => os.map(o => o.value)")
    assert kinds[0] == "" and "event" in kinds and "galaxy" in kinds
    tab.select_option(".pnp-gallery-filter__kind", "event")
    visible = tab.eval_on_selector_all(".pnp-card-entry:not([hidden])", "es => es.map(e => e.className)")
    assert visible and all("pnp-kind-event" in c for c in visible)
    assert tab.locator("h2#kind-galaxy").is_hidden() and tab.locator("h2#kind-event").is_visible()
    tab.fill(".pnp-gallery-filter__words", "FAMINE")                 # case and accents do not matter
    assert count.inner_text() == "1 of 30 cards"
    assert tab.locator(".pnp-card-entry:not([hidden]) h3").inner_text().startswith("Famine")
    tab.select_option(".pnp-gallery-filter__kind", "")
    tab.fill(".pnp-gallery-filter__words", "xyzzy")
    assert count.inner_text() == "0 of 30 cards" and tab.locator("h2#kind-event").is_hidden()
    german = browser.new_context().new_page()
    german.goto((built.site / "escape-earth" / "de" / "cards.html").as_uri())
    german.fill(".pnp-gallery-filter__words", "Aussenposten")        # ß typed as ss
    assert german.locator(".pnp-gallery-filter__count").inner_text() == "1 von 30 Karten"


def test_the_gallery_filters_terraforming_mars_by_tag_and_deck(built_all, browser):
    tab = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
    problems: list[str] = []
    tab.on("pageerror", lambda e: problems.append(str(e)))
    tab.goto((built_all.site / "terraforming-mars" / "en" / "cards.html").as_uri())
    count = tab.locator(".pnp-gallery-filter__count")
    total = tab.locator(".pnp-card-entry").count()
    tags = dict(tab.eval_on_selector_all(".pnp-gallery-filter__tag option", "os => os.map(o => [o.value, o.text])"))
    assert tags[""] == "All tags" and tags["jovian"] == "Jupiter" and tags["building"] == "building"
    assert tab.locator(".pnp-filter-names").is_hidden(), "the names the filter reads are not shown as text"
    tab.select_option(".pnp-gallery-filter__tag", "jovian")
    visible = tab.eval_on_selector_all(".pnp-card-entry:not([hidden])", "es => es.map(e => e.className)")
    assert 0 < len(visible) < total and all("pnp-tag-jovian" in c.split() for c in visible)
    assert count.inner_text() == f"{len(visible)} of {total} cards"
    tab.select_option(".pnp-gallery-filter__tag", "")
    decks = tab.eval_on_selector_all(".pnp-gallery-filter__deck option", "os => os.map(o => o.value)")
    assert "projects" in decks
    tab.select_option(".pnp-gallery-filter__deck", "projects")  # green, blue and red cards are one deck
    kinds = {c for e in tab.eval_on_selector_all(".pnp-card-entry:not([hidden])", "es => es.map(e => e.className)")
             for c in e.split() if c.startswith("pnp-kind-")}
    assert kinds == {"pnp-kind-automated", "pnp-kind-active", "pnp-kind-event"}
    tab.select_option(".pnp-gallery-filter__deck", "")
    # a word finds the cards that show it as an icon too: every card with a steel icon in its text
    showing = tab.eval_on_selector_all(".pnp-card-entry", "es => es.filter(e => "
                                       "e.querySelector('img.pnp-icon[alt=\"Steel\"]')).map(e => e.id || e.className)")
    tab.fill(".pnp-gallery-filter__words", "steel")
    shown = tab.locator(".pnp-card-entry:not([hidden])").count()
    assert len(showing) > 2 and shown >= len(showing)
    assert tab.eval_on_selector_all(".pnp-card-entry:not([hidden])", "es => es.filter(e => "
                                    "e.querySelector('img.pnp-icon[alt=\"Steel\"]')).length") == len(showing)
    assert problems == []


def test_on_a_touch_screen_the_first_tap_shows_the_card_and_the_second_follows_the_link(built, browser):
    tab = browser.new_context(viewport={"width": 390, "height": 800}, has_touch=True, is_mobile=True).new_page()
    tab.set_default_timeout(20_000)
    tab.goto((built.site / "escape-earth" / "en" / "rules" / "events.html").as_uri())
    link = tab.locator('a.pnp-card-link[href="../cards/aufstaende.html"]').first
    link.scroll_into_view_if_needed()
    link.tap()
    tab.locator(".pnp-card-preview:not([hidden]) img").wait_for()
    assert tab.url.endswith("/escape-earth/en/rules/events.html")          # the page stayed
    tab.tap("h1")                                                           # a tap elsewhere hides the face
    assert tab.locator(".pnp-card-preview:not([hidden])").count() == 0
    link.tap()
    tab.locator(".pnp-card-preview:not([hidden]) img").wait_for()
    assert tab.url.endswith("/escape-earth/en/rules/events.html")
    link.tap()
    tab.wait_for_url("**/escape-earth/en/cards/aufstaende.html")
