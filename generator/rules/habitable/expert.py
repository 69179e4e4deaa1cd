"""The stronger Habitable player (`expert`) and the judgement tree search uses for this game.

A game lasts only about seven turns per player (the market loses cards to the black hole every
turn), so what wins is what scores soon: life points, goal cards and life tokens. The judgement
of a table for one player therefore counts points first (10 a point) and values everything else
by what it is likely to score before the end, which it estimates from the market pile:

- a habitable planet by the life it can still grow (more while many turns are left), minus a
  little for every value on the edge of its black box (one event and it is lost);
- an uninhabitable planet by how few steps it lacks, and its life by what survives the
  end-of-turn mechanism's −1 a turn;
- each goal card on display by how close the player is to taking it;
- the player's cards by what playing them would bring on this table (life cards on habitable
  planets, parameter cards while planets still lack steps, searches while tiles are at home),
  times how often each will still be drawn.

Like the greedy player it judges for one player against the best other player, and it tries
actions on resampled copies (`resample_hidden`), so it never peeks. It looks through the rest
of its own turn, not only one action: after each action the trial goes on with the player's own
best next decisions (`PLAN_DEPTH` deep, the best few by the one-step judgement), so it can see
that buying a card first and then playing another is better than the other way round.

Tree search judges its leaves with the same judgement (the game's AI hook `evaluate`), after `settled`
has answered a pending payment or card question, so a card is judged once it took effect.
`rank` (the AI hook `rank_actions`) orders actions by the one-step judgement and `one_step`
(one step, no plan: the AI hook `rollout_policy`) plays ahead for tree search; measured against
three greedy players (8 games each), widening over `rank` did not make mcts:50 stronger.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from generator.rules.core import Action
from generator.rules.engine_kit.greedy import against_best, rank_value, squash
from generator.rules.engine_kit.rules_data import Effects
from generator.rules.habitable.data import HABITABLE_MINIMUM, HABITABLE_TEMPERATURE, REMOVED_AT_REFILL, Phase
from generator.rules.habitable.greedy import tried
from generator.rules.habitable.planets import DISCOVERED, HOME, UNDISCOVERED
from generator.rules.habitable.state import HabitableState

POINT = 10.0          # one point at the end: the unit of the judgement
LIFE_PER_TURN = 3.0   # what a habitable planet is worth per own turn left (life it can still grow)
STEP = 3.0            # one missing step to habitable
CARD_PLAY = 0.35      # the share of a card's play value counted for each time it will still be drawn
MONEY = 0.8           # a card's printed value as money, for each time it will still be drawn
PLAN_DEPTH = 2        # own further decisions a trial looks through (the rest of the turn, briefly)
PLAN_WIDTH = 3        # ... considering the best this many by the one-step judgement


def turns_left(state: HabitableState) -> float:
    """About how many more turns each player gets: the market pile drains by the black hole and buys."""
    per_turn = REMOVED_AT_REFILL[state.n] + 0.6
    return len(state.pile) / per_turn / state.n


# per goal condition: (the player's planet facts, its args) -> how far they are toward it (1: met)
_PROGRESS: dict[str, Callable[[dict[str, float], dict[str, Any]], float]] = {
    "has_planets": lambda facts, a: (facts["discovered"] + 0.4 * facts["undiscovered"]) / int(a["count"]),
    "has_habitable_planets": lambda facts, a: facts["habitable"] / int(a["count"]),
    "has_planet_with": lambda facts, a: facts[str(a["parameter"])] / int(a["at_least"]),
    "has_temperate_planet": lambda facts, a: facts["temperate"],
    "has_total_life": lambda facts, a: facts["total_life"] / int(a["amount"]),
}


def _goal_progress(conditions: Effects, facts: dict[str, float]) -> float:
    """How far a player is toward a goal's conditions, 0..1 (1: met), from their planets' `facts`."""
    found = 1.0
    for op, args in conditions:
        progress = _PROGRESS.get(op)
        q = progress(facts, dict(args)) if progress is not None else 0.0
        found = min(found, max(0.0, min(1.0, q)))
    return found


_PLAY_VALUES: dict[tuple[str, str, bool, bool, bool, bool], float] = {}


def card_play_value(state: HabitableState, card_id: str, habitable: bool, lacking: bool, home: bool,
                    discovered: bool) -> float:
    """`_card_play_value`, cached by the card and the four facts about the table it depends on."""
    key = (state.data.content_hash, card_id, habitable, lacking, home, discovered)
    found = _PLAY_VALUES.get(key)
    if found is None:
        found = _PLAY_VALUES[key] = max(0.0, _card_play_value(state, card_id, habitable, lacking, home, discovered))
    return found


def _card_play_value(state: HabitableState, card_id: str, habitable: bool, lacking: bool, home: bool,
                     discovered: bool) -> float:
    """What playing the card once would roughly bring on a table with these facts (in judgement units)."""
    card = state.data.cards[card_id]
    value = 0.0
    for op, args in card.effects:
        a: dict[str, Any] = dict(args)
        if op == "raise" and a.get("parameter") == "life":
            value += (0.8 * POINT if habitable or card.requirement is None else 0.1 * POINT) * int(a["amount"])
        elif op == "lower" and a.get("parameter") == "life":
            value += 0.3 * POINT * int(a["amount"])     # an attack on a rival's life
        elif op in ("raise", "lower", "toward_zero"):
            value += (STEP if lacking else 0.6) * min(2, int(a.get("amount", 1)))
        elif op in ("search_planet", "search_planet_steered"):
            value += 8.0 if home else 0.5
        elif op == "migrate":
            value += 2.0 if discovered else 0.0
        elif op == "draw":
            value += 2.5 * int(a["count"])
        elif op == "trash":
            value += 1.0
        elif op == "cascade":
            value += 2.0
    if card.requirement and not habitable:
        value *= 0.3
    return value - 1.2 * card.cost


def table_value(state: HabitableState, p: int) -> float:
    """How good the table looks for player `p` on its own (higher is better; a point is worth 10)."""
    h = turns_left(state) if state.result is None else 0.0
    grow = LIFE_PER_TURN * min(h, 5.0)
    goals = state.data.goals
    value = POINT * (sum(goals[g].bonus for g in state.goals_taken[p]) + state.tokens[p])
    habitable = lacking = home = discovered = 0
    facts = {"discovered": 0.0, "undiscovered": 0.0, "habitable": 0.0, "water": 0.0, "magnetism": 0.0,  # for goals
             "life": 0.0, "temperature": 0.0, "temperate": 0.0, "total_life": 0.0}
    for pl in state.planets[p]:
        if pl.status == DISCOVERED:
            if pl.habitable:
                habitable += 1
                value += POINT * pl.life + 2.0 + grow
                edges = ((abs(pl.temperature) == HABITABLE_TEMPERATURE) + (pl.water == HABITABLE_MINIMUM)
                         + (pl.magnetism == HABITABLE_MINIMUM))
                value -= (1.0 + 0.3 * min(h, 5.0)) * edges
            else:
                steps = pl.steps_to_habitable()
                lacking += steps
                survives = max(0, pl.life - min(pl.life, math.ceil(h) + 1)) if state.result is None else pl.life
                value += POINT * (0.5 * pl.life + 0.5 * survives) + max(0.5, 2.0 + grow - STEP * steps)
                if abs(pl.temperature) == 4:
                    value -= 1.5
            discovered += 1
            value += 5.0
            facts["habitable"] += pl.habitable
            facts["total_life"] += pl.life
            for name in ("water", "magnetism", "life", "temperature"):
                facts[name] = max(facts[name], pl.get(name))
            facts["temperate"] = max(facts["temperate"],
                                     0.9 - 0.25 * abs(pl.temperature) - 0.15 * pl.steps_to_habitable())
        elif pl.status == UNDISCOVERED:
            value += 2.0
            facts["undiscovered"] += 1
        elif pl.status == HOME:
            home += 1
    facts["discovered"] = float(discovered)
    for goal in state.goals_shown:
        g = state.data.goals[goal]
        q = _goal_progress(g.conditions, facts)
        value += POINT * g.bonus * 0.6 * q * q * (1.0 if h > 1 else 0.6)
    if state.result is None:
        owned = state.hands[p] + state.decks[p] + state.discards[p]
        if owned:
            draws = min(h, 6.0) * 5.0 / len(owned)
            table = (habitable > 0, lacking > 0, home > 0, discovered > 0)
            cards = state.data.cards
            plays = money = 0.0
            for c in owned:
                plays += card_play_value(state, c, *table)
                money += cards[c].cost
            value += CARD_PLAY * draws * plays + MONEY * draws * money
        if p == state.player:
            value += 0.3 * sum(state.data.cards[c].cost for c in state.hands[p])
    return value


def advantage(state: HabitableState, p: int) -> float:
    """`p`'s table value minus the best other player's."""
    return against_best(table_value, state, p)


def settled(state: HabitableState) -> HabitableState:
    """`state` with a pending payment or card question answered by its player's one-step judgement
    (a copy; `state` itself when nothing is pending), so a leaf is judged after the card took effect."""
    if state.result is not None or state.phase not in (Phase.PAY, Phase.CHOICE):
        return state
    me = state.current_player
    trials = [tried(state, a) for a in state.legal_actions()]
    best = max(trials, key=lambda t: advantage(t, me))
    return settled(best)


def evaluate(state: HabitableState, player: int) -> float:
    """A finished game by its ranks (won 1), else the advantage squashed into (0, 1)."""
    outcome = state.outcome()
    if outcome is not None:
        shared = outcome.results[player].won and sum(r.won for r in outcome.results) > 1
        return 0.8 if shared else rank_value(outcome, player, state.n)
    return squash(advantage(state, player), 25.0)


def settled_evaluate(state: HabitableState, player: int) -> float:
    """The AI hook `evaluate`: the judgement of `state` once a pending question is answered (`settled`)."""
    return evaluate(settled(state), player)


def planned_value(trial: HabitableState, me: int, depth: int = PLAN_DEPTH) -> float:
    """The advantage after the player's own best next decisions in this turn (up to `depth` of them,
    the best `PLAN_WIDTH` by the one-step judgement; answers to a card's questions do not count)."""
    if trial.result is not None or trial.current_player != me or trial.player != me:
        return advantage(trial, me)
    if trial.phase not in (Phase.ARCHIVE, Phase.MAIN):
        return max(planned_value(tried(trial, action), me, depth) for action in trial.legal_actions())
    here = advantage(trial, me)
    if depth == 0:
        return here
    actions = [a for a in trial.legal_actions() if a[0] != "end" and a[0] != "archive"]
    if not actions:
        return here
    scored = sorted(((advantage(tried(trial, a), me), i) for i, a in enumerate(actions)), reverse=True)
    best = here
    for _, i in scored[:PLAN_WIDTH]:
        best = max(best, planned_value(tried(trial, actions[i]), me, depth - 1))
    return best


def rank(state: HabitableState, actions: list[Action]) -> list[Action]:
    """`actions` best first by the one-step judgement for the player to decide (ties keep their order)."""
    me = state.current_player
    values = [advantage(tried(state, a), me) for a in actions]
    return [action for _, action in sorted(zip(values, actions, strict=True), key=lambda pair: -pair[0])]


def planned(trial: HabitableState, me: int, action: Action) -> float:
    """The expert's value of a trial (the judge of its `TrialGreedy`): the turn planned on, unless it ends it."""
    return planned_value(trial, me) if action[0] != "end" else advantage(trial, me)


def one_step(trial: HabitableState, me: int, action: Action) -> float:
    """The quick player's value of a trial (tree search's rollout policy): the one-step judgement."""
    return advantage(trial, me)
