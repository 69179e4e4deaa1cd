"""The warning `pnp check` gives about type too small to read on a printed card.

A layout lets text shrink to fit its box (down to 6.5 pt, the floor the layout schema enforces);
below READABLE_PT it is hard to read at arm's length on a table. Every face of every card is laid
out in every language as a build would, and each text set below READABLE_PT after fitting is a
warning at the card's line: one per kind, side, field and size, naming the first card and how many
more share it (a layout's label repeats on every card of a kind). `pnp check --strict` fails on it.
"""

from __future__ import annotations

from generator.content.errors import ErrorList
from generator.content.loader import GameContent

READABLE_PT = 7.0


def small_type_warnings(content: GameContent, warnings: ErrorList) -> None:
    """Warn of every card text set below READABLE_PT after shrink-to-fit (see the module docstring)."""
    from generator.layout.engine import CardLayouts
    from generator.render.cards_step import ordered_cards

    layouts = CardLayouts(content, ErrorList())
    found: dict[tuple[str, str, str, float], list[tuple[str, str]]] = {}
    for lang in content.languages:
        for card in ordered_cards(content):
            for side, lay_out in (("front", layouts.front), ("back", layouts.back)):
                face = lay_out(card, lang)
                if face is None:
                    continue
                for text in face.texts:
                    if text.size < READABLE_PT - 1e-9:
                        key = (card.kind, side, text.field, round(text.size, 2))
                        found.setdefault(key, []).append((card.id, lang))
    for (_, side, field, size), cards in found.items():
        card_id, lang = cards[0]
        others = len({c for c, _ in cards}) - 1
        more = f" (and {others} more {'card' if others == 1 else 'cards'})" if others else ""
        langs = "/".join(sorted({lang for _, lang in cards}))
        warnings.warn(content.mark_of("card", card_id),
                      f"{content.id}: card '{card_id}', {side}, field '{field}', {langs}: text set at {size:g} pt, "
                      f"below {READABLE_PT:g} pt{more}",
                      hint=f"give the text more room, shorten it, or set its size in the layout to at least "
                           f"{READABLE_PT:g} pt", code="text")
