"""Assemble the mkdocs project: one docs tree and one config per language, sharing a base config.

Layout of a project folder (the repository's site/ holds the committed parts):

    mkdocs.base.yml       theme, Markdown extensions, features (committed)
    overrides/            theme overrides: the language switch stays on the same page (committed)
    assets/pnp.css        the site's styles (committed, copied into each docs tree)
    hooks/safety.py       cleans every page's HTML to an allow-list (committed; see that file)
    docs/mkdocs.<lang>.yml  generated: INHERIT the base, language, search language, nav, alternates
    docs/<lang>/...         generated pages and files

Every page exists in every language under the same path, so the language switch can link a page
to its twin without a plugin.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from generator.content.errors import ErrorList
from generator.content.loader import GameContent
from generator.site.downloads import downloads_page
from generator.site.balance_page import balance_label, balance_page
from generator.site.examples_page import example_pages
from generator.site.gallery import boards_page, cards_page
from generator.site.game_site import GameSite
from generator.site.i18n import LANGUAGE_NAMES, label
from generator.site.markup import html_escape
from generator.site.pages import components_page, glossary_page, home_page, overview_page
from generator.site.rules_text import render_rules
from generator.site.tree import DocsTree, NavList

SITE_TEMPLATE = Path(__file__).resolve().parents[2] / "site"
STYLESHEET = "assets/pnp.css"
HOOK = "hooks/safety.py"
COMMITTED_PARTS = ("mkdocs.base.yml", "overrides", "assets", "hooks")


def nav_title(text: str) -> str:
    """A navigation title from content: the theme prints nav titles as HTML, so they are escaped here."""
    return html_escape(text).replace("'", "&#x27;")


@dataclass
class LanguageSite:
    """The docs tree of one language and the mkdocs config that builds it."""

    lang: str
    tree: DocsTree
    config: dict[str, Any]
    notes: list[str] = field(default_factory=list)
    sources: dict[str, str] = field(default_factory=dict)  # docs page -> content file it came from


def _balance(site: GameSite) -> str | None:
    """The balance page when the game records `pnp balance` figures (and has an engine to judge them by)."""
    if not site.content.game.engine:
        return None
    from generator.rules.balance import read_results, results_are_current

    data = read_results(site.content)
    if not data:
        return None
    from generator.rules.registry import make_game

    game = make_game(site.content, {})
    return balance_page(site, data, results_are_current(site.content, data), game.taken_name)


def _game_tree(content: GameContent, lang: str, outputs: Path, tree: DocsTree, replays: dict[str, Any],
               papers: tuple[str, ...], errors: ErrorList, sources: dict[str, str]) -> tuple[GameSite, NavList]:
    """Write one game's pages into `tree`; returns its context (for notes) and its nav section."""
    site = GameSite(content, lang, outputs, tree)
    rules = render_rules(content, lang, errors)
    rule_pages: list[tuple[str, str]] = []
    for rules_page in rules:
        path = site.page(f"rules/{rules_page.slug}.md", site.md(rules_page.markdown, site.path("rules", f"{rules_page.slug}.md")))
        rule_pages.append((rules_page.title, path))
        sources[path] = f"{content.root.name}/rules/{lang}/{rules_page.source}"
    cards = cards_page(site)
    components = components_page(site, cards)
    boards = boards_page(site)
    examples = example_pages(site, replays)
    downloads = downloads_page(site, papers)
    glossary = glossary_page(site)
    balance = _balance(site)

    sections: list[tuple[str, str]] = [(label("components", lang), components)]
    sections += rule_pages
    if cards:
        sections.append((label("cards", lang), cards))
    if boards:
        sections.append((label("boards", lang), boards))
    sections += [(f"{label('examples', lang)}: {title}", path) for title, path in examples]
    if balance:
        sections.append((balance_label(lang), balance))
    sections.append((label("downloads", lang), downloads))
    if glossary:
        sections.append((label("glossary", lang), glossary))
    overview = overview_page(site, sections)

    nav: NavList = [{label("overview", lang): overview}, {label("components", lang): components}]
    if rule_pages:
        nav.append({label("rules", lang): [{nav_title(title): path} for title, path in rule_pages]})
    if cards:
        nav.append({label("cards", lang): cards})
    if boards:
        nav.append({label("boards", lang): boards})
    if examples:
        nav.append({label("examples", lang): [{nav_title(title): path} for title, path in examples]})
    if balance:
        nav.append({balance_label(lang): balance})
    nav.append({label("downloads", lang): downloads})
    if glossary:
        nav.append({label("glossary", lang): glossary})
    return site, nav


def language_site(contents: list[GameContent], lang: str, languages: tuple[str, ...], game_outputs: dict[str, Path],
                  replays: dict[str, dict[str, Any]], papers: tuple[str, ...], errors: ErrorList) -> LanguageSite:
    """The whole docs tree and config of one language."""
    tree = DocsTree(lang)
    nav: NavList = []
    game_pages: dict[str, str] = {}
    notes: list[str] = []
    sources: dict[str, str] = {}
    for content in contents:
        site, game_nav = _game_tree(content, lang, game_outputs[content.id], tree, replays.get(content.id, {}),
                                    papers, errors, sources)
        notes += site.notes
        game_pages[content.id] = site.path("index.md")
        nav.append({nav_title(content.game.title.get(lang)): game_nav})
    tree.page("index.md", home_page(contents, lang, game_pages))
    tree.copy(STYLESHEET, SITE_TEMPLATE / STYLESHEET)
    config = {
        "INHERIT": "../mkdocs.base.yml",
        "site_name": label("site_name", lang),
        "site_description": label("site_description", lang),
        "docs_dir": lang,
        "theme": {"language": lang, "custom_dir": "../overrides"},
        "hooks": [f"../{HOOK}"],
        "plugins": [{"search": {"lang": lang}}],
        "extra_css": [STYLESHEET],
        "extra": {"alternate": [{"name": LANGUAGE_NAMES[other], "link": f"../{other}/", "lang": other}
                                for other in languages] if len(languages) > 1 else []},
        "nav": [{label("home", lang): "index.md"}, *nav],
    }
    return LanguageSite(lang, tree, config, notes, sources)


def write_project(project: Path, sites: list[LanguageSite]) -> list[Path]:
    """Write a complete mkdocs project folder: the committed parts copied, the generated ones written."""
    import shutil

    project.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(SITE_TEMPLATE / "mkdocs.base.yml", project / "mkdocs.base.yml")
    shutil.copytree(SITE_TEMPLATE / "overrides", project / "overrides", dirs_exist_ok=True)
    shutil.copytree(SITE_TEMPLATE / "hooks", project / "hooks", dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("__pycache__"))
    (project / "assets").mkdir(exist_ok=True)
    shutil.copyfile(SITE_TEMPLATE / STYLESHEET, project / STYLESHEET)
    written: list[Path] = []
    docs = project / "docs"
    docs.mkdir(exist_ok=True)
    for site in sites:
        config_path = docs / f"mkdocs.{site.lang}.yml"
        config_path.write_text("# generated by `pnp build`; edit site/mkdocs.base.yml or the content instead\n"
                               + yaml.safe_dump(site.config, allow_unicode=True, sort_keys=False), encoding="utf-8")
        written.append(config_path)
        written += site.tree.write(docs / site.lang)
    return written
