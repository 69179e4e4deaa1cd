"""The bundled games' glossaries on their rules pages: word forms found, senses kept apart, languages alike."""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from generator.content.errors import ErrorList
from generator.content.loader import load_game
from generator.site.project import language_site
from tests.content.conftest import edit, pnp
from tests.once import once_per_run

CONTENT = Path(__file__).resolve().parents[2] / "content"
ABBR = re.compile(r'<abbr title="([^"]*)">([^<]*)</abbr>')
GAMES = ("escape-earth", "astronuts", "habitable", "terraforming-mars")
# The terms each source rulebook (/work/shared/seeds) explains or uses as game vocabulary: its
# component names, its footnoted terms (Habitable's *Bezahlen, **bewohnbar, ***unentdeckt) and
# its legend (Terraforming Mars: M€, TW, SP); each must be a glossary term of the game.
RULEBOOK_TERMS = {
    "escape-earth": {"parsec", "active", "active_event", "blocked", "galaxy_card", "ocean_planet", "activity_card",
                     "activity_cube", "time_card", "event_card", "chaos", "travel_value", "travel_cost",
                     "build_points", "building_card", "capacity", "supply"},
    "astronuts": {"nut", "astrobank", "colony", "astrohole", "fate", "fate_table", "astroship", "home_planet",
                  "action_track", "technology", "small_planet", "large_planet", "asteroids", "attacker", "defender"},
    "habitable": {"habitable", "habitable_zone", "undiscovered", "trash", "archive", "black_hole", "pay", "play_cost",
                  "market", "epoch", "goal_card", "life_points", "life_token", "distance_dice"},
    "terraforming-mars": {"tr", "generation", "global_parameter", "tag", "megacredits", "victory_points",
                          "standard_project", "milestone", "award"},
}


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    """docs pages per (game, language), built without mkdocs (the marking happens before mkdocs runs); once per
    test run (tests.once, also across pytest-xdist's workers)."""

    def make(folder: Path) -> dict:
        built = {}
        for game in GAMES:
            errors = ErrorList()
            content = load_game(CONTENT / game, errors)
            assert content is not None and not errors
            for lang in ("de", "en"):
                (outputs := folder / f"{game}-{lang}").mkdir()
                site = language_site(content, lang, ("de", "en"), outputs, {}, (), errors)
                built[f"{game}/{lang}"] = dict(site.tree.pages)
        return built

    _folder, facts = once_per_run(tmp_path_factory, "glossary-pages", make)
    return {tuple(key.split("/")): pages for key, pages in facts.items()}


def marked_terms(content, lang: str, pages: dict[str, str]) -> Counter[str]:
    """How many tooltips each glossary term (by id) has over all pages, found by the words marked."""
    by_form = {" ".join(form.split()).lower(): term.id for term in content.game.glossary
               for form in (term.term.get(lang), *term.forms.get(lang, []))}
    return Counter(by_form.get(" ".join(words.split()).lower(), f"?{words}")
                   for md in pages.values() for _, words in ABBR.findall(md))


@pytest.fixture(scope="module")
def contents():
    loaded = {}
    for game in GAMES:
        errors = ErrorList()
        loaded[game] = load_game(CONTENT / game, errors)
        assert not errors
    return loaded


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_term_of_the_rulebook_is_in_the_glossary_and_marked_in_both_languages(pages, contents, game):
    ids = {term.id for term in contents[game].game.glossary}
    assert RULEBOOK_TERMS[game] <= ids, sorted(RULEBOOK_TERMS[game] - ids)
    for lang in ("de", "en"):
        counts = marked_terms(contents[game], lang, pages[game, lang])
        unmarked = sorted(term for term in ids if counts[term] == 0)
        assert not unmarked, (game, lang, unmarked)
        assert not [words for words in counts if words.startswith("?")], (game, lang)


def tooltips(pages: dict[str, str]) -> Counter[str]:
    """How many tooltips each definition (by its first words) has over all pages."""
    return Counter(title[:20] for md in pages.values() for title, _ in ABBR.findall(md))


