"""Telling a fault in a game's engine (content: exit 1 at its file and line) from a bug of pnp-forge (exit 3).

A game's own engine is content: when its code raises while it plays, the designer needs the
file and line in their engine, not a traceback of pnp-forge. `blame` decides by where the
traceback's innermost frames lie (the engine's files, or pnp-forge's own), not by which command
ran, so an engine that raises inside pnp's tree search is still the engine's fault. The loops
that play a game (`remember`) note on the exception the seed, turn, player and action, so the
report can say when it happened and how to repeat it (`pnp play GAME --seed S ... --turns T`);
the note travels with a fault from a forked child (generator.forked.ChildFailed).
"""

from __future__ import annotations

import inspect
import json
import os
import re
import shlex
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.content.errors import ErrorList, Mark, relative
from generator.content.loader import GameContent
from generator.rules.presentation import format_action


def describe(exc: BaseException, limit: int = 300) -> str:
    """`KeyError: 'boom'`: the exception as one line (one a forked child raised reads as it did there)."""
    from generator.forked import ChildFailed

    text = (
        str(exc).removesuffix(" (in a forked child)")
        if isinstance(exc, ChildFailed)
        else f"{type(exc).__name__}: {exc}"
    )
    return text if len(text) <= limit else text[: limit - 1] + "…"


# -- a game's engine failing while it is played (`pnp play`, `simulate`, `balance`, `replay`) -----------------

MOMENT = "pnp_moment"  # the attribute of an exception that says where the game stood when it was raised
PACKAGE = Path(__file__).resolve().parents[1]  # pnp-forge's own code: generator/
DEBUG_VARIABLE = "PNP_DEBUG"
FRAMES_SHOWN = 6  # engine frames shown without PNP_DEBUG: the innermost ones


def remember(exc: BaseException, game: Any, seed: int, policy: str | None, state: Any = None, action: Any = None,
             line: int | None = None) -> None:
    """Note on `exc` where the game stood when it was raised (seed, turn, player, action, options), as plain data
    that survives pickling to a forked parent; the first note (the innermost loop's) is kept."""
    if getattr(exc, MOMENT, None) is not None:
        return
    moment: dict[str, Any] = {"game": _quiet(lambda: str(game.content.id)), "seed": seed, "policy": policy,
                              "options": _quiet(lambda: {str(k): str(v) for k, v in game.options.items()}) or {},
                              "turn": None, "seat": None, "action": None, "line": line}
    if state is not None:
        turn = _quiet(lambda: state.turn)
        moment["turn"] = turn if isinstance(turn, int) else None
        player = _quiet(lambda: state.current_player)
        moment["seat"] = player if isinstance(player, int) and player >= 0 else None  # 0-based, as the API counts
    if action is not None:
        text = _quiet(lambda: format_action(state, action)) if state is not None else None
        moment["action"] = text if isinstance(text, str) else repr(action)[:200]
    try:
        setattr(exc, MOMENT, moment)
    except AttributeError:  # an exception type without a __dict__: reported without its moment
        pass


def _quiet(get: Callable[[], Any]) -> Any:
    """`get()`, or None when the engine fails at it too (the state may be half-changed by the fault)."""
    try:
        return get()
    except Exception:  # noqa: BLE001 - the first fault is the one reported
        return None


@dataclass(frozen=True)
class Frame:
    file: Path
    line: int
    function: str
    source: str

    def shown(self) -> str:
        text = f"  {relative(self.file)}:{self.line} in {self.function}"
        return f"{text}: {self.source.strip()}" if self.source.strip() else text


@dataclass
class EngineFault:
    """A game's engine raised while it was played: where (its innermost engine frame), what, and when."""

    file: str
    line: int
    exception: str
    engine_frames: list[Frame]
    traceback_text: str
    moment: dict[str, Any] = field(default_factory=dict)
    all_frames: list[Frame] = field(default_factory=list)  # pnp-forge's and the library's too (PNP_DEBUG=1)

    def when(self) -> str:
        """`seed 5, turn 3, player 2, action "take j3"`: what of it is known."""
        m = self.moment
        parts = [f"{name} {m[name]}" for name in ("seed", "turn") if m.get(name) is not None]
        if m.get("seat") is not None:
            parts.append(f"player {m['seat'] + 1}")  # as people count
        if m.get("action") is not None:
            parts.append(f"action {json.dumps(m['action'], ensure_ascii=False)}")
        elif m.get("turn") is not None and m.get("policy"):
            parts.append(f"while policy {m['policy']} chose an action")
        return ", ".join(parts)

    def repeat(self, saved: Path | None = None) -> str:
        """The command that plays the game to the fault again (`pnp play ... --turns T`, or the replay of `saved`)."""
        m = self.moment
        if saved is not None:
            return f"pnp replay {shlex.quote(str(saved))}"
        if m.get("seed") is None or not m.get("game") or not m.get("policy") or "you" in str(m["policy"]).split(","):
            return ""
        options = "".join(f" --option {shlex.quote(f'{k}={v}')}" for k, v in sorted((m.get("options") or {}).items()))
        turns = f" --turns {m['turn']}" if m.get("turn") is not None else ""
        return f"pnp play {m['game']} --seed {m['seed']} --policy {m['policy']}{options}{turns}"

    def text(self, saved: Path | None = None, debug: bool = False) -> str:
        """The error block: the engine's line and the exception, its frames, when it happened, how to repeat it."""
        lines = [f"{self.file}:{self.line}: error: the game's engine fails: {self.exception}"]
        if debug:
            lines += ["  " + row for row in self.traceback_text.rstrip().splitlines()]
        else:
            lines += [frame.shown() for frame in self.engine_frames[-FRAMES_SHOWN:]]
        if saved is not None and self.moment.get("line") is not None:
            lines.append(f"  at {saved}:{self.moment['line']}" + (f" ({self.when()})" if self.when() else ""))
        elif self.when():
            lines.append(f"  at {self.when()}")
        if self.repeat(saved):
            lines.append(f"  to repeat it: {self.repeat(saved)}"
                         + ("" if debug else f" ({DEBUG_VARIABLE}=1 shows every frame)"))
        return "\n".join(lines)

    def hint(self, repeat: str = "", debug: bool = False) -> str:
        """The frames, when and how to repeat it, as the hint of one error line (`pnp check` lists many faults)."""
        frames = self.all_frames if debug else self.engine_frames[-FRAMES_SHOWN:]
        parts = ["frames, innermost last: " + "; ".join(frame.shown().strip() for frame in frames)] if frames else []
        if self.when():
            parts.append(f"at {self.when()}")
        if repeat:
            parts.append(f"to repeat it: {repeat}" + ("" if debug else f" ({DEBUG_VARIABLE}=1 shows every frame)"))
        return "; ".join(parts)

    def as_json(self, saved: Path | None = None) -> dict[str, Any]:
        m = self.moment
        return {
            "file": self.file,
            "line": self.line,
            "exception": self.exception,
            "frames": [
                {"file": relative(f.file), "line": f.line, "function": f.function, "source": f.source.strip()}
                for f in self.engine_frames
            ],
            "seed": m.get("seed"),
            "turn": m.get("turn"),
            "seat": m.get("seat"),
            "action": m.get("action"),
            "policy": m.get("policy"),
            "options": m.get("options") or {},
            "saved_line": m.get("line") if saved is not None else None,
            "repeat": self.repeat(saved) or None,
        }


