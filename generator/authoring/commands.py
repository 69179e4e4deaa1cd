"""`pnp new` and `pnp schema`: the commands that help a designer start and write a game."""

from __future__ import annotations

import sys
from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape

from generator.cli_options import content_option, games_or_usage_error
from generator.content.errors import ErrorList, Mark, relative
from generator.content.model_errors import validate_model
from generator.content.schema import Game
from generator.content.yaml_source import load_yaml

stdout = Console(highlight=False, soft_wrap=True)
REFERENCE_FILE = "content-reference.md"


@click.command("new")
@click.argument("game")
@content_option
def new_command(game: str, content_dir: Path) -> None:
    """Write a starter game GAME into the content folder: it checks, builds and plays at once.

    GAME is the new game's id and folder name (lower-case letters, digits and hyphens). The
    starter has two card kinds (jobs and orders), a board with a score track, two resources with
    their icons, rules pages in German and English, an example turn and a small rules engine in
    the game's own folder (engine/rules.py, see docs/engines.md). Comments in every file say what
    it is for. Each YAML file starts with a `# yaml-language-server: $schema=` line naming its
    JSON Schema in the game's schema/ folder, so editors complete keys and underline mistakes.

    Refused (exit 2): an id the content schema refuses, an id the build's output uses (site,
    simulations, diff, assets, search), or a folder that already exists. The game appears whole or
    not at all.
    """
    from generator.authoring.starter import StarterRefused, write_starter

    try:
        folder = write_starter(content_dir, game)
    except StarterRefused as exc:
        raise click.UsageError(str(exc)) from None
    files = sorted(p for p in folder.rglob("*") if p.is_file())
    stdout.print(f"[green]✓[/] wrote {escape(str(folder))}: {len(files)} files")
    where = "" if content_dir == Path("content") else f" --content {content_dir}"
    stdout.print("next:")
    for command in (f"pnp check {game}{where}", f"pnp build {game}{where}", f"pnp play {game} --seed 1{where}"):
        stdout.print(f"  {escape(command)}")


@click.command("schema")
@click.argument("game", required=False)
@content_option
@click.option("--out", "out_dir", type=click.Path(path_type=Path, file_okay=False), default=None,
              help="Folder to write into. Default: ./schema; with GAME, the game's own schema/ folder (where the "
                   "lines `pnp new` writes point); with --reference, the terminal.")
@click.option("--reference", is_flag=True,
              help=f"Write the content reference instead: every key of every file with its type, default and "
                   f"description, as Markdown ({REFERENCE_FILE} in --out).")
def schema_command(game: str | None, content_dir: Path, out_dir: Path | None, reference: bool) -> None:
    """Write a JSON Schema for every kind of content file, for editors that complete and check YAML.

    One schema per file type: game.yaml, cards/*.yaml, boards/*.yaml, tables/*.yaml,
    examples/*.yaml, rules/<lang>/sentences.yaml and layouts/*.yaml, generated from the models
    `pnp check` validates with. With GAME, the game's card kinds with their fields, its resources
    and its effect operations are folded in (only its game.yaml needs to be valid). Point an
    editor at them with a first line `# yaml-language-server: $schema=../schema/cards.schema.json`
    (VS Code: the YAML extension). A schema catches what one file can show; `pnp check` still
    checks references between files, counts, icons and layouts.
    """
    from generator.authoring.schemas import write_schemas

    if reference:
        if game:
            raise click.UsageError("the content reference describes the files of every game; leave out GAME")
        from generator.authoring.reference import reference_markdown

        text = reference_markdown()
        if out_dir is None:
            click.echo(text, nl=False)
            return
        out_dir.mkdir(parents=True, exist_ok=True)
        (out_dir / REFERENCE_FILE).write_text(text, encoding="utf-8")
        stdout.print(f"[green]✓[/] wrote {escape(str(out_dir / REFERENCE_FILE))}")
        return
    model = None
    if game:
        [game_id] = games_or_usage_error(content_dir, (game,))
        model = _game_yaml(content_dir / game_id)
        out_dir = out_dir or content_dir / game_id / "schema"
    written = write_schemas(out_dir or Path("schema"), model)
    stdout.print(f"[green]✓[/] wrote {len(written)} schemas to {escape(str(written[0].parent))}"
                 + (f" with the kinds and operations of '{escape(game)}'" if game else ""))


def _game_yaml(folder: Path) -> Game:
    """The game's game.yaml as the model; its errors are content errors (exit 1)."""
    errors = ErrorList()
    shown = relative(folder / "game.yaml")
    doc = load_yaml(folder / "game.yaml", errors, shown, folder)
    if doc.data is None and not errors:
        errors.add(Mark(shown, 1, 1), "game.yaml is empty", hint="a game needs at least its id, title, players, "
                   "age and play time", code="schema")
    game = validate_model(Game, doc.data, doc.source, errors) if doc.data is not None else None
    if game is None:
        for error in errors:
            click.echo(error.one_line(), err=True)
        click.echo(f"{len(errors)} error(s) in game.yaml; the schemas need a valid game.yaml", err=True)
        sys.exit(1)
    return game
