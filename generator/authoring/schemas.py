"""JSON Schemas of the content files, derived from the pydantic models the loader validates with.

One schema per kind of file a game folder holds (game.yaml, cards/, boards/, tables/, examples/,
rules/<lang>/sentences.yaml, layouts/). Editors that speak the yaml-language-server protocol read
them (a `# yaml-language-server: $schema=...` line at the top of a file) to complete keys and
underline mistakes while a designer types. They are generated from the models, never written by
hand, so they accept what the loader accepts; what a schema cannot say (references between files,
counts, icons, layouts that fit) stays `pnp check`'s. Given a game, its declared card kinds,
fields, resources and operations are folded in (game_schema.py).
"""

from __future__ import annotations

import json
import os
import posixpath
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue
from pydantic_core import core_schema

from generator.authoring.game_schema import fold_game
from generator.content.schema import Board, CardFile, Example, Game, Table
from generator.content.sentences import Sentences
from generator.layout.spec import LayoutFile

DIALECT = "https://json-schema.org/draft/2020-12/schema"
SCHEMA_COMMENT = "# yaml-language-server: $schema="


@dataclass(frozen=True)
class FileType:
    """One kind of content file: the model that validates it and where it lies in a game folder."""

    name: str                          # the schema is <name>.schema.json
    model: type[BaseModel]
    patterns: tuple[str, ...]          # paths inside a game folder, `*` for any file name
    title: str                         # what the file is, in a few words
    optional_keys: tuple[str, ...] = ()  # keys the loader fills in when a file leaves them out

    @property
    def file_name(self) -> str:
        return f"{self.name}.schema.json"

    def matches(self, relative: PurePosixPath) -> bool:
        return any(len(relative.parts) == len(PurePosixPath(p).parts) and relative.match(p) for p in self.patterns)


def _yaml(folder: str) -> tuple[str, ...]:
    return (f"{folder}/*.yaml", f"{folder}/*.yml")


FILE_TYPES: tuple[FileType, ...] = (
    FileType("game", Game, ("game.yaml",), "game.yaml: the game, its resources, card kinds, components and "
             "effect operations"),
    FileType("cards", CardFile, _yaml("cards"), "a card file: a `cards:` list of card designs"),
    FileType("board", Board, _yaml("boards"), "a board: its size, spaces, tracks, grids, orbits, slot rows "
             "and panels"),
    FileType("table", Table, _yaml("tables"), "a dice table: what each roll of the dice means"),
    FileType("example", Example, _yaml("examples"), "an example turn the rules engine replays for the rules site",
             optional_keys=("id",)),
    FileType("sentences", Sentences, ("rules/*/sentences.yaml",), "what the rules engine says, in one language"),
    FileType("layout", LayoutFile, _yaml("layouts"), "a card layout: elements placed in millimetres, or "
             "another layout's elements changed (`extends`)"),
)


class ContentJsonSchema(GenerateJsonSchema):
    """pydantic's JSON Schema, as strict as the models: a map whose keys follow a pattern allows no other key."""

    def dict_schema(self, schema: core_schema.DictSchema) -> JsonSchemaValue:
        result = super().dict_schema(schema)
        if "patternProperties" in result and "additionalProperties" not in result:
            result["additionalProperties"] = False
        return result


def file_type_of(relative: PurePosixPath) -> FileType | None:
    """The file type of a path inside a game folder; None for a file the loader does not read as content YAML."""
    return next((t for t in FILE_TYPES if t.matches(relative)), None)


def file_schema(file_type: FileType, game: Game | None = None) -> dict[str, Any]:
    """The JSON Schema of one file type; with `game`, its kinds, fields and operations folded in."""
    schema = file_type.model.model_json_schema(schema_generator=ContentJsonSchema)
    schema["required"] = [key for key in schema.get("required", []) if key not in file_type.optional_keys]
    where = " or ".join(f"`{p}`" for p in file_type.patterns if not p.endswith(".yml"))
    document = {"$schema": DIALECT, "title": f"pnp-forge: {file_type.title}",
                **schema, "description": f"{where} in a game folder. {schema.get('description', '')}".strip()}
    if game is not None:
        fold_game(document, file_type.name, game)
    return document


def schema_text(schema: dict[str, Any]) -> str:
    """A schema as its file holds it: stable key order, so the same content writes the same bytes."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def write_schemas(out_dir: Path, game: Game | None = None) -> list[Path]:
    """Write one schema file per file type into `out_dir`; each file is replaced whole, never half-written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for file_type in FILE_TYPES:
        target = out_dir / file_type.file_name
        staged = target.with_name(f".{target.name}.tmp")
        staged.write_text(schema_text(file_schema(file_type, game)), encoding="utf-8")
        os.replace(staged, target)
        written.append(target)
    return written


def schema_comment(relative_file: PurePosixPath, schema_dir: PurePosixPath) -> str | None:
    """The yaml-language-server line for a file of a game folder, both paths relative to the game folder."""
    file_type = file_type_of(relative_file)
    if file_type is None:
        return None
    return SCHEMA_COMMENT + posixpath.relpath(str(schema_dir / file_type.file_name), str(relative_file.parent))
