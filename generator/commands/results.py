"""Who won: a finished game's results as `pnp play` and `pnp replay` show them at the end.

The engine reports every seat's score, rank and whether it won (`Outcome.results`); this module
turns them into rows a person reads (best first, "Player 1") and a tool reads (`seat` from 0),
with the policy that played each seat when there is one. A tie is said as a shared win.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from generator.rules.core import Outcome, seat_label

if TYPE_CHECKING:
    from rich.table import Table


def seat_policies(policy: str | None, players: int) -> list[str | None]:
    """The policy of each seat: one per seat for `expert,greedy`, the same for all otherwise."""
    if not policy:
        return [None] * players
    parts: list[str | None] = list(policy.split(","))
    return parts if len(parts) == players else [policy] * players


def result_rows(outcome: Outcome, policy: str | None, lang: str = "en") -> list[dict[str, Any]]:
    """Every seat's result, best first: seat (0-based), player (as people read it), score, rank, won,
    shared (won together with another seat), policy."""
    policies = seat_policies(policy, len(outcome.results))
    winners = len(outcome.winners)
    return [{"seat": r.player, "player": seat_label(r.player, lang), "score": _number(r.score), "rank": r.rank,
             "won": r.won, "shared": r.won and winners > 1,
             "policy": policies[r.player] if 0 <= r.player < len(policies) else None}
            for r in outcome.ranking()]


def _number(score: float) -> float | int:
    """A whole score as an int (12, not 12.0), so JSON and the table read as the game counts."""
    return int(score) if float(score).is_integer() else score


VERDICTS = {
    "en": {"table-won": "The table won together.", "table-lost": "The table lost together.", "nobody": "Nobody won.",
           "one": "{player} wins.", "shared": "{players} and {last} share the win (tied after every tie-break)."},
    "de": {"table-won": "Der Tisch hat gemeinsam gewonnen.", "table-lost": "Der Tisch hat gemeinsam verloren.",
           "nobody": "Niemand hat gewonnen.", "one": "{player} gewinnt.",
           "shared": "{players} und {last} teilen sich den Sieg (gleichauf nach allen Gleichstandsregeln)."},
}


def verdict(rows: list[dict[str, Any]], cooperative: bool, lang: str = "en") -> str:
    """One line under the table: who won, a tie said as a shared win, a cooperative table's result."""
    words = VERDICTS.get(lang, VERDICTS["en"])
    won = [row["player"] for row in rows if row["won"]]
    if cooperative:
        return words["table-won"] if won else words["table-lost"]
    if not won:
        return words["nobody"]
    if len(won) == 1:
        return words["one"].format(player=won[0])
    return words["shared"].format(players=", ".join(won[:-1]), last=won[-1])


def results_table(rows: list[dict[str, Any]], cooperative: bool) -> Table:
    """The ranked table: rank, seat, policy (when known), score, and whether the seat won."""
    from rich.table import Table

    table = Table(title="Result")
    table.add_column("rank", justify="right")
    table.add_column("seat")
    with_policy = any(row["policy"] for row in rows)
    if with_policy:
        table.add_column("policy")
    table.add_column("score", justify="right")
    table.add_column("won")
    for row in rows:
        won = ("won (shared)" if row["shared"] and not cooperative else "won") if row["won"] else ""
        cells = [str(row["rank"]), row["player"], *([row["policy"] or ""] if with_policy else []),
                 f"{row['score']:g}", won]
        table.add_row(*cells)
    return table
