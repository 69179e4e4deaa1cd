"""Pictures of the table read at page width and say what they show: in Chromium, the smallest label of each game's
first example pictures is at least 9 CSS px in a 1280 px window and on a 390 px phone, and every picture has its
legend under it, listing the pieces the picture draws in the page's language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.content.errors import ErrorList
from generator.content.loader import load_game
from tests.site.browser import browser_missing, chromium

pytestmark = [pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or ""), pytest.mark.slow]

GAMES = ["astronuts", "escape-earth", "habitable", "terraforming-mars"]
PICTURES = 3          # the first pictures of the first example: the set-up and the first two steps
SMALLEST_PX = 9.0
PLAYER = {"en": "Player 1", "de": "Person 1"}
FONT_SIZE = re.compile(r'<text\b[^>]*\bfont-size="([0-9.]+)"')
VIEW_BOX = re.compile(r'viewBox="0 0 ([0-9.]+) ([0-9.]+)"')
FILL = re.compile(r'(?:fill|stroke)="(#[0-9a-fA-F]{6})"')


@pytest.fixture(scope="module")
def browser():
    with chromium() as running:
        yield running


def first_example(built, game: str, lang: str) -> Path:
    content = load_game(built.content / game, ErrorList())
    assert content is not None and content.examples, game
    return built.site / game / lang / "examples" / f"{content.examples[0].id}.html"


def svg_facts(path: Path) -> tuple[float, float, set[str]]:
    """A picture's smallest font size and width (both in its user units, mm) and the colours it draws with."""
    svg = path.read_text(encoding="utf-8")
    sizes = [float(size) for size in FONT_SIZE.findall(svg)]
    width = VIEW_BOX.search(svg)
    assert sizes and width, path
    return min(sizes), float(width.group(1)), {colour.lower() for colour in FILL.findall(svg)}


def shown_pictures(browser, page: Path, width: int) -> list[dict]:
    """The first pictures of `page` as a window `width` px wide shows them: source, shown width, legend."""
    tab = browser.new_context(viewport={"width": width, "height": 900}).new_page()
    try:
        tab.goto(page.as_uri())
        tab.wait_for_load_state("load")
        return tab.evaluate("""limit => [...document.querySelectorAll("img.pnp-picture")].slice(0, limit).map(img => {
            const holder = img.closest("p");
            const legend = holder && holder.nextElementSibling;
            const isLegend = legend && legend.matches("ul.pnp-legend");
            return {
                src: img.getAttribute("src"),
                width: img.getBoundingClientRect().width,
                pageScrolls: document.documentElement.scrollWidth > window.innerWidth,
                legend: isLegend ? [...legend.querySelectorAll("li")].map(li => ({
                    words: li.innerText.trim(),
                    symbol: li.querySelector("img").getAttribute("src"),
                    loaded: li.querySelector("img").naturalWidth > 0,
                    kind: li.className.replace(/.*pnp-legend--/, ""),
                })) : null,
            };
        })""", PICTURES)
    finally:
        tab.context.close()


@pytest.mark.parametrize("game", GAMES)
def test_the_first_example_pictures_labels_read_at_page_width_and_on_a_phone(built_all, browser, game):
    page = first_example(built_all, game, "en")
    for width in (1280, 390):
        pictures = shown_pictures(browser, page, width)
        assert len(pictures) == PICTURES, (game, width)
        for picture in pictures:
            smallest, view_width, _colours = svg_facts((page.parent / picture["src"]).resolve())
            shown = smallest * picture["width"] / view_width
            assert shown >= SMALLEST_PX, f"{game} at {width} px: {picture['src']} has a {shown:.1f} px label"
            assert not picture["pageScrolls"], f"{game} at {width} px: the page scrolls sideways"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_first_example_picture_has_a_legend_of_what_it_draws(built_all, browser, game, lang):
    page = first_example(built_all, game, lang)
    for picture in shown_pictures(browser, page, 1280):
        assert picture["legend"], f"{game} {lang}: {picture['src']} has no legend under it"
        _smallest, _width, drawn = svg_facts((page.parent / picture["src"]).resolve())
        words = [entry["words"] for entry in picture["legend"]]
        assert PLAYER[lang] in words, (game, lang, words)
        assert len(set(words)) == len(words), words
        for entry in picture["legend"]:
            assert entry["loaded"] and entry["words"], entry
            assert not re.search(r"\b[a-z]+[-_][a-z]+\b", entry["words"]), f"an id in the legend: {entry['words']}"
            if entry["kind"] != "icon":           # an icon is what a board's panel explains, drawn as the board is
                symbol = symbol_colours((page.parent / entry["symbol"]).resolve())
                assert symbol & drawn, f"{game} {lang}: '{entry['words']}' is drawn in colours the picture has not"


def symbol_colours(path: Path) -> set[str]:
    """A legend symbol's colours (the outline's black and a mark's dark ground left out: every symbol has them)."""
    return {colour.lower() for colour in FILL.findall(path.read_text(encoding="utf-8"))} - {"#111111", "#0b1026"}
