"""Saved games as JSON lines, and `replay`, which re-referees a saved game entry by entry.

Line 1 is the header: format, engine id and version, the hash of the rules content the game
was played with, seed, options and where chance came from (`"chance": "seed"` when the game's
own RNG drew every outcome). Every further line is one entry, in the order it happened:

    {"kind": "chance",   "what": "time", "outcome": [...the order the shuffle produced...], "hash": ...}
    {"kind": "auto",     "what": "turn-start", "events": [...], "hash": ...}
    {"kind": "decision", "player": 1, "action": "move food 3", "events": [...], "hash": ...}

`hash` is the hash of the state after the entry. Replaying sets up the game from the header,
takes every chance outcome from the file (refusing one the game could not have produced, and,
when the header names a seed, one the seed does not give, whatever its `chance` field says: a file
whose `chance` field was deleted is checked all the same), checks every decision against
the legal actions of its state, and every entry's player, events and hash against what the
engine does, and names the first line that fails.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.content.loader import GameContent
from generator.rules.contract import GameState, OptionsError
from generator.rules.core import ChanceError, RuleError
from generator.rules.faults import remember
from generator.rules.presentation import parse_action
from generator.rules.registry import EngineLoadError, make_game

FORMAT = "pnp-forge-game/1"
MAX_LINE_CHARS = 1_000_000
MAX_LINE_BYTES = 4 * MAX_LINE_CHARS  # read at most this much of one line: more holds more than MAX_LINE_CHARS
MAX_SAVED_GAME_BYTES = 64 * 1024 * 1024  # a saved game larger than this is refused (a device or pipe: once read so far)
MAX_SAVED_GAME_LINES = 1_000_000  # a game of 64 MiB of `{}` lines would hold millions of objects in memory
MAX_NESTING = 64  # lists and objects inside each other on one line; a saved game's entries need about 4
MAX_NUMBER_CHARS = 40  # a seed needs 19 digits; 5,000 would cost Python's int conversion more than the line
MAX_SEED = 2 ** 63
# line breaks to Python's str.splitlines but not to JSON lines: written escaped, so any reader keeps the line whole
_ESCAPED_BREAKS = {"\u0085": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"}
_BRACKETS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')  # a JSON string (skipped whole) or a bracket


class ReplayError(Exception):
    """A saved game that does not replay: which line (1 = header) and why."""

    def __init__(self, line: int, message: str):
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.message = message


SEEDED = "seed"
RECORDED = "recorded"


@dataclass
class ReplayResult:
    entries: int
    decisions: int
    final_hash: str
    state: GameState
    chance: str = SEEDED  # SEEDED: every chance outcome checked against the header's seed; RECORDED: no seed named,
    #                       the file's outcomes taken as they are (only checked to be possible)


def short(value: Any, limit: int = 80) -> str:
    """A value for a message, cut so that a huge value in a file cannot flood the terminal."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def header_of(state: GameState, options: dict[str, Any], policy: str | None = None) -> dict[str, Any]:
    game = state.game
    head = {"format": FORMAT, "game": game.content.id, "engine": game.engine_id, "engine_version": game.engine_version,
            "content_hash": game.content_hash(), "seed": state.seed, "options": options, "chance": "seed"}
    if policy:
        head["policy"] = policy
    return head


