"""The final scoring of the summary: TR, awards, milestones, the board, the cards; ties by M€.

Awards: the first of each funded award gets its first points, the second its second points
(0 with two players). Everyone tied for first gets the first points and there is no second;
everyone tied for second (first untied) gets the second points. Board: 1 VP per own greenery,
and per own city 1 VP for every adjacent greenery, whoever owns it. Cards: printed points,
points per resource on the card, per tag (Jupiter tags counted here) and per tile on Mars.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from generator.rules.core import PlayerResult, ranked
from generator.rules.terraforming_mars import conditions
from generator.rules.terraforming_mars.conditions import CITY, GREENERY
from generator.rules.terraforming_mars.data import MC

if TYPE_CHECKING:
    from generator.rules.terraforming_mars.state import TerraformingMarsState

SOURCES = ("tr", "milestones", "awards", "greenery", "cities", "cards")


def award_points(state: TerraformingMarsState) -> list[int]:
    """Points per player from every funded award (see the module docstring for ties)."""
    points = [0] * state.n
    for award_id, _funder in state.awards:
        award = state.data.awards[award_id]
        values = [conditions.AWARD_VALUES[award.metric](state, p) for p in range(state.n)]
        best = max(values)
        firsts = [p for p in range(state.n) if values[p] == best]
        for p in firsts:
            points[p] += award.first
        if len(firsts) > 1 or state.n < 2:
            continue
        second_points = award.second_two_players if state.n == 2 else award.second
        runner_up = max(values[p] for p in range(state.n) if p not in firsts)
        for p in range(state.n):
            if p not in firsts and values[p] == runner_up:
                points[p] += second_points
    return points


def card_points(state: TerraformingMarsState, p: int) -> int:
    cards = state.data.cards
    total = 0
    tiles_of = Counter(tile for tile, _owner in state.tiles.values())
    for c in state.played[p] + state.event_pile[p]:
        card = cards[c]
        total += card.vp
        for op, args in card.scoring:
            a = dict(args)   # points per so many resources on the card, tags of the player, tiles on Mars
            counted = state.card_res.get(c, 0) if op == "vp_per_resource" else \
                conditions.tag_count(state, p, a["tag"]) if op == "vp_per_tag" else tiles_of.get(a["tile"], 0)
            total += counted // int(a["per"]) * int(a["points"])
    return total


def breakdown(state: TerraformingMarsState) -> list[dict[str, int]]:
    """Every player's points by source, in the order of the summary's final scoring."""
    awards = award_points(state)
    out = []
    for p in range(state.n):
        milestones = sum(state.data.milestones[m].points for m, owner in state.milestones.items() if owner == p)
        greenery = conditions.own_tiles(state, p, GREENERY)
        cities = sum(conditions.adjacent(state, s, GREENERY) for s, (tile, owner) in state.tiles.items()
                     if tile == CITY and owner == p)
        out.append({"tr": state.tr[p], "milestones": milestones, "awards": awards[p], "greenery": greenery,
                    "cities": cities, "cards": card_points(state, p)})
    return out


def results(state: TerraformingMarsState, finished: bool) -> tuple[PlayerResult, ...]:
    """Results with ranks: most points first, ties to more M€; nobody wins an unfinished game."""
    parts = breakdown(state)
    totals = [sum(b.values()) for b in parts]
    ranks = ranked([(totals[p], state.res[p][MC]) for p in range(state.n)])
    return tuple(PlayerResult(p, float(totals[p]), ranks[p], finished and ranks[p] == 1,
                              tuple((k, float(parts[p][k])) for k in SOURCES),
                              tuple(state.played[p]) + tuple(state.event_pile[p])) for p in range(state.n))
