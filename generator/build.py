"""The build pipeline: run every output step for a game into a staging folder, then swap it in.

Nothing half-written: the games and the site are built into a staging folder that becomes the
output's next generation in one rename (generator.output_folder), so a failed or killed build
leaves the previous output. Steps register themselves in `STEPS`; each writes files under the
game's folder and returns the paths it wrote for the summary table.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import shutil
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import asdict, dataclass, field, replace
from functools import partial
from graphlib import TopologicalSorter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator import output_files
from generator.boards.step import render_boards
from generator.build_cache import BuildCache, language_fingerprint, unit_key
from generator.content.errors import ContentError, ErrorList
from generator.content.loader import GameContent
from generator.content.schema import LANGUAGES, in_languages
from generator.forked import children_allowed
from generator.output_files import RESERVED_IDS
from generator.output_folder import OutputFolder, checkpoint, in_scope
from generator.pool import Pool, result
from generator.render.cards_step import render_cards
from generator.rulebook.step import printed_inputs, render_rulebooks
from generator.rulestext.output_scan import check_outputs

if TYPE_CHECKING:
    from generator.site.changelog_model import HistorySource

PAPERS = ("a4", "letter")


@dataclass(frozen=True)
class BuildOptions:
    languages: tuple[str, ...] = ("de", "en")
    papers: tuple[str, ...] = ("a4", "letter")
    seed: int = 0
    cut_lines: bool = False
    profile: str | None = None  # print-shop profile for per-card uploads; None: the game's own, if it names one
    pdfx: bool = False  # also a CMYK PDF/X file per deck (pod/), whatever the profile prints in
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm the back pages move, from the duplex calibration sheet
    tts_url: str | None = None  # where output/ is reachable (file:// or https://) for Tabletop Simulator's images
    ink: str | None = None  # "saver": light versions of the printable files too (ink-saver/); None: the game's
    fit_boards: bool = False  # every board also scaled to one page, not only those whose file asks (fit_to_page)
    # Tabletop Simulator decks (half the CPU of the cards step): `pnp cards` and `pnp build` make them on --tts
    # (build also on --tts-url); `pnp serve` never
    tts: bool = True
    # how many processes a deck's cards are laid out on (generator.render.parallel_layout; `pnp cards` sets it, a
    # build shares its units out instead); how the work is shared, not what is made: left out of every cache key
    workers: int = 1


def default_tts_url(output_dir: Path) -> str:
    """Where Tabletop Simulator finds the images when no address is given: the output folder on this computer.
    `pnp build` and `pnp serve` both use it, so their units share the build cache."""
    return output_dir.resolve().as_uri()


BuildStep = Callable[[GameContent, Path, BuildOptions, ErrorList], list[Path]]


def write_model(content: GameContent, out: Path, options: BuildOptions, errors: ErrorList) -> list[Path]:
    """Write the validated model as JSON: the machine-readable form of the game for other tools."""
    data = in_languages({  # a game made in one language publishes its texts in that one
        "game": content.game.model_dump(mode="json"),
        "cards": [card.model_dump(mode="json") for card in content.cards],
        "boards": [board.model_dump(mode="json") for board in content.boards],
        "tables": [table.model_dump(mode="json") for table in content.tables],
        "content_hash": content.content_hash,
    }, content.languages)
    path = out / output_files.MODEL
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
    return [path]


# the steps in their order: the rulebook after the boards it pictures
STEPS: list[tuple[str, BuildStep]] = [("model", write_model), ("cards", render_cards), ("boards", render_boards),
                                       ("rulebook", render_rulebooks)]
UNCACHED_STEPS = frozenset({"model"})  # cheaper to write than to look up; holds every language at once
# what a step reads of the game folder (generator.build_cache.SCOPES); a step not named reads all of it
STEP_SCOPES = {"cards": "print", "boards": "boards", "rulebook": "boards"}
# what else a step reads, as data for its key: the rulebook its rules as rendered (generator.rulebook.step)
STEP_INPUTS: dict[str, Callable[[GameContent, str], Any]] = {"rulebook": printed_inputs}
# the steps whose files (of the same game and language) a step reads: made or restored before it starts
STEP_NEEDS = {"rulebook": ("boards",)}


def refuse_reserved_ids(contents: list[GameContent], errors: ErrorList) -> None:
    """A game whose id names an output folder of something else would overwrite it."""
    for content in contents:
        if content.id in RESERVED_IDS:
            errors.add(content.mark_of("game", content.id, "id"), f"a game cannot be called '{content.id}': the "
                       f"output uses the folders {', '.join(sorted(RESERVED_IDS))}", ("id",),
                       hint="rename the game folder and its `id`", code="reference")


@dataclass(eq=False)  # each unit is itself (hashed by identity): a node of the build's order
class Unit:
    """One cached step of one game in one language: its key, and whether the cache has it."""

    content: GameContent
    folder: Path  # the game's folder in staging
    step: str
    lang: str
    key: str
    cached: bool
    files: list[Path] = field(default_factory=list)

    @property
    def name(self) -> str:  # for people and the cache's labels
        return f"{self.content.id}/{self.step}/{self.lang}"


def _inputs_digest(name: str, content: GameContent, lang: str, cache: BuildCache) -> str | None:
    """A hash of what else step `name` reads (STEP_INPUTS), kept in the cache by the game as the language
    sees it: the rulebook's rules as rendered are rendered again only when the game changed."""
    inputs = STEP_INPUTS.get(name)
    if inputs is None:
        return None

    def digest() -> bytes:
        text = json.dumps(inputs(content, lang), sort_keys=True, default=str, ensure_ascii=False)
        return hashlib.sha256(text.encode()).hexdigest().encode()

    key = unit_key("inputs", name, content.id, lang, language_fingerprint(content, lang))
    return cache.remembered_bytes(key, digest).decode()