def dump_line(row: dict[str, Any]) -> str:
    """One row as a JSON line: deterministic (sorted keys, no spaces), with U+0085, U+2028 and U+2029
    escaped so that a reader splitting lines the way Python's `str.splitlines` does keeps it whole."""
    text = json.dumps(row, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    for char, escaped in _ESCAPED_BREAKS.items():
        if char in text:
            text = text.replace(char, escaped)
    return text


def dump_lines(header: dict[str, Any], log: list[dict[str, Any]]) -> str:
    """The JSON-lines text of a game: its header, then one line per entry."""
    return "".join(dump_line(row) + "\n" for row in [header, *log])


def save_game(path: Path, header: dict[str, Any], log: list[dict[str, Any]]) -> None:
    path.write_text(dump_lines(header, log), encoding="utf-8")


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


def _bounded_number(convert: Any) -> Any:
    def number(text: str) -> Any:
        if len(text) > MAX_NUMBER_CHARS:
            raise ValueError(f"a number of {len(text):,} characters (at most {MAX_NUMBER_CHARS})")
        return convert(text)
    return number


_int, _float = _bounded_number(int), _bounded_number(float)


def _too_deep(line: str) -> bool:
    """Whether lists and objects nest deeper than MAX_NESTING on `line` (brackets inside strings do not count)."""
    if line.count("[") + line.count("{") <= MAX_NESTING:
        return False
    depth = 0
    for token in _BRACKETS.finditer(line):
        bracket = token.group()
        if bracket in "[{":
            depth += 1
            if depth > MAX_NESTING:
                return True
        elif bracket in "]}":
            depth -= 1
    return False


def parse_row(number: int, line: str) -> dict[str, Any] | None:
    """The object on line `number` (None for a blank line); ReplayError naming the line if it is not one."""
    if not line.strip():
        return None
    if len(line) > MAX_LINE_CHARS:
        raise ReplayError(number, f"line is longer than {MAX_LINE_CHARS:,} characters")
    if _too_deep(line):
        raise ReplayError(number, f"lists and objects nest more than {MAX_NESTING} deep")
    try:
        row = json.loads(line, parse_constant=_no_constant, parse_int=_int, parse_float=_float)
    except json.JSONDecodeError as exc:
        raise ReplayError(number, f"not JSON ({exc.msg})") from None
    except ValueError as exc:
        raise ReplayError(number, str(exc)) from None
    except RecursionError:  # not reached past the nesting bound; kept so that no line can end in a traceback
        raise ReplayError(number, f"lists and objects nest more than {MAX_NESTING} deep") from None
    if not isinstance(row, dict):
        raise ReplayError(number, "each line holds one JSON object")
    return row


def _rows_of(lines: Iterable[tuple[int, str]]) -> list[tuple[int, dict[str, Any]]]:
    rows = [(number, row) for number, line in lines if (row := parse_row(number, line)) is not None]
    if not rows:
        raise ReplayError(1, "empty file: the first line is the header")
    return rows


def read_rows(text: str) -> list[tuple[int, dict[str, Any]]]:
    """The text's objects with their true line numbers (blank lines are skipped, not renumbered).

    Lines end at "\\n" only: U+2028 and the like are characters inside a line, as JSON has them."""
    return _rows_of(enumerate(text.split("\n"), 1))


def read_saved(path: Path) -> list[tuple[int, dict[str, Any]]]:
    """The objects of a saved game file, read line by line so that no line is held past MAX_LINE_BYTES and no
    file past MAX_SAVED_GAME_BYTES, whatever the file is (a device such as /dev/zero, a pipe)."""
    return _rows_of(_file_lines(path))


def _file_lines(path: Path) -> Iterator[tuple[int, str]]:
    size = 0
    with open(path, "rb") as stream:
        if os.fstat(stream.fileno()).st_size > MAX_SAVED_GAME_BYTES:
            raise ReplayError(1, f"the file is larger than {MAX_SAVED_GAME_BYTES // (1024 * 1024)} MiB")
        for number in itertools.count(1):
            raw = stream.readline(MAX_LINE_BYTES + 1)
            if not raw:
                return
            size += len(raw)
            if len(raw) > MAX_LINE_BYTES:
                raise ReplayError(number, f"line is longer than {MAX_LINE_CHARS:,} characters")
            if number > MAX_SAVED_GAME_LINES:
                raise ReplayError(number, f"the file has more than {MAX_SAVED_GAME_LINES:,} lines")
            if size > MAX_SAVED_GAME_BYTES:
                raise ReplayError(number, f"the file is larger than {MAX_SAVED_GAME_BYTES // (1024 * 1024)} MiB")
            try:
                yield number, raw.decode("utf-8")
            except UnicodeDecodeError:
                raise ReplayError(number, "the file is not UTF-8 text") from None


def _same(mine: dict[str, Any], theirs: dict[str, Any]) -> str | None:
    for key in ("kind", "what", "player", "action", "outcome"):
        if mine.get(key) != theirs.get(key):
            return f"the engine records {key} {short(mine.get(key))} here, the file {short(theirs.get(key))}"
    if "events" in mine and mine.get("events") != theirs.get("events"):
        theirs_events = theirs.get("events")
        if not isinstance(theirs_events, list):
            return "the file's events are not a list"
        for i, (a, b) in enumerate(zip(mine["events"], theirs_events, strict=False), 1):
            if a != b:
                return f"event {i} differs: the engine records {short(a)}, the file {short(b)}"
        return f"the engine records {len(mine['events'])} events here, the file {len(theirs_events)}"
    if mine.get("hash") != theirs.get("hash"):
        return f"state hash differs: the engine reaches {mine.get('hash')}, the file says {short(theirs.get('hash'))}"
    return None


def _seed_of(head: dict[str, Any]) -> int:
    seed = head.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
        if isinstance(seed, float) and not math.isfinite(seed):
            raise ReplayError(1, "bad header: the seed is not a finite number")
        raise ReplayError(1, f"bad header: the seed must be a whole number from 0 to 2^63-1, not {short(seed)}")
    return seed


Cite = Callable[[GameContent, str], str]
"""The words a refused decision's sentence ends with to name the rules section that explains refusal `rule`
(" (see 4.2 Move a spaceship: rules/actions.html#rule-4-2)"), or "". The rules pages are rendered above the
engines (generator.rulestext.rule_citations.see), so a caller that shows the refusal to a person passes one in."""


def no_citation(content: GameContent, rule: str) -> str:
    """A replay's refusals name no rules section (the rules' own checks, where a refusal is the engine's fault)."""
    return ""


def replay_text(text: str, content: GameContent, cite: Cite = no_citation) -> ReplayResult:
    """Re-referee a saved game; raises ReplayError naming the first line that fails (and, with `cite`, the rule)."""
    return replay_rows(read_rows(text), content, cite)


def replay_rows(rows: list[tuple[int, dict[str, Any]]], content: GameContent, cite: Cite = no_citation) -> ReplayResult:
    """Re-referee a saved game's rows (`read_rows`, `read_saved`); ReplayError names the first line that fails.
    `cite` is asked for the rules section of a refused decision only (finding one renders the rules pages)."""
    (head_line, head), entries = rows[0], rows[1:]
    if head.get("format") != FORMAT:
        raise ReplayError(head_line, f"not a saved game of this format (expected format {FORMAT!r})")
    try:
        options = head.get("options") or {}
        if not isinstance(options, dict):
            raise ReplayError(head_line, "bad header: options must be an object")
        game = make_game(content, options)
    except OptionsError as exc:
        raise ReplayError(head_line, f"bad header: {exc}") from None
    except EngineLoadError as exc:
        raise ReplayError(head_line, exc.message) from None
    if head.get("engine") != game.engine_id:
        raise ReplayError(
            head_line, f"played with engine {short(head.get('engine'))}, this game uses {game.engine_id!r}"
        )
    if str(head.get("engine_version")) != game.engine_version:
        raise ReplayError(head_line, f"played with engine version {short(head.get('engine_version'))}, "
                                     f"this is {game.engine_version}")
    if head.get("content_hash") != game.content_hash():
        raise ReplayError(head_line, f"played with other rules content (hash {short(head.get('content_hash'))}, now "
                                     f"{game.content_hash()}): a card number or count has changed")
    seeded = head.get("seed") is not None
    if not seeded and head.get("chance") == SEEDED:
        raise ReplayError(head_line, "bad header: chance came from the seed, says the header, but it names no seed")
    seed = _seed_of(head) if seeded else 0  # no seed: every chance outcome comes from the file, the RNG draws none
    forced = [(line, e) for line, e in entries if e.get("kind") == "chance"]
    try:
        state = game.new_initial_state(seed, log=True, forced=SeededChance(forced) if seeded else forced)
    except ChanceError as exc:
        raise ReplayError(exc.line or head_line, f"set-up: {exc}") from None
    done = 0

    def line_of(index: int) -> int:
        return entries[index][0] if index < len(entries) else (entries[-1][0] + 1 if entries else head_line + 1)

    def sync() -> None:
        nonlocal done
        assert state.log is not None
        while done < len(state.log):
            if done >= len(entries):
                raise ReplayError(line_of(done), f"the file ends, but the game goes on with a "
                                                 f"{state.log[done]['kind']} entry")
            problem = _same(state.log[done], entries[done][1])
            if problem:
                raise ReplayError(line_of(done), problem)
            done += 1

    decisions = 0
    sync()
    while done < len(entries):
        line, entry = entries[done]
        if entry.get("kind") != "decision":
            raise ReplayError(
                line, f"the game waits for a decision here, the file has a {short(entry.get('kind'))} entry"
            )
        if state.is_terminal:
            raise ReplayError(line, "the game is over, but the file goes on")
        written = entry.get("action", "")
        if not isinstance(written, str):
            raise ReplayError(line, f"the action must be text, not {short(written)}")
        action = None
        try:
            action = parse_action(state, written)
            state.apply(action)
        except RuleError as exc:
            raise ReplayError(line, f"illegal decision {short(written)}: {exc}{cite(content, exc.rule)}") from None
        except ChanceError as exc:
            raise ReplayError(exc.line or line, str(exc)) from None
        except Exception as exc:
            remember(exc, game, seed, None, state, action, line)  # the engine's fault: at this line
            raise
        decisions += 1
        sync()
    return ReplayResult(len(entries), decisions, state.state_hash(), state, SEEDED if seeded else RECORDED)


class SeededChance(list[Any]):
    """Recorded chance outcomes of a game played from its seed: each must be what the seed gives."""

    check_seed = True
