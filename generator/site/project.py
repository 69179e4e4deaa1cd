"""Assemble the mkdocs projects: one site per game and language, sharing a base config.

A build writes the project in its staging folder and keeps the last one in `output/.pnp/project/`
(nothing is written beside the output folder). Layout of a project folder (the repository's site/
holds the committed parts):

    mkdocs.base.yml       theme, Markdown extensions, features (committed)
    overrides/            theme overrides: the language switch stays on the same page (committed)
    assets/               the site's styles and the file:// search worker (committed, copied into each docs tree)
    hooks/                safety.py cleans every page's HTML to an allow-list; search_words.py adds the
                          other spellings of words to the search index (committed; see those files)
    docs/<game>/mkdocs.<lang>.yml  generated: INHERIT the base, title, language, search, nav, alternates
    docs/<game>/<lang>/...         generated pages and files

Each game is a site of its own (its title, navigation, search index and language switch), so a
search never lists another game's pages. Every page exists in every language under the same
path, so the language switch can link a page to its twin without a plugin.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from generator.content.errors import ErrorList
from generator.content.loader import GameContent
from generator.content.schema_version import version_line
from generator.rulestext.i18n import LANGUAGE_NAMES, label
from generator.rulestext.markup import html_escape
from generator.rulestext.quick_reference import word
from generator.rulestext.rule_sections import Section, number_sections, numbered_markdown
from generator.rulestext.rules_text import render_rules
from generator.site.card_marks import card_names
from generator.site.card_pages import card_pages, example_cards
from generator.site.changelog import CHANGELOG, changelog_page, errata_page, has_changelog, mark_sections
from generator.site.changelog import word as changelog_word
from generator.site.changelog_model import GameHistory
from generator.site.cross_references import numbered_links, section_targets
from generator.site.downloads import downloads_page
from generator.site.examples_page import example_pages
from generator.site.gallery import boards_page, card_page_path, cards_page
from generator.site.game_site import GameSite
from generator.site.learn_to_play import WORDS as LEARN_WORDS
from generator.site.learn_to_play import learn_to_play_page
from generator.site.pages import components_page, glossary_page, overview_page
from generator.site.quick_reference import quick_reference_page
from generator.site.rulings_beside import card_rulings, rulings_cards_of, rulings_map, text_anchor_map, with_rulings
from generator.site.state_pictures import place_pictures
from generator.site.term_index import WORDS as INDEX_WORDS
from generator.site.term_index import page_sections, term_index_page
from generator.site.tree import DocsTree, NavList

SITE_TEMPLATE = Path(__file__).resolve().parents[2] / "site"
STYLESHEET = "assets/pnp.css"
# Browsers refuse Web Workers on file:// pages and the theme searches in one; this stand-in runs
# the worker in a hidden frame. Its name holds "iframe-worker": the theme's offline plugin then
# leaves out its own shim, which it would load from a CDN.
WORKER_SHIM = "assets/iframe-worker.js"
ZOOM_SCRIPT = "assets/zoom.js"  # pictures marked .pnp-zoom open large, to zoom and pan (no lightbox plugin needed)
CARD_PREVIEW_SCRIPT = "assets/card-preview.js"  # a card name linked by a rules page shows the card's face on hover
GALLERY_FILTER_SCRIPT = "assets/gallery-filter.js"  # the card gallery filtered by words, kind and cost
LANGUAGE_SWITCH_SCRIPT = "assets/language-switch.js"  # the language switch keeps the #rule- anchor
A11Y_SCRIPT = "assets/a11y.js"  # glossary terms take the keyboard focus; the search dialog has a name
SCRIPTS = (ZOOM_SCRIPT, CARD_PREVIEW_SCRIPT, GALLERY_FILTER_SCRIPT, LANGUAGE_SWITCH_SCRIPT, A11Y_SCRIPT)
HOOKS = ("hooks/safety.py", "hooks/search_words.py")
COMMITTED_PARTS = ("mkdocs.base.yml", "overrides", "assets", "hooks")
LANDING = "../../index.html"  # from a game's site in one language (output/site/<game>/<lang>/) to the list of games


def nav_title(text: str) -> str:
    """A navigation title from content: the theme prints nav titles as HTML, so they are escaped here."""
    return html_escape(text).replace("'", "&#x27;")


@dataclass
class LanguageSite:
    """The docs tree of one game in one language and the mkdocs config that builds it."""

    game: str
    lang: str
    tree: DocsTree
    config: dict[str, Any]
    notes: list[str] = field(default_factory=list)
    sources: dict[str, str] = field(default_factory=dict)  # docs page -> content file it came from
    part: str = ""  # "": the players' site (docs/<game>/<lang>); DESIGNER: the designer's (docs/<game>/designer/<lang>)

    @property
    def docs_folder(self) -> str:
        """Where the docs tree goes inside docs/<game>/ (also the config's docs_dir)."""
        return f"{self.part}/{self.lang}" if self.part else self.lang

    @property
    def config_file(self) -> str:
        return config_name(self.lang, self.part)


def _game_tree(content: GameContent, lang: str, outputs: Path, tree: DocsTree, replays: dict[str, Any],
               papers: tuple[str, ...], errors: ErrorList, sources: dict[str, str],
               history: GameHistory | None = None) -> tuple[GameSite, NavList]:
    """Write one game's pages into `tree`; returns its context (for notes) and its nav section."""
    site = GameSite(content, lang, outputs, tree, history=history)
    rules = render_rules(content, lang, errors)
    rule_pages: list[tuple[str, str]] = []
    naming: list[tuple[str, str, tuple[str, ...]]] = []   # (title, page, cards it names) for the card pages
    drafts: list[tuple[str, str, list[Section]]] = []
    for number, rules_page in enumerate(rules, start=1):
        page = site.path("rules", f"{rules_page.slug}.md")
        markdown = place_pictures(site, page, rules_page.slug, site.md(rules_page.markdown, page), rules_page.pictures)
        # numbered after the icons: the anchors see what the site sees
        drafts.append((rules_page.slug, markdown, number_sections(markdown, number)))
    targets = section_targets(drafts)  # links between rules pages carry the section's number, as in print
    parts = [part for slug, markdown, numbered in drafts
             for part in page_sections(site.path("rules", f"{slug}.md"), markdown, numbered)]
    by_rule, by_card = rulings_map(parts, text_anchor_map(drafts), rulings_cards_of(content, lang, parts))
    for number, (rules_page, (_, markdown, numbered)) in enumerate(zip(rules, drafts, strict=True), start=1):
        page = site.path("rules", f"{rules_page.slug}.md")
        names = card_names(site, page)   # card names in the prose link to their pages, with the preview
        linked = names.mark(numbered_links(numbered_markdown(markdown, numbered), rules_page.slug, targets))
        path = site.page(page, mark_sections(site, page, with_rulings(linked, page, by_rule, lang)))
        rule_pages.append((f"{number} {rules_page.title}", path))
        named = (*rules_page.cards, *sorted(names.linked - set(rules_page.cards)))
        naming.append((f"{rules_page.title} ({number})", path, named))  # cited as in print: "Actions (4)"
        sources[path] = f"{content.root.name}/rules/{lang}/{rules_page.source}"
    cards = cards_page(site)
    components = components_page(site, cards)
    boards = boards_page(site)
    examples = example_pages(site, replays)
    if cards:
        ids = {card.id for card in content.cards}
        shown = [e for e in content.examples if e.id in replays]   # example_pages' order
        card_pages(site, naming, [(title, path, example_cards(replays[e.id], ids))
                                  for (title, path), e in zip(examples, shown, strict=False)], cards)
        for card_id, concerning in by_card.items():  # the rulings that name a card, on its page
            card_page = card_page_path(site, card_id)
            if card_page in tree.pages:
                tree.pages[card_page] = tree.pages[card_page].rstrip() + "\n\n" + card_rulings(concerning, lang)
    downloads = downloads_page(site, papers)
    glossary = glossary_page(site)
    changelog = changelog_page(site, {rules_page.slug: path for rules_page, (_, path) in zip(rules, rule_pages,
                                                                                          strict=True)})
    errata = errata_page(site)
    quick = quick_reference_page(site, errors, parts)
    index = term_index_page(site, parts)
    links = {"components": components, "quick": quick, "index": index,
             "examples": examples[0][1] if examples else None, "rules": rule_pages[0][1] if rule_pages else None}
    learn = learn_to_play_page(site, parts, replays, {k: v for k, v in links.items() if v})

    sections: list[tuple[str, str]] = [(LEARN_WORDS["learn_to_play"][lang], learn)] if learn else []
    sections.append((label("components", lang), components))
    sections += rule_pages
    if quick:
        sections.append((word("quick_reference", lang), quick))
    if cards:
        sections.append((label("cards", lang), cards))
    if boards:
        sections.append((label("boards", lang), boards))
    sections += [(f"{label('examples', lang)}: {title}", path) for title, path in examples]
    sections.append((label("downloads", lang), downloads))
    if glossary:
        sections.append((label("glossary", lang), glossary))
    if index:
        sections.append((INDEX_WORDS["term_index"][lang], index))
    sections += [(changelog_word(key, lang), page) for key, page in (("changelog", changelog), ("errata", errata))
                 if page]
    overview = overview_page(site, sections)

    nav: NavList = [{label("overview", lang): overview}]
    if learn:
        nav.append({LEARN_WORDS["learn_to_play"][lang]: learn})
    nav.append({label("components", lang): components})
    if rule_pages:
        nav.append({label("rules", lang): [{nav_title(title): path} for title, path in rule_pages]})
    if quick:
        nav.append({word("quick_reference", lang): quick})
    if cards:
        nav.append({label("cards", lang): cards})
    if boards:
        nav.append({label("boards", lang): boards})
    if examples:
        nav.append({label("examples", lang): [{nav_title(title): path} for title, path in examples]})
    nav.append({label("downloads", lang): downloads})
    if glossary:
        nav.append({label("glossary", lang): glossary})
    if index:
        nav.append({INDEX_WORDS["term_index"][lang]: index})
    nav += [{changelog_word(key, lang): page} for key, page in (("changelog", changelog), ("errata", errata))
            if page]
    return site, nav


def language_site(content: GameContent, lang: str, languages: tuple[str, ...], outputs: Path,
                  replays: dict[str, Any], papers: tuple[str, ...], errors: ErrorList,
                  history: GameHistory | None = None) -> LanguageSite:
    """One game's docs tree and config in one language: a site of its own (`history`: its versions, for the
    changelog and the marks)."""
    tree = DocsTree(lang)
    sources: dict[str, str] = {}
    site, nav = _game_tree(content, lang, outputs, tree, replays, papers, errors, sources, history)
    config = site_config(tree, content.game.title.get(lang), languages, lang, nav, LANDING,
                         footer=version_line(content.game.version, lang) if content.game.version else "",
                         changelog=CHANGELOG.replace(".md", ".html") if has_changelog(site) else None)
    return LanguageSite(content.id, lang, tree, config, site.notes, sources)


def site_config(tree: DocsTree, title: str, languages: tuple[str, ...], lang: str, nav: NavList, homepage: str,
                docs_dir: str | None = None, description: str | None = None, footer: str = "",
                changelog: str | None = None) -> dict[str, Any]:
    """The mkdocs config of one site in one language (the players' or the designer's), its assets copied into `tree`;
    `footer`: the rules version every page shows (site/overrides/partials/copyright.html), linked to `changelog`."""
    tree.copy(STYLESHEET, SITE_TEMPLATE / STYLESHEET)
    tree.copy(WORKER_SHIM, SITE_TEMPLATE / WORKER_SHIM)
    for script in SCRIPTS:
        tree.copy(script, SITE_TEMPLATE / script)
    return {
        "INHERIT": "../../mkdocs.base.yml",
        "site_name": nav_title(title),
        "site_description": description or label("site_description", lang),
        "docs_dir": docs_dir or lang,
        "theme": {"language": lang, "custom_dir": "../../overrides"},
        "hooks": [f"../../{hook}" for hook in HOOKS],
        # offline: search from a folder on disk (the index as a script) and no directory URLs
        "plugins": [{"search": {"lang": lang}}, "offline"],
        "extra_css": [STYLESHEET],
        "extra_javascript": list(SCRIPTS),
        "not_in_nav": "/cards/*.md\n",  # the card pages: the gallery lists them
        "extra": {"alternate": [{"name": LANGUAGE_NAMES[other], "link": f"../{other}/", "lang": other}
                                for other in languages] if len(languages) > 1 else [],
                  "homepage": homepage,  # the logo leads to the list of games
                  **({"rules_version": html_escape(footer)} if footer else {}),
                  **({"changelog": changelog} if changelog else {}),
                  "polyfills": [WORKER_SHIM]},
        "nav": nav,
    }


def write_committed_parts(project: Path) -> None:
    """Copy the committed parts (base config, theme overrides, hooks, styles) into a project folder."""
    import shutil

    project.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(SITE_TEMPLATE / "mkdocs.base.yml", project / "mkdocs.base.yml")
    shutil.copytree(SITE_TEMPLATE / "overrides", project / "overrides", dirs_exist_ok=True)
    shutil.copytree(SITE_TEMPLATE / "hooks", project / "hooks", dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("__pycache__"))
    (project / "assets").mkdir(exist_ok=True)
    shutil.copyfile(SITE_TEMPLATE / STYLESHEET, project / STYLESHEET)


def write_project(project: Path, sites: list[LanguageSite]) -> list[Path]:
    """Write a complete mkdocs project folder: the committed parts copied, the generated ones written."""
    write_committed_parts(project)
    written: list[Path] = []
    docs = project / "docs"
    docs.mkdir(exist_ok=True)
    for site in sites:
        folder = docs / site.game
        folder.mkdir(exist_ok=True)
        config_path = folder / site.config_file
        config_path.write_text(GENERATED_MARK + "; edit site/mkdocs.base.yml or the content instead\n"
                               + yaml.safe_dump(site.config, allow_unicode=True, sort_keys=False), encoding="utf-8")
        written.append(config_path)
        written += site.tree.write(folder / site.docs_folder)
    return written


GENERATED_MARK = "# generated by `pnp build`"


DESIGNER = "designer"  # the designer's site of a game: docs/<game>/designer/<lang>, built into output/site-designer


def config_name(lang: str, part: str = "") -> str:
    """The generated config of one language of a game: docs/<game>/mkdocs.<lang>.yml (the designer's site:
    docs/<game>/mkdocs.designer.<lang>.yml)."""
    return f"mkdocs.{part}.{lang}.yml" if part else f"mkdocs.{lang}.yml"