def plan_steps(content: GameContent, game_dir: Path, options: BuildOptions, errors: ErrorList, cache: BuildCache,
               step_keys: dict[tuple[str, str], list[str]],
               on_step: Callable[[str, str], None] | None = None) -> tuple[list[Path], list[Unit]]:
    """The units of one game's steps with their keys (which go to `step_keys` for the site, which reads
    their files), step by step (`_graph` places cached units after the ones made). Steps not cached run here."""
    files: list[Path] = []
    units: list[Unit] = []
    settings = {k: v for k, v in asdict(options).items() if k not in ("languages", "workers")}
    for name, step in STEPS:
        if on_step:
            on_step(content.id, name)
        if name in UNCACHED_STEPS:
            files += step(content, game_dir, options, errors)
            continue
        scope = STEP_SCOPES.get(name, "all")
        for lang in content.built_in(options.languages):  # a game made in one language is built in that one
            key = unit_key("step", name, content.id, lang, language_fingerprint(content, lang, scope), settings,
                           _inputs_digest(name, content, lang, cache))
            step_keys.setdefault((content.id, lang), []).append(key)
            units.append(Unit(content, game_dir, name, lang, key, cache.has(key)))
    return files, units


Made = tuple[list[Path], list[ContentError], dict[str, Any]]  # a unit's files, errors and share of the cache


def _make(unit: Unit, options: BuildOptions, cache: BuildCache) -> Made:
    """Make one unit (in this process or a forked worker)."""
    step = dict(STEPS)[unit.step]
    errors = ErrorList()
    with cache.active() as share:  # parts of the unit an edit left alone come from the cache too
        made = step(unit.content, unit.folder, replace(options, languages=(unit.lang,)), errors)
    check_outputs(unit.content, unit.lang, unit.folder, made, errors, shown=f"{unit.content.id}/")  # nothing unrendered
    return made, errors.errors, share


def _graph(units: list[Unit]) -> TopologicalSorter[Unit]:
    """The units' order: a unit to make after the steps it reads (STEP_NEEDS) in its language, a cached unit after
    its step's units to make in every language (its links never replace a file just made)."""
    graph: TopologicalSorter[Unit] = TopologicalSorter()
    for unit in units:
        same_game = [other for other in units if other.content.id == unit.content.id]
        if unit.cached:
            graph.add(unit, *(other for other in same_game if not other.cached and other.step == unit.step))
        else:
            needs = STEP_NEEDS.get(unit.step, ())
            graph.add(unit, *(other for other in same_game if other.lang == unit.lang and other.step in needs))
    graph.prepare()
    return graph


def make_units(units: list[Unit], options: BuildOptions, errors: ErrorList, cache: BuildCache,
               meanwhile: Callable[[], None] | None = None) -> None:
    """Restore the cached units and make the others in their order (`_graph`), on a pool of forked workers
    (generator.pool) when there is more than one thing to do. `meanwhile` runs here while the workers work."""
    making = [unit for unit in units if not unit.cached]
    jobs = min(children_allowed(), len(making)) if len(making) > 1 or (making and meanwhile) else 0
    needed = {need for unit in making for need in STEP_NEEDS.get(unit.step, ())}
    graph = _graph(units)
    running: dict[Future[Any], Unit] = {}
    made: dict[Unit, Made] = {}
    pool = Pool(lambda index: _make(units[index], options, cache), jobs) if jobs else None
    with pool or contextlib.nullcontext():
        while graph.is_active():
            finished = []
            # the workers' units first (they work while this process restores), what other units need first
            for unit in sorted(graph.get_ready(), key=lambda unit: (unit.cached, unit.step not in needed)):
                restored = cache.restore(unit.key, unit.folder, unit.name) if unit.cached else None
                unit.cached = restored is not None  # a cached unit gone since it was planned is made
                if pool is not None and not unit.cached:
                    running[pool.submit(units.index(unit))] = unit
                    continue
                if not unit.cached:
                    made[unit] = _make(unit, options, cache)
                unit.files = restored if restored is not None else made[unit][0]
                finished.append(unit)
            if not finished and meanwhile is not None:
                meanwhile()
                meanwhile = None
            elif not finished:
                for future in wait(running, return_when=FIRST_COMPLETED).done:
                    unit = running.pop(future)
                    made[unit] = result(future)
                    unit.files = made[unit][0]
                    finished.append(unit)
            graph.done(*finished)
    if meanwhile is not None:
        meanwhile()
    for unit in [unit for unit in units if unit in made]:  # in their planned order, whichever finished first
        _, found, share = made[unit]
        cache.absorb(share)
        errors.extend(found)
        if not found:
            cache.store(unit.key, unit.folder, unit.files, unit.name, parts=[*share["used"], *share["pending"]])