def test_german_and_english_get_about_as_many_tooltips(pages):
    # measured: Escape Earth 376 (de) / 368 (en), Astronuts 250 / 255, Habitable 271 / 286, Terraforming Mars
    # 314 / 345; before word forms, Escape Earth had 126 / 79
    for game in GAMES:
        de, en = sum(tooltips(pages[game, "de"]).values()), sum(tooltips(pages[game, "en"]).values())
        assert de >= 150 and en >= 150, (game, de, en)
        assert 0.9 <= de / en <= 1.1, (game, de, en)


def test_plural_forms_get_the_term_tooltip(pages):
    english = " ".join(pages["astronuts", "en"].values())
    colony = [words for title, words in ABBR.findall(english) if title.startswith("A pawn on a planet")]
    assert "colonies" in colony and "colony" in colony
    parsecs = [words for md in pages["escape-earth", "en"].values() for title, words in ABBR.findall(md)
               if title.startswith("Travel cost")]
    assert "parsecs" in parsecs and len(parsecs) >= 10
    german = " ".join(pages["astronuts", "de"].values())
    assert "Kolonien" in [words for title, words in ABBR.findall(german) if title.startswith("Ein Männchen")]


def test_an_event_that_becomes_active_gets_no_activity_card_tooltip(pages):
    events = pages["escape-earth", "en"]["rules/events.md"]
    assert "This event becomes **active**" in events
    assert not re.search(r"becomes\s+(\*\*)?<abbr", events) and not re.search(r"stays\s+<abbr", events)
    assert re.search(r'<abbr title="A revealed event card not yet fought[^"]*">active\s+events</abbr>', events)
    german = pages["escape-earth", "de"]["rules/events.md"]
    assert "Dieses Ereignis wird **aktiv**" in german and not re.search(r"bleibt\s+<abbr", german)
    actions = pages["escape-earth", "en"]["rules/actions.md"]
    assert re.search(r'<abbr title="An activity card is active[^"]*">active</abbr>', actions)


def test_headings_are_never_marked(pages):
    for (game, lang), docs in pages.items():
        for path, md in docs.items():
            headings = [line for line in md.splitlines() if line.startswith("#")]
            assert not [h for h in headings if "<abbr" in h], (game, lang, path)


def test_a_phrase_listed_twice_is_a_content_error(tmp_path):
    root = tmp_path / "content"
    game = root / "escape-earth"
    shutil.copytree(CONTENT / "escape-earth", game)
    edit(game / "game.yaml", "forms: {de: [Galaxiekarten], en: [galaxy cards]}",
         "forms: {de: [Galaxiekarten], en: [galaxy cards, Parsecs]}")
    result = pnp("check", "--content", str(root), "escape-earth")
    assert result.code == 1, result.err
    assert re.search(r"game\.yaml:\d+:\d+: error \[glossary\[\d+\]\.forms\.en\[1\]\]: glossary phrase 'Parsecs' "
                     r"\(en\) is listed twice", result.err), result.err
    assert "glossary term 'parsec'" in result.err


def test_compounds_of_a_term_stay_plain_in_the_bundled_rules(pages):
    german = " ".join(pages["terraforming-mars", "de"].values())
    assert "M€-Produktion" in german and "M€</abbr>-" not in german  # M€ is a term, M€-Produktion a word of its own
    market = " ".join(pages["habitable", "de"].values())
    assert "Marktplatzfelder" in market and not re.search(r"<abbr[^>]*>Marktplatz</abbr>felder", market)


def test_habitable_marks_the_market_as_often_in_german_as_in_english(pages, contents):
    """English marks "market" in "market slot" and "market cards"; German writes those as compounds
    (Marktfeld, Marktkarten), declared as forms of the term, so both languages mark them alike."""
    content = contents["habitable"]
    german = marked_terms(content, "de", pages["habitable", "de"])
    english = marked_terms(content, "en", pages["habitable", "en"])
    assert german["market"] >= 0.8 * english["market"], (german["market"], english["market"])
    from generator.site.game_site import GameSite
    from generator.site.tree import DocsTree

    site = GameSite(content, "de", CONTENT, DocsTree("de"))  # the example turns' sentences say Marktfeld
    assert re.search(r"<abbr title=\"[^\"]*\">Marktfeld</abbr> 3", site.glossary.mark("Sie liegt auf Marktfeld 3."))
