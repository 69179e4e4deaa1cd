"""The keyboard alone: the zoom lightbox keeps the focus until it closes, glossary terms can be reached and read."""

from __future__ import annotations

import pytest

from tests.site.browser import browser_missing, chromium

pytestmark = [pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or ""), pytest.mark.slow]


@pytest.fixture(scope="module")
def browser():
    with chromium() as running:
        yield running


def new_tab(browser, width: int = 1280):
    tab = browser.new_context(viewport={"width": width, "height": 900}).new_page()
    tab.set_default_timeout(20_000)
    tab.problems = []
    tab.on("pageerror", lambda e: tab.problems.append(f"page error: {e}"))
    tab.on("console", lambda m: tab.problems.append(m.text) if m.type == "error" else None)
    return tab


def focused_class(tab) -> str:
    return tab.evaluate("document.activeElement ? document.activeElement.className : ''")


def test_tab_goes_round_the_lightboxs_buttons_and_escape_gives_the_focus_back(built_all, browser):
    tab = new_tab(browser)
    tab.goto((built_all.site / "habitable" / "en" / "boards.html").as_uri())
    picture = tab.locator("img.pnp-zoom").first
    picture.focus()
    tab.keyboard.press("Enter")
    tab.locator(".pnp-lightbox").wait_for(state="visible")
    assert "pnp-lightbox__close" in focused_class(tab)
    seen = []
    for _ in range(9):                                       # more presses than buttons: it must wrap round
        tab.keyboard.press("Tab")
        seen.append(focused_class(tab))
    assert all("pnp-lightbox__button" in name for name in seen), seen
    buttons = {"pnp-lightbox__in", "pnp-lightbox__out", "pnp-lightbox__fit", "pnp-lightbox__close"}
    assert {n for name in seen for n in name.split() if n in buttons} == buttons, seen
    for _ in range(5):
        tab.keyboard.press("Shift+Tab")
        assert "pnp-lightbox__button" in focused_class(tab)
    tab.evaluate("document.querySelector('a[href]').focus()")  # focus moved out another way comes back
    assert "pnp-lightbox__button" in focused_class(tab)
    tab.keyboard.press("Escape")
    assert tab.locator(".pnp-lightbox").count() == 0
    assert tab.evaluate("document.activeElement.matches('img.pnp-zoom')")
    assert tab.evaluate("document.activeElement.src") == picture.evaluate("i => i.src")
    assert tab.problems == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_tab_reaches_a_glossary_term_and_shows_its_definition(built_all, browser, lang):
    tab = new_tab(browser)
    tab.goto((built_all.site / "escape-earth" / lang / "rules" / "actions.html").as_uri())
    terms = tab.locator(".md-content abbr[title]")
    assert terms.count() > 10
    assert tab.evaluate("[...document.querySelectorAll('.md-content abbr[title]')].every(a => a.tabIndex === 0)")
    for _ in range(200):                                     # Tab from the top of the page to the first term
        tab.keyboard.press("Tab")
        if tab.evaluate("document.activeElement.matches('.md-content abbr[title]')"):
            break
    else:
        pytest.fail("Tab never reached a glossary term")
    term = tab.evaluate("document.activeElement.textContent")
    tooltip = tab.locator('.md-tooltip2--active[role="tooltip"]')
    tooltip.wait_for(state="visible")
    assert tooltip.inner_text().strip() != "" and term.strip() != ""
    assert tab.problems == []
