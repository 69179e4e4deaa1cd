"""Golden playthroughs a change broke or made play differently: saved games played under both revisions.

A game may keep saved games (`pnp play --save`) in its folder's playthroughs/ (*.jsonl): whole
games whose course the designer wants to hear about when the data changes. Each is played again
under both revisions from its own header (seed, options), its decisions in order; chance comes
from the seed, or from the file for a game saved with its chance outcomes. Where the two plays
part is the answer: the first decision the new revision refuses (broke), or the first decision
whose events differ (plays differently). Only the two revisions' plays are compared, never the
events the file recorded, so a file saved some revisions ago still shows what this change did.
"""

from __future__ import annotations

from pathlib import Path

from generator.content.errors import ErrorList
from generator.content.loader import GameContent
from generator.diff.examples import (
    ADDED,
    BROKE,
    DIFFERS,
    FIXED,
    REFUSED,
    REMOVED,
    SAME,
    STILL_REFUSED,
    ExampleChange,
    parted_lines,
)
from generator.rules.log import ReplayError, read_rows
from generator.rules.playthroughs import PlayedThrough, played_through_file, playthrough_files


def first_parting(old: PlayedThrough, new: PlayedThrough) -> tuple[int, str, list[str], list[str]] | None:
    """(step, what, old lines, new lines) where two plays first part (0: the set-up); None when they agree."""
    if old.setup != new.setup:
        return (0, "the set-up differs", *parted_lines(old.setup, new.setup))
    for index, (a, b) in enumerate(zip(old.steps, new.steps, strict=False)):
        if a != b:
            if a[1] != b[1]:
                return index + 1, "another player decides", [f"player {a[1] + 1}"], [f"player {b[1] + 1}"]
            return (index + 1, f"step {index + 1} plays differently", *parted_lines(a[2], b[2]))
    if old.outcome != new.outcome:
        return len(new.steps), "the game ends otherwise", [old.outcome], [new.outcome]
    return None


def playthrough_changes(old: GameContent | None, old_root: Path | None, new: GameContent | None,
                        new_root: Path | None, old_errors: ErrorList, new_errors: ErrorList,
                        new_is_working_tree: bool = True) -> list[ExampleChange]:
    """Every golden playthrough of either revision and what the change did to it (SAME included; the old side is
    always a revision)."""
    before = {p.stem: p for p in playthrough_files(old_root)} if old is not None and old.game.engine else {}
    after = {p.stem: p for p in playthrough_files(new_root)} if new is not None and new.game.engine else {}
    changes: list[ExampleChange] = []
    for name in [*after, *(n for n in before if n not in after)]:
        title = {"de": name, "en": name}
        then = played_through_file(old, before[name], old_errors, False) if old is not None and name in before else None
        now = played_through_file(new, after[name], new_errors, new_is_working_tree) \
            if new is not None and name in after else None
        if (name in before and then is None) or (name in after and now is None):
            continue  # an engine fault, reported as an error of its revision
        if now is None:
            changes.append(ExampleChange(name, title, REMOVED))
            continue
        if now.refused is not None:
            step, why = now.refused
            status = REFUSED if then is None else STILL_REFUSED if then.refused is not None else BROKE
            action = now_action(after[name], step)
            changes.append(ExampleChange(name, title, status, step, action, why))
            continue
        if then is None:
            changes.append(ExampleChange(name, title, ADDED))
            continue
        if then.refused is not None:
            changes.append(ExampleChange(name, title, FIXED, then.refused[0], None, f"was refused: {then.refused[1]}"))
            continue
        parted = first_parting(then, now)
        if parted is None:
            changes.append(ExampleChange(name, title, SAME))
            continue
        step, what, old_lines, new_lines = parted
        action = now.steps[step - 1][0] if 0 < step <= len(now.steps) else None
        changes.append(ExampleChange(name, title, DIFFERS, step, action, what, old_lines, new_lines))
    return changes


def now_action(path: Path, step: int) -> str | None:
    """The decision the file makes at `step` (1-based), for the report."""
    if step <= 0:
        return None
    try:
        rows = read_rows(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ReplayError):
        return None
    decisions = [e.get("action") for _, e in rows[1:] if e.get("kind") == "decision"]
    return str(decisions[step - 1]) if step <= len(decisions) else None

