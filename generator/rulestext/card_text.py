"""A card face as Markdown text: the facts the printed card shows, searchable on the site.

The sentences and field lines are the card pipeline's own (generator/layout/context.py: effect
sentences from the game's operations, fields by their declared type), so the gallery's text is
what the printed card says. Only costs in running rules text get a form of their own here.
"""

from __future__ import annotations

from generator.content.loader import GameContent
from generator.content.schema import Card, Effect, Face
from generator.layout import context as card_context
from generator.rulestext.i18n import label


def costs_text(content: GameContent, costs: dict[str, int], lang: str) -> str:
    """`{knowledge: 1}` as `1 × :knowledge: Wissen` (icon and word, so it reads and searches)."""
    return " + ".join(f"{amount} × :{content.resource_icon(res)}: {content.resource_name(res, lang)}"
                      for res, amount in costs.items())


def effect_sentence(content: GameContent, effect: Effect, lang: str) -> str:
    """The operation's sentence in `lang` with the effect's parameters filled in, as on the card."""
    return card_context.effect_sentence(content, effect, lang)


def face_lines(content: GameContent, card: Card, face: Face, lang: str) -> list[str]:
    """Markdown lines for one face: cost, effect sentences, rules text, fields, flavour, science."""
    kind = content.game.kind(card.kind)
    lines: list[str] = []
    if card.cost is not None and face is card:
        lines.append(f"**{label('cost', lang)}:** {card.cost}")
    lines += [card_context.effect_sentence(content, effect, lang) for effect in face.effects]
    if face.text is not None:
        lines.append(face.text.get(lang))
    lines += [field["line"] for field in card_context.field_lines(content, kind, face, lang, None)]
    if face.flavor is not None:
        lines.append(f"*{face.flavor.get(lang)}*")
    if face.science is not None:
        lines.append(f"{label('science', lang)}: {face.science.get(lang)}")
    return lines
