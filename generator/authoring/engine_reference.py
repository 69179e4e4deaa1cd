"""The engine API reference: every name an engine reads or returns, as Markdown, from the code itself.

docs/engines.md holds this module's output between two markers (`BEGIN`, `END`); a test
regenerates it and fails when the page differs, when a public name of the contract
(generator/rules/contract.py, core.py) or of the content an engine reads has no entry, or when an
entry has no docstring. So the reference says what the code does, in the code's own words: a
class's docstring, the `Attributes:` lines of it (or a field's trailing comment, or a content
field's `description`), the signatures and type hints of its methods.

    python -m generator.authoring.engine_reference docs/engines.md   # rewrite the region
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import io
import re
import sys
import tokenize
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from pydantic import BaseModel

BEGIN = ("<!-- engine-reference: begin. Generated from the code's docstrings by "
         "`python -m generator.authoring.engine_reference docs/engines.md`; do not edit by hand. -->")
END = "<!-- engine-reference: end -->"

# Members an engine implements or calls although their names start with `_` (the base class's
# protected API); every other `_name` is the base class's own business and is not listed.
FOR_ENGINES = frozenset({"_legal_now", "_violation", "_do", "_advance", "_refuse", "_emit", "_shuffle", "_roll",
                         "_pick", "_await_chance", "_after_chance", "_step", "_copy_base"})
# The content models engines read most, first; the rest follow in the order GameContent leads to them.
READ_FIRST = ("GameContent", "Game", "Card", "Face", "Effect", "Text", "CardKind", "FieldSpec", "Resource", "Variant",
              "OperationSpec", "ParamSpec", "Component", "Deck", "Board", "Track", "Space", "Grid", "Table",
              "TableEntry", "Example", "ExampleStep", "Sentences")
ATTRIBUTES = re.compile(r"^\s*Attributes:\s*$")
ATTRIBUTE_LINE = re.compile(r"^\s{4}`?(?P<name>\w+)`?(?: \((?P<type>[^)]*)\))?: (?P<text>.+)$")


@dataclass
class Member:
    """One method, property or function: its signature and its docstring."""

    name: str
    signature: str
    doc: str
    required: bool = False
    kind: str = "method"


@dataclass
class Attribute:
    """One field or attribute: its type, default and meaning."""

    name: str
    type: str
    default: str
    doc: str


@dataclass
class Entry:
    """One public name of the reference: a class, function or constant, with its members."""

    name: str
    heading: str
    module: str
    kind: str
    doc: str
    attributes: list[Attribute] = field(default_factory=list)
    members: list[Member] = field(default_factory=list)


@dataclass
class Section:
    """A part of the reference: its heading, a paragraph and its entries."""

    title: str
    intro: str
    entries: list[Entry]


# -- what is documented ---------------------------------------------------------------------------------
def contract_modules() -> list[ModuleType]:
    """The modules whose every public name an engine may use: the contract's three parts, its values, its pictures."""
    from generator.rules import ai_hooks, contract, core, picture, presentation

    return [contract, presentation, ai_hooks, core, picture]


