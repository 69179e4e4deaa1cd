"""Where rules engines come from: installed packages and a game's own content folder, found one way.

- `engine: escape-earth` in game.yaml names an engine registered under the entry-point group
  `pnp_forge.engines` (pnp-forge registers its bundled engines there in pyproject.toml; any
  installed package can add its own).
- `engine: {module: engine/reef.py}` names a Python module inside the game's folder. It is
  loaded only when game.yaml names it (as mkdocs loads `hooks:`); it defines one subclass of
  `generator.rules.contract.Game` (or names it `ENGINE = MyGame`).

A missing module, a syntax error in it, or a class that does not keep the contract raises
`EngineLoadError` with the file, line and what is missing, which the commands report as a
content error (exit 1), never as a traceback.

A module engine is code that runs with the user's rights, so it is imported only from a folder
the user trusts (generator.rules.trust; `EngineNotTrusted` otherwise, before any of its code
runs), and first in a forked child with a time limit (generator.rules.import_probe), so a module
that loops or ends the process while it is imported is an error, not a hang or a silent exit.
"""

from __future__ import annotations

import importlib.util
import inspect
import os
import sys
import traceback
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from generator.content.loader import GameContent
from generator.rules import import_probe, trust
from generator.rules.contract import Game

ENTRY_POINT_GROUP = "pnp_forge.engines"
REQUIRED_ATTRIBUTES = ("engine_id", "engine_version")


class EngineLoadError(Exception):
    """An engine that cannot be loaded or does not keep the contract: where and why."""

    def __init__(self, message: str, file: str | None = None, line: int = 0, hint: str | None = None):
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.hint = hint


class EngineNotTrusted(EngineLoadError):
    """A game's engine module lies in a folder the user has not trusted (or whose engine files changed since)."""


@lru_cache(maxsize=1)
def _entry_points() -> dict[str, Any]:
    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


def known_engines() -> list[str]:
    """Ids of the engines installed packages register (the bundled ones among them)."""
    return sorted(_entry_points())


def engine_name(content: GameContent) -> str | None:
    """How game.yaml names the engine: an id, `module:<path>` or None."""
    engine = content.game.engine
    if engine is None:
        return None
    if isinstance(engine, str):
        return engine
    return f"module:{engine.module}"


def contract_problems(cls: Any) -> list[str]:
    """What a would-be engine class lacks to keep the contract (empty when it keeps it)."""
    if not (inspect.isclass(cls) and issubclass(cls, Game)):
        return ["it is not a subclass of generator.rules.contract.Game"]
    problems = [f"class attribute `{name}` is not set" for name in REQUIRED_ATTRIBUTES if not getattr(cls, name, "")]
    missing = sorted(getattr(cls, "__abstractmethods__", ()))
    if missing:
        problems.append(f"Game method(s) not implemented: {', '.join(missing)}")
    state_cls = getattr(cls, "state_class", None)
    if state_cls is not None:
        from generator.rules.contract import GameState

        if not (inspect.isclass(state_cls) and issubclass(state_cls, GameState)):
            problems.append("`state_class` is not a subclass of generator.rules.contract.GameState")
        else:
            missing_state = sorted(getattr(state_cls, "__abstractmethods__", ()))
            if missing_state:
                problems.append(f"GameState method(s) of {state_cls.__name__} not implemented: "
                                f"{', '.join(missing_state)}")
    return problems


def _class_line(cls: Any) -> int:
    """The line a class starts at in its module's file (0 when it cannot be found)."""
    try:
        return inspect.getsourcelines(cls)[1]
    except (OSError, TypeError):
        return 0


def _class_in_module(module: Any, where: str) -> type[Game]:
    chosen = getattr(module, "ENGINE", None)
    if chosen is None:
        own = [obj for obj in vars(module).values()
               if inspect.isclass(obj) and issubclass(obj, Game) and obj is not Game
               and obj.__module__ == module.__name__ and not inspect.isabstract(obj)]
        candidates = own or [obj for obj in vars(module).values()
                             if inspect.isclass(obj) and issubclass(obj, Game) and obj.__module__ == module.__name__]
        if len(candidates) != 1:
            raise EngineLoadError(f"{where} defines {len(candidates)} Game subclasses; it needs exactly one "
                                  "(or `ENGINE = YourGame`)", where, hint="subclass generator.rules.contract.Game once")
        chosen = candidates[0]
    problems = contract_problems(chosen)
    if problems:
        raise EngineLoadError(f"{where}: {getattr(chosen, '__name__', chosen)!s} does not keep the engine contract: "
                              + "; ".join(problems), where, _class_line(chosen), hint="see docs/engines.md")
    return chosen


