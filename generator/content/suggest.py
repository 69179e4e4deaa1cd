"""Did-you-mean hints for misspelt keys, ids and icon names."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def closest(word: str, candidates: Iterable[str]) -> str | None:
    """The candidate a designer most likely meant, or None when nothing is close."""
    pool = sorted(set(candidates))
    matches = difflib.get_close_matches(word, pool, n=1, cutoff=0.6)
    if matches:
        return matches[0]
    lowered = {c.lower(): c for c in pool}
    return lowered.get(word.lower())


def did_you_mean(word: str, candidates: Iterable[str], what: str = "") -> str:
    """A hint sentence: `did you mean 'cost'?`, or the list of choices when none is close."""
    pool = sorted(set(candidates))
    guess = closest(word, pool)
    if guess:
        return f"did you mean '{guess}'?"
    if not pool:
        return ""
    shown = ", ".join(pool[:12]) + (", ..." if len(pool) > 12 else "")
    return f"known {what or 'values'}: {shown}"
