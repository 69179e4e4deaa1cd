"""What a broken game.yaml holds back: one line for each file whose further checks need it.

When game.yaml cannot be read as a game, every other file is still read and checked on its own
(loader.read_folder, validate.check_alone). What such a file says about the game (a card's kind,
fields and effects, a table's effects, an example's options, which component prints a board)
can only be checked against a sound game.yaml: those checks wait, and the file says so in one
line, so a designer sees that more may follow and why, and never a second error for one mistake.
"""

from __future__ import annotations

from generator.content.errors import ErrorList, Mark, relative
from generator.content.loader import GameContent

# what waits for game.yaml, by the kind of file (loader's origin keys)
WAITING = {
    "card-dup": "its cards' kinds, fields and effects are not checked",
    "table": "its effects are not checked",
    "example": "its options are not checked",
    "board": "the component that prints it is not checked",
}


def hold_back(content: GameContent, errors: ErrorList) -> None:
    """One line for each file read whose checks against game.yaml wait for game.yaml to be fixed."""
    game_file = relative(content.root / "game.yaml")
    waiting: dict[str, str] = {}
    for (what, _item), located in content.origins.items():
        if what not in WAITING or located.source.file in waiting:
            continue
        if what == "table" and not any(entry.effects for table in content.tables for entry in table.entries
                                       if content.origin("table", table.id) is located):
            continue  # a table without effects checks all it has on its own
        waiting[located.source.file] = WAITING[what]
    for file, held in sorted(waiting.items()):
        errors.note_held_back(Mark(file), f"{held} because {game_file} has errors")
