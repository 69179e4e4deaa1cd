"""Saved games as JSON lines, and `replay`, which re-referees a saved game entry by entry.

Line 1 is the header: format, engine id and version, the hash of the rules content the game
was played with, seed and options. Every further line is one entry, in the order it happened:

    {"kind": "chance",   "what": "time", "outcome": [...the order the shuffle produced...], "hash": ...}
    {"kind": "auto",     "what": "turn-start", "events": [...], "hash": ...}
    {"kind": "decision", "player": 1, "action": "move food 3", "events": [...], "hash": ...}

`hash` is the hash of the state after the entry. Replaying sets up the game from the header,
takes every chance outcome from the file (refusing one the game could not have produced),
checks every decision against the legal actions of its state and every hash against the
state the engine reaches, and names the first entry that fails.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.content.loader import GameContent
from generator.rules.core import ChanceError, GameState, RuleError
from generator.rules.registry import engine_module

FORMAT = "pnp-forge-game/1"


class ReplayError(Exception):
    """A saved game that does not replay: which entry (1 = header line) and why."""

    def __init__(self, line: int, message: str):
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.message = message


@dataclass
class ReplayResult:
    entries: int
    decisions: int
    final_hash: str
    state: GameState


def header_of(state: GameState, content: GameContent, options: dict[str, Any], policy: str | None = None) -> dict:
    module = engine_module(content.game.engine or "")
    head = {"format": FORMAT, "game": content.id, "engine": state.engine_id, "engine_version": state.engine_version,
            "content_hash": module.content_hash(content), "seed": state.seed, "options": options}
    if policy:
        head["policy"] = policy
    return head


def dump_lines(header: dict, log: list[dict]) -> str:
    """The JSON-lines text of a game: deterministic (sorted keys, no spaces)."""
    lines = [json.dumps(header, sort_keys=True, ensure_ascii=False, separators=(",", ":"))]
    lines += [json.dumps(entry, sort_keys=True, ensure_ascii=False, separators=(",", ":")) for entry in log]
    return "\n".join(lines) + "\n"


def save_game(path: Path, header: dict, log: list[dict]) -> None:
    path.write_text(dump_lines(header, log), encoding="utf-8")


def _read(text: str) -> list[dict]:
    rows = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ReplayError(number, f"not JSON ({exc.msg})") from None
        if not isinstance(row, dict):
            raise ReplayError(number, "each line holds one JSON object")
        rows.append(row)
    if not rows:
        raise ReplayError(1, "empty file: the first line is the header")
    return rows


def _same(mine: dict, theirs: dict) -> str | None:
    for key in ("kind", "what", "action", "outcome"):
        if mine.get(key) != theirs.get(key):
            return f"the engine records {key} {mine.get(key)!r} here, the file {theirs.get(key)!r}"
    if mine.get("hash") != theirs.get("hash"):
        return f"state hash differs: the engine reaches {mine.get('hash')}, the file says {theirs.get('hash')}"
    return None


def replay_text(text: str, content: GameContent) -> ReplayResult:
    """Re-referee a saved game; raises ReplayError naming the first entry that fails."""
    rows = _read(text)
    head, entries = rows[0], rows[1:]
    if head.get("format") != FORMAT:
        raise ReplayError(1, f"not a saved game of this format (expected format {FORMAT!r})")
    if head.get("engine") != content.game.engine:
        raise ReplayError(1, f"played with engine {head.get('engine')!r}, this game uses {content.game.engine!r}")
    module = engine_module(content.game.engine or "")
    if str(head.get("engine_version")) != module.ENGINE_VERSION:
        raise ReplayError(1, f"played with engine version {head.get('engine_version')}, this is {module.ENGINE_VERSION}")
    if head.get("content_hash") != module.content_hash(content):
        raise ReplayError(1, f"played with other rules content (hash {head.get('content_hash')}, now "
                             f"{module.content_hash(content)}): a card number or count has changed")
    line_of = lambda index: index + 2  # noqa: E731  (entries start on line 2)
    forced = [(line_of(i), e) for i, e in enumerate(entries) if e.get("kind") == "chance"]
    try:
        state = module.new_game(content, int(head["seed"]), head.get("options") or {}, log=True, forced=forced)
    except ChanceError as exc:
        raise ReplayError(exc.line or 1, f"set-up: {exc}") from None
    except (KeyError, ValueError, TypeError) as exc:
        raise ReplayError(1, f"bad header: {exc}") from None
    done = 0

    def sync() -> None:
        nonlocal done
        assert state.log is not None
        while done < len(state.log):
            if done >= len(entries):
                raise ReplayError(line_of(done), f"the file ends, but the game goes on with a {state.log[done]['kind']} entry")
            problem = _same(state.log[done], entries[done])
            if problem:
                raise ReplayError(line_of(done), problem)
            done += 1

    decisions = 0
    sync()
    while done < len(entries):
        entry = entries[done]
        if entry.get("kind") != "decision":
            raise ReplayError(line_of(done), f"the game waits for a decision here, the file has a {entry.get('kind')!r} entry")
        try:
            action = state.parse_action(str(entry.get("action", "")))
            state.apply(action)
        except RuleError as exc:
            raise ReplayError(line_of(done), f"illegal decision {entry.get('action')!r}: {exc}") from None
        except ChanceError as exc:
            raise ReplayError(exc.line or line_of(done), str(exc)) from None
        decisions += 1
        sync()
    return ReplayResult(len(entries), decisions, state.state_hash(), state)
