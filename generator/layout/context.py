"""What a layout's templates can see: the kind (for frames and backs) and one card face (for content).

Everything here is already in the requested language and already markup (`**bold**`, `:icon:`):
effect sentences come from the game's `operations` text with `{param}` filled in, and the
kind's declared fields are turned into labelled lines by their type, so any game's fields print
without game-specific code.
"""

from __future__ import annotations

from typing import Any

from jinja2 import TemplateRuntimeError

from generator.content import word_forms
from generator.content.loader import GameContent
from generator.content.operation_text import TRUE_MARK, effect_sentence, param_word
from generator.content.schema import Card, CardKind, Effect, Face, FieldSpec
from generator.content.suggest import did_you_mean

__all__ = ["TRUE_MARK", "cost_field", "effect_sentence", "face_context", "field_lines", "field_value", "resource_entry",
           "static_context"]


def static_context(content: GameContent, kind: CardKind, lang: str, side: str,
                   size: tuple[float, float] | None = None, bleed: float = 3.0) -> dict[str, Any]:
    """Context of frames and shared backs: no card data, so the result can be drawn once.

    `W` and `H` are the trim (the kind's size, or a print-shop profile's), `B` the bleed."""
    width, height = size or kind.size_mm
    back = kind.back
    resources = [resource_entry(content, r.id, lang) for r in content.game.resources]
    by_id = {r["id"]: r for r in resources}

    def resource(resource_id: str) -> dict[str, Any]:
        """A resource by id, for a layout: `resource('food').color`."""
        if resource_id not in by_id:
            raise TemplateRuntimeError(f"unknown resource '{resource_id}' "
                                       f"({did_you_mean(str(resource_id), by_id, 'resources')})")
        return by_id[resource_id]

    field_labels = {name: spec.label for name, spec in kind.fields.items() if spec.label is not None}

    def label(key: str, **values: Any) -> str:
        """The game's word for `key` in this language (game.yaml `labels`, else the label of the kind's field
        `key`), its `{n}` fields filled from `values`."""
        text = content.label(key, lang)
        if text is None and key in field_labels:
            text = field_labels[key].get(lang)
        if text is None:
            known = [*content.game.labels, *field_labels]
            raise TemplateRuntimeError(f"no label '{key}' in game.yaml `labels` or the kind's fields "
                                       f"({did_you_mean(str(key), known, 'labels')})")
        return word_forms.fill(text, values.get, lambda name, raw: str(raw), lambda name, raw: str(raw))

    return {
        "W": width,
        "H": height,
        "B": bleed,
        "lang": lang,
        "side": side,
        "game": {"id": content.game.id, "title": content.game.title.get(lang)},
        "kind": {
            "id": kind.id,
            "name": kind.name.get(lang),
            "color": kind.color,
            "icon": kind.icon,
            "double_sided": kind.double_sided,
            "back": {
                "title": back.title.get(lang) if back.title else kind.name.get(lang),
                "color": back.color or kind.color,
                "icon": back.icon or kind.icon,
            },
        },
        "resources": resources,
        "resource": resource,
        "label": label,
    }


def resource_entry(content: GameContent, resource_id: str, lang: str) -> dict[str, Any]:
    """What a layout reads of a resource: its id, name in the language, icon and colour."""
    declared = next((r for r in content.game.resources if r.id == resource_id), None)
    return {"id": resource_id, "name": content.resource_name(resource_id, lang),
            "icon": content.resource_icon(resource_id), "color": declared.color if declared else "#888888"}


def cost_field(kind: CardKind) -> str | None:
    """The field shown in the cost badge when a card has no `cost` of its own.

    The kind's `badge` names it (a whole number, or costs of several resources); otherwise the
    first integer field named `cost` or `*_cost`.
    """
    if kind.badge:
        return kind.badge
    for name, spec in kind.fields.items():
        if spec.type == "int" and (name == "cost" or name.endswith("_cost")):
            return name
    return None


