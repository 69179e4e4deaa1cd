"""Golden playthroughs: saved games (`pnp play --save`) in a game's playthroughs/, played again under its rules.

A game may keep whole saved games whose course the designer wants to hear about when the data
changes. Each is played from its own header (seed, options), its decisions in order; chance comes
from the seed, or from the file for a game saved with its chance outcomes. `pnp check` refuses a
playthrough whose decision the rules now refuse (`check_playthroughs`); `pnp diff`
(generator.diff.playthroughs) plays it under two revisions and shows where they part.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.content.errors import ErrorList, Mark, relative
from generator.content.loader import GameContent
from generator.rules.contract import OptionsError
from generator.rules.core import ChanceError, RuleError
from generator.rules.faults import add_fault
from generator.rules.log import MAX_SAVED_GAME_BYTES, ReplayError, read_rows, short
from generator.rules.presentation import parse_action
from generator.rules.registry import EngineLoadError, make_game

LANG = "en"  # the language refusals are written in; a comparison of two plays looks at every event
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
    played = PlayedThrough([game.presentation.render_event(ev, LANG, None) for ev in state.events])
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
            state.apply(parse_action(state, written))
        except (RuleError, ChanceError) as exc:
            played.refused = (step, str(exc))  # the rule's sentence; the report shows the decision beside it
            break
        except Exception as exc:  # the engine's fault: noted with the decision's line, for its report
            if getattr(exc, DECISION, None) is None:
                setattr(exc, DECISION, (lines[step - 1] if step <= len(lines) else None, written))
            raise
        sentences = [game.presentation.render_event(ev, LANG, None) for ev in state.events[shown:]]
        played.steps.append((str(written), player, sentences))
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


def check_playthroughs(content: GameContent, errors: ErrorList, started: Callable[[str], None] | None = None) -> None:
    """Every golden playthrough (playthroughs/*.jsonl, saved by `pnp play --save`) still plays to its
    last decision under these rules; the first refused decision is an error at its line.

    A playthrough that plays on but differently is no error here: `pnp diff` shows what changed.
    `started` hears of each playthrough before it is played (generator.rules.engine_child).
    """
    for path in playthrough_files(content.root):
        if started is not None:
            started(f"golden playthrough {path.name}")
        played = played_through_file(content, path, errors)
        if played is None or played.refused is None:
            continue
        step, why = played.refused
        line = 1
        if step:
            try:
                rows = read_rows(path.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, ReplayError):
                rows = []
            decisions = [number for number, row in rows[1:] if row.get("kind") == "decision"]
            line = decisions[step - 1] if step <= len(decisions) else line
        where = f"decision {step}" if step else "its header"
        errors.add(Mark(relative(path), line, 1), f"golden playthrough {path.name}: {where} no longer plays: {why}",
                   hint="if the rules changed on purpose, save the game again with `pnp play --save`; "
                        "`pnp diff` shows where it parts", code="example")
