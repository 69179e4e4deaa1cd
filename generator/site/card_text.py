"""A card face as Markdown text: the same facts the printed card shows, searchable on the site.

Effects print as their operation's sentence with the parameters filled in, fields as
`**Label:** value` by their declared type, so any game's cards render without game code.
"""

from __future__ import annotations

import re
from typing import Any

from generator.content.loader import GameContent
from generator.content.schema import Card, Effect, Face, FieldSpec
from generator.site.i18n import label
from generator.site.markup import escape

PARAM_RE = re.compile(r"(:?)\{([a-z_][a-z0-9_]*)\}(:?)")


def resource_icon(content: GameContent, resource_id: str) -> str:
    for res in content.game.resources:
        if res.id == resource_id:
            return res.icon or res.id
    return resource_id


def resource_name(content: GameContent, resource_id: str, lang: str) -> str:
    for res in content.game.resources:
        if res.id == resource_id:
            return res.name.get(lang)
    return resource_id


def costs_text(content: GameContent, costs: dict[str, int], lang: str) -> str:
    """`{knowledge: 1}` as `1 × :knowledge: Wissen` (icon and word, so it reads and searches)."""
    return " + ".join(f"{amount} × :{resource_icon(content, res)}: {resource_name(content, res, lang)}"
                      for res, amount in costs.items())


def effect_sentence(content: GameContent, effect: Effect, lang: str) -> str:
    """The operation's sentence in `lang` with the effect's parameters filled in."""
    ops = {op.id: op for op in content.game.operations}
    op = ops.get(effect.op)
    if op is None:
        return effect.op

    def fill(match: re.Match) -> str:
        before, name, after = match.groups()
        value = effect.args.get(name)
        if value is None:
            return match.group(0)
        spec = op.params.get(name)
        if spec is not None and spec.type == "resource" and isinstance(value, str):
            if before and after:
                return f":{resource_icon(content, value)}:"
            return before + resource_name(content, value, lang) + after
        return before + str(value) + after

    return PARAM_RE.sub(fill, op.text.get(lang))


def field_text(content: GameContent, spec: FieldSpec, value: Any, lang: str) -> str:
    """A field's value by its declared type, as Markdown."""
    if spec.type == "costs" and isinstance(value, dict):
        return costs_text(content, value, lang)
    if spec.type == "resource" and isinstance(value, str):
        return f":{resource_icon(content, value)}: {resource_name(content, value, lang)}"
    if spec.type in ("ints", "list", "tags") and isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if isinstance(value, bool):
        return label("yes" if value else "no", lang)
    if spec.type == "text" and isinstance(value, dict):
        return escape(str(value.get(lang, "")))
    return escape(str(value))


def face_lines(content: GameContent, card: Card, face: Face, lang: str) -> list[str]:
    """Markdown lines for one face: effect sentences, rules text, labelled fields, flavour, science."""
    kind = content.game.kind(card.kind)
    lines: list[str] = []
    if card.cost is not None and face is card:
        lines.append(f"**{label('cost', lang)}:** {card.cost}")
    for effect in face.effects:
        lines.append(effect_sentence(content, effect, lang))
    if face.text is not None:
        lines.append(face.text.get(lang))
    for name, spec in kind.fields.items():
        if name not in face.fields or face.fields[name] is None:
            continue
        value = face.fields[name]
        if spec.label is not None:
            lines.append(f"**{escape(spec.label.get(lang))}:** {field_text(content, spec, value, lang)}")
        elif spec.type == "resource":
            lines.append(field_text(content, spec, value, lang))
    if face.flavor is not None:
        lines.append(f"*{face.flavor.get(lang)}*")
    if face.science is not None:
        lines.append(f"{label('science', lang)}: {face.science.get(lang)}")
    return lines