def public_names(module: ModuleType) -> list[str]:
    """The public names a module defines itself: its classes and functions, and its module-level constants."""
    tree = ast.parse(inspect.getsource(module))
    names: list[str] = []
    for node in tree.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            names.append(node.name)
        elif isinstance(node, ast.Assign):
            names += [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.append(node.target.id)
    names += [n for n, v in vars(module).items() if getattr(v, "__module__", None) == module.__name__
              and (inspect.isclass(v) or inspect.isfunction(v))]  # also what no source shows (set at run time)
    return [n for n in dict.fromkeys(names)
            if not n.startswith("_") and not isinstance(getattr(module, n), typing.TypeVar)]


def content_models() -> list[type]:
    """GameContent and every content model reachable from its fields, in the order an engine meets them."""
    from generator.content.loader import GameContent
    from generator.content.sentences import Sentences

    found: list[type] = [GameContent]

    def walk(tp: Any) -> None:
        if typing.get_origin(tp) is not None:
            for arg in typing.get_args(tp):
                walk(arg)
        elif isinstance(tp, type) and issubclass(tp, BaseModel) and tp not in found:
            found.append(tp)
            for info in tp.model_fields.values():
                walk(info.annotation)

    hints = typing.get_type_hints(GameContent)
    for item in dataclasses.fields(GameContent):
        walk(hints[item.name])
    found.append(Sentences)  # GameContent.sentences holds each language's Sentences as plain dicts
    first = [m for name in READ_FIRST for m in found if m.__name__ == name]
    return first + [m for m in found if m not in first]


# -- reading the code ----------------------------------------------------------------------------------
def _doc(obj: Any) -> str:
    """An object's own docstring, or "" (a class never inherits one here: each says what it is itself)."""
    doc = obj.__dict__.get("__doc__") if isinstance(obj, type) else getattr(obj, "__doc__", None)
    if isinstance(obj, type) and dataclasses.is_dataclass(obj) and doc and doc.startswith(f"{obj.__name__}("):
        doc = None  # the signature dataclasses write when a class has no docstring
    return inspect.cleandoc(doc) if doc else ""


def _split_attributes(doc: str) -> tuple[str, dict[str, tuple[str, str]]]:
    """A docstring without its `Attributes:` section, and that section as name -> (type, meaning)."""
    lines = doc.splitlines()
    start = next((i for i, line in enumerate(lines) if ATTRIBUTES.match(line)), None)
    if start is None:
        return doc, {}
    found: dict[str, tuple[str, str]] = {}
    last = ""
    end = start + 1
    for end in range(start + 1, len(lines) + 1):
        if end == len(lines) or not lines[end].startswith("    ") and lines[end].strip():
            break
        match = ATTRIBUTE_LINE.match(lines[end])
        if match:
            last = match["name"]
            found[last] = (match["type"] or "", match["text"].strip())
        elif last and lines[end].strip():
            kind, text = found[last]
            found[last] = (kind, f"{text} {lines[end].strip()}")
    rest = lines[:start] + lines[end:]
    return "\n".join(rest).strip(), found


def _comments(obj: Any) -> dict[str, str]:
    """Trailing comments of a class's or module's `name: type = value  # comment` lines, by name."""
    try:
        source = inspect.cleandoc("\n" + inspect.getsource(obj)) if isinstance(obj, type) else inspect.getsource(obj)
    except (OSError, TypeError):
        return {}
    found: dict[str, str] = {}
    line_names: dict[int, str] = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            line_names[node.lineno] = node.target.id
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            line_names[node.lineno] = node.targets[0].id
    last: tuple[str, int] | None = None  # the name whose comment the previous comment line belongs to
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type != tokenize.COMMENT:
            continue
        row = token.start[0]
        name = line_names.get(row)
        text = token.string.lstrip("#").strip()
        if name is not None and name not in found and token.line[:token.start[1]].strip():
            found[name], last = text, (name, row)
        elif name is None and last is not None and row == last[1] + 1 and not token.line[:token.start[1]].strip():
            found[last[0]] += " " + text  # a comment continued on the next line, under the first
            last = (last[0], row)
        else:
            last = None
    return {name: text for name, text in found.items() if not text.startswith(("type:", "noqa"))}


def _annotation(tp: Any) -> str:
    """A type as a reader writes it: `list[Card]`, `Text | None`, module paths and constraints dropped."""
    if isinstance(tp, str):
        text = re.sub(r"^ClassVar\[(.*)\]$", r"\1", tp.strip("'\""))
        return re.sub(r"(?:[A-Za-z_]\w*\.)+([A-Za-z_]\w*)", r"\1", text).replace("'", "").replace('"', "")
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is typing.Annotated:
        return _annotation(args[0])
    if origin in (typing.Union, types.UnionType):
        return " | ".join(_annotation(a) for a in args)
    if origin is typing.Literal:
        return "Literal[" + ", ".join(repr(a) for a in args) + "]"
    if tp is type(None):
        return "None"
    if tp is Ellipsis:
        return "..."
    if origin is not None:
        name = getattr(origin, "__name__", str(origin))
        return f"{name}[{', '.join(_annotation(a) for a in args)}]" if args else name
    if tp is Any:
        return "Any"
    return getattr(tp, "__name__", str(tp).replace("typing.", ""))


def _signature(obj: Callable[..., Any], name: str) -> str:
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):
        return f"{name}(...)"
    params = [p for p in sig.parameters.values() if p.name not in ("self", "cls")]
    text = ", ".join(_parameter(p) for p in _with_star(params))
    returns = "" if sig.return_annotation is inspect.Signature.empty else f" -> {_annotation(sig.return_annotation)}"
    return f"{name}({text}){returns}"


