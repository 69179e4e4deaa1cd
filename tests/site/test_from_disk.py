"""The site opened from a folder on disk (file://), as a double-click on output/site/index.html opens it.

Navigation must lead to pages, not folder listings, and search must work without a server; no
request may leave the folder. Each game is a site of its own: its search lists only its pages.
The language choice sends a reader to their language, and anyone else to English; the German
search finds a word however ß and umlauts are typed.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.site.browser import browser_missing, chromium
from tests.site.conftest import REPO

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")

GAMES = sorted(p.name for p in (REPO / "content").iterdir() if (p / "game.yaml").is_file())


@pytest.fixture(scope="module")
def browser():
    with chromium() as running:
        yield running


def open_tab(browser, locale: str = "en-US"):
    """A tab that records every problem and every request that is not a local file."""
    context = browser.new_context(locale=locale)
    tab = context.new_page()
    tab.set_default_timeout(20_000)
    tab.problems = []
    tab.on("console", lambda m: tab.problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    tab.on("pageerror", lambda e: tab.problems.append(f"page error: {e}"))
    tab.on("requestfailed", lambda r: tab.problems.append(f"request failed: {r.url}"))
    tab.on("request", lambda r: None if r.url.startswith(("file:", "data:", "about:", "blob:"))
           else tab.problems.append(f"left the folder: {r.url}"))
    return tab


def search(tab, query: str) -> list[str]:
    """Type `query` into the site's search; the addresses of the results (without ?h= and #)."""
    tab.click("input.md-search__input")
    tab.keyboard.insert_text(query)
    tab.keyboard.press("End")  # the theme searches on keyup (and when its index is ready)
    tab.locator(".md-search-result__item a").first.wait_for(state="attached")
    tab.wait_for_timeout(300)  # the list of one query, settled
    shown = -1
    while shown != (shown := tab.locator(".md-search-result__item").count()):
        # the theme shows ten results and the next ten each time the list is scrolled to its end
        tab.eval_on_selector(".md-search__scrollwrap", "wrap => wrap.scrollTo(0, wrap.scrollHeight)")
        tab.wait_for_timeout(300)
    hrefs = tab.eval_on_selector_all(".md-search-result__item > a", "as => as.map(a => a.href)")
    return sorted({re.sub(r"[?#].*", "", href) for href in hrefs})


def visit_game(tab, site: Path, game: str) -> None:
    """From the list of games, into the game's site, to its first rules page, then search it."""
    tab.goto(site.joinpath("index.html").as_uri())
    tab.click(f'a.pnp-game[href="{game}/index.html"]')
    tab.wait_for_url(site.joinpath(game, "en", "index.html").as_uri())
    assert tab.locator("article h1").count() == 1
    rules = tab.locator('nav.md-nav--primary a.md-nav__link[href*="rules/"]').first
    rules.click()
    tab.wait_for_url(re.compile(r"/rules/[\w-]+\.html$"))
    assert "Index of" not in tab.content(), "a link led to a folder listing"
    heading = tab.locator("article h1").first.inner_text().strip().rstrip("¶").strip()
    page = tab.url
    word = max(re.findall(r"\w+", heading), key=len)
    hits = search(tab, word)
    assert page in hits, (game, word, hits)
    assert all(hit.startswith(site.joinpath(game, "en").as_uri()) for hit in hits), hits


@pytest.mark.slow
def test_escape_earth_opens_from_disk_with_navigation_and_search(built, browser):
    tab = open_tab(browser)
    visit_game(tab, built.site, "escape-earth")
    tab.goto(built.site.joinpath("escape-earth", "de", "cards.html").as_uri())
    hits = search(tab, "Sternenbasis")
    assert built.site.joinpath("escape-earth", "de", "cards.html").as_uri() in hits
    assert not tab.problems, tab.problems