def _display(path: Path) -> str:
    """The module's path as every content error names its file: from the working folder when inside it.

    Not resolved, so a symbolic link is named as the link it is.
    """
    absolute = Path(os.path.abspath(path))
    try:
        return str(absolute.relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(absolute)


def _module_file(content: GameContent, relative_path: str) -> tuple[Path, str]:
    """The module's resolved file and how errors name it; EngineLoadError for one that is not a file of the folder.

    Runs none of its code, so it comes before the question of trust.
    """
    root = content.root.resolve()
    path = (content.root / relative_path)
    shown = _display(path)
    if path.is_symlink():
        raise EngineLoadError(f"engine module {shown} is a symbolic link; it must be a file of the game's folder",
                              shown, hint="copy the module into the game's folder")
    resolved = path.resolve()
    if not resolved.is_relative_to(root):
        raise EngineLoadError(f"engine module {relative_path} lies outside the game's folder",  # game.yaml's fault
                              hint="engine modules live inside the game's own folder")
    if not resolved.is_file():
        raise EngineLoadError(f"engine module {shown} does not exist",  # named where game.yaml names it
                              hint="write the module there or fix `engine: {module: ...}` in game.yaml")
    return resolved, shown


def _load_module_file(content: GameContent, relative_path: str) -> type[Game]:
    resolved, shown = _module_file(content, relative_path)
    name = f"pnp_forge_content_engine_{content.id.replace('-', '_')}_{abs(hash(str(resolved))):x}"
    try:
        source = resolved.read_text(encoding="utf-8")
        code = compile(source, str(resolved), "exec")
    except SyntaxError as exc:
        raise EngineLoadError(f"engine module {shown} has a syntax error: {exc.msg}", shown, exc.lineno or 0,
                              hint="fix the Python syntax at this line") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise EngineLoadError(f"engine module {shown} cannot be read: {exc}", shown) from None
    spec = importlib.util.spec_from_loader(name, loader=None, origin=str(resolved))
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    module.__file__ = str(resolved)
    sys.modules[name] = module
    try:
        exec(code, module.__dict__)
    except (Exception, SystemExit) as exc:  # the designer's module failed (or quit) while it was imported: say where
        sys.modules.pop(name, None)
        line = _line_in(exc, str(resolved))
        raise EngineLoadError(f"engine module {shown} fails while it is loaded: {type(exc).__name__}: {exc}",
                              shown, line, hint="run the module's code on its own to see the error") from None
    return _class_in_module(module, shown)


def _line_in(exc: BaseException, filename: str) -> int:
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == filename]
    return (frames[-1].lineno or 0) if frames else 0


@dataclass(frozen=True)
class _Loaded:
    cls: type[Game]
    digest: str  # of the folder's engine files when they were trusted ("" when trusted for one command)


_LOADED: dict[tuple[str, str, float], _Loaded] = {}
_PROBED: set[tuple[str, str]] = set()  # (module file, digest of the folder's engine files) imported once in a child


def _not_trusted(content: GameContent, verdict: trust.Verdict) -> EngineNotTrusted:
    folder = _display(content.root)
    if verdict.revision is not None:
        return EngineNotTrusted(f"the engine of game '{content.id}' in revision {verdict.revision} is Python code that "
                                "runs with your rights, so pnp diff imports another revision's engine only when you "
                                "pass --trust-engines", "game.yaml")
    if verdict.changed:
        return EngineNotTrusted(f"the engine of game '{content.id}' is Python code that runs with your rights, and its "
                                f"files changed since you trusted {folder}: read the change, then run "
                                f"`pnp trust {folder}` again (or pass --trust-engines for one command)", "game.yaml")
    return EngineNotTrusted(f"the engine of game '{content.id}' is Python code that runs with your rights and {folder} "
                            f"is not trusted: run `pnp trust {folder}` if you trust its authors (or pass "
                            "--trust-engines for one command)", "game.yaml")


def _probe_answer(content: GameContent, relative_path: str) -> tuple[str, str | None, int, str | None] | None:
    """In the probing child: import the module; None when it loads, else its EngineLoadError's parts."""
    try:
        _load_module_file(content, relative_path)
    except EngineLoadError as exc:
        return (exc.message, exc.file, exc.line, exc.hint)
    return None