def _with_star(params: list[inspect.Parameter]) -> list[inspect.Parameter | str]:
    out: list[inspect.Parameter | str] = []
    starred = False
    for p in params:
        if p.kind is p.KEYWORD_ONLY and not starred:
            out.append("*")
            starred = True
        starred = starred or p.kind is p.VAR_POSITIONAL
        out.append(p)
    return out


def _parameter(p: inspect.Parameter | str) -> str:
    if isinstance(p, str):
        return p
    prefix = "*" if p.kind is p.VAR_POSITIONAL else "**" if p.kind is p.VAR_KEYWORD else ""
    text = prefix + p.name
    if p.annotation is not inspect.Parameter.empty:
        text += f": {_annotation(p.annotation)}"
    if p.default is not inspect.Parameter.empty:
        text += f" = {p.default!r}"
    return text


def _members(cls: type) -> list[Member]:
    """The methods and properties a class defines itself that an engine calls, implements or reads."""
    found = []
    abstract: frozenset[str] = getattr(cls, "__abstractmethods__", frozenset())
    for name, value in vars(cls).items():
        if name.startswith("__") or (name.startswith("_") and name not in FOR_ENGINES):
            continue
        target = value.__func__ if isinstance(value, (classmethod, staticmethod)) else value
        if isinstance(target, property):
            found.append(Member(name, name, _doc(target.fget), name in abstract, "property"))
        elif inspect.isfunction(target):
            kind = "classmethod" if isinstance(value, classmethod) else "method"
            found.append(Member(name, _signature(target, name), _doc(target), name in abstract, kind))
    return found


def _attributes(cls: type, described: dict[str, tuple[str, str]]) -> list[Attribute]:
    """Fields of a dataclass or content model, class attributes and the `Attributes:` lines of the docstring."""
    comments = _comments(cls)
    found: dict[str, Attribute] = {}
    if isinstance(cls, type) and issubclass(cls, BaseModel):
        for name, info in cls.model_fields.items():
            default = "required" if info.is_required() else _default(info.get_default(call_default_factory=True))
            found[name] = Attribute(name, _annotation(info.annotation), default, info.description or "")
    else:
        defaults = {f.name: f for f in dataclasses.fields(cls)} if dataclasses.is_dataclass(cls) else {}
        for name, text in inspect.get_annotations(cls).items():
            if name.startswith("_"):
                continue
            default = "required"
            if name in defaults:
                item = defaults[name]
                if item.default is not dataclasses.MISSING:
                    default = _default(item.default)
                elif item.default_factory is not dataclasses.MISSING:
                    default = _default(item.default_factory())
            elif name in cls.__dict__:
                default = _default(cls.__dict__[name])
            found[name] = Attribute(name, _annotation(text), default, comments.get(name, ""))
    for name, (kind, text) in described.items():
        known = found.get(name)
        found[name] = Attribute(name, kind or (known.type if known else ""), known.default if known else "–", text)
    return list(found.values())


def _default(value: Any) -> str:
    if isinstance(value, (frozenset, set)) and not value:
        return "empty"
    if value in ((), [], {}):
        return "empty"
    text = repr(value)
    return text if len(text) <= 40 else "…"


