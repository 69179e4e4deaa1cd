"""The Astronuts table as (label, value) rows in de and en, for examples and `pnp play`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from generator.rules.astronuts.texts import colour_name, space_name
from generator.rules.engine_kit.table_words import TableWords

if TYPE_CHECKING:
    from generator.rules.astronuts.state import AstronutsState


def summarize(state: AstronutsState, lang: str) -> list[tuple[str, str]]:
    """Whose turn, then per player ships, colonies, nuts and technologies; planets with nuts; the bank."""
    d = state.data
    table = TableWords(state.game.content, lang)
    w, label, words = table.w, table.label, table.words

    def place(s: int) -> str:
        return space_name(d.ids[s], d, words, lang)

    def nuts(counts: Sequence[int]) -> str:
        return ", ".join(f"{colour_name(c, d, lang)} {n}" for c, n in zip(d.colours, counts, strict=False) if n) \
            or w("nothing")

    rows = [(label("turn"), w("over") if state.result is not None else w(
        "turn-state", r=state.turn, p=state.player + 1, a=state.actions_left, phase=w(f"phase-{state.phase}")))]
    for p in range(state.n):
        ships = ", ".join(place(s) for s in state.ships[p] if s >= 0) or w("nothing")
        colonies = ", ".join(f"{place(s)} {state.col[s * state.n + p]}" for s in d.planets
                             if state.col[s * state.n + p])
        techs = ", ".join(w(f"tech-{c}") for i, c in enumerate(d.colours) if state.tech[p * 4 + i])
        rows.append((label("player", p=p + 1), w(
            "player-state", ships=ships, n=state.colonies[p], colonies=colonies or w("nothing"),
            nuts=nuts(state.hand[p * 4:p * 4 + 4]), techs=techs or w("nothing"))))
    planets = "; ".join(f"{place(s)}: " + ", ".join(colour_name(c, d, lang) for i, c in enumerate(d.colours)
                                                     if state.nuts[s] >> i & 1)
                        for s in d.planets if state.nuts[s])
    rows.append((label("planets"), planets or w("nothing")))
    rows.append((label("bank"), nuts(state.bank)))
    return rows
