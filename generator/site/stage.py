"""The site stage of `pnp build`: docs trees from the content and this build's files, then mkdocs.

Runs after every per-game step, inside the build's staging folder: it reads the card faces,
boards and PDFs the steps just wrote, replays the example turns with the engine, writes the
mkdocs project, and builds one site per game and language into <staging>/site/<game>/<lang>
(generator.site.mkdocs_batch), with the list of games at <staging>/site/index.html and each
game's language choice at <staging>/site/<game>/index.html. Beside it, the designer's site of each
game and language (generator.site.designer) goes to <staging>/site-designer/<game>/<lang>, with its
own list of games and language choices. Any problem is an error in the
build's ErrorList, so a failed site leaves output/ untouched.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator import output_files
from generator.build_cache import BuildCache, language_fingerprint, unit_key
from generator.content.errors import ErrorList
from generator.content.loader import GameContent
from generator.rules.examples import replay_examples
from generator.rulestext.output_scan import check_outputs
from generator.site.changelog_model import GameHistory, HistorySource
from generator.site.designer import SITE as DESIGNER_SITE
from generator.site.designer import designer_site
from generator.site.landing import games_page, language_choice
from generator.site.mkdocs_batch import MkdocsJob, build_sites
from generator.site.project import DESIGNER, LanguageSite, config_name, language_site, write_project
from generator.site.theme_assets import prune_theme_assets

SITE = "site"
PROJECT = ".site-project"
ROOT_LINK = re.compile(r'\b(href|src)="/(?!/)')


def root_404_page(page: Path, prefix: str) -> None:
    """Point 404.html's links into its own site's folder (`prefix`: <game>/<lang>).

    mkdocs writes 404.html with links from the server root ("/assets/...") because a server shows
    it for any missing path. Our sites live in /<game>/<lang>/, so a missing /<game>/de/something
    must load /<game>/de/assets/...; without this the page shows unstyled and broken.
    """
    if not page.is_file():
        return
    text = ROOT_LINK.sub(rf'\1="/{prefix}/', page.read_text(encoding="utf-8"))
    text = text.replace('"base": "/"', f'"base": "/{prefix}/"').replace('"search": "/assets/',
                                                                         f'"search": "/{prefix}/assets/')
    page.write_text(text, encoding="utf-8")


def site_key(content: GameContent, lang: str, languages: tuple[str, ...], papers: tuple[str, ...],
             step_keys: dict[tuple[str, str], list[str]] | None, history: str = "") -> str:
    """The build cache's key of a game's site in one language: the game as that language sees it, the
    keys of the print units whose files it offers and its version tags (`history`, HistorySource.key)."""
    return unit_key("site", "players+designer", content.id, lang, language_fingerprint(content, lang), languages,
                    papers, (step_keys or {}).get((content.id, lang), []), history)


@dataclass
class SitePlan:
    """The sites of a build: each one's cache key, and the languages of each game to build (the others
    restored from the cache), with the game's example replays once they are made."""

    keys: dict[tuple[str, str], str]
    wanted: dict[str, list[str]]  # game -> languages to build
    replays: dict[str, dict[str, Any]] = field(default_factory=dict)  # game -> its replayed examples
    restored: bool = False
    source: HistorySource | None = None  # where the games' versions come from (git: generator.diff.history)
    histories: dict[str, GameHistory | None] = field(default_factory=dict)  # game -> its versions


def plan_sites(contents: list[GameContent], languages: tuple[str, ...], papers: tuple[str, ...],
               cache: BuildCache, step_keys: dict[tuple[str, str], list[str]] | None,
               source: HistorySource | None = None) -> SitePlan:
    """Which sites the cache has (by their keys: the print units' keys are known before they are made, the
    version tags are read from `source`)."""
    tags = {content.id: source.key(content) if source is not None else "" for content in contents}
    keys = {(content.id, lang): site_key(content, lang, content.built_in(languages), papers, step_keys,
                                         tags[content.id])
            for content in contents for lang in content.built_in(languages)}
    wanted = {content.id: [lang for lang in content.built_in(languages) if not cache.has(keys[(content.id, lang)])]
              for content in contents}
    return SitePlan(keys, {game: langs for game, langs in wanted.items() if langs}, source=source)


def prepare_sites(plan: SitePlan, contents: list[GameContent], staging: Path, cache: BuildCache,
                  errors: ErrorList, on_step: Callable[[str, str], None] | None = None) -> None:
    """What the sites need besides the print files: the cached sites copied in, the examples replayed.
    A build does this while its print units are made."""
    if not plan.restored:
        plan.restored = True
        for (game, lang), key in plan.keys.items():
            if lang not in plan.wanted.get(game, []) and cache.restore(key, staging, f"{game}/site/{lang}") is None:
                plan.wanted.setdefault(game, []).append(lang)  # gone since it was planned: built instead
    for content in contents:
        if content.id in plan.wanted and content.id not in plan.replays:
            if on_step:
                on_step(content.id, "site: examples")
            plan.replays[content.id] = replay_examples(content, errors, draw=True)
        if content.id in plan.wanted and content.id not in plan.histories:
            with cache.active():
                plan.histories[content.id] = plan.source.history(content, cache) if plan.source else None


