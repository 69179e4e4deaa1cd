"""The pieces around the games' sites, without a build: spellings for the search, the landing pages,
how the mkdocs builds are shared out, which theme files a site keeps, which docs folders pnp wrote."""

from __future__ import annotations

import dataclasses
import importlib.util
import re
from pathlib import Path

import pytest

from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.site.landing import games_page, language_choice
from generator.site.mkdocs_batch import MkdocsJob, share_out
from generator.site.theme_assets import prune_theme_assets
from tests.site.conftest import REPO


def search_words():
    spec = importlib.util.spec_from_file_location("search_words", REPO / "site" / "hooks" / "search_words.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("word, lang, expected", [
    ("Außenposten", "de", {"aussenposten"}),
    ("Aussenposten", "de", {"außenposten"}),            # vice versa: a page writing ss is found by ß
    ("Aussenposten", "en", set()),                      # ss -> ß only in German
    ("Überblick", "de", {"uberblick", "ueberblick"}),
    ("Gebäude", "en", {"gebaude", "gebaeude"}),
    ("Café", "en", {"cafe"}),
    ("Starbase", "en", set()),
])
def test_spellings_the_search_also_finds_a_word_by(word, lang, expected):
    assert search_words().spellings(word, lang) == expected


def test_the_search_index_gets_a_hidden_field_of_spellings():
    hook = search_words()
    index = {"config": {"fields": {"title": {"boost": 1000.0}}},
             "docs": [{"location": "a.html", "title": "Außenposten", "text": "<p>Ein <b>Gebäude</b>.</p>"},
                      {"location": "b.html", "title": "Plain", "text": "nothing to add"}]}
    out = hook.add_spellings(index, "de")
    assert out["docs"][0]["spellings"] == "aussenposten gebaeude gebaude"
    assert "spellings" not in out["docs"][1]
    assert out["config"]["fields"] == {"title": {"boost": 1000.0}, "spellings": {"boost": 1.0}}


@pytest.fixture(scope="module")
def escape_earth():
    errors = ErrorList()
    [game] = load_checked(REPO / "content", ["escape-earth"], errors)
    return game


def test_the_list_of_games_escapes_titles_and_links_each_language(escape_earth):
    title = {"de": "A <b>&", "en": "A <b>&"}
    game = dataclasses.replace(escape_earth, game=escape_earth.game.model_copy(
        update={"title": escape_earth.game.title.model_copy(update=title)}))
    html = games_page([game], ("de", "en"))
    assert "A &lt;b&gt;&amp;" in html and "<b>" not in html
    assert '<a class="pnp-game" href="escape-earth/index.html">' in html
    assert 'href="escape-earth/de/index.html" hreflang="de"' in html and 'href="escape-earth/en/index.html"' in html
    assert re.search(r"<body>\s*<main>\s*<h1>.*</ul>\s*</main>\s*</body>", html, re.S), "the list is the page's main"
    assert "<main>" in language_choice(escape_earth, ("de", "en"))


def test_the_list_of_games_and_the_language_choice_show_the_rules_version_as_the_footer_does(escape_earth):
    from generator.content.schema_version import version_line

    version = escape_earth.game.version
    assert version is not None
    words = f"{version_line(version, 'de')} / {version_line(version, 'en')}"   # the dates read in each language
    assert words.startswith("Version ") and f'<span class="pnp-rules-version">{words}</span>' in \
        games_page([escape_earth], ("de", "en"))
    assert f'<p><span class="pnp-rules-version">{words}</span></p>' in language_choice(escape_earth, ("de", "en"))
    assert version_line(version, "en") in games_page([escape_earth], ("en",))
    draft = dataclasses.replace(escape_earth, game=escape_earth.game.model_copy(update={"version": None}))
    assert "class=\"pnp-rules-version\"" not in games_page([draft], ("de", "en")) + language_choice(draft, ("de", "en"))


def test_the_designers_list_of_games_leads_back_to_the_players_and_not_the_other_way(escape_earth):
    designers = games_page([escape_earth], ("de", "en"), designer=True)
    assert "<h1>Für Autoren · For designers</h1>" in designers
    assert '<a class="pnp-game" href="escape-earth/index.html">' in designers
    assert '<a href="../site/index.html">Die Regeln für Spieler · The rules for players</a>' in designers
    assert "site-designer" not in games_page([escape_earth], ("de", "en"))


