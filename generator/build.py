"""The build pipeline: run every output step for a game into a staging folder, then swap it in.

Nothing half-written: each game is built into `output/.staging-*/<game>` and moved to
`output/<game>` only when every step succeeded, so a failed build leaves the previous output.
Steps register themselves in `STEPS`; each writes files under the game's folder and returns the
paths it wrote for the summary table.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Protocol

from generator import output_files
from generator.content.errors import ErrorList
from generator.content.loader import GameContent


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

from generator.render.cards_step import render_cards  # noqa: E402  (card sheets, POD, SVG faces)

STEPS.append(("cards", render_cards))

from generator.boards.step import render_boards  # noqa: E402  (boards: SVG, full and tiled PDFs; tokens)

STEPS.append(("boards", render_boards))


def build_games(contents: list[GameContent], output: Path, options: BuildOptions, errors: ErrorList,
                on_step: Callable[[str, str], None] | None = None) -> dict[str, list[Path]]:
    """Build every game; on any error nothing in `output` changes. Returns written files per game."""
    output.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".staging-", dir=output))
    written: dict[str, list[Path]] = {}
    try:
        for content in contents:
            game_dir = staging / content.id
            game_dir.mkdir(parents=True)
            files: list[Path] = []
            for name, step in STEPS:
                if on_step:
                    on_step(content.id, name)
                files.extend(step(content, game_dir, options, errors))
            written[content.id] = [output / content.id / f.relative_to(game_dir) for f in files]
        if errors:
            return {}
        # the rules site: after every per-game step, from the files they just wrote (generator/site)
        from generator.site.stage import SITE, build_site, publish_project

        site_files = build_site(contents, staging, options.languages, options.papers, errors, on_step)
        if errors:
            return {}
        for name in [content.id for content in contents] + [SITE]:
            final = output / name
            old = None
            if final.exists():
                old = output / f".old-{name}-{os.getpid()}"
                final.rename(old)
            (staging / name).rename(final)
            if old is not None:
                shutil.rmtree(old)
        written[SITE] = [output / SITE / f.relative_to(staging / SITE) for f in site_files]
        publish_project(staging, output.resolve().parent / SITE)
        return written
    finally:
        shutil.rmtree(staging, ignore_errors=True)
