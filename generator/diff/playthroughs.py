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

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.content.errors import ErrorList, relative
from generator.content.loader import GameContent
from generator.diff.examples import (
    ADDED,
    BROKE,
    DIFFERS,
    FIXED,
    LANG,
    REFUSED,
    REMOVED,
    SAME,
    STILL_REFUSED,
    ExampleChange,
    parted_lines,
)
from generator.rules.contract import OptionsError
from generator.rules.core import ChanceError, RuleError
from generator.rules.faults import add_fault
from generator.rules.log import MAX_SAVED_GAME_BYTES, ReplayError, read_rows, short
from generator.rules.registry import EngineLoadError, make_game

FOLDER = "playthroughs"
MAX_PLAYTHROUGHS = 50   # per game and revision; more are left out (a note says how many)
MAX_SEED = 2 ** 63


@dataclass
class PlayedThrough:
    """One saved game played under one revision, as far as that revision allows."""

    setup: list[str]
    steps: list[tuple[str, int, list[str]]] = field(default_factory=list)   # (action, seat (0-based), event sentences)
    refused: tuple[int, str] | None = None                                  # (1-based step, why); 0: the header
    outcome: str = ""


def playthrough_files(root: Path | None) -> list[Path]:
    """The game's saved playthroughs: regular files in playthroughs/ (links are not followed), by name."""
    if root is None or not (root / FOLDER).is_dir() or (root / FOLDER).is_symlink():
        return []
    files = sorted(p for p in (root / FOLDER).iterdir() if p.suffix == ".jsonl" and p.is_file() and not p.is_symlink())
    return files[:MAX_PLAYTHROUGHS]


def _seed(head: dict[str, Any]) -> int:
    seed = head.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
        raise ReplayError(1, f"bad header: the seed must be a whole number from 0 to 2^63-1, not {short(seed)}")
    return seed


def play_through(content: GameContent, text: str) -> PlayedThrough:
    """Play the saved game's decisions under `content`'s rules; stops at the first one refused."""
    try:
        rows = read_rows(text)
        head = rows[0][1]
        seed = _seed(head)
        options = head.get("options") or {}
        if not isinstance(options, dict):
            raise ReplayError(1, "bad header: options must be an object")
        game = make_game(content, options)
    except (ReplayError, OptionsError, EngineLoadError) as exc:
        return PlayedThrough([], refused=(0, getattr(exc, "message", None) or str(exc)))
    entries = [entry for _, entry in rows[1:]]
    forced = None if head.get("chance") == "seed" else [(i + 2, e) for i, e in enumerate(entries)
                                                         if e.get("kind") == "chance"]
    try:
        state = game.new_initial_state(seed, forced=forced)
    except ChanceError as exc:
        return PlayedThrough([], refused=(0, f"set-up: {exc}"))
    shown = len(state.events)
    played = PlayedThrough([game.render_event(ev, LANG, None) for ev in state.events])
    decisions = [e.get("action") for e in entries if e.get("kind") == "decision"]
    lines = [number for number, e in rows[1:] if e.get("kind") == "decision"]
    for step, written in enumerate(decisions, 1):
        if state.is_terminal:
            played.refused = (step, "the game is over before this decision")
            break
        player = state.current_player
        if not isinstance(written, str):
            played.refused = (step, f"the action must be text, not {short(written)}")
            break
        try:
            state.apply(state.parse_action(written))
        except (RuleError, ChanceError) as exc:
            played.refused = (step, str(exc))  # the rule's sentence; the report shows the decision beside it
            break
        except Exception as exc:  # the engine's fault: noted with the decision's line, for its report
            if getattr(exc, DECISION, None) is None:
                setattr(exc, DECISION, (lines[step - 1] if step <= len(lines) else None, written))
            raise
        played.steps.append((str(written), player, [game.render_event(ev, LANG, None) for ev in state.events[shown:]]))
        shown = len(state.events)
    outcome = state.outcome()
    played.outcome = outcome.text.get(LANG, outcome.cause) if outcome else "unfinished"
    return played


DECISION = "pnp_playthrough_decision"  # the attribute of an engine's exception: the decision's (line, action)


def played_through_file(content: GameContent, path: Path, errors: ErrorList,
                        working_tree: bool = True) -> PlayedThrough | None:
    """The playthrough under one revision; None when the game's own engine fails (an error of that revision, which
    names `pnp check` as the way to repeat it when the content is the working tree's)."""
    try:
        if path.stat().st_size > MAX_SAVED_GAME_BYTES:
            return PlayedThrough([], refused=(0, f"the file is larger than {MAX_SAVED_GAME_BYTES // 2 ** 20} MiB"))
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return PlayedThrough([], refused=(0, f"cannot read the file: {exc}"))
    try:
        return play_through(content, text)
    except Exception as exc:  # a fault of the game's own engine is content; any other is a bug (raised)
        line, action = getattr(exc, DECISION, None) or (None, None)
        doing = f"playing {relative(path)}" + (f":{line}" if line else "") + \
            (f" (action {json.dumps(action, ensure_ascii=False)})" if action is not None else "")
        if not add_fault(errors, exc, content, doing, f"pnp check {content.id}" if working_tree else ""):
            raise
        return None


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

