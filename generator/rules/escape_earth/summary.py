"""The Escape Earth table as (label, value) rows in de and en, for examples and `pnp play`.

Labels and small words come from the content's sentences (`labels`, `words`); the face-down
cards are one run ("5–16 face down") – the summary shows what the players see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.rules.engine_kit.table_words import TableWords
from generator.rules.escape_earth.data import NO_ANOMALY
from generator.rules.escape_earth.texts import card_place

if TYPE_CHECKING:
    from generator.rules.escape_earth.state import EscapeEarthState


def summarize(state: EscapeEarthState, lang: str) -> list[tuple[str, str]]:
    """What lies on the table, row by row: galaxy, ships, tokens, buildings, rows, events, decks."""
    d = state.data
    table = TableWords(state.game.content, lang)
    w, label, words = table.w, table.label, table.words

    def place(pos: int) -> str:
        return card_place(pos, state.length, words)

    rows: list[tuple[str, str]] = []
    turn = w("over") if state.result else w("turn-state", t=state.turn, p=state.player + 1, a=state.actions_left)
    if state.result is None and state.phase == "respond" and state.pending_event:
        turn += w("pending-respond", e=d.events[state.pending_event].name.get(lang))
    elif state.result is None and state.phase == "lose" and state.pending_loss:
        turn += w("pending-lose", r=d.resource_names[state.pending_loss].get(lang))
    rows.append((label("turn"), turn))
    cards = [f"{pos + 1} {d.galaxy[card].name.get(lang)}" for pos, card in enumerate(state.track[:state.revealed])]
    if state.revealed < len(state.track):  # the face-down rest as one run: "5–16 face down"
        first, last = state.revealed + 1, len(state.track)
        cards.append(f"{first}–{last} {w('face-down')}" if last > first else f"{first} {w('face-down')}")
    rows.append((label("galaxy"), " · ".join(cards)))
    rows.append((label("ships"), ", ".join(f"{w('player', p=p + 1)}: {place(s)}" for p, s in enumerate(state.ships))))
    rows.append((label("aliens"), place(state.aliens)))
    rows.append((label("anomaly"), w("not-in-play") if state.anomaly == NO_ANOMALY else place(state.anomaly)))
    held = []
    for pos in range(state.length):
        parts = []
        if state.building[pos]:
            side = state.side(pos)
            text = str(side.name.get(lang))
            if side.produces:
                text += f" ({state.cubes[pos]}/{side.capacity} {d.resource_names[side.produces].get(lang)})"
            parts.append(text)
        free = state.free[pos]
        if free:
            parts.append(f"{w('free-cube')} {d.resource_names[free].get(lang)}")
        if parts:
            held.append(f"{place(pos)}: {', '.join(parts)}")
    rows.append((label("buildings"), "; ".join(held) or w("none")))
    for p, row in enumerate(state.rows):
        items = []
        for i, activity in enumerate(row):
            mark = "✓" if state.is_active(p, activity) else ""
            travel = w("travel", t=state.cards[p][activity].travel)
            items.append(f"{i + 1} {d.activity_names[activity].get(lang)}{mark} ({travel})")
        rows.append((label("row", p=p + 1), " · ".join(items)))
    events = []
    for card in dict.fromkeys(state.active_events):
        copies = state.active_events.count(card)
        cost = ", ".join(f"{n} {d.resource_names[r].get(lang)}" for r, n in sorted(state.fight_cost(card).items()))
        events.append(f"{d.events[card].name.get(lang)} ×{copies} ({w('fight-cost')}: {cost})")
    rows.append((label("events"), "; ".join(events) or w("none")))
    rows.append((label("decks"), w("deck-sizes", t=len(state.time_deck), e=len(state.event_deck),
                                   r=len(state.removed_events))))
    rows.append((label("supply"), ", ".join(f"{d.resource_names[r].get(lang)} {n}" for r, n in state.supply.items())))
    return rows
