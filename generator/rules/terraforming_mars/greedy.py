"""A simple greedy player for Terraforming Mars: try every decision, value the table, take the best.

The value of a table for a player is a hand-made estimate of their final points: the points
they hold now (TR, milestones, greeneries, cities, cards), what their TR and productions will
still bring in the generations the parameters seem to leave, a little for resources and cards in
hand. The policy tries each decision on a copy whose hidden cards are drawn anew
(`resample_hidden`), so it cannot peek at the deck or the other hands.
"""

from __future__ import annotations

from generator.rules.core import Action
from generator.rules.engine_kit.greedy import against_best, rank_value, squash
from generator.rules.terraforming_mars import scoring
from generator.rules.terraforming_mars.state import TerraformingMarsState

RESOURCE_VALUE = (0.125, 0.25, 0.375, 0.15, 0.06, 0.1)      # M€, steel, titanium, plants, energy, heat: VP per cube
PRODUCTION_VALUE = (0.125, 0.25, 0.375, 0.15, 0.16, 0.1)    # per unit and generation (energy also becomes heat)
HAND_CARD_VALUE = 0.35
HAND_CARDS_VALUED = 8


HORIZON = 16      # generations after which the estimate expects no more: what production would
                  # still bring must shrink as generations pass, or a table that builds production
                  # instead of raising the parameters believes the game is young for ever (and stalls)


def generations_left(state: TerraformingMarsState) -> float:
    """A guess: the steps the three parameters still need, spread over the table's pace (no cliffs),
    and never more than the generations left before the horizon."""
    d = state.data
    steps = (d.temperature[1] - state.temperature) // d.temperature[2] + (d.oxygen[1] - state.oxygen) \
        + (d.oceans_max - state.oceans)
    return max(0.0, min(steps / (2 + 2 * state.n), HORIZON - state.generation))


def estimate(state: TerraformingMarsState, p: int) -> float:
    """The points `p` may expect at the end (see the module docstring)."""
    parts = scoring.breakdown(state)[p]
    value = float(sum(parts.values()))
    left = generations_left(state)
    value += RESOURCE_VALUE[0] * state.tr[p] * left
    # cubes are worth what they will still buy: near the end there is little left to buy, and
    # valuing them fully would make hoarding beat the last oceans (a game that never ends)
    value += min(1.0, left) * sum(v * n for v, n in zip(RESOURCE_VALUE, state.res[p], strict=False))
    value += sum(v * n * left for v, n in zip(PRODUCTION_VALUE, state.prod[p], strict=False))
    value += HAND_CARD_VALUE * min(len(state.hand[p]), HAND_CARDS_VALUED)
    return value


def evaluate(state: TerraformingMarsState, player: int) -> float:
    """How the table looks for `player` against the best other player, squashed into [0, 1]."""
    outcome = state.outcome() if state.result is not None else None
    return rank_value(outcome, player, state.n) if outcome is not None else squash(margin(state, player), 10.0)


def margin(state: TerraformingMarsState, me: int) -> float:
    """`me`'s estimate against the best other player's (what a competitive player maximises); a finished
    game far above any margin."""
    return against_best(estimate, state, me) if state.result is None else 1000.0 * evaluate(state, me)


def follow_through(trial: TerraformingMarsState, me: int, limit: int = 12) -> None:
    """Finish an action that waits for its own sub-decisions (a space, a target, cards to sell),
    taking the best one each time, so a tile is valued once it lies on the map."""
    while trial.pending is not None and trial.current_player == me and limit:
        limit -= 1
        best, best_value = None, float("-inf")
        for option in trial.legal_actions():
            twin = trial.clone()
            twin.apply(option)
            if (value := margin(twin, me)) > best_value:
                best, best_value = option, value
        trial.apply(best)  # type: ignore[arg-type]


def judge(trial: TerraformingMarsState, me: int, action: Action) -> float:
    """The trial's margin once its own sub-decisions are taken; a little less for passing, so the player
    passes only when nothing else is as good."""
    follow_through(trial, me)
    return margin(trial, me) - (0.05 if action[0] in ("pass", "done", "skip", "end") else 0.0)
