"""The Habitable table as (label, value) rows in de and en, for examples and `pnp play`.

Labels and small words come from the content's sentences (`labels`, `words`); hands of all
players are shown (examples are told from above the table) unless a `viewer` is given (a person
playing `pnp play` sees only their own hand; the others' as a count of face-down cards), draw
piles as counts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.rules.engine_kit.table_words import TableWords
from generator.rules.habitable.planets import DISCOVERED, UNDISCOVERED
from generator.rules.habitable.texts import card_name

if TYPE_CHECKING:
    from generator.rules.habitable.state import HabitableState


def summarize(state: HabitableState, lang: str, viewer: int | None = None) -> list[tuple[str, str]]:
    """Turn, market, goals on display, then each player's hand, piles, planets, goals and tokens."""
    d = state.data
    table = TableWords(state.game.content, lang)
    w, label = table.w, table.label

    def name(card: str | None) -> str:
        return card_name(card, d, lang)

    rows: list[tuple[str, str]] = []
    turn = w("over") if state.result else w("turn-state", t=state.turn, p=state.player + 1)
    if state.result is None and state.choice:
        turn += w("waiting", p=state.current_player + 1, c=w(f"choice-{state.choice[0]}"))
    rows.append((label("turn"), turn))
    rows.append((label("market"), " · ".join(f"{i + 1} {name(c) if c else '–'}" for i, c in enumerate(state.market))))
    rows.append((label("pile"), w("pile-state", n=len(state.pile), b=len(state.black_hole), e=len(state.events_done))))
    rows.append((label("goals"), ", ".join(f"{name(g)} (+{d.goals[g].bonus})" for g in state.goals_shown) or w("none")))
    for p in range(state.n):
        if viewer is not None and viewer != p and state.hands[p]:
            hand = f"{len(state.hands[p])} ({w('unseen')})"
        else:
            hand = ", ".join(name(c) for c in sorted(state.hands[p])) or w("none")
        rows.append((label("hand", p=p + 1), hand))
        rows.append((label("piles", p=p + 1), w("piles-state", d=len(state.decks[p]), a=len(state.discards[p]),
                                                t=len(state.trashed[p]))))
        planets = []
        for pl in state.planets[p]:
            star = d.stars[pl.star].name.get(lang) if pl.star >= 0 else ""
            if pl.status == DISCOVERED:
                mark = "✓" if pl.habitable else "✗"
                planets.append(w("planet-state", t=pl.tile, name=name(pl.card), star=star, pos=pl.pos,
                                 temp=f"{pl.temperature:+d}", water=pl.water, mag=pl.magnetism, life=pl.life,
                                 mark=mark))
            elif pl.status == UNDISCOVERED:
                planets.append(w("undiscovered-state", t=pl.tile, star=star, pos=pl.pos))
        rows.append((label("planets", p=p + 1), "; ".join(planets) or w("none")))
        score = sum(v for _, v in state.score(p))
        goals = ", ".join(name(g) for g in state.goals_taken[p]) or w("none")
        rows.append((label("score", p=p + 1), w("score-state", s=score, g=goals, k=state.tokens[p])))
    return rows