def field_value(content: GameContent, spec: FieldSpec, value: Any, lang: str) -> str:
    """A field's value as markup, by its declared type."""
    if spec.type == "tags" and isinstance(value, list):
        return " · ".join(content.value_word(v, lang) for v in value)
    if spec.type in ("ints", "list") and isinstance(value, list):
        return " · ".join(str(v) for v in value)
    if spec.type == "enum":
        return content.value_word(value, lang)
    if spec.type == "costs" and isinstance(value, dict):
        return " + ".join(f"{n} :{content.resource_icon(r)}:" for r, n in value.items())
    if spec.type == "resource":
        return f":{content.resource_icon(value)}: {content.resource_name(value, lang)}"
    if spec.type == "effects" and isinstance(value, list):
        return " ".join(effect_sentence(content, Effect.model_validate(e), lang) for e in value)
    if spec.type == "card":
        return param_word(content, "card", value, lang)
    if spec.type == "text" and isinstance(value, dict):
        return str(value.get(lang, ""))
    if isinstance(value, bool):
        return TRUE_MARK if value else "–"
    return str(value)


def field_lines(content: GameContent, kind: CardKind, face: Face, lang: str, skip: str | None) -> list[dict[str, Any]]:
    """The kind's printable fields of a face, in declared order.

    A labelled field prints as `**Label:** value`; a labelled true boolean as its label alone (a
    false one not at all); an unlabelled resource as its icon and name; other unlabelled fields
    are the game's bookkeeping and do not print.
    """
    lines: list[dict[str, Any]] = []
    for name, spec in kind.fields.items():
        if name == skip or name not in face.fields or face.fields[name] is None:
            continue
        value = face.fields[name]
        label = spec.label.get(lang) if spec.label else None
        if spec.type == "bool":
            if label and value:
                lines.append({"id": name, "label": label, "value": "", "line": f"**{label}**"})
            continue
        if label is None:
            if spec.type == "resource":
                text = field_value(content, spec, value, lang)
                lines.append({"id": name, "label": "", "value": text, "line": text})
            continue
        text = field_value(content, spec, value, lang)
        lines.append({"id": name, "label": label, "value": text, "line": f"**{label}:** {text}"})
    return lines


def _text(value, lang: str) -> str | None:
    return value.get(lang) if value is not None else None


def face_context(content: GameContent, card: Card, face: Face, side: str, lang: str,
                 size: tuple[float, float] | None = None, bleed: float = 3.0,
                 static: dict[str, Any] | None = None) -> dict[str, Any]:
    """Context of a card face's content: the static context (`static`, if the caller keeps the kind's for this
    language, side, size and bleed) plus this face's data."""
    kind = content.game.kind(card.kind)
    context = dict(static) if static is not None else static_context(content, kind, lang, side, size, bleed)
    skip = cost_field(kind)
    badge = kind.fields.get(skip) if skip and card.cost is None else None
    several = badge is not None and badge.type == "costs"
    cost = card.cost if card.cost is not None else (face.fields.get(skip) if skip and not several else None)
    priced = face.fields.get(skip) if several and skip else None
    costs = [{**resource_entry(content, res, lang), "amount": amount}
             for res, amount in (priced.items() if isinstance(priced, dict) else ()) if amount]
    effects = [effect_sentence(content, e, lang) for e in face.effects]
    fields = field_lines(content, kind, face, lang, skip if card.cost is None else None)
    field_effects = {name: [effect_sentence(content, Effect.model_validate(e), lang) for e in face.fields[name]
                            if isinstance(e, dict) and "op" in e]
                     for name, spec in kind.fields.items()
                     if spec.type == "effects" and isinstance(face.fields.get(name), list)}
    text = _text(face.text, lang)
    context.update({
        "card": {"id": card.id, "count": card.count, "cost": card.cost},
        "face": {
            "name": face.name.get(lang),
            "text": text,
            "flavor": _text(face.flavor, lang),
            "science": _text(face.science, lang),
            "icon": face.icon or kind.icon,
            "art": face.art,
            "fields": dict(face.fields),
        },
        "cost": cost,
        "costs": costs,
        "fields": fields,
        "fields_text": "\n".join(f["line"] for f in fields),
        "field_effects": field_effects,
        "effects": effects,
        "body": "\n".join([t for t in (text, *effects) if t]),
    })
    return context