def entry_of(module: ModuleType, name: str) -> Entry:
    """The reference entry of one name of `module`."""
    obj = getattr(module, name)
    where = getattr(obj, "__module__", None) or module.__name__
    if isinstance(obj, type):
        doc, described = _split_attributes(_doc(obj))
        kind = "exception" if issubclass(obj, BaseException) else "class"
        entry = Entry(name, name, where, kind, doc, _attributes(obj, described), _members(obj))
        if not issubclass(obj, BaseModel) and not dataclasses.is_dataclass(obj) and "__init__" in vars(obj) \
                and not issubclass(obj, BaseException):
            entry.members.insert(0, Member(name, _signature(vars(obj)["__init__"], name), "", kind="constructor"))
        return entry
    if inspect.isfunction(obj):
        return Entry(name, name, where, "function", _doc(obj),
                     members=[Member(name, _signature(obj, name), "", kind="signature")])
    doc = _comments(module).get(name, "")
    if typing.get_origin(obj) is not None:
        return Entry(name, name, module.__name__, "type", doc,
                     attributes=[Attribute(name, "type", _annotation(obj), "")])
    return Entry(name, name, module.__name__, "constant", doc,
                 attributes=[Attribute(name, type(obj).__name__, repr(obj), "")])


def sections() -> list[Section]:
    """The reference: the contract, the values that cross it, the content an engine reads."""
    modules = contract_modules()
    contract, shown, hooks, core, pictures = ([entry_of(module, name) for name in public_names(module)]
                                              for module in modules)
    content = [entry_of(sys.modules[model.__module__], model.__name__) for model in content_models()]
    _distinct_headings(contract + shown + hooks + core + pictures + content)
    return [
        Section("The rules core: `generator.rules.contract`",
                "What an engine subclasses (`Game`, `GameState`) and the names it uses with them.", contract),
        Section("The presentation adapter: `generator.rules.presentation`",
                "How a game reads to people (`Game.presentation`): sentences, summaries, pictures, notation.", shown),
        Section("The AI hooks: `generator.rules.ai_hooks`",
                "What the generic players may ask of a game beyond its rules (`Game.ai`); optional.", hooks),
        Section("Values that cross the contract: `generator.rules.core`",
                "Refusals, events, results and the helpers every engine shares.", core),
        Section("Pictures of the table: `generator.rules.picture`",
                "What `Presentation.picture(state, lang)` returns, and the pieces the bundled engines draw with.",
                pictures),
        Section("The content an engine reads: `Game.content`",
                "`self.content` (in a `Game`; `self.game.content` in a state) is the game's folder as `pnp check` "
                "read it: a `GameContent` whose parts are the content models below. Their attribute names are "
                "the keys of the files (see [the content reference](content-reference.md)); every model is frozen, "
                "so an engine copies what it changes into its state.", content),
    ]


def problems(parts: list[Section] | None = None) -> list[str]:
    """Every public name without an entry, and every entry, member or attribute without words (empty: all is well)."""
    parts = sections() if parts is None else parts
    found = []
    entries = {(e.module, e.name): e for part in parts for e in part.entries}
    for module in contract_modules():
        for name in public_names(module):
            if not any(n == name for _, n in entries):
                found.append(f"{module.__name__}.{name} has no entry in the engine reference")
    for model in content_models():
        if (model.__module__, model.__name__) not in entries:
            found.append(f"{model.__module__}.{model.__name__} has no entry in the engine reference")
    for (module_name, name), entry in entries.items():
        where = f"{module_name}.{name}"
        if not entry.doc:
            found.append(f"{where} has no docstring" if entry.kind not in ("constant", "type")
                         else f"{where} has no comment on its line saying what it is")
        found += [f"{where}.{m.name} has no docstring" for m in entry.members
                  if not m.doc and m.kind not in ("constructor", "signature")]
        if entry.kind not in ("constant", "type"):
            found += [f"{where}.{a.name} is not described (an `Attributes:` line of the class docstring, a trailing "
                      "comment or a field description)" for a in entry.attributes if not a.doc]
    return found