def test_the_language_choice_falls_back_to_english(escape_earth):
    both = language_choice(escape_earth, ("de", "en"))
    assert 'var chosen = "en";' in both
    assert 'var chosen = "de";' in language_choice(escape_earth, ("de",))  # a German-only build


def test_builds_are_shared_out_by_pages():
    class Tree:
        def __init__(self, n):
            self.pages = dict.fromkeys(range(n))

    class Site:
        def __init__(self, n):
            self.tree = Tree(n)

    jobs = [MkdocsJob(Path(f"{n}.yml"), Path(str(n)), str(n), Site(n)) for n in (60, 10, 30, 25, 5)]
    groups = share_out(jobs, 2)
    assert [[j.display for j in g] for g in groups] == [["60", "5"], ["30", "25", "10"]]
    assert share_out(jobs[:1], 4) == [jobs[:1]]


def test_a_site_keeps_only_the_theme_files_it_loads(tmp_path):
    for name in ("assets/javascripts/bundle.min.js", "assets/javascripts/bundle.min.js.map",
                 "assets/javascripts/lunr/min/lunr.de.min.js", "assets/javascripts/lunr/min/lunr.fr.min.js",
                 "assets/javascripts/lunr/min/lunr.stemmer.support.min.js", "assets/javascripts/lunr/wordcut.js",
                 "assets/stylesheets/main.min.css"):
        (tmp_path / "de" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "de" / name).write_text("x")
    english = tmp_path / "en"
    import shutil

    shutil.copytree(tmp_path / "de", english)
    prune_theme_assets(tmp_path / "de", "de")
    prune_theme_assets(english, "en")
    kept = sorted(p.relative_to(tmp_path / "de").as_posix() for p in (tmp_path / "de").rglob("*") if p.is_file())
    assert kept == ["assets/javascripts/bundle.min.js", "assets/javascripts/lunr/min/lunr.de.min.js",
                    "assets/javascripts/lunr/min/lunr.stemmer.support.min.js", "assets/stylesheets/main.min.css"]
    assert not (english / "assets/javascripts/lunr").exists()


def test_gallery_entries_carry_only_class_safe_tags():
    from generator.content.schema import Card
    from generator.site.gallery import card_tags, entry_classes

    card = Card.model_validate({"id": "probe", "kind": "automated", "cost": 7, "name": {"de": "Sonde", "en": "Probe"},
                                "fields": {"tags": ["space", "<b>x</b>", "Bad Tag", "space", "jovian"]}})
    assert card_tags(card) == ["space", "jovian"]
    assert entry_classes(card, "projects") == ("pnp-card-entry pnp-kind-automated pnp-cost-7 pnp-deck-projects "
                                               "pnp-tag-space pnp-tag-jovian")


@pytest.mark.parametrize("lang, expected", [
    ("en", {"planetensuche": "Planet search – Epoch I", "start-planetensuche": "Planet search – Starter card"}),
    ("de", {"planetensuche": "Planetensuche – Epoche I", "start-planetensuche": "Planetensuche – Startkarte"}),
])
def test_card_pages_sharing_a_name_get_titles_of_their_own(bundled_contents, tmp_path, lang, expected):
    """Three pages were titled "Planet search" (two cards and an example): each title now says which it is."""
    from generator.site.card_pages import page_titles
    from generator.site.game_site import GameSite
    from generator.site.tree import DocsTree

    site = GameSite(bundled_contents["habitable"], lang, tmp_path, DocsTree(lang))
    example = "Planet search" if lang == "en" else "Planetensuche"
    titles = page_titles(site, [example])
    assert {card_id: titles[card_id] for card_id in expected} == expected
    assert len(set(titles.values())) == len(titles) and example not in titles.values()
    assert titles["mond"] == ("Moon – Epoch I" if lang == "en" else "Mond – Epoche I")
    escape_earth = page_titles(GameSite(bundled_contents["escape-earth"], "en", tmp_path, DocsTree("en")), [])
    food = ("Food – Activity card 1", "Food – Activity card 2")
    assert (escape_earth["nahrung-1"], escape_earth["nahrung-2"]) == food
    assert escape_earth["sternenbasis"] == "Starbase"  # a name of its own stays as it is
