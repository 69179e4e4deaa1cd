"""What `pnp tune` aims at: a balance target as a distance in percentage points, 0 when it is met.

- `fair-share:K[:SEATS]`: every seat (or the seats listed, counted from 1) wins within K points of a
  fair share (1 / players).
- `win-rate:P[:K]`: the table's win rate (a cooperative game) within K points (default 3) of P %.
- `card-takers:CARD:K`: the players who took CARD win at most K points more often than players on
  average (generator.rules.simulate.card_figures).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.rules.simulate import Summary


class TargetRefused(Exception):
    """A target that cannot be read, or does not fit the game."""


@dataclass(frozen=True)
class Target:
    kind: str
    points: float
    value: float = 0.0
    seats: tuple[int, ...] = ()   # 0-based
    card: str = ""

    @property
    def text(self) -> str:
        if self.kind == "fair-share":
            which = f"seats {', '.join(str(s + 1) for s in self.seats)}" if self.seats else "every seat"
            return f"{which} within {self.points:g} points of a fair share"
        if self.kind == "win-rate":
            return f"win rate within {self.points:g} points of {self.value:g} %"
        return f"players who take {self.card} win at most {self.points:g} points more than players on average"

    def distance(self, summary: Summary) -> tuple[float, dict[str, Any]]:
        """How far the batch is from the target in points (0: met), and the figures it was judged by."""
        if self.kind == "fair-share":
            if not summary.seats:
                raise TargetRefused("fair-share needs a competitive game (this one is cooperative: use win-rate)")
            fair = 1 / len(summary.seats)
            seats = self.seats or tuple(range(len(summary.seats)))
            if max(seats) >= len(summary.seats):
                raise TargetRefused(f"fair-share names seat {max(seats) + 1}, the game seats {len(summary.seats)}")
            rows = {summary.seats[s]["player"]: summary.seats[s] for s in seats}
            worst = max(abs(row["rate"] - fair) * 100 for row in rows.values())
            return max(0.0, worst - self.points), {"fair_share": round(fair, 4), "worst_points": round(worst, 2),
                                                   "seats": {k: {"rate": v["rate"], "interval": v["interval"]}
                                                             for k, v in rows.items()}}
        if self.kind == "win-rate":
            off = abs(summary.win_rate * 100 - self.value)
            return max(0.0, off - self.points), {"win_rate": summary.win_rate, "interval": list(summary.win_interval)}
        row = next((r for r in summary.cards if r["card"] == self.card), None)
        if row is None:
            return 100.0, {"card": self.card, "takers": 0}
        excess = (row["win_rate"] - row["baseline"]) * 100
        return max(0.0, excess - self.points), {"card": self.card, "takers": row["takers"],
                                                "win_rate": row["win_rate"], "interval": row["interval"],
                                                "baseline": row["baseline"]}


def evidence(figures: dict[str, Any]) -> str:
    """The figures a trial was judged by, in words: rates with their 95 % intervals."""
    def rate(row: dict[str, Any]) -> str:
        low, high = row["interval"]
        return f"{row['rate' if 'rate' in row else 'win_rate']:.1%} ({low:.1%}–{high:.1%})"

    if "seats" in figures:
        seats = ", ".join(f"{name} {rate(row)}" for name, row in figures["seats"].items())
        return f"fair share {figures['fair_share']:.1%}: {seats}"
    if "card" in figures:
        if not figures.get("takers"):
            return f"nobody took {figures['card']}"
        return (f"{figures['takers']} players took {figures['card']} and won {rate(figures)}, "
                f"players on average {figures['baseline']:.1%}")
    return f"win rate {rate(figures)}"


def parse_target(text: str) -> Target:
    parts = text.split(":")
    try:
        if parts[0] == "fair-share" and len(parts) in (2, 3):
            seats = tuple(int(s) - 1 for s in parts[2].split(",")) if len(parts) == 3 else ()
            if any(s < 0 for s in seats):
                raise ValueError
            return Target("fair-share", float(parts[1]), seats=seats)
        if parts[0] == "win-rate" and len(parts) in (2, 3):
            return Target("win-rate", float(parts[2]) if len(parts) == 3 else 3.0, float(parts[1]))
        if parts[0] == "card-takers" and len(parts) == 3 and parts[1]:
            return Target("card-takers", float(parts[2]), card=parts[1])
    except ValueError:
        pass
    raise TargetRefused(f"cannot read the target {text!r}: fair-share:POINTS[:SEATS], win-rate:PERCENT[:POINTS] "
                        "or card-takers:CARD:POINTS")
