"""Board components tied to board files: every board in the box is drawn, every drawn board is in the box.

A component of type `board` (or a `tableau` that names one) is printed from a file in boards/;
`board: ID` names that file's id, and a board component without it is the board of its own id.
A board file no component names would be printed but missing from the component list (and
from the box's counts); a board component with no file would be listed but never printed.
"""

from __future__ import annotations

from generator.content.errors import ErrorList, relative
from generator.content.loader import GameContent
from generator.content.schema import Component
from generator.content.suggest import did_you_mean

BOARD_TYPES = ("board", "tableau")


def board_of(component: Component) -> str | None:
    """The id of the board file a component is printed from (None: not a board)."""
    if component.type not in BOARD_TYPES:
        return None
    return component.board or (component.id if component.type == "board" else None)


def check_component_boards(content: GameContent, errors: ErrorList) -> None:
    """Every board component names an existing board file, and every board file is named by one."""
    boards = sorted(b.id for b in content.boards)
    boards_folder = relative(content.root / "boards")
    # a board file that did not load is reported where it failed; its component is no second error
    broken_boards = any(e.mark.file.startswith(boards_folder) for e in errors.errors)
    named: set[str] = set()
    for i, comp in enumerate(content.game.components):
        at = ("components", i)
        if comp.type not in BOARD_TYPES:
            if comp.board:
                errors.add(content.mark_of("game", content.id, *at, "board"),
                           f"component '{comp.id}' of type '{comp.type}' names board '{comp.board}'", (*at, "board"),
                           hint="only a component of type board or tableau is printed from a board file; "
                                "change its type or remove `board:`", code="reference")
            continue
        target = board_of(comp)
        if target is None:  # a tableau that is not printed from a board file of this game
            continue
        if target in boards:
            named.add(target)
            continue
        if broken_boards:
            continue
        listed = ", ".join(boards) or "none"
        if comp.board:
            errors.add(content.mark_of("game", content.id, *at, "board"), f"no board file with id '{comp.board}'",
                       (*at, "board"), hint=did_you_mean(comp.board, boards, "boards") if boards else
                       f"add boards/{comp.board}.yaml with `id: {comp.board}`", code="reference")
        else:
            errors.add(content.mark_of("game", content.id, *at, "type"),
                       f"board component '{comp.id}' has no board file: no board with id '{comp.id}'", (*at, "type"),
                       hint=f"name its file's id with `board: ID` (board files: {listed}), or add "
                            f"boards/{comp.id}.yaml with `id: {comp.id}`", code="reference")
    for board in content.boards:
        if board.id not in named:
            errors.add(content.mark_of("board", board.id, "id"),
                       f"board '{board.id}' is not a component of the game", ("id",),
                       hint=f"add `board: {board.id}` to its component in game.yaml (type board or tableau), "
                            f"or a component {{id: {board.id}, type: board, count: 1, name: ...}}", code="reference")
