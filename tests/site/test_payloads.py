"""Stored script injection: a content tree full of script payloads builds a site where none runs.

Every payload calls alert(N); Chromium loads every page, every SVG the site holds (as a
document, where a script in an SVG would run), clicks every link of the page content, hovers
every element, searches for the payloads, and asserts that no dialog ever opened. The DOM is
also checked directly: no event-handler attribute and no link to a script scheme.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.site.browser import browser_missing, chromium, serve_folder
from tests.site.conftest import pnp_build
from tests.site.payloads import payload_tree

pytestmark = [pytest.mark.slow, pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")]


# every element of the page content: the DOM must carry no handler and no script URL
DOM_PROBLEMS = """() => {
  const found = [];
  for (const el of document.querySelectorAll('*')) {
    for (const attr of el.attributes) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on')) found.push(`${el.tagName} ${name}`);
      if (['href', 'src', 'action', 'formaction', 'data', 'xlink:href'].includes(name)) {
        const value = attr.value.trim().toLowerCase().replace(/[\\s\\u0000-\\u001f]/g, '');
        if (/^(javascript|vbscript|data):/.test(value) && !value.startsWith('data:image/')) {
          found.push(`${el.tagName} ${name}=${attr.value}`);
        }
      }
    }
    if (['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'BASE', 'FORM'].includes(el.tagName) && el.closest('article')) {
      found.push(`${el.tagName} in the content`);
    }
  }
  return found;
}"""


CLICK_SCRIPT_LINKS = """() => {
  for (const a of document.querySelectorAll('article a[href], article [onclick]')) {
    const href = (a.getAttribute('href') || '').trim().toLowerCase();
    if (!href || /^(https?:|mailto:|#|\\.|\\/)/.test(href) || !href.includes(':')) continue;
    a.click();
  }
}"""


@pytest.fixture(scope="module")
def payload_site(tmp_path_factory):
    root = tmp_path_factory.mktemp("payloads")
    content = payload_tree(root / "content")
    build = pnp_build(root, content, "escape-earth")
    assert build.code == 0, build.err
    return build


def _pages(site: Path) -> list[str]:
    """Every page of the build: the list of games, each game's language choice and its sites' pages."""
    return sorted(path.relative_to(site).as_posix() for path in site.rglob("*.html"))


def test_no_payload_runs_in_chromium(payload_site):
    site = payload_site.site
    pages = [p for p in _pages(site) if not p.endswith("404.html")]
    assert "index.html" in pages and "escape-earth/index.html" in pages
    svgs = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.svg"))
    assert len(pages) > 20 and svgs
    dialogs: list[str] = []
    dom: dict[str, list[str]] = {}
    with serve_folder(site) as base, chromium() as browser:
        context = browser.new_context(locale="en-US")
        tab = context.new_page()
        tab.set_default_timeout(10_000)
        tab.on("dialog", lambda d: (dialogs.append(f"{tab.url}: {d.message}"), d.dismiss()))
        for url in pages:
            tab.goto(base + url, wait_until="load")
            tab.wait_for_timeout(50)
            problems = tab.evaluate(DOM_PROBLEMS)
            if problems:
                dom[url] = problems
            # hover and click everything the content offers (links stay on this page: no navigation wait)
            for element in tab.query_selector_all("article *")[:400]:
                try:
                    element.dispatch_event("mouseover")
                    element.dispatch_event("focus")
                except Exception:  # noqa: BLE001 - an element that went away is fine
                    pass
            try:  # a link to a script scheme runs when clicked; other links are skipped
                tab.evaluate(CLICK_SCRIPT_LINKS)
                tab.wait_for_timeout(50)
            except Exception:  # noqa: BLE001 - a click that navigated away destroys the context
                pass
        for url in svgs:
            tab.goto(base + url, wait_until="load")
            tab.wait_for_timeout(20)
        # the search shows titles and text of every page: type payload words into it
        for query in ("Payloads", "onerror", "alert", "svg", "script"):
            tab.goto(base + "escape-earth/en/index.html", wait_until="load")
            tab.click("input.md-search__input")
            tab.keyboard.type(query)
            if query == "Payloads":  # the payload page is in the index, so its text is in the results
                tab.locator(".md-search-result__item").first.wait_for(state="attached")
            tab.wait_for_timeout(300)
            for element in tab.query_selector_all(".md-search-result *")[:200]:
                try:
                    element.dispatch_event("mouseover")
                except Exception:  # noqa: BLE001
                    pass
            problems = tab.evaluate(DOM_PROBLEMS)
            if problems:
                dom[f"search {query}"] = problems
        context.close()
    assert not dialogs, f"{len(dialogs)} payload(s) ran: {dialogs[:20]}"
    assert not dom, dom


def test_payload_text_is_shown_as_text(payload_site):
    """Escaping keeps what the designer wrote readable: the title shows its `<svg ...>` literally."""
    html = (payload_site.site / "escape-earth" / "en" / "index.html").read_text(encoding="utf-8")
    assert "E&lt;svg onload=alert(100)&gt;" in html
    assert "<svg onload" not in html
    # the game's title is its site's name: in the header and the window title, as written
    header = html.split('class="md-header__topic"', 1)[1].split("</div>", 1)[0]
    assert "E&lt;svg onload=alert(100)&gt;" in header
    assert "<title>" in html and "E&lt;svg onload=alert(100)&gt;</title>" in html
    for landing in ("index.html", "escape-earth/index.html"):  # the list of games, the language choice
        text = (payload_site.site / landing).read_text(encoding="utf-8")
        assert "E&lt;svg onload=alert(100)&gt;" in text and "<svg onload" not in text, landing
