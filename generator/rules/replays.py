"""A game's examples and golden playthroughs replayed for `pnp check` and `pnp diff`: for a module engine (the
designer's code) in a watched child first (generator.rules.engine_child), for an installed one in-process."""

from __future__ import annotations

from generator.content.errors import ErrorList
from generator.content.loader import GameContent
from generator.rules.engine_child import EngineStopped, Started, Work, child_errors, in_child, replay_in_child
from generator.rules.examples import replay_each
from generator.rules.playthroughs import check_playthroughs


def _replays(content: GameContent) -> Work:
    """The work of replaying the game's examples and golden playthroughs, reporting into the ErrorList it is given."""

    def work(found: ErrorList, started: Started) -> None:
        replay_each(content, found, started=started)
        if content.game.engine:
            check_playthroughs(content, found, started=started)

    return work


def check_replays(content: GameContent, errors: ErrorList) -> None:
    """`pnp check`'s replay of the game's examples and golden playthroughs (in a child for a module engine)."""
    replay_in_child(content, errors, _replays(content))


def replays_settle(content: GameContent, errors: ErrorList) -> bool:
    """Whether the game's examples and golden playthroughs replay to their end: for a module engine, tried in a
    watched child first; when it hangs or ends the process there, the sentence is in `errors` and False.

    For callers that replay them again in their own process because they need the replays themselves
    (`pnp diff` compares two revisions' replays step by step); they report the replays' other errors."""
    if not in_child(content):
        return True
    try:
        child_errors(_replays(content), content, "replaying its examples")
    except EngineStopped as stopped:
        stopped.add_to(errors)
        return False
    return True