def _distinct_headings(entries: list[Entry]) -> None:
    """Give a heading whose anchor another one has already a word more (`Game (content)`, `event (function)`)."""
    seen: set[str] = set()
    for entry in entries:
        if _slug(entry.heading) in seen:
            word = "content" if entry.module.startswith("generator.content") else entry.kind
            entry.heading = f"{entry.name} ({word})"
        seen.add(_slug(entry.heading))


INTRO = ("Every name an engine reads or returns, generated from the code's docstrings and type hints. Members "
         "marked **required** are abstract: an engine must implement them. Players count from 0 in every part of "
         "this API (`current_player`, `observation(player)`, `evaluate(state, player)`) and are shown from 1 to "
         "people (\"Player 1\").")


# -- writing Markdown ----------------------------------------------------------------------------------
def reference_markdown() -> str:
    """The generated region of docs/engines.md, markers included."""
    parts = [BEGIN, "", "## API reference", "", INTRO, ""]
    for section in sections():
        parts += [f"### {section.title}", "", section.intro, ""]
        parts += ["Contents: " + ", ".join(f"[`{e.name}`](#{_slug(e.heading)})" for e in section.entries) + ".", ""]
        for entry in section.entries:
            parts += _entry_markdown(entry)
    parts += [END]
    return "\n".join(parts) + "\n"


def _entry_markdown(entry: Entry) -> list[str]:
    lines = [f"#### {entry.heading}", "", f"*{entry.kind}* in `{entry.module}`", ""]
    if entry.doc:
        lines += [_paragraphs(entry.doc), ""]
    signatures = [m for m in entry.members if m.kind in ("constructor", "signature")]
    for member in signatures:
        lines += ["```python", member.signature, "```", ""]
    if entry.kind in ("constant", "type"):
        [value] = entry.attributes
        lines += [f"{'Value' if entry.kind == 'constant' else 'Type'}: `{value.default}`", ""]
    elif entry.attributes:
        lines += ["| attribute | type | default | meaning |", "|---|---|---|---|"]
        lines += [f"| `{a.name}` | `{_cell(a.type)}` | {_cell(_default_cell(a.default))} | {_cell(a.doc)} |"
                  for a in entry.attributes]
        lines.append("")
    for member in entry.members:
        if member in signatures:
            continue
        flags = [f for f in (member.kind if member.kind != "method" else "", "required" if member.required else "")
                 if f]
        flag = f" ({', '.join(f'**{f}**' if f == 'required' else f for f in flags)})" if flags else ""
        lines.append(f"- `{member.signature}`{flag}: {_paragraphs(member.doc, joined=True)}")
    if any(m not in signatures for m in entry.members):
        lines.append("")
    return lines


def _default_cell(text: str) -> str:
    return "**required**" if text == "required" else f"`{text}`" if text not in ("–", "empty", "…") else text


def _paragraphs(text: str, joined: bool = False) -> str:
    """A docstring as Markdown: its single line breaks are the source's, not the reader's."""
    text = re.sub(r"(?<!\n)\n(?![\n\-])", " ", text.strip())
    return re.sub(r"\n\s*\n", " " if joined else "\n\n", text)


def _cell(text: str) -> str:
    return _paragraphs(text, joined=True).replace("|", "\\|").replace("\n", " ")


def _slug(heading: str) -> str:
    """The anchor GitHub and mkdocs give a heading."""
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


# -- the page ------------------------------------------------------------------------------------------
def with_reference(page: str) -> str:
    """`page` with its generated region replaced by the current reference (appended when it has none)."""
    if BEGIN in page and END in page:
        head, rest = page.split(BEGIN, 1)
        tail = rest.split(END, 1)[1]
        return head + reference_markdown().rstrip("\n") + tail
    return page.rstrip("\n") + "\n\n" + reference_markdown()


def main(argv: list[str]) -> int:
    """Rewrite the generated region of each page named; 2 when none is named."""
    if not argv:
        print("usage: python -m generator.authoring.engine_reference docs/engines.md", file=sys.stderr)
        return 2
    for name in argv:
        path = Path(name)
        path.write_text(with_reference(path.read_text(encoding="utf-8")), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
