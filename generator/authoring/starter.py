"""`pnp new`: a complete, commented starter game a designer changes into their own.

The starter lives in templates/new-game/ as real files (so it is read, edited and reviewed like
any game); `__GAME__` and `__TITLE__` in them become the new game's id and title. Every YAML file
gets a `# yaml-language-server: $schema=...` first line pointing at the game's own schemas in
`schema/`, written with the game's kinds and operations folded in. The game appears whole or not
at all: it is written beside its place and renamed into it in one step.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path, PurePosixPath

from pydantic import TypeAdapter, ValidationError

from generator.authoring.schemas import schema_comment, write_schemas
from generator.content.errors import ErrorList
from generator.content.model_errors import validate_model
from generator.content.schema import Game, Slug
from generator.content.yaml_source import load_yaml
from generator.output_files import RESERVED_IDS

STARTER = Path(__file__).resolve().parents[2] / "templates" / "new-game"
# `pnp new --engine NAME`: the folder each starter is copied from. `minimal` ships inside the package
# (its engine is the worked example of docs/engines.md); `full` is the commented starter of templates/.
STARTERS = {"minimal": Path(__file__).resolve().parent / "starters" / "minimal", "full": STARTER}
DEFAULT_ENGINE = "full"
SCHEMA_DIR = PurePosixPath("schema")
SKIPPED = ("__pycache__", ".pyc")


class StarterRefused(Exception):
    """A game that `pnp new` will not write (a bad id, a folder already there): one sentence why."""


def check_game_id(game_id: str) -> None:
    """Refuse an id the content schema would refuse, or one the build's output folders use."""
    try:
        TypeAdapter(Slug).validate_python(game_id)
    except ValidationError:
        raise StarterRefused(f"'{game_id}' is not a game id: use up to 64 lower-case letters, digits and hyphens, "
                             "starting with a letter or digit (such as my-game)") from None
    if game_id in RESERVED_IDS:
        raise StarterRefused(f"'{game_id}' cannot be a game id: the build's output uses the folders "
                             f"{', '.join(sorted(RESERVED_IDS))}")


def title_of(game_id: str) -> str:
    """A first title from the id (`reef-keepers` -> `Reef Keepers`); the designer writes the real one."""
    return " ".join(word.capitalize() for word in game_id.split("-") if word)


def starter_files(engine: str = DEFAULT_ENGINE) -> list[PurePosixPath]:
    """The starter's files, relative to its folder, in a stable order."""
    folder = STARTERS[engine]
    return sorted(PurePosixPath(p.relative_to(folder).as_posix()) for p in folder.rglob("*")
                  if p.is_file() and not any(part.endswith(SKIPPED) for part in p.parts))


def starter_text(relative: PurePosixPath, game_id: str, engine: str = DEFAULT_ENGINE) -> str:
    """One file of the starter as the new game holds it: names filled in, the schema line on top."""
    text = (STARTERS[engine] / relative).read_text(encoding="utf-8")
    text = text.replace("__GAME__", game_id).replace("__TITLE__", title_of(game_id))
    comment = schema_comment(relative, SCHEMA_DIR)
    return f"{comment}\n{text}" if comment else text


def write_starter(content_dir: Path, game_id: str, engine: str = DEFAULT_ENGINE) -> Path:
    """Write the starter game as `content_dir/game_id` and return its folder; StarterRefused says why not.

    `engine` chooses the starter (`STARTERS`): `minimal`, a small game whose engine is about 100 lines, or
    `full`, a game with two card kinds, a board and effects as operations."""
    if engine not in STARTERS:
        raise StarterRefused(f"--engine {engine}: choose {' or '.join(STARTERS)}")
    check_game_id(game_id)
    target = content_dir / game_id
    if target.exists() or target.is_symlink():
        raise StarterRefused(f"{target} already exists; choose another id or move that folder away")
    content_dir.mkdir(parents=True, exist_ok=True)
    staging = content_dir / f".{game_id}.new-{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    try:
        for relative in starter_files(engine):
            path = staging / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(starter_text(relative, game_id, engine), encoding="utf-8")
        write_schemas(staging / SCHEMA_DIR, _game_of(staging))
        if target.exists() or target.is_symlink():
            raise StarterRefused(f"{target} appeared while the game was written; nothing was changed")
        staging.rename(target)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return target


def _game_of(folder: Path) -> Game:
    """The starter's game.yaml as the model (a starter the loader refuses is a bug in pnp-forge)."""
    errors = ErrorList()
    doc = load_yaml(folder / "game.yaml", errors, "game.yaml", folder)
    game = validate_model(Game, doc.data, doc.source, errors) if doc.data is not None else None
    if game is None:
        raise RuntimeError(f"the starter game does not load: {errors.as_text()}")
    return game
