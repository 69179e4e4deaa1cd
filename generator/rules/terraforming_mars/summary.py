"""The Terraforming Mars table as (label, value) rows in de and en, for examples and `pnp play`.

Labels and small words come from the content's sentences (`labels`, `words`); hands, research
cards and event piles show as counts – the summary shows what every player sees; a player's own
view (`summary_for`, a person playing `pnp play`) adds their hand and research cards by name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.rules.engine_kit.table_words import TableWords
from generator.rules.terraforming_mars.data import RESOURCES
from generator.rules.terraforming_mars.texts import name_of, space_words

if TYPE_CHECKING:
    from generator.rules.terraforming_mars.state import TerraformingMarsState


def summarize(state: TerraformingMarsState, lang: str) -> list[tuple[str, str]]:
    """Generation and who decides, the global parameters, every player's board, the map, milestones and awards."""
    d = state.data
    table = TableWords(state.game.content, lang)
    w, label, words = table.w, table.label, table.words

    rows: list[tuple[str, str]] = []
    if state.result is not None:
        status = w("over")
    else:
        status = w("status", g=state.generation, phase=w(f"phase-{state.phase}"), p=state.current_player + 1,
                   first=state.first + 1)
        if state.pending is not None:
            status += w(
                f"pending-{state.pending[0]}", tile=w(f"tile-{state.pending[1]}") if state.pending[0] == "place" else ""
            )
    rows.append((label("generation"), status))
    rows.append((label("parameters"), w("parameters", t=state.temperature, o=state.oxygen, n=state.oceans,
                                               goal_t=d.temperature[1], goal_o=d.oxygen[1], goal_n=d.oceans_max)))
    for p in range(state.n):
        stock = ", ".join(f"{d.names[r].get(lang)} {state.res[p][i]} ({state.prod[p][i]:+d})"
                          for i, r in enumerate(RESOURCES))
        played = ", ".join(name_of(c, d, lang) + (f" [{state.card_res[c]}]" if state.card_res.get(c) else "")
                           for c in state.played[p]) or w("none")
        line = w("player-line", tr=state.tr[p], stock=stock, hand=len(state.hand[p]), events=len(state.event_pile[p]),
                 played=played)
        if state.passed[p] and state.phase == "action":
            line += w("has-passed")
        rows.append((label("player", p=p + 1), line))
    tiles = []
    for space, (tile, owner) in sorted(
        state.tiles.items(), key=lambda item: (d.spaces[item[0]].row, d.spaces[item[0]].column)
    ):
        text = f"{w(f'tile-{tile}')} {space_words(space, d, words)}"
        if owner >= 0:
            text += f" ({w('player', p=owner + 1)})"
        tiles.append(text)
    rows.append((label("map"), "; ".join(tiles) or w("none")))
    claimed = [f"{name_of(m, d, lang)} ({w('player', p=q + 1)})" for m, q in state.milestones.items()]
    rows.append((label("milestones"), ", ".join(claimed) or w("none")))
    funded = [f"{name_of(a, d, lang)} ({w('player', p=q + 1)})" for a, q in state.awards]
    rows.append((label("awards"), ", ".join(funded) or w("none")))
    rows.append((label("deck"), w("deck-sizes", deck=len(state.deck), discard=len(state.discard))))
    return rows


def summarize_for(state: TerraformingMarsState, lang: str, viewer: int | None) -> list[tuple[str, str]]:
    """The summary, then the hand and research cards of seat `viewer` (0-based), whom they belong to."""
    rows = summarize(state, lang)
    if viewer is None or not 0 <= viewer < state.n:
        return rows
    table = TableWords(state.game.content, lang)
    for key, cards in (("hand", state.hand[viewer]), ("offers", state.offers[viewer])):
        if cards or key == "hand":   # research cards only while there are some
            rows.append((table.label(key, p=viewer + 1), ", ".join(name_of(c, state.data, lang) for c in cards)
                         or table.w("none")))
    return rows
