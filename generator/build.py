"""The build pipeline: run every output step for a game into a staging folder, then swap it in.

Nothing half-written: the games and the site are built into a staging folder that becomes the
output's next generation in one rename (generator.output_folder), so a failed or killed build
leaves the previous output. Steps register themselves in `STEPS`; each writes files under the
game's folder and returns the paths it wrote for the summary table.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Protocol

from generator import output_files
from generator.build_cache import BuildCache, language_fingerprint, unit_key
from generator.content.errors import ErrorList
from generator.content.loader import GameContent
from generator.content.schema import LANGUAGES
from generator.output_folder import OutputFolder, checkpoint, in_scope

PAPERS = ("a4", "letter")
# output/site is the rules sites, output/simulations simulate's figures, output/diff the report of
# `pnp diff`; output/site/<game> is a game's site, so a game is not called like a site's own
# folders (assets, search) either, which would make a game's folder look like part of another site
RESERVED_IDS = frozenset({"site", "simulations", "diff", "assets", "search"})


@dataclass(frozen=True)
class BuildOptions:
    languages: tuple[str, ...] = ("de", "en")
    papers: tuple[str, ...] = ("a4", "letter")
    seed: int = 0
    cut_lines: bool = False
    profile: str | None = None  # print-shop profile for per-card uploads; None: the game's own, if it names one
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm the back pages move, from the duplex calibration sheet
    tts_url: str | None = None  # where output/ is reachable (file:// or https://) for Tabletop Simulator's images


class Progress(Protocol):
    def advance(self, description: str, total: int | None = None) -> None: ...


@dataclass
class StepResult:
    files: list[Path] = field(default_factory=list)


BuildStep = Callable[[GameContent, Path, BuildOptions, ErrorList], list[Path]]


def write_model(content: GameContent, out: Path, options: BuildOptions, errors: ErrorList) -> list[Path]:
    """Write the validated model as JSON: the machine-readable form of the game for other tools."""
    data = {
        "game": content.game.model_dump(mode="json"),
        "cards": [card.model_dump(mode="json") for card in content.cards],
        "boards": [board.model_dump(mode="json") for board in content.boards],
        "tables": [table.model_dump(mode="json") for table in content.tables],
        "content_hash": content.content_hash,
    }
    path = out / output_files.MODEL
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
    return [path]


STEPS: list[tuple[str, BuildStep]] = [("model", write_model)]
UNCACHED_STEPS = frozenset({"model"})  # cheaper to write than to look up; holds every language at once
# what a step reads of the game folder (generator.build_cache.SCOPES); a step not named reads all of it
STEP_SCOPES = {"cards": "print", "boards": "boards", "rulebook": "boards"}
# what else a step reads, as data for its key: the rulebook its rules as rendered (generator.rulebook.step)
STEP_INPUTS: dict[str, Callable[[GameContent, str], Any]] = {}

from generator.render.cards_step import render_cards  # noqa: E402  (card sheets, POD, SVG faces)

STEPS.append(("cards", render_cards))

from generator.boards.step import render_boards  # noqa: E402  (boards: SVG, full and tiled PDFs; tokens)

STEPS.append(("boards", render_boards))

from generator.rulebook.step import printed_inputs, render_rulebooks  # noqa: E402  (after the boards it pictures)

STEPS.append(("rulebook", render_rulebooks))
STEP_INPUTS["rulebook"] = printed_inputs


def refuse_reserved_ids(contents: list[GameContent], errors: ErrorList) -> None:
    """A game whose id names an output folder of something else would overwrite it."""
    for content in contents:
        if content.id in RESERVED_IDS:
            errors.add(content.mark_of("game", content.id, "id"), f"a game cannot be called '{content.id}': the "
                       f"output uses the folders {', '.join(sorted(RESERVED_IDS))}", ("id",),
                       hint="rename the game folder and its `id`", code="reference")


def run_steps(content: GameContent, game_dir: Path, options: BuildOptions, errors: ErrorList, cache: BuildCache,
              step_keys: dict[tuple[str, str], list[str]],
              on_step: Callable[[str, str], None] | None = None) -> list[Path]:
    """Every step of one game into `game_dir`, one language at a time, each taken from the cache when its
    key is there (generator.build_cache); the keys go to `step_keys` for the site, which reads these files."""
    files: dict[Path, None] = {}
    settings = {k: v for k, v in asdict(options).items() if k != "languages"}
    for name, step in STEPS:
        if on_step:
            on_step(content.id, name)
        if name in UNCACHED_STEPS:
            files.update(dict.fromkeys(step(content, game_dir, options, errors)))
            continue
        scope = STEP_SCOPES.get(name, "all")
        inputs = STEP_INPUTS.get(name)
        keys = {lang: unit_key("step", name, content.id, lang, language_fingerprint(content, lang, scope), settings,
                               inputs(content, lang) if inputs else None)
                for lang in options.languages}
        # the languages to make first, then the cached ones, whose links never replace a file just made
        for lang in sorted(options.languages, key=lambda lang: cache.has(keys[lang])):
            step_keys.setdefault((content.id, lang), []).append(keys[lang])
            unit = f"{content.id}/{name}/{lang}"
            made = cache.restore(keys[lang], game_dir, unit)
            if made is None:
                before = len(errors.errors)
                with cache.active():  # parts of the unit an edit left alone come from the cache too
                    made = step(content, game_dir, replace(options, languages=(lang,)), errors)
                if len(errors.errors) == before:
                    cache.store(keys[lang], game_dir, made, unit)
            files.update(dict.fromkeys(made))
    return list(files)


def build_games(contents: list[GameContent], output: Path, options: BuildOptions, errors: ErrorList,
                on_step: Callable[[str, str], None] | None = None,
                on_wait: Callable[[str], None] | None = None, cache: BuildCache | None = None) -> dict[str, list[Path]]:
    """Build every game; on any error nothing in `output` changes. Returns written files per game.

    Units whose inputs did not change since an earlier build are copied from `cache` instead of
    being made again (generator.build_cache; None: the output's own cache, output/.pnp/cache).
    Raises OutputRefused when output/ holds something this build may not replace.
    """
    from generator.site.stage import PROJECT, SITE, build_site, publish_project

    refuse_reserved_ids(contents, errors)
    if errors:
        return {}
    output.mkdir(parents=True, exist_ok=True)
    folder = OutputFolder(output)
    folder.check_names([content.id for content in contents] + [SITE])
    written: dict[str, list[Path]] = {}
    with folder.locked(on_wait):
        cache = cache if cache is not None else BuildCache.of_output(output)
        staging = folder.stage()
        try:
            step_keys: dict[tuple[str, str], list[str]] = {}
            for content in contents:
                game_dir = staging / content.id
                game_dir.mkdir(parents=True)
                files = run_steps(content, game_dir, options, errors, cache, step_keys, on_step)
                written[content.id] = [output / content.id / f.relative_to(game_dir) for f in files]
            if errors:
                return {}
            checkpoint("steps")
            # the rules site: after every per-game step, from the files they just wrote (generator/site)
            site_files = build_site(contents, staging, options.languages, options.papers, errors, on_step,
                                    cache=cache, step_keys=step_keys)
            if errors:
                return {}
            checkpoint("site")
            written[SITE] = [output / SITE / f.relative_to(staging / SITE) for f in site_files]
            publish_project(staging, output.resolve().parent / SITE)
            shutil.rmtree(staging / PROJECT, ignore_errors=True)
            replaced = in_scope(options.languages, options.papers, LANGUAGES, PAPERS)
            for content in contents:  # a build for one language or paper keeps the others' files
                folder.merge(staging, content.id, replaced)
            folder.keep(staging, [name for name in folder.names_in_use() if name not in written])
            folder.commit(staging)
            cache.commit()
            cache.prune()
            return written
        finally:
            cache.discard()  # nothing when committed; a failed build leaves the cache as it was
            shutil.rmtree(staging, ignore_errors=True)
