"""Turn pydantic validation errors into `ContentError`s pointing at the YAML that caused them."""

from __future__ import annotations

import types
import typing
from typing import Any

from pydantic import BaseModel, ValidationError

from generator.content.errors import ErrorList, YamlPath
from generator.content.schema import Text, languages_context
from generator.content.suggest import did_you_mean
from generator.content.yaml_source import SourceMap


def _unwrap(annotation: Any) -> list[Any]:
    """The concrete types behind Optional/Union/list/dict/Annotated of an annotation."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _unwrap(typing.get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType):
        out: list[Any] = []
        for arg in typing.get_args(annotation):
            out.extend(_unwrap(arg))
        return out
    if origin in (list, tuple, set):
        return _unwrap(typing.get_args(annotation)[0]) if typing.get_args(annotation) else []
    if origin is dict:
        args = typing.get_args(annotation)
        return _unwrap(args[1]) if len(args) == 2 else []
    return [annotation]


def _is_dict(annotation: Any) -> bool:
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _is_dict(typing.get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType):
        return any(_is_dict(a) for a in typing.get_args(annotation))
    return origin is dict


def _model_at(model: type[BaseModel], path: YamlPath) -> type[BaseModel] | None:
    """The model class that describes the mapping found at `path` (for listing allowed keys)."""
    current: Any = model
    skip_key = False
    for part in path:
        if isinstance(part, int):
            continue
        if skip_key:
            skip_key = False
            continue
        if not (isinstance(current, type) and issubclass(current, BaseModel)):
            return None
        info = current.model_fields.get(part)
        if info is None:
            return None
        candidates = [t for t in _unwrap(info.annotation) if isinstance(t, type) and issubclass(t, BaseModel)]
        if not candidates:
            return None
        skip_key = _is_dict(info.annotation)
        current = candidates[0]
    return current if isinstance(current, type) and issubclass(current, BaseModel) and not skip_key else None


def _data_path(loc: tuple[Any, ...], data: Any) -> YamlPath:
    """Drop the parts of a pydantic loc that do not exist in the data (union member tags)."""
    path: list[str | int] = []
    node = data
    for part in loc:
        if isinstance(node, dict) and isinstance(part, str) and part in node:  # noqa: SIM114 (mypy narrows each arm)
            path.append(part)
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            path.append(part)
            node = node[part]
        elif isinstance(node, dict) and isinstance(part, str) and part.isidentifier() and not part[0].isupper() \
                and "[" not in part and part not in ("str", "int", "float", "bool", "list", "dict"):
            # a missing key: keep it as the last part so the message can name it
            path.append(part)
            node = None
        # anything else is a union tag such as 'Size' or 'function-after[...]'
    return tuple(path)


_TYPE_WORDS = {
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "float_parsing": "a number",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "string_type": "text",
    "list_type": "a list",
    "dict_type": "a mapping (key: value)",
    "model_type": "a mapping (key: value)",
    "model_attributes_type": "a mapping (key: value)",
}


def report_validation_error(exc: ValidationError, model: type[BaseModel], data: Any, source: SourceMap,
                            errors: ErrorList, prefix: YamlPath = ()) -> None:
    """Add one readable error per pydantic error, located by the source map."""
    for err in exc.errors(include_url=False):
        loc = tuple(err["loc"])
        rel = _data_path(loc, data)
        full = tuple(prefix) + rel
        kind = err["type"]
        if kind == "extra_forbidden":
            key = str(rel[-1]) if rel else "?"
            owner = _model_at(model, rel[:-1])
            allowed = list(owner.model_fields) if owner else []
            errors.add(source.key_mark(full), f"unknown key '{key}'", full[:-1],
                       hint=did_you_mean(key, allowed, "keys"), code="schema")
        elif kind == "missing":
            key = str(rel[-1]) if rel else "?"
            owner = _model_at(model, rel[:-1])
            if owner is Text:
                errors.add(source.mark(full[:-1]), f"missing translation '{key}'", full[:-1],
                           hint=f"every player-facing string needs `{key}:`", code="translation")
            else:
                errors.add(source.mark(full[:-1]), f"missing key '{key}'", full[:-1],
                           hint=f"add `{key}:` here", code="schema")
        elif kind == "string_too_short" and _model_at(model, rel[:-1]) is Text:
            errors.add(source.mark(full), f"empty translation '{rel[-1]}'", full,
                       hint="write the text in this language", code="translation")
        elif kind in _TYPE_WORDS:
            value = err.get("input")
            shown = repr(value) if not isinstance(value, (dict, list)) else type(value).__name__
            errors.add(source.mark(full), f"expected {_TYPE_WORDS[kind]}, found {shown}", full,
                       hint="fix the value's type", code="schema")
        elif kind == "literal_error":
            expected = err.get("ctx", {}).get("expected", "")
            errors.add(source.mark(full), f"'{err.get('input')}' is not allowed here", full,
                       hint=f"use one of {expected}", code="schema")
        elif kind == "string_pattern_mismatch":
            errors.add(source.mark(full), f"'{err.get('input')}' is not a valid identifier here", full,
                       hint="use lower-case letters, digits and '-' (ids) or '_' (names)", code="schema")
        else:
            message = err["msg"].removeprefix("Value error, ")
            errors.add(source.mark(full), message, full, code="schema")


def validate_model(model: type[BaseModel], data: Any, source: SourceMap, errors: ErrorList,
                   prefix: YamlPath = (), languages: tuple[str, ...] | None = None) -> Any:
    """Validate `data` as `model` for a game in `languages` (None: every language; a one-language game's
    texts may name that language alone); on failure report located errors and return None."""
    try:
        return model.model_validate(data, context=languages_context(languages))
    except ValidationError as exc:
        report_validation_error(exc, model, data, source, errors, prefix)
        return None
