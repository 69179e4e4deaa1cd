"""A simple greedy player for Habitable (tree search judges its leaves with `expert`'s judgement).

The table is judged for one player against the best other player: points (life, goals,
tokens), discovered and habitable planets, how far the uninhabitable ones are from habitable,
and the average value of the player's cards (buying good cards, trashing weak ones). The
greedy player tries every legal action on a copy whose hidden cards and dice are drawn anew
(`resample_hidden`), so it never peeks, and takes the action whose table it judges best.
"""

from __future__ import annotations

from generator.rules.core import Action
from generator.rules.engine_kit.greedy import against_best
from generator.rules.habitable.data import Phase
from generator.rules.habitable.planets import DISCOVERED, UNDISCOVERED
from generator.rules.habitable.state import HabitableState


def table_value(state: HabitableState, p: int) -> float:
    """How good the table looks for player `p` on its own (higher is better)."""
    value = 3.0 * sum(v for _, v in state.score(p))
    for pl in state.planets[p]:
        if pl.status == DISCOVERED:
            value += 10.0 + (6.0 if pl.habitable else -1.0 * pl.steps_to_habitable())
            if pl.temperature in (4, -4):
                value -= 1.0
        elif pl.status == UNDISCOVERED:
            value += 1.5
    cards = state.data.cards
    owned = state.hands[p] + state.decks[p] + state.discards[p]
    if owned:
        value += 1.5 * sum(cards[c].cost for c in owned) / len(owned)
    if p == state.player and state.result is None:
        value += 0.1 * sum(cards[c].cost for c in state.hands[p])
    return value


def advantage(state: HabitableState, p: int) -> float:
    """`p`'s table value minus the best other player's."""
    return against_best(table_value, state, p)


def tried(state: HabitableState, action: Action) -> HabitableState:
    """A quiet copy of `state` after `action`."""
    trial = state.clone()
    trial.quiet = True
    trial.apply(action)
    return trial


FOLLOW_DEPTH = 3   # how many of the player's own follow-up answers (pay, search, ...) a trial looks through


def judge(trial: HabitableState, me: int, action: Action | None = None, depth: int = FOLLOW_DEPTH) -> float:
    """The greedy player's value of a trial (after `action`): its advantage once the player's own follow-up
    answers are chosen at their best.

    A card's value often shows only after its questions are answered (where to search, how far,
    whether to discover): the trial answers them greedily too, up to `depth` answers deep.
    """
    if depth == 0 or trial.result is not None or trial.current_player != me \
            or trial.phase not in (Phase.PAY, Phase.CHOICE):
        return advantage(trial, me)
    return max(judge(tried(trial, answer), me, answer, depth - 1) for answer in trial.legal_actions())