def engine_roots(content: GameContent) -> list[Path]:
    """The files and folders whose code is the game's engine: a module engine's game folder; a bundled (installed)
    engine's own package (generator/rules/<game>/), or only its file where it lies among pnp-forge's shared modules."""
    engine = content.game.engine
    if not engine:
        return []
    if not isinstance(engine, str):
        return [content.root.resolve()]
    from generator.rules.registry import EngineLoadError, engine_class

    try:
        file = Path(inspect.getfile(engine_class(content))).resolve()
    except (EngineLoadError, TypeError, OSError):
        return []
    return [file] if file.parent in (PACKAGE, PACKAGE / "rules") else [file.parent]


def blame(exc: BaseException, content: GameContent) -> EngineFault | None:
    """The engine's fault `exc` is, when its innermost frame of pnp-forge or the engine lies in the engine's files;
    None when it lies in pnp-forge's own code (a bug of pnp-forge: exit 3). Frames of the standard library and other
    installed packages (`random.choice` of an empty list) are passed over to the code that called them."""
    frames = _frames(exc)
    roots = engine_roots(content)
    innermost: Frame | None = None
    for frame in reversed(frames):
        if _within(frame.file, roots):
            innermost = frame
            break
        if frame.file.is_relative_to(PACKAGE):
            return None
    if innermost is None:
        return None
    moment = getattr(exc, MOMENT, None) or getattr(exc, "moment", None) or {}
    details = getattr(exc, "details", "") or "".join(traceback.format_exception(exc))
    return EngineFault(relative(innermost.file), innermost.line, describe(exc),
                       [frame for frame in frames if _within(frame.file, roots)], details, dict(moment), frames)


def add_fault(errors: ErrorList, exc: BaseException, content: GameContent, doing: str,
              repeat: str | None = None) -> bool:
    """Add the engine's fault `exc` to `errors` as one error at the engine's line, saying what it was `doing`
    (`replaying example 'opening', step 3 (action "take j3")`), its frames and how to repeat it; False (nothing
    added) when the fault lies in pnp-forge's own code, a bug the caller raises on (exit 3). `repeat` None: the
    `pnp play` line of the moment the game's loop noted (`remember`); "": none. The error is plain
    text, so it comes back whole from a forked child (generator.rules.engine_child)."""
    fault = blame(exc, content)
    if fault is None:
        return False
    command = fault.repeat() if repeat is None else repeat
    errors.add(Mark(fault.file, fault.line, 1), f"the engine fails while {doing}: {fault.exception}",
               hint=fault.hint(command, debugging()), code="engine",
               fault={**fault.as_json(), "doing": doing, "repeat": command or None})
    return True


def _frames(exc: BaseException) -> list[Frame]:
    """The frames of `exc`, innermost last: a forked child's as it sent them, a spawned worker's read from its text."""
    from generator.forked import ChildFailed

    if isinstance(exc, ChildFailed):
        return [Frame(_resolved(name), int(line), str(function), str(source)) for name, line, function, source
                in exc.frames]
    found = [
        Frame(_resolved(f.filename), f.lineno or 0, f.name, f.line or "")
        for f in traceback.extract_tb(exc.__traceback__)
    ]
    remote = exc.__cause__  # a spawned worker's traceback comes back as text (concurrent.futures)
    if remote is not None and type(remote).__name__ == "_RemoteTraceback":
        found += [
            Frame(_resolved(name), int(line), function, "")
            for name, line, function in _NAMED_FRAME.findall(str(remote))
        ]
    return found


_NAMED_FRAME = re.compile(r'File "([^"]+)", line (\d+), in (\S+)')


def _resolved(name: str) -> Path:
    try:
        return Path(name).resolve()
    except (OSError, ValueError):
        return Path(name)


def _within(path: Path, roots: list[Path]) -> bool:
    return any(path == root or path.is_relative_to(root) for root in roots)


def debugging() -> bool:
    return bool(os.environ.get(DEBUG_VARIABLE))
