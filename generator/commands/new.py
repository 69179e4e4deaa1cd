"""`pnp new` and `pnp schema`: the commands that help a designer start and write a game."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.commands.failure import CommandFailed, CommandRefused
from generator.commands.loading import game_ids

if TYPE_CHECKING:
    from generator.content.schema import Game

REFERENCE_FILE = "content-reference.md"


@dataclass
class NewGame:
    folder: Path
    files: list[Path]
    next_commands: list[str]
    trusted: bool = False  # its engine module may run (pnp trust); False when the trust list could not be written
    engine: str = "full"   # which starter: minimal or full; none for a game made from a card sheet

    def as_json(self) -> dict[str, Any]:
        return {"ok": True, "folder": str(self.folder), "files": [str(p) for p in self.files],
                "next": self.next_commands, "trusted": self.trusted, "engine": self.engine}


def new_game(content_dir: Path, game: str, engine: str = "full", from_sheet: Path | None = None,
             languages: tuple[str, ...] = ()) -> NewGame:
    """Write the starter game GAME with the `minimal` or `full` engine (or a game around the card sheet
    `from_sheet`, without an engine, made in `languages`: none given, those the sheet's columns name, else
    English); refused (bad usage) for a bad id or a folder that exists; a sheet that cannot be read fails
    with its errors (exit 1)."""
    from generator.authoring.starter import StarterRefused, write_starter

    where = "" if content_dir == Path("content") else f" --content {content_dir}"
    if from_sheet is not None:
        from generator.authoring.sheet_start import write_from_sheet

        try:
            folder, errors = write_from_sheet(content_dir, game, from_sheet, languages)
        except StarterRefused as exc:
            raise CommandRefused(str(exc)) from None
        if errors:
            raise CommandFailed(errors, note="nothing was written")
        return NewGame(folder, sorted(p for p in folder.rglob("*") if p.is_file()),
                       [f"pnp check {game}{where}", f"pnp build {game}{where}"], engine="none")
    if languages:
        raise CommandRefused("--lang chooses the language of a game made --from-sheet; the starters are made in "
                             "German and English")
    try:
        folder = write_starter(content_dir, game, engine)
    except StarterRefused as exc:
        raise CommandRefused(str(exc)) from None
    files = sorted(p for p in folder.rglob("*") if p.is_file())
    following = [f"pnp check {game}{where}", f"pnp build {game}{where}", f"pnp play {game} --seed 1{where}"]
    trusted = _trusted(folder)
    if not trusted:
        following.insert(0, f"pnp trust {folder}")
    return NewGame(folder, files, following, trusted, engine)


def _trusted(folder: Path) -> bool:
    """Trust the engine the starter wrote (the user just asked for it), so check, build and play run it at once.

    False when the trust list cannot be written or read: the game is there, the next step then says to trust it.
    """
    from generator.rules import trust

    try:
        trust.grant(folder)
    except (OSError, trust.TrustListBroken):
        return False
    return True


@dataclass
class Schemas:
    written: list[Path]
    game: str | None = None
    reference: str | None = None  # the content reference's Markdown when it goes to the terminal

    def as_json(self) -> dict[str, Any]:
        return {"ok": True, "written": [str(p) for p in self.written], "game": self.game}


def schemas(game: str | None, content_dir: Path, out_dir: Path | None, reference: bool) -> Schemas:
    """Write the JSON Schemas (with GAME's kinds folded in), or the content reference."""
    from generator.authoring.schemas import write_schemas

    if reference:
        if game:
            raise CommandRefused("the content reference describes the files of every game; leave out GAME")
        from generator.authoring.reference import reference_markdown

        text = reference_markdown()
        if out_dir is None:
            return Schemas([], reference=text)
        out_dir.mkdir(parents=True, exist_ok=True)
        (out_dir / REFERENCE_FILE).write_text(text, encoding="utf-8")
        return Schemas([out_dir / REFERENCE_FILE])
    model = None
    if game:
        [game_id] = game_ids(content_dir, (game,))
        model = game_yaml(content_dir / game_id)
        out_dir = out_dir or content_dir / game_id / "schema"
    return Schemas(write_schemas(out_dir or Path("schema"), model), game)


def game_yaml(folder: Path) -> Game:
    """The game's game.yaml as the model; its errors are content errors (exit 1)."""
    from generator.content.errors import ErrorList, Mark, relative
    from generator.content.model_errors import validate_model
    from generator.content.schema import Game
    from generator.content.yaml_source import load_yaml

    errors = ErrorList()
    shown = relative(folder / "game.yaml")
    doc = load_yaml(folder / "game.yaml", errors, shown, folder)
    if doc.data is None and not errors:
        errors.add(Mark(shown, 1, 1), "game.yaml is empty", hint="a game needs at least its id, title, players, "
                   "age and play time", code="schema")
    game = validate_model(Game, doc.data, doc.source, errors) if doc.data is not None else None
    if game is None:
        raise CommandFailed(errors, note="the schemas need a valid game.yaml")
    return game
