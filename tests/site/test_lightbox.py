"""Boards, card faces and pictures of the table open large and zoom, from a folder on disk (file://)."""

from __future__ import annotations

import pytest

from tests.site.browser import browser_missing, chromium
from tests.site.conftest import copy_content, pnp_build

pytestmark = [pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or ""), pytest.mark.slow]


@pytest.fixture(scope="module")
def astronuts_site(tmp_path_factory):
    root = tmp_path_factory.mktemp("lightbox")
    content = copy_content(root / "content")
    run = pnp_build(root, content, "astronuts", "--lang", "all", "--paper", "a4")
    assert run.code == 0, run.err
    return run.site / "astronuts"


@pytest.fixture(scope="module")
def browser():
    with chromium() as running:
        yield running


def open_tab(browser, width: int, height: int):
    tab = browser.new_context(viewport={"width": width, "height": height}).new_page()
    tab.set_default_timeout(20_000)
    tab.problems = []
    tab.on("pageerror", lambda e: tab.problems.append(f"page error: {e}"))
    tab.on("console", lambda m: tab.problems.append(m.text) if m.type == "error" else None)
    tab.on("request", lambda r: None if r.url.startswith(("file:", "data:", "about:", "blob:"))
           else tab.problems.append(f"left the folder: {r.url}"))
    return tab


def size(tab, selector: str) -> dict:
    box = tab.locator(selector).bounding_box()
    assert box is not None, selector
    return box


def test_clicking_the_star_map_opens_it_large_and_it_zooms_and_pans(astronuts_site, browser):
    tab = open_tab(browser, 1280, 900)
    tab.goto((astronuts_site / "en" / "boards.html").as_uri())
    inline = size(tab, 'img.pnp-zoom[src="boards/map.svg"]')
    tab.click('img.pnp-zoom[src="boards/map.svg"]')
    dialog = tab.locator('.pnp-lightbox[role="dialog"]')
    dialog.wait_for(state="visible")
    assert dialog.get_attribute("aria-label") == "Star map"
    assert tab.locator(".pnp-lightbox__picture").get_attribute("src").endswith("boards/map.svg")
    tab.wait_for_function("document.querySelector('.pnp-lightbox').dataset.zoom === '1.00'")
    fitted = size(tab, ".pnp-lightbox__picture")
    assert fitted["width"] > inline["width"] * 1.1          # larger than on the page, and all of it on screen
    assert fitted["x"] >= 0 and fitted["y"] >= 0 and fitted["y"] + fitted["height"] <= 900
    tab.mouse.move(640, 450)
    for _ in range(6):
        tab.mouse.wheel(0, -200)
    tab.wait_for_function("parseFloat(document.querySelector('.pnp-lightbox').dataset.zoom) > 2.5")
    zoomed = size(tab, ".pnp-lightbox__picture")
    assert zoomed["width"] > fitted["width"] * 2.5
    tab.mouse.down()
    tab.mouse.move(740, 500, steps=4)
    tab.mouse.up()
    panned = size(tab, ".pnp-lightbox__picture")
    assert panned["x"] == pytest.approx(zoomed["x"] + 100, abs=1.5)
    assert panned["y"] == pytest.approx(zoomed["y"] + 50, abs=1.5)
    tab.keyboard.press("Escape")
    assert tab.locator(".pnp-lightbox").count() == 0
    assert tab.evaluate("document.activeElement.getAttribute('src')") == "boards/map.svg"
    assert tab.problems == []


def test_on_a_phone_the_buttons_zoom_the_map_in_german(astronuts_site, browser):
    tab = open_tab(browser, 390, 800)
    tab.goto((astronuts_site / "de" / "boards.html").as_uri())
    tab.click('img.pnp-zoom[src="boards/map.svg"]')
    zoom_in = tab.locator('.pnp-lightbox__in[aria-label="Vergrößern"]')
    zoom_in.wait_for(state="visible")
    fitted = size(tab, ".pnp-lightbox__picture")
    for _ in range(4):
        zoom_in.click()
    assert size(tab, ".pnp-lightbox__picture")["width"] > fitted["width"] * 3
    tab.click('.pnp-lightbox__close[aria-label="Schließen"]')
    assert tab.locator(".pnp-lightbox").count() == 0
    assert tab.problems == []


def test_an_example_turns_picture_opens_large(astronuts_site, browser):
    tab = open_tab(browser, 1280, 900)
    tab.goto((astronuts_site / "en" / "examples" / "find-the-nuts.html").as_uri())
    pictures = tab.locator("img.pnp-picture.pnp-zoom")
    assert pictures.count() >= 10
    third = pictures.nth(3)
    third.scroll_into_view_if_needed()
    third.focus()
    tab.keyboard.press("Enter")                              # the keyboard opens it as a click does
    tab.locator(".pnp-lightbox").wait_for(state="visible")
    assert tab.locator(".pnp-lightbox__picture").get_attribute("src").endswith("/pictures/examples/find-the-nuts-3.svg")
    assert third.get_attribute("src") == "../pictures/examples/find-the-nuts-3.svg"
    assert tab.locator(".pnp-lightbox").get_attribute("aria-label") == third.get_attribute("alt")
    assert tab.problems == []
