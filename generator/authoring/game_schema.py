"""A game's own vocabulary folded into the file schemas: its card kinds with their fields, its
resources and its effect operations with their parameters.

The generic schema can only say that a card has `fields` and that an effect names an `op`; the
game's game.yaml says which fields a kind's cards carry and which operations exist. Folded in,
an editor completes `fields: {price: ...}` for an order card and underlines `{op: gian}`, as
`pnp check` would, but while the designer types.
"""

from __future__ import annotations

from typing import Any

from generator.content.schema import CardKind, FieldSpec, Game, OperationSpec, ParamSpec

TEXT_REF = {"$ref": "#/$defs/Text"}
EFFECT_REF = {"$ref": "#/$defs/Effect"}


def fold_game(document: dict[str, Any], file_type: str, game: Game) -> None:
    """Make `document` (the schema of one file type) know the game's kinds, fields and operations, and the
    languages its texts need (a game made in English only: `{en: ...}` alone is whole)."""
    defs = document.get("$defs", {})
    if "Text" in defs and "required" in defs["Text"]:
        defs["Text"]["required"] = list(game.languages)
    if "Effect" in defs and game.operations:
        defs["Effect"] = effect_schema(game)
    if file_type == "cards" and game.kinds:
        card = defs["Card"]
        card["properties"]["kind"] = {"enum": [k.id for k in game.kinds], "description": card["properties"]["kind"]
                                      .get("description", "the card's kind, declared in game.yaml `kinds`")}
        card["allOf"] = [_kind_rule(kind, game) for kind in game.kinds]
        document["title"] += f" (game '{game.id}')"
    elif "Effect" in defs and game.operations:
        document["title"] += f" (game '{game.id}')"


def _kind_rule(kind: CardKind, game: Game) -> dict[str, Any]:
    """When a card is of `kind`, its fields (and its back's) are the kind's declared fields."""
    fields = {"type": "object", "properties": {name: value_schema(spec, game, _field_note(name, spec))
                                               for name, spec in kind.fields.items()},
              "required": [name for name, spec in kind.fields.items() if not spec.optional and spec.default is None],
              "additionalProperties": False,
              "description": f"the fields of a '{kind.id}' card ({kind.name.en}), declared in game.yaml"}
    return {"if": {"properties": {"kind": {"const": kind.id}}, "required": ["kind"]},
            "then": {"properties": {"fields": fields, "back": {"properties": {"fields": fields}}}}}


def _field_note(name: str, spec: FieldSpec) -> str:
    label = f"{spec.label.en} / {spec.label.de}: " if spec.label else ""
    return f"{label}{spec.note or name}"


def value_schema(spec: FieldSpec | ParamSpec, game: Game, description: str) -> dict[str, Any]:
    """The schema of one declared value (a card field or an operation parameter) by its type."""
    number: dict[str, Any] = {"type": "integer"}
    if spec.min is not None:
        number["minimum"] = spec.min
    if spec.max is not None:
        number["maximum"] = spec.max
    resources = [r.id for r in game.resources]
    by_type: dict[str, dict[str, Any]] = {
        "int": number,
        "ints": {"type": "array", "items": number, "minItems": 1},
        "bool": {"type": "boolean"},
        "str": {"type": "string"},
        "text": dict(TEXT_REF),
        "enum": {"enum": list(spec.choices or [])},
        "resource": {"enum": list(spec.choices or resources)},
        "tags": {"type": "array", "items": {"enum": list(spec.choices or [])}},
        "costs": {"type": "object", "propertyNames": {"enum": resources},
                  "additionalProperties": {"type": "integer", "minimum": max(0, spec.min or 0),
                                           **({"maximum": spec.max} if spec.max is not None else {})}},
        "effects": {"type": "array", "items": dict(EFFECT_REF)},
        "card": {"type": "string", "description": "the id of a card of this game"},
        "kind": {"enum": [k.id for k in game.kinds]},
        "list": {"type": "array"},
    }
    schema = dict(by_type[spec.type])
    schema["description"] = f"{description} ({spec.type})"
    return schema


def effect_schema(game: Game) -> dict[str, Any]:
    """An effect of this game: one of its operations with that operation's parameters."""
    return {
        "type": "object",
        "description": "an effect: `op` names one of the game's operations, the other keys are its parameters",
        "required": ["op"],
        "properties": {"op": {"enum": [o.id for o in game.operations],
                              "description": "an operation declared in game.yaml `operations`"}},
        "allOf": [_operation_rule(op, game) for op in game.operations],
    }


def _operation_rule(op: OperationSpec, game: Game) -> dict[str, Any]:
    """When an effect names `op`: exactly its parameters, written flat or under `args`."""
    params = {name: value_schema(spec, game, name) for name, spec in op.params.items()}
    required = [name for name, spec in op.params.items() if not spec.optional]
    flat = {"properties": {"op": {"const": op.id}, **params}, "required": ["op", *required],
            "additionalProperties": False}
    nested = {"properties": {"op": {"const": op.id}, "args": {"type": "object", "properties": params,
                                                              "required": required, "additionalProperties": False}},
              "required": ["op", "args"], "additionalProperties": False}
    return {"if": {"properties": {"op": {"const": op.id}}, "required": ["op"]},
            "then": {"description": op.text.en, "anyOf": [flat, nested]}}