@pytest.mark.slow
def test_every_game_opens_from_disk_with_navigation_and_search(built_all, browser):
    listed = re.findall(r'<a class="pnp-game" href="([\w-]+)/index.html">', (built_all.site / "index.html").read_text())
    assert listed == GAMES
    tab = open_tab(browser)
    for game in GAMES:
        visit_game(tab, built_all.site, game)
    assert not tab.problems, tab.problems


@pytest.mark.slow
def test_time_warp_in_the_astronuts_site_lists_only_astronuts_pages(built_all, browser):
    tab = open_tab(browser)
    site = built_all.site / "astronuts" / "en"
    tab.goto(site.joinpath("index.html").as_uri())
    hits = search(tab, "Time Warp")
    assert site.joinpath("rules", "fate-table.html").as_uri() in hits
    assert all(hit.startswith(site.as_uri() + "/") for hit in hits), hits
    # Escape Earth has a Time Warp too: its own site finds it there, and only there
    tab.goto(built_all.site.joinpath("escape-earth", "en", "index.html").as_uri())
    assert all("/escape-earth/en/" in hit for hit in search(tab, "Time Warp"))
    assert not tab.problems, tab.problems


@pytest.mark.slow
@pytest.mark.parametrize("locale, lang", [("fr-FR", "en"), ("de-DE", "de"), ("en-GB", "en"), ("ja", "en")])
def test_the_language_choice_sends_other_languages_to_english(built, browser, locale, lang):
    tab = open_tab(browser, locale)
    tab.goto(built.site.joinpath("escape-earth", "index.html").as_uri())
    tab.wait_for_url(built.site.joinpath("escape-earth", lang, "index.html").as_uri())
    assert tab.locator("html").get_attribute("lang") == lang
    tab.context.close()


@pytest.mark.slow
@pytest.mark.parametrize("query", ["Außenposten", "Aussenposten", "aussenposten", "AUSSENPOSTEN"])
def test_german_search_finds_outposts_however_sz_is_typed(built, browser, query):
    tab = open_tab(browser, "de-DE")
    site = built.site / "escape-earth" / "de"
    tab.goto(site.joinpath("index.html").as_uri())
    hits = search(tab, query)
    # every page whose indexed text writes "Außenposten" is found, whichever way it was typed
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    expected = {site.joinpath(doc["location"].split("#")[0]).as_uri() for doc in index["docs"]
                if "Außenposten" in doc["title"] + doc["text"]}
    assert len(expected) >= 3 and expected <= set(hits), sorted(expected - set(hits))
    assert not tab.problems, tab.problems
    tab.context.close()


@pytest.mark.slow
@pytest.mark.parametrize("query", ["Gebäude", "Gebaude", "Gebaeude"])
def test_german_search_finds_umlauts_typed_without_them(built, browser, query):
    tab = open_tab(browser, "de-DE")
    site = built.site / "escape-earth" / "de"
    tab.goto(site.joinpath("index.html").as_uri())
    assert site.joinpath("rules", "actions.html").as_uri() in search(tab, query)
    tab.context.close()


@pytest.mark.slow
def test_german_search_finds_a_page_written_with_ss_when_sz_is_typed(tmp_path, browser):
    """The other way round: a page that writes ss is found by a query with ß (and as written)."""
    from tests.site.conftest import copy_content, pnp_build

    content = copy_content(tmp_path / "content")
    page = content / "escape-earth" / "rules" / "de" / "rulings.md"
    page.write_text(page.read_text(encoding="utf-8") + "\nIn alten Ausgaben heisst der Raumkreuzer Strassenkreuzer.\n",
                    encoding="utf-8")
    build = pnp_build(tmp_path, content, "escape-earth", "--lang", "de")
    assert build.code == 0, build.err
    site = build.site / "escape-earth" / "de"
    for query in ("Straßenkreuzer", "Strassenkreuzer"):
        tab = open_tab(browser, "de-DE")
        tab.goto(site.joinpath("index.html").as_uri())
        assert search(tab, query) == [site.joinpath("rules", "rulings.html").as_uri()], query
        assert not tab.problems, tab.problems
        tab.context.close()
