"""A simple greedy player for Astronuts, and the evaluation tree search uses at its horizon.

The player follows a fixed order of wishes: found a colony where its ship stands, mine a
planet with nuts, buy the technologies (Extra Energy first), build a ship, attack an enemy
colony next door when its lasers are at least as strong as the shields, else move each ship
toward the nearest planet worth landing on (lane distances from data.py; a pass past a ship in
the way counts as its two moves). It declares 4 (the most actions on average: 5), uses Time Warp
on poor rolls, defends with its ship rather than a colony, accepts trades that give it a colour
it lacks, and takes the nuts it has fewest of. Asked to let a ship pass, it refuses a leader –
a mover with more colonies than itself and no fewer than anyone else – and allows everyone else.
"""

from __future__ import annotations

import random

from generator.rules.astronuts.state import AstronutsState
from generator.rules.core import Action
from generator.rules.engine_kit.greedy import against_best, rank_value, squash

TECH_ORDER = ("orange", "red", "yellow", "purple")
DECLARE = 4


def score(state: AstronutsState, p: int) -> float:
    """How good the table looks for player p: colonies first, then nuts, technologies and ships."""
    return (10.0 * state.colonies[p] + sum(state.hand[p * 4:p * 4 + 4]) + 3.0 * sum(state.tech[p * 4:p * 4 + 4])
            + 2.0 * state.ships_on_map(p))


def evaluate(state: AstronutsState, player: int) -> float:
    """Player's score against the best other player's, squashed into [0, 1]."""
    outcome = state.outcome()
    if outcome is not None:
        return rank_value(outcome, player, len(outcome.results))
    return squash(against_best(score, state, player), 15.0)


def leads(state: AstronutsState, mover: int, occupant: int) -> bool:
    """Whether `mover` leads as the occupant sees it: more colonies than the occupant, no fewer than anyone."""
    colonies = state.colonies
    return colonies[mover] > colonies[occupant] and colonies[mover] == max(colonies)


class GreedyPolicy:
    """The wishes of the module docstring, in order; ties broken by the policy's own RNG."""

    name = "greedy"

    def choose(self, state: AstronutsState, rng: random.Random) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        phase = state.phase
        if phase == "declare":
            return ("declare", DECLARE)
        if phase == "reroll":
            purpose, _, value, _ = state.roll_ctx  # type: ignore[misc]
            poor = value <= 3 if purpose in ("attack", "fate-1") else purpose != "fate-2"
            return ("reroll",) if poor else ("keep",)
        if phase == "defend":
            return ("target", "ship")
        if phase == "trade":
            _, q, g, r = state.offer  # type: ignore[misc]
            lacks = state.hand[q * 4 + g] == 0 and state.hand[q * 4 + r] >= 2
            return ("accept",) if lacks else ("refuse",)
        if phase == "let-pass":
            return ("refuse-pass",) if leads(state, state.player, state.current_player) else ("allow-pass",)
        if phase == "choose":
            return self._choose_gift(state, actions, rng)
        if phase == "place":
            return actions[rng.randrange(len(actions))]
        return self._act(state, actions, rng)

    def _choose_gift(self, state: AstronutsState, actions: list[Action], rng: random.Random) -> Action:
        p = state.player
        hand = state.hand[p * 4:p * 4 + 4]
        kind = actions[0][0]
        if kind == "gift-tech":                        # TECH_ORDER names every colour: one of them is offered
            return next(tech for name in TECH_ORDER if (tech := ("gift-tech", state.data.colour(name))) in actions)
        if kind == "take":
            return min(actions, key=lambda a: (hand[a[1]], a[1]))
        if kind == "swap" or ("done",) in actions:
            swaps = [a for a in actions if a[0] == "swap" and hand[a[1]] >= hand[a[2]] + 2]
            return max(swaps, key=lambda a: hand[a[1]] - hand[a[2]]) if swaps else ("done",)
        if kind == "genie":
            return ("genie", "6-1") if ("genie", "6-1") in actions and sum(state.tech[p * 4:p * 4 + 4]) < 4 \
                else actions[rng.randrange(len(actions))]
        if kind == "teleport":
            return max(actions, key=lambda a: (bin(state.nuts[a[1]]).count("1"), -a[1]))
        return actions[rng.randrange(len(actions))]

    def _act(self, state: AstronutsState, actions: list[Action], rng: random.Random) -> Action:
        d = state.data
        p = state.player
        hand = state.hand[p * 4:p * 4 + 4]
        by_kind: dict[str, list[Action]] = {}
        for action in actions:
            by_kind.setdefault(action[0], []).append(action)
        if "colonise" in by_kind:
            return max(by_kind["colonise"], key=lambda a: (-len(a[2]), sum(hand[c] for c in a[2])))
        if "mine" in by_kind:
            return by_kind["mine"][0]
        for name in TECH_ORDER:
            tech_action = ("tech", d.colour(name))
            if tech_action in actions and sum(hand) >= 3:
                return tech_action
        if ("build",) in actions and sum(state.tech[p * 4:p * 4 + 4]) >= 2:
            return ("build",)
        if "attack" in by_kind and state.has(p, state.laser):
            colonies = [a for a in by_kind["attack"] if state.col[a[2] * state.n + a[3]]
                        and not state.has(a[3], state.shields)]
            if colonies:
                return colonies[rng.randrange(len(colonies))]
        moves = by_kind.get("move", []) + by_kind.get("jump", []) + by_kind.get("pass", [])
        if moves:
            wanted = [s for s in d.planets if (state.nuts[s] or (sum(hand) and state.col_total[s] < d.colony_room[s]))
                      and (state.occ[s] < 0 or state.occ[s] == p)]
            if wanted:
                dist = d.distance

                def gain(action: Action) -> float:
                    before = min(dist[action[1]][s] for s in wanted)
                    after = min(dist[action[-1]][s] for s in wanted)
                    return before - after if action[0] != "pass" else (before - after) / 2   # per action

                best = max(gain(a) for a in moves)
                if best > 0 or (best == 0 and any(a[0] == "jump" for a in moves)):
                    choices = [a for a in moves if gain(a) == best]
                    return choices[rng.randrange(len(choices))]
        return ("end",)
