"""The built site in Debian's Chromium: pages load cleanly, search, gallery, language switch, downloads."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.checking import load_checked
from generator.content.errors import ErrorList
from tests.site.browser import browser_missing, chromium, serve_folder

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")


@pytest.fixture(scope="module")
def site(built):
    """(base URL, browser) for the session's built site, served on 127.0.0.1."""
    with serve_folder(built.site) as base, chromium() as browser:
        yield base, browser


@pytest.fixture
def page(site):
    base, browser = site
    context = browser.new_context(locale="en-US")
    tab = context.new_page()
    tab.set_default_timeout(20_000)
    problems: list[str] = []
    tab.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    tab.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    tab.on("requestfailed", lambda r: problems.append(f"request failed: {r.url}"))
    tab.on("response", lambda r: problems.append(f"HTTP {r.status}: {r.url}") if r.status >= 400 else None)
    tab.problems = problems
    yield tab
    context.close()


def escape_earth(content: Path):
    errors = ErrorList()
    [game] = load_checked(content, ["escape-earth"], errors)
    return game


def all_pages(root: Path) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*.html"))


@pytest.mark.slow
def test_every_page_loads_without_console_errors(built, site, page):
    base, _ = site
    urls = all_pages(built.site)
    assert len(urls) >= 2 * 13 + 2  # each language: 5 game pages, 8 rules pages...; the games, the language choice
    failures = {}
    for url in urls:
        page.problems.clear()
        page.goto(base + url, wait_until="load")
        page.wait_for_load_state("networkidle")
        if (
            url == "escape-earth/index.html"
        ):  # the language choice replaces itself at once; its aborted load is expected
            page.problems[:] = [p for p in page.problems if p != f"request failed: {base}{url}"]
            assert page.url == f"{base}escape-earth/en/index.html", page.url  # the browser's language (en-US)
        if page.problems:
            failures[url] = list(page.problems)
    assert not failures


@pytest.mark.parametrize("lang, query, card_id", [("de", "Sternenbasis", "sternenbasis"),
                                                  ("en", "Starbase", "sternenbasis"),
                                                  ("en", "Famine", "hungersnot")])
@pytest.mark.slow
def test_search_finds_a_card_by_name(site, page, lang, query, card_id):
    base, _ = site
    page.goto(f"{base}escape-earth/{lang}/index.html")
    page.click("input.md-search__input")
    page.keyboard.type(query)
    hit = page.locator(f'.md-search-result__item a[href*="#card-{card_id}"]').first
    hit.wait_for(state="attached")
    assert f"/escape-earth/{lang}/cards.html" in hit.get_attribute("href")
    assert query in hit.inner_text()


def test_gallery_images_are_rendered(built, site, page):
    base, _ = site
    page.goto(f"{base}escape-earth/de/cards.html", wait_until="load")
    # the faces load when scrolled to; loaded at once here, to see that each one draws
    assert page.eval_on_selector_all("img.pnp-face", "imgs => imgs.every(i => i.loading === 'lazy')")
    page.eval_on_selector_all("img.pnp-face", "imgs => imgs.forEach(i => { i.loading = 'eager'; })")
    page.wait_for_function("[...document.querySelectorAll('img.pnp-face')].every(i => i.complete)")
    widths = page.eval_on_selector_all(
        "img.pnp-face", "imgs => imgs.map(i => [i.getAttribute('src'), i.complete, i.naturalWidth])"
    )
    # every design's front, the own back of each double-sided card, one shared back per other kind
    game = escape_earth(built.content)
    double = {k.id for k in game.game.kinds if k.double_sided}
    kinds = {c.kind for c in game.cards}
    expected = len(game.cards) + sum(c.kind in double for c in game.cards) + len(kinds - double)
    assert len(widths) == expected
    assert all(complete and width > 0 for _, complete, width in widths), [w for w in widths if not w[2]]
    icons = page.eval_on_selector_all("img.pnp-icon", "imgs => imgs.map(i => i.naturalWidth)")
    assert icons and all(w > 0 for w in icons)


@pytest.mark.parametrize("start, lang, expected, heading", [
    ("escape-earth/de/rules/setup.html", "en", "escape-earth/en/rules/setup.html", "2 Setup"),  # its section number
    ("escape-earth/en/cards.html", "de", "escape-earth/de/cards.html", "Karten"),
    ("escape-earth/en/index.html", "de", "escape-earth/de/index.html", "Escape Earth"),
])
@pytest.mark.slow
def test_language_switch_goes_to_the_same_page(site, page, start, lang, expected, heading):
    base, _ = site
    page.goto(base + start)
    page.hover(".md-header__option .md-select")
    page.click(f"a.md-select__link[hreflang={lang}]")
    page.wait_for_url(base + expected)
    assert page.locator("article h1").first.inner_text().strip().startswith(heading)  # "2 Setup": it carries its number


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["de", "en"])
def test_download_links_resolve(built, site, page, lang):
    base, _ = site
    page.goto(f"{base}escape-earth/{lang}/downloads.html")
    links = page.eval_on_selector_all("article table a", "as => as.map(a => a.href)")
    names = {link.rsplit("/", 1)[-1] for link in links}
    expected = {p.name for p in (built.output / "escape-earth").glob(f"*-{lang}-*.pdf")} | {"game.json",
                                                                                          f"tts-{lang}.zip"}
    assert (built.output / "escape-earth" / "pod" / lang).is_dir()
    expected.add(f"print-shop-decks-{lang}.zip")  # the print shop's deck PDFs, one zip per language
    assert names == expected
    for link in links:
        response = page.request.get(link)
        assert response.status == 200, link
        body = response.body()
        start = {".pdf": b"%PDF", ".zip": b"PK"}.get(link[link.rfind("."):], b"{")
        assert body.startswith(start), link
