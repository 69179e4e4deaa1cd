"""Where a batch's points came from: the engines' score breakdowns summed per policy and source.

Every engine reports each player's score as (source, points) pairs that add up to it
(`PlayerResult.breakdown`: Habitable's life on planets, goal cards and life tokens, Terraforming
Mars' TR, milestones, awards, greeneries, cities and cards). A balance page shows them per policy
(seats of one policy pooled; `expert,greedy,greedy,greedy` gives two rows), so a designer sees
which part of the rules decides games as each kind of player plays them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

Breakdown = tuple[tuple[str, float], ...]


def seat_policies(policy: str, seats: int) -> list[str]:
    """The policy of each seat: one name per seat when `policy` names them (comma-separated), else the same."""
    parts = policy.split(",")
    return parts if len(parts) == seats else [policy] * seats


def source_figures(policy: str, games: Sequence[tuple[tuple[int, ...], tuple[Breakdown, ...]]]) -> list[dict[str, Any]]:
    """Per policy of the batch (in seat order): how many players, their mean score, and per source the
    mean points, its share of the mean score, how many players scored any points from it, and the mean
    points of winners and of every other player.

    `games` holds each game's winners (seats from 0) and every seat's breakdown; a game without
    breakdowns (unfinished) is left out. Sources keep the order the engine reports them in."""
    pools: dict[str, list[tuple[bool, Breakdown]]] = {}
    for winners, breakdowns in games:
        if not breakdowns:
            continue
        for seat, (name, parts) in enumerate(zip(seat_policies(policy, len(breakdowns)), breakdowns, strict=True)):
            pools.setdefault(name, []).append((seat in winners, parts))
    rows = []
    for name, players in pools.items():
        order: list[str] = []
        for _, parts in players:
            order += [source for source, _ in parts if source not in order]
        total = sum(points for _, parts in players for _, points in parts)
        won = [parts for w, parts in players if w]
        lost = [parts for w, parts in players if not w]
        sources = []
        for source in order:
            points = [dict(parts).get(source, 0.0) for _, parts in players]
            sources.append({"source": source, "mean": _mean(points), "share": round(sum(points) / total, 4) if total
                            else 0.0, "players": sum(p > 0 for p in points),
                            "winner_mean": _mean([dict(parts).get(source, 0.0) for parts in won]),
                            "other_mean": _mean([dict(parts).get(source, 0.0) for parts in lost])})
        rows.append({"policy": name, "players": len(players), "winners": len(won),
                     "mean_score": _mean([sum(p for _, p in parts) for _, parts in players]), "sources": sources})
    return rows


def _mean(values: Sequence[float]) -> float:
    return round(sum(values) / len(values), 3) if values else 0.0
