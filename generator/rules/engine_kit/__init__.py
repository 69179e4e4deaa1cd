"""What the bundled engines share: the `Game` of a content-driven engine, the greedy player that
tries each action on a resampled copy, the judgement of a finished table, the words and labels
of a summary, and the delegation of a state to its engine's modules.

An engine configures these pieces with its own functions instead of writing them again, so a
fix to one of them reaches every game (see docs/engines.md)."""