def build_games(contents: list[GameContent], output: Path, options: BuildOptions, errors: ErrorList,
                on_step: Callable[[str, str], None] | None = None,
                on_wait: Callable[[str], None] | None = None, cache: BuildCache | None = None,
                history: HistorySource | None = None) -> dict[str, list[Path]]:
    """Build every game; on any error nothing in `output` changes. Returns written files per game.

    `history`: where the games' versions come from, for the sites' changelogs (None: no changelog).

    Units whose inputs did not change since an earlier build are copied from `cache` instead of
    being made again (generator.build_cache; None: the output's own cache, output/.pnp/cache).
    Raises OutputRefused when output/ holds something this build may not replace.
    """
    from generator.site.mkdocs_batch import release_mkdocs, standing_workers, start_mkdocs
    from generator.site.project import write_committed_parts
    from generator.site.stage import DESIGNER_SITE, PROJECT, SITE, build_site, plan_sites, prepare_sites

    refuse_reserved_ids(contents, errors)
    if errors:
        return {}
    output.mkdir(parents=True, exist_ok=True)
    folder = OutputFolder(output)
    folder.check_names([content.id for content in contents] + [SITE, DESIGNER_SITE])
    written: dict[str, list[Path]] = {}
    with folder.locked(on_wait), standing_workers(reuse=True, lasting=False):  # serve's children, else this build's
        cache = cache if cache is not None else BuildCache.of_output(output)
        staging = folder.stage()
        try:
            step_keys: dict[tuple[str, str], list[str]] = {}
            planned: dict[str, tuple[list[Path], list[Unit]]] = {}
            for content in contents:
                game_dir = staging / content.id
                game_dir.mkdir(parents=True)
                planned[content.id] = plan_steps(content, game_dir, options, errors, cache, step_keys, on_step)
            sites = plan_sites(contents, options.languages, options.papers, cache, step_keys, history)
            start_mkdocs(sum(len(langs) for langs in sites.wanted.values()))  # they load while the units are made
            make_units([unit for _, units in planned.values() for unit in units], options, errors, cache,
                       meanwhile=partial(prepare_sites, sites, contents, staging, cache, errors, on_step))
            for content in contents:
                files, units = planned[content.id]
                game_dir = staging / content.id
                made = dict.fromkeys(files + [path for unit in units for path in unit.files])
                written[content.id] = [output / content.id / path.relative_to(game_dir) for path in made]
            if errors:
                return {}
            checkpoint("steps")
            # the rules site: after every per-game step, from the files they just wrote (generator/site)
            merged: list[str] = []

            def merge_games() -> None:
                """A build for one language or paper keeps the others' files (into staging: nothing in use changes),
                but none of a language the game is no longer made in."""
                for content in contents:
                    dropped = tuple(lang for lang in LANGUAGES if lang not in content.languages)
                    replaced = in_scope(options.languages + dropped, options.papers, LANGUAGES, PAPERS)
                    folder.merge(staging, content.id, replaced)
                    merged.append(content.id)

            site_files = build_site(contents, staging, options.languages, options.papers, errors, on_step,
                                    cache=cache, step_keys=step_keys, plan=sites, meanwhile=merge_games)
            release_mkdocs()  # a build's own children leave while it finishes
            if errors:
                return {}
            checkpoint("site")
            for name in (SITE, DESIGNER_SITE):  # the players' sites and the designers'
                written[name] = [output / name / path.relative_to(staging / name) for path in site_files
                                 if path.is_relative_to(staging / name)]
            if (staging / PROJECT).is_dir():  # the mkdocs project, kept inside output/ (nothing is written beside it)
                write_committed_parts(staging / PROJECT)  # a rebuild that restored every site wrote only docs/
                folder.publish_project(staging / PROJECT)
            if not merged:  # no site was built (mkdocs did not run)
                merge_games()
            folder.keep(staging, written)
            folder.commit(staging)
            cache.commit()
            cache.prune()
            return written
        finally:
            cache.discard()  # nothing when committed; a failed build leaves the cache as it was
            shutil.rmtree(staging, ignore_errors=True)
