"""What one spreadsheet cell holds, as the value a card's YAML would hold, and back.

A sheet has one cell where YAML has a nested value, so each kind of value has a short written
form that a designer can type and `pnp export` writes:

- a whole number `3`, true or false `true`, text as it is;
- a list `a, b, c` (`[]` for an empty list);
- costs `grain=3 stone=1` (`{}` for none);
- effects `gain resource=grain amount=1; draw count=2` (`[]` for none);
- any other value (a parameter, a field the game does not declare): a bare word or number,
  `true`/`false`, or JSON (`"3"` is the text 3, `[1, 2]` a list).

Parsing raises `CellProblem` with a sentence and a hint; the sheet reader places it at the cell.
Formatting is the exact inverse, so a card written out and read back is the same card.
"""

from __future__ import annotations

import json
import re
from typing import Any

from generator.content.yaml_source import MAX_NUMBER

MAX_LIST_ITEMS = 200
_INT = re.compile(r"[+-]?[0-9]{1,16}")
_FLOAT = re.compile(r"[+-]?(?:[0-9]{1,16}\.[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]{1,3})?")
_BARE = re.compile(r"[A-Za-z_][A-Za-z0-9_.:/+-]*")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_JSON = json.JSONDecoder()


class CellProblem(Exception):
    """A cell that does not hold what its column needs: the message says what, the hint how to fix it."""

    def __init__(self, message: str, hint: str) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint


def cell_text(value: Any) -> str:
    """A cell as text: numbers a spreadsheet stored as numbers are written as a person typed them."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer() and abs(value) <= MAX_NUMBER:
        return str(int(value))
    return str(value)


def whole_number(value: Any) -> int:
    if isinstance(value, bool):
        raise CellProblem(f"expected a whole number, found {cell_text(value)}", "write digits, such as 3")
    if isinstance(value, int):
        number = value
    elif isinstance(value, float) and value.is_integer():
        number = int(value)
    else:
        text = cell_text(value).strip()
        if not _INT.fullmatch(text):
            raise CellProblem(f"expected a whole number, found '{text}'", "write digits, such as 3")
        number = int(text)
    if abs(number) > MAX_NUMBER:
        raise CellProblem(f"the number is larger than {MAX_NUMBER:,}", "write a plain number of at most 15 digits")
    return number


TRUE_WORDS = ("true", "yes", "1")
FALSE_WORDS = ("false", "no", "0")


def truth(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = cell_text(value).strip().lower()
    if text in TRUE_WORDS:
        return True
    if text in FALSE_WORDS:
        return False
    raise CellProblem(f"expected true or false, found '{cell_text(value).strip()}'", "write true or false")


def _json_at(text: str, start: int) -> tuple[Any, int]:
    try:
        value, end = _JSON.raw_decode(text, start)
    except json.JSONDecodeError as exc:
        raise CellProblem(f"cannot read {text[start:start + 30]!r}: {exc.msg}",
                          'write JSON here: "text" in double quotes, [1, 2] for a list') from None
    return value, end


def _bare(token: str) -> Any:
    if _INT.fullmatch(token):
        return whole_number(token)
    if token in ("true", "false"):
        return token == "true"
    if _FLOAT.fullmatch(token):
        return float(token)
    return token


def any_value(value: Any) -> Any:
    """A value of no declared type: a bare word or number, true/false, or JSON."""
    if not isinstance(value, str):
        return whole_number(value) if isinstance(value, float) and value.is_integer() else value
    text = value.strip()
    if text[:1] in ('"', "[", "{"):
        parsed, end = _json_at(text, 0)
        if text[end:].strip():
            raise CellProblem(f"unexpected '{text[end:].strip()[:20]}' after the value", "write one value per cell")
        return parsed
    return _bare(text)


def format_any(value: Any) -> str:
    """The written form `any_value` reads back as `value`."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value) if _FLOAT.fullmatch(repr(value)) else json.dumps(value)
    if isinstance(value, str) and _BARE.fullmatch(value) and value not in ("true", "false") \
            and not _FLOAT.fullmatch(value):
        return value
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def items(value: Any) -> list[str]:
    """A list cell's items: `a, b, c`, or `[]` for an empty list."""
    text = cell_text(value).strip()
    if text == "[]":
        return []
    if text.startswith("["):
        parsed = any_value(text)
        if not isinstance(parsed, list):
            raise CellProblem("expected a list", "write the items separated by commas: a, b")
        return [p if isinstance(p, str) else cell_text(p) for p in parsed]
    parts = [p.strip() for p in text.split(",")]
    if len(parts) > MAX_LIST_ITEMS:
        raise CellProblem(f"more than {MAX_LIST_ITEMS} items", "a card's list needs far fewer")
    if any(not p for p in parts):
        raise CellProblem("an empty item in the list", "separate the items by single commas: a, b")
    return parts