def build_site(contents: list[GameContent], staging: Path, languages: tuple[str, ...], papers: tuple[str, ...],
               errors: ErrorList, on_step: Callable[[str, str], None] | None = None,
               log: Callable[[str], None] | None = None, cache: BuildCache | None = None,
               step_keys: dict[tuple[str, str], list[str]] | None = None, plan: SitePlan | None = None,
               meanwhile: Callable[[], None] | None = None) -> list[Path]:
    """Write <staging>/.site-project (the mkdocs project), <staging>/site (the players' sites) and
    <staging>/site-designer (the designers').

    `staging/<game>` must hold this build's files of each game. A game's site in one language is
    one unit of the build cache: its key is the game as that language sees it and the keys of the
    print files it offers (`step_keys`); a site found there is copied (its docs tree too) instead of
    being written and built again. `plan`: the sites planned and prepared before (`plan_sites`,
    `prepare_sites`). `meanwhile` runs while mkdocs builds (work of the caller's that reads no site).
    Returns the built sites' files (both folders); on any problem adds to `errors` and returns [] (the caller then
    changes nothing).
    """
    log = log or (lambda message: print(message, file=sys.stderr))
    cache = cache or BuildCache(None)
    plan = plan or plan_sites(contents, languages, papers, cache, step_keys)
    prepare_sites(plan, contents, staging, cache, errors, on_step)
    keys = plan.keys
    notes: list[str] = []
    sites: list[LanguageSite] = []
    for content in contents:
        wanted = [lang for lang in content.built_in(languages) if lang in plan.wanted.get(content.id, [])]
        if not wanted:
            continue
        if on_step:
            on_step(content.id, "site: pages")
        for lang in wanted:
            history = plan.histories.get(content.id)
            with cache.active():  # charts made by an earlier build come from the cache
                site = language_site(content, lang, content.built_in(languages), staging / content.id,
                                     plan.replays[content.id], papers, errors, history)
                designer = designer_site(content, lang, content.built_in(languages), staging / content.id, errors)
            notes += site.notes + designer.notes
            sites += [site, designer]
    notes += [f"site: {game}: {note}" for game, history in plan.histories.items() if history for note in history.notes]
    for note in notes:
        log(note)
    if errors:
        return []
    project = staging / PROJECT
    write_project(project, sites)
    destination = staging / SITE
    destination.mkdir(exist_ok=True)
    designers = staging / DESIGNER_SITE
    designers.mkdir(exist_ok=True)
    content_root = contents[0].root.parent if contents else None
    jobs = [MkdocsJob(project / "docs" / site.game / site.config_file,
                      (designers if site.part else destination) / site.game / site.lang,
                      f".pnp/project/docs/{site.game}/{site.config_file}", site, content_root) for site in sites]
    if on_step:
        on_step(SITE, f"mkdocs ({len(jobs)} sites)")
    if not build_sites(jobs, errors, meanwhile):
        return []
    games = {content.id: content for content in contents}
    for site in sites:  # the last net: nothing unrendered on a page, in the search or a picture
        folder = (designers if site.part else destination) / site.game / site.lang
        check_outputs(games[site.game], site.lang, folder, folder.rglob("*"), errors, site.sources,
                      f"site/{site.game}/{site.lang}/")
    if errors:
        return []
    for site in sites:
        top = DESIGNER_SITE if site.part else SITE
        root_404_page(staging / top / site.game / site.lang / "404.html",
                      f"{top}/{site.game}/{site.lang}" if site.part else f"{site.game}/{site.lang}")
        prune_theme_assets(staging / top / site.game / site.lang, site.lang)
    for site in sites:
        if not site.part:  # a game's two sites in one language are one unit of the cache
            cache.store(keys[(site.game, site.lang)], staging, _site_files(staging, site.game, site.lang),
                        f"{site.game}/site/{site.lang}")
    for content in contents:
        built = content.built_in(languages)  # a game made in one language has one site, and no language switch
        if not built:
            continue
        for lang in built:
            _offer_model(staging, content.id, lang)
        for built_sites in (destination, designers):
            (built_sites / content.id / "index.html").write_text(language_choice(content, built), encoding="utf-8")
    (destination / "index.html").write_text(games_page(contents, languages), encoding="utf-8")
    (designers / "index.html").write_text(games_page(contents, languages, designer=True), encoding="utf-8")
    return sorted(Path(folder, name) for root in (destination, designers) for folder, _, names in os.walk(root)
                  for name in names if os.path.isfile(os.path.join(folder, name)))


def _site_files(staging: Path, game: str, lang: str) -> list[Path]:
    """The files of one game's sites in one language (the players' and the designer's): the built sites, their
    docs trees and their configs."""
    docs = staging / PROJECT / "docs" / game
    folders = (staging / SITE / game / lang, docs / lang, staging / DESIGNER_SITE / game / lang, docs / DESIGNER / lang)
    files = [p for folder in folders for p in sorted(folder.rglob("*")) if p.is_file()]
    return files + [docs / config_name(lang), docs / config_name(lang, DESIGNER)]


def _offer_model(staging: Path, game: str, lang: str) -> None:
    """Copy this build's game.json into the site's downloads (and its docs tree).

    The model holds every language, so it is the one download that changes with an edit in the
    other language; it is copied fresh into a site taken from the cache, and the downloads page
    gives it no size, so the page itself does not change with it.
    """
    model = staging / game / output_files.MODEL
    if not model.is_file():
        return
    for folder in (staging / SITE / game / lang, staging / PROJECT / "docs" / game / lang):
        target = folder / "downloads" / output_files.MODEL
        if target.parent.is_dir():
            target.unlink(missing_ok=True)
            shutil.copyfile(model, target)