def _probe_import(content: GameContent, relative_path: str, digest: str) -> None:
    """Import the module in a forked child with a time limit first (once per file and digest in this process)."""
    path = content.root / relative_path
    key = (str(path.resolve()), digest)
    if key in _PROBED or not import_probe.available():
        return
    shown = _display(path)
    try:
        answer = import_probe.probe(lambda: _probe_answer(content, relative_path))
    except import_probe.ProbeFailed as failed:
        if failed.timed_out:
            raise EngineLoadError(f"engine module {shown} did not finish loading within {failed.seconds:g} s, so it "
                                  f"was stopped (does it loop or wait while it is imported?)", shown,
                                  hint=f"a module may take longer with {import_probe.SECONDS_VARIABLE}=SECONDS") \
                from None
        raise EngineLoadError(f"engine module {shown} ended the process while it was loaded (it calls os._exit, or "
                              "it was killed) instead of defining its Game class", shown,
                              hint="an engine module only defines classes when it is imported") from None
    if answer is not None:  # the child's EngineLoadError, through JSON
        message, file, line, hint = answer
        raise EngineLoadError(str(message), file, int(line or 0), hint)
    _PROBED.add(key)


def engine_class(content: GameContent) -> type[Game]:
    """The Game class of the engine game.yaml names; EngineLoadError when there is none to load.

    A module engine of a folder the user has not trusted raises EngineNotTrusted, and none of its
    code runs.
    """
    engine = content.game.engine
    if engine is None:
        raise EngineLoadError(f"game '{content.id}' has no rules engine", "game.yaml",
                              hint="set `engine:` in game.yaml")
    if isinstance(engine, str):
        found = _entry_points().get(engine)
        if found is None:
            raise EngineLoadError(
                f"unknown rules engine '{engine}'",
                hint=f"known engines: {', '.join(known_engines())}; "
                "or give the game its own: `engine: {module: engine/rules.py}`",
            )
        try:
            cls = found.load()
        except Exception as exc:  # an installed package that is broken
            raise EngineLoadError(f"rules engine '{engine}' cannot be loaded: {type(exc).__name__}: {exc}") from None
        problems = contract_problems(cls)
        if problems:
            raise EngineLoadError(f"rules engine '{engine}' does not keep the engine contract: " + "; ".join(problems))
        return cls  # type: ignore[no-any-return]  # EntryPoint.load() is typed Any; checked just above
    path = (content.root / engine.module)
    try:
        stamp = path.stat().st_mtime
    except OSError:
        stamp = -1.0
    key = (str(content.root.resolve()), engine.module, stamp)
    loaded = _LOADED.get(key)
    if loaded is not None and trust.still_trusted(key[0], loaded.digest):
        return loaded.cls
    _module_file(content, engine.module)  # a module that is no file of the folder is named before trust is asked
    verdict = trust.verdict(content.root)
    if not verdict.trusted:
        raise _not_trusted(content, verdict)
    if loaded is None:
        trust.keep_bytecode_private()  # before the child that probes the import forks, so it reads none either
        _probe_import(content, engine.module, verdict.digest or trust.engine_digest(content.root)[0])
        loaded = _Loaded(_load_module_file(content, engine.module), verdict.digest)
    else:  # imported earlier in this process, and trusted again now
        loaded = _Loaded(loaded.cls, verdict.digest)
    _LOADED[key] = loaded
    return loaded.cls


def engine_trusted(content: GameContent) -> bool:
    """Whether the game's engine may run now without importing anything: installed engines always,
    a module engine when its folder is trusted with the engine files it has now."""
    engine = content.game.engine
    return engine is None or isinstance(engine, str) or trust.verdict(content.root).trusted


def make_game(content: GameContent, options: Mapping[str, Any] | None = None) -> Game:
    """The engine's Game for this content and options (OptionsError for options it does not know)."""
    return engine_class(content)(content, options or {})


def engine_operations(content: GameContent) -> set[str]:
    return set(engine_class(content).operations)


@dataclass(frozen=True)
class EngineInfo:
    """A registered engine as the generic tests and tools list it."""

    id: str
    cls: type[Game]


def registered_engines() -> list[EngineInfo]:
    """Every engine installed packages register, loaded (the generic engine tests run over these)."""
    return [EngineInfo(name, ep.load()) for name, ep in sorted(_entry_points().items())]