def numbers(value: Any) -> list[int]:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return [whole_number(value)]
    return [whole_number(p) for p in items(value)]


def words(value: Any) -> list[str]:
    return items(value)


def _pairs(text: str, start: int, stop_at_semicolon: bool) -> tuple[dict[str, Any], int]:
    """`key=value key=value` from `start`; values are bare words or JSON. Stops at `;` when asked."""
    found: dict[str, Any] = {}
    i = start
    while True:
        while i < len(text) and text[i] in " \t\n,":
            i += 1
        if i >= len(text) or (stop_at_semicolon and text[i] == ";"):
            return found, i
        name = _NAME.match(text, i)
        if name is None or text[name.end():name.end() + 1] != "=":
            shown = text[i:].split()[0][:30] if text[i:].split() else text[i:i + 30]
            raise CellProblem(f"expected name=value, found '{shown}'", "write each value as name=value, e.g. amount=2")
        key = name.group(0)
        if key in found:
            raise CellProblem(f"'{key}' is given twice", "give each name once")
        i = name.end() + 1
        if text[i:i + 1] in ('"', "[", "{"):
            found[key], i = _json_at(text, i)
        else:
            end = i
            while end < len(text) and text[end] not in " \t\n,;":
                end += 1
            if end == i:
                raise CellProblem(f"'{key}=' has no value", "write a value after '='")
            found[key] = _bare(text[i:end])
            i = end


def costs(value: Any) -> dict[str, Any]:
    """`grain=3 stone=1` (or `{}`) as {resource: amount}."""
    text = cell_text(value).strip()
    if text == "{}":
        return {}
    found, _ = _pairs(text, 0, stop_at_semicolon=False)
    return found


def format_costs(value: dict[str, Any]) -> str:
    if not value:
        return "{}"
    return " ".join(f"{k}={format_any(v)}" for k, v in value.items())


def effects(value: Any) -> list[dict[str, Any]]:
    """`op name=value ...; op ...` (or `[]`) as a list of effects `{op: ..., name: value}`."""
    text = cell_text(value).strip()
    if text == "[]":
        return []
    found: list[dict[str, Any]] = []
    i = 0
    while i < len(text):
        while i < len(text) and text[i] in " \t\n;":
            i += 1
        if i >= len(text):
            break
        op = _NAME.match(text, i)
        if op is None:
            raise CellProblem(f"expected an operation, found '{text[i:i + 20]}'",
                              "write effects as `op name=value`, separated by ';': gain resource=grain amount=1")
        effect: dict[str, Any] = {"op": op.group(0)}
        params, i = _pairs(text, op.end(), stop_at_semicolon=True)
        if "op" in params:
            raise CellProblem("'op' is the operation's own name", "write the operation first: gain amount=1")
        effect.update(params)
        found.append(effect)
        if len(found) > MAX_LIST_ITEMS:
            raise CellProblem(f"more than {MAX_LIST_ITEMS} effects", "a card needs far fewer")
    return found


class Unwritable(Exception):
    """A value of a card that the written forms cannot hold (`pnp export` names the card)."""


def format_effects(value: list[Any]) -> str:
    if not value:
        return "[]"
    parts = []
    for effect in value:
        if not isinstance(effect, dict) or not isinstance(effect.get("op"), str) or not _NAME.fullmatch(effect["op"]):
            raise Unwritable(f"an effect without an operation name: {effect!r}")
        params = []
        for key, param in effect.items():
            if key == "op":
                continue
            if not isinstance(key, str) or not _NAME.fullmatch(key):
                raise Unwritable(f"an effect parameter named {key!r}")
            params.append(f"{key}={format_any(param)}")
        parts.append(" ".join([effect["op"], *params]))
    return "; ".join(parts)


def format_items(value: list[Any]) -> str:
    """A list of plain words or numbers as `a, b`; anything else as JSON."""
    if not value:
        return "[]"
    plain = all((isinstance(v, int) and not isinstance(v, bool)) or (isinstance(v, str) and _BARE.fullmatch(v))
                for v in value)
    if plain and not (len(value) == 1 and isinstance(value[0], str) and value[0].startswith("[")):
        return ", ".join(str(v) for v in value)
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
