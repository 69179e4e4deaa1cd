"""Two audiences, two sites: output/site is the players', output/site-designer the designers'.

A players' page (HTML or search index) names no effect operation, engine, playing policy, ending
of the engine or `pnp` command; the balance figures, the options with their commands, the effect
vocabulary and the build's settings are on the designer's site, which links back to the players'.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.site.browser import browser_missing, chromium
from tests.site.conftest import REPO

GAMES = sorted(p.name for p in (REPO / "content").iterdir() if (p / "game.yaml").is_file())
ARTICLE = re.compile(r'<article class="md-content__inner[^"]*">(.*?)</article>', re.S)
CODE = re.compile(r"<code>(.*?)</code>", re.S)
TAG = re.compile(r"<[^>]+>")
COMMAND = re.compile(r"\bpnp\s+[a-z]|(?<![\w-])--[a-z][a-z-]+")
POLICIES = ("random", "greedy", "expert", "mcts")


def designer_words(content) -> tuple[set[str], set[str]]:
    """(names a players' page may not show as code, names it may not show at all) of one game: its operations,
    engine, options, policies and the engine's endings recorded by `pnp balance`."""
    from generator.rules.balance import read_results
    from generator.rules.registry import engine_class

    operations = {op.id for op in content.game.operations}
    engine = content.game.engine or ""
    options = {spec.name for spec in engine_class(content).option_specs} if engine else set()
    runs = (read_results(content) or {}).get("runs", [])
    endings = {cause for run in runs for cause in run.get("causes", {})}
    policies = set(POLICIES) | {part.split(":")[0] for run in runs for part in run["policy"].split(",")}
    as_code = operations | options | endings | policies | {engine}
    anywhere = {name for name in as_code if "_" in name or (name in endings and "-" in name)} | {"mcts"}
    return as_code - {""}, anywhere


def findings(text: str, as_code: set[str], anywhere: set[str]) -> list[str]:
    """What in `text` (a page's main content as HTML, or a search index entry) names designer material."""
    found = [f"<code>{code}</code>" for code in CODE.findall(text) if as_code & set(re.split(r"[\s=:,]+", code))]
    plain = TAG.sub(" ", text)
    found += [m.group(0) for m in COMMAND.finditer(plain)]
    found += [word for word in anywhere if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", plain)]
    return found


def test_the_scan_finds_each_kind_of_designer_word(bundled_contents):
    """The scan of the players' pages below would see each kind of word it looks for."""
    as_code, anywhere = designer_words(bundled_contents["habitable"])
    assert findings("<p>Raise (<code>raise</code>) the value</p>", as_code, anywhere) == ["<code>raise</code>"]
    assert findings("<p>a temperate planet: has_temperate_planet</p>", as_code, anywhere) == ["has_temperate_planet"]
    assert findings("<p>tree search (<code>mcts:N</code>)</p>", as_code, anywhere) == ["<code>mcts:N</code>", "mcts"]
    assert findings("<p>play <code>pnp play habitable --option variant=hard</code></p>", as_code, anywhere) == [
        "<code>pnp play habitable --option variant=hard</code>", "pnp p", "--option"]
    assert findings("<p>build with --back-offset 1,2</p>", as_code, anywhere) == ["--back-offset"]
    assert findings("<p>Draw 2 cards, raise the temperature; a greedy player – at random</p>", as_code,
                    anywhere) == []


def test_the_players_site_of_a_game_has_no_designer_pages_and_the_designer_site_has_them(bundled_contents, tmp_path):
    """Made without mkdocs: the players' docs tree has no balance page and its nav no link to one; the designer's
    tree has the balance page with its charts, the options, the effect vocabulary and the build settings."""
    from generator.content.errors import ErrorList
    from generator.site.designer import designer_site
    from generator.site.project import language_site

    content = bundled_contents["habitable"]
    errors = ErrorList()
    players = language_site(content, "en", ("de", "en"), tmp_path, {}, (), errors)
    designer = designer_site(content, "en", ("de", "en"), tmp_path, errors)
    assert not errors, errors.as_text()
    assert not [page for page in players.tree.pages if "balance" in page or "operations" in page]
    assert "balance" not in json.dumps(players.config["nav"])
    assert {"index.md", "balance.md", "options.md", "operations.md", "build.md"} <= set(designer.tree.pages)
    assert any(path.startswith("balance/") and path.endswith(".svg") for path in designer.tree.files)
    assert designer.docs_folder == "designer/en" and designer.config["docs_dir"] == "designer/en"
    assert designer.config_file == "mkdocs.designer.en.yml"
    assert '<a href="../../../site/habitable/en/index.html">' in designer.tree.pages["index.md"]
    assert "## `has_temperate_planet`" in designer.tree.pages["operations.md"]
    assert "pnp play habitable --option" in designer.tree.pages["options.md"]
    assert "--back-offset DX,DY" in designer.tree.pages["build.md"]
    as_code, anywhere = designer_words(content)
    for page, markdown in players.tree.pages.items():
        assert not [name for name in as_code if f"`{name}`" in markdown], page
        assert not [name for name in anywhere if name in markdown], page


@pytest.mark.parametrize(("lang", "expected"), [("en", "`steps`: 1 to 3 (printed as 2 to 6)"),
                                                ("de", "`steps`: 1 bis 3 (aufgedruckt 2 bis 6)")])
def test_the_vocabulary_gives_a_parameter_its_range_as_counted_and_as_printed(bundled_contents, tmp_path, lang,
                                                                              expected):
    from generator.site.designer import operations_page
    from generator.site.game_site import GameSite
    from generator.site.tree import DocsTree

    tree = DocsTree(lang)
    path = operations_page(GameSite(bundled_contents["terraforming-mars"], lang, tmp_path, tree))
    assert path is not None
    section = tree.pages[path].split("## `raise_temperature`", 1)[1].split("\n## ", 1)[0]
    assert expected in section


def _players_pages(site: Path, game: str):
    """(where, main content as HTML) of every page of one game's players' site, and of its search index."""
    for lang_dir in sorted(p for p in (site / game).iterdir() if p.is_dir()):
        for page in sorted(lang_dir.rglob("*.html")):
            html = page.read_text(encoding="utf-8")
            assert 'href="balance.html"' not in html and "/balance.html" not in html, page
            yield str(page.relative_to(site)), "\n".join(ARTICLE.findall(html))
        index = json.loads((lang_dir / "search" / "search_index.json").read_text(encoding="utf-8"))
        for doc in index["docs"]:
            yield f"{lang_dir.relative_to(site)}/search: {doc['location']}", doc["title"] + "\n" + doc["text"]


@pytest.mark.slow
def test_no_players_page_names_an_operation_engine_policy_or_command(built_all, bundled_contents):
    problems: list[str] = []
    scanned = 0
    for game in GAMES:
        as_code, anywhere = designer_words(bundled_contents[game])
        for where, text in _players_pages(built_all.site, game):
            scanned += 1
            problems += [f"{where}: {found}" for found in findings(text, as_code, anywhere)]
    assert scanned > 500
    assert not problems, "\n".join(problems[:40])
    assert not list(built_all.site.glob("*/*/balance.html")) and not list(built_all.site.glob("*/*/balance/*"))
    assert "site-designer" not in (built_all.site / "index.html").read_text(encoding="utf-8")


@pytest.mark.slow
def test_the_designer_site_has_the_balance_pages_and_links_back_to_the_players(built_all, bundled_contents):
    from generator.rules.balance import read_results

    designer = built_all.output / "site-designer"
    assert "site-designer" in built_all.out + built_all.err  # the build's summary names both sites
    listed = re.findall(r'<a class="pnp-game" href="([\w-]+)/index.html">', (designer / "index.html").read_text())
    assert listed == GAMES
    for game in GAMES:
        content = bundled_contents[game]
        for lang in ("de", "en"):
            folder = designer / game / lang
            index = (folder / "index.html").read_text(encoding="utf-8")
            back = re.findall(r'href="(\.\./\.\./\.\./site/[^"]+)"', index)
            assert back and all((folder / link).resolve().is_file() for link in back), (game, lang, back)
            if read_results(content):
                balance = (folder / "balance.html").read_text(encoding="utf-8")
                charts = re.findall(r'src="(balance/[^"]+\.svg)"', balance)
                assert charts and all((folder / chart).is_file() for chart in charts), (game, lang)
            if content.game.operations:
                vocabulary = (folder / "operations.html").read_text(encoding="utf-8")
                assert all(f"<code>{op.id}</code>" in vocabulary for op in content.game.operations), (game, lang)
            settings = (folder / "build.html").read_text(encoding="utf-8")
            assert f"pnp build {game}" in settings
            assert ("--back-offset" in settings) == bool(content.cards), (game, lang)  # duplex backs: cards only


@pytest.mark.slow
@pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")
def test_the_designer_site_opens_from_disk_and_leads_back_to_the_players_pages(built_all):
    designer = built_all.output / "site-designer"
    with chromium() as browser:
        tab = browser.new_context(locale="en-US").new_page()
        tab.set_default_timeout(20_000)
        problems: list[str] = []
        tab.on("console", lambda m: problems.append(f"console: {m.text}") if m.type == "error" else None)
        tab.on("pageerror", lambda e: problems.append(f"page error: {e}"))
        tab.on("requestfailed", lambda r: problems.append(f"request failed: {r.url}"))
        tab.goto((designer / "index.html").as_uri())
        tab.click('a[href="habitable/index.html"]')  # the language choice sends an English browser to English
        tab.wait_for_url("**/site-designer/habitable/en/index.html")
        tab.click("nav.md-nav a[href='balance.html']")
        tab.wait_for_url("**/site-designer/habitable/en/balance.html")
        charts = tab.eval_on_selector_all("article img[src^='balance/']", "imgs => imgs.map(i => i.naturalWidth)")
        assert charts and all(width > 0 for width in charts), charts
        tab.goto((designer / "habitable" / "en" / "index.html").as_uri())
        tab.click("article a[href='../../../site/habitable/en/index.html']")
        tab.wait_for_url("**/site/habitable/en/index.html")
        assert "Habitable" in tab.title()
        assert not problems, problems


@pytest.mark.slow
def test_a_site_taken_from_the_build_cache_brings_its_designer_site(tmp_path):
    """A game's two sites in one language are one unit of the build cache: a rebuild that copies the players'
    site from the cache has the designer's too, byte for byte."""
    from tests.site.conftest import copy_content, pnp_build

    content = copy_content(tmp_path / "content")
    first = pnp_build(tmp_path, content, "astronuts")
    assert first.code == 0, first.err
    designer = tmp_path / "output" / "site-designer"
    before = {p.relative_to(designer): p.read_bytes() for p in designer.rglob("*") if p.is_file()}
    assert Path("astronuts/en/balance.html") in before and Path("astronuts/de/options.html") in before
    again = pnp_build(tmp_path, content, "astronuts")
    assert again.code == 0, again.err
    assert "made: nothing" in again.out + again.err
    after = {p.relative_to(designer): p.read_bytes() for p in designer.rglob("*") if p.is_file()}
    assert after == before
