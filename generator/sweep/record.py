"""A sweep as the designer site shows it: its figures, without per-game rows, recorded in the game's folder.

`pnp sweep --record` writes this into balance/sweeps.json beside `pnp balance`'s results, to be
committed with the content (nothing under output/ is read back by a build): per variant its values,
and per figure the rate with its 95 % interval and the paired difference to the base with its p.
"""

from __future__ import annotations

from typing import Any

from generator.sweep.figures import SweepFigures


def sweep_record(figures: SweepFigures, stem: str, engine_version: str, content_hash: str) -> dict[str, Any]:
    """What the designer site needs to show the sweep: its table and its plot."""
    variants = []
    for v in figures.variants:
        summary = v.summary
        rates = ({"won": (summary.win_rate, summary.win_interval)} if figures.cooperative else
                 {f"{s['player']} wins": (s["rate"], s["interval"]) for s in summary.seats})
        lines = []
        for d in v.paired:
            if d.label.startswith("ends:"):
                continue
            rate, interval = rates.get(d.label, (d.second, None))
            lines.append({"label": d.label, "value": round(rate, 4), "interval": list(interval) if interval else None,
                          "difference": round(d.difference, 4),
                          "difference_interval": [round(x, 4) for x in d.interval], "p_value": round(d.p_value, 4),
                          "significant": bool(d.significant and v.variant.values)})
        variants.append({"name": v.variant.name, "values": v.variant.values, "lines": lines})
    return {"id": stem, "game": figures.game, "varies": [v.as_json() for v in figures.varies],
            "games": figures.batch.games, "policy": figures.batch.policy, "seed": figures.batch.seed,
            "options": figures.batch.options, "cooperative": figures.cooperative, "engine_version": engine_version,
            "content_hash": content_hash, "variants": variants}
