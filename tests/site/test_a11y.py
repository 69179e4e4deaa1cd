"""axe-core finds no serious or critical accessibility problem on any kind of page of any game's site (Chromium)."""

from __future__ import annotations

import pytest

from tests.site.axe import axe_violations, described
from tests.site.browser import browser_missing, chromium

pytestmark = [pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or ""), pytest.mark.slow]

GAMES = ["astronuts", "escape-earth", "habitable", "terraforming-mars"]


@pytest.fixture(scope="module")
def browser():
    with chromium() as running:
        yield running


def page_of_each_kind(site, game: str, lang: str) -> dict[str, object]:
    """The landing page, a rules page, an example page, the gallery and a card page of one game's site
    (and its components and boards pages where it has them)."""
    root = site / game / lang
    pages = {
        "landing": root / "index.html",
        "rules": sorted((root / "rules").glob("*.html"))[0],
        "example": sorted((root / "examples").glob("*.html"))[0],
    }
    for other in ("components", "boards"):
        if (root / f"{other}.html").is_file():
            pages[other] = root / f"{other}.html"
    if (root / "cards").is_dir():
        pages["gallery"] = root / "cards.html"
        pages["card"] = sorted((root / "cards").glob("*.html"))[0]
    return pages


def grave_problems(browser, path, width: int = 1280) -> str:
    tab = browser.new_context(viewport={"width": width, "height": 900}).new_page()
    tab.set_default_timeout(30_000)
    try:
        tab.goto(path.as_uri())
        return described(axe_violations(tab))
    finally:
        tab.context.close()


@pytest.mark.parametrize("game", GAMES)
def test_axe_finds_nothing_grave_on_any_kind_of_page(built_all, browser, game):
    found = {}
    for lang in ("en", "de"):
        for kind, path in page_of_each_kind(built_all.site, game, lang).items():
            assert path.is_file(), path
            problems = grave_problems(browser, path)
            if problems:
                found[f"{lang} {kind} {path.relative_to(built_all.site)}"] = problems
    assert found == {}, "\n".join(f"{where}:\n{what}" for where, what in found.items())


def test_axe_finds_nothing_grave_on_the_sites_front_page_and_on_a_phone(built_all, browser):
    assert grave_problems(browser, built_all.site / "index.html") == ""
    assert grave_problems(browser, built_all.site / "escape-earth" / "en" / "cards.html", width=390) == ""
