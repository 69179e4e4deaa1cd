"""What a broken game.yaml holds back: one note naming the files whose further checks wait for it.

When game.yaml cannot be read as a game, every other file is still read and checked on its own
(loader.read_folder, validate.check_alone). What such a file says about the game (a card's kind,
fields and effects, a table's effects, an example's options, which component prints a board,
the sentences an engine needs)
can only be checked against a sound game.yaml: those checks wait, and one note at game.yaml
names them, so a designer sees that more may follow and where, and never a second error for one
mistake.
"""

from __future__ import annotations

from pathlib import Path

from generator.content.errors import ErrorList, Mark, relative
from generator.content.loader import GameContent

# what waits for game.yaml, by the kind of item a file holds (the loader's origin keys), in this order
WAITING = {
    "card-dup": "the cards' kinds, fields and effects in",
    "table": "the effects in",
    "example": "the options of",
    "board": "the components that print",
    "sentences": "the sentences an engine needs in",
}


def hold_back(content: GameContent, errors: ErrorList) -> None:
    """One note at game.yaml naming each file read whose checks against game.yaml wait for it to be fixed."""
    waiting: dict[str, set[str]] = {what: set() for what in WAITING}
    effects = {content.origins[("table", t.id)].source.file for t in content.tables
               if ("table", t.id) in content.origins and any(entry.effects for entry in t.entries)}
    for (what, _item), located in content.origins.items():
        if what in WAITING and (what != "table" or located.source.file in effects):
            waiting[what].add(_in_game(located.source.file, content.root))
    for source in content.sentence_sources.values():  # whether an engine speaks them, game.yaml says
        waiting["sentences"].add(_in_game(source.file, content.root))
    parts = [f"{WAITING[what]} {', '.join(sorted(files))}" for what, files in waiting.items() if files]
    if parts:
        errors.note_held_back(Mark(relative(content.root / "game.yaml")),
                              f"checked once game.yaml is fixed (see above): {'; '.join(parts)}")


def hold_back_engine(content: GameContent, errors: ErrorList) -> None:
    """One note at game.yaml when its errors leave the engine unchecked (content.salvage): the other files
    were checked against the rest of game.yaml, but the engine and what is checked against it wait."""
    if not content.game.engine:
        return
    parts = ["the engine"]
    examples = sorted({_in_game(located.source.file, content.root) for (what, _item), located in content.origins.items()
                       if what == "example"})
    sentences = sorted(_in_game(source.file, content.root) for source in content.sentence_sources.values())
    if examples:
        parts.append(f"{WAITING['example']} {', '.join(examples)}")
    if sentences:
        parts.append(f"the sentences it needs in {', '.join(sentences)}")
    errors.note_held_back(Mark(relative(content.root / "game.yaml")),
                          f"checked once game.yaml is fixed (see above): {'; '.join(parts)}")


def _in_game(file: str, root: Path) -> str:
    """A file as the game folder names it (cards/events.yaml): the note already stands at the game's game.yaml."""
    prefix = relative(root) + "/"
    return file.removeprefix(prefix)
