"""Example turns a change broke or made play differently, with the first step where they part.

Every example of both revisions is replayed by its engine (`replay_example`, as `pnp check` and
the site do). An example the new revision refuses is broken, at the refused step; one that still
replays but whose events or table differ plays differently from the step where they first
differ, so its narrative may no longer tell what happens.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any

from generator.content.errors import ErrorList
from generator.content.loader import GameContent
from generator.content.schema import Example
from generator.rules.examples import ExampleError, ExampleReplay, ReplayedStep, example_moment, replay_example
from generator.rules.faults import add_fault
from generator.rules.playthroughs import LANG  # the language refusals are written in

BROKE, REFUSED, STILL_REFUSED = "broke", "refused", "still refused"
DIFFERS, FIXED, SAME, ADDED, REMOVED = "plays differently", "fixed", "unchanged", "added", "removed"
BROKEN = (BROKE, REFUSED, STILL_REFUSED)  # the new revision refuses these


@dataclass
class ExampleChange:
    example_id: str
    title: dict[str, str]
    status: str
    step: int | None = None          # 1-based step of the refusal or the first difference; 0: the set-up
    action: str | None = None        # that step's action as the example writes it
    message: str = ""
    before: list[str] = field(default_factory=list)   # what the step did in the old revision (event sentences)
    after: list[str] = field(default_factory=list)    # ... and in the new one

    @property
    def broken(self) -> bool:
        return self.status in BROKEN

    def as_json(self) -> dict[str, Any]:
        return {"id": self.example_id, "title": self.title, "status": self.status, "step": self.step,
                "action": self.action, "message": self.message, "before": self.before, "after": self.after}


@dataclass
class _Replayed:
    replay: ExampleReplay | None = None
    refused: ExampleError | None = None


def _replay(content: GameContent, example: Example, errors: ErrorList, working_tree: bool = True) -> _Replayed | None:
    """The example replayed, or where it is refused; None when the game's own engine fails (an error, which names
    `pnp check` as the way to repeat it when the content is the working tree's)."""
    try:
        return _Replayed(replay=replay_example(content, example))
    except ExampleError as exc:
        return _Replayed(refused=exc)
    except Exception as exc:  # a fault of the game's own engine is content; any other is a bug (raised)
        if not add_fault(errors, exc, content, example_moment(exc, example.id),
                         f"pnp check {content.id}" if working_tree else ""):
            raise
        return None


def _action(example: Example, step: int | None) -> str | None:
    if not step or step > len(example.steps):
        return None
    action = example.steps[step - 1].action
    return action if isinstance(action, str) else " ".join(f"{k} {v}" for k, v in action.items())


def _step_view(replay: ExampleReplay, index: int) -> tuple[Any, ...]:
    step = replay.steps[index]
    return (step.action, step.player, step.events_text, step.after)


def parted_lines(old: list[str], new: list[str]) -> tuple[list[str], list[str]]:
    """The lines only `old` has and those only `new` has, in order (what a unified diff marks - and +)."""
    gone: list[str] = []
    came: list[str] = []
    for tag, a0, a1, b0, b1 in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes():
        if tag != "equal":
            gone += old[a0:a1]
            came += new[b0:b1]
    return gone, came


def _parted(old: dict[str, list[str]], new: dict[str, list[str]]) -> tuple[list[str], list[str]]:
    """The differing lines in English, or in the language they differ in when English reads the same."""
    for lang in (LANG, *(k for k in old if k != LANG)):
        gone, came = parted_lines(old.get(lang, []), new.get(lang, []))
        if gone or came:
            return gone, came
    return [], []


def _rows(step: ReplayedStep) -> dict[str, list[str]]:
    return {lang: [f"{label}: {value}" for label, value in table] for lang, table in step.after.items()}


def first_difference(old: ExampleReplay, new: ExampleReplay) -> tuple[int, list[str], list[str]] | None:
    """(step, old lines, new lines) where two replays first part (0: the set-up); None when they agree.

    The lines are the step's event sentences that differ or, when the events are the same, the
    rows of the table after it that differ.
    """
    if old.setup_events_text != new.setup_events_text:
        return (0, *_parted(old.setup_events_text, new.setup_events_text))
    for index in range(min(len(old.steps), len(new.steps))):
        if _step_view(old, index) != _step_view(new, index):
            a, b = old.steps[index], new.steps[index]
            if (a.action, a.player) != (b.action, b.player):
                return index + 1, [f"player {a.player + 1}: {a.action}"], [f"player {b.player + 1}: {b.action}"]
            if a.events_text != b.events_text:
                return (index + 1, *_parted(a.events_text, b.events_text))
            return (index + 1, *_parted(_rows(a), _rows(b)))  # same events, another table: the rows that differ
    if len(old.steps) != len(new.steps) or old.outcome_text != new.outcome_text:
        last = min(len(old.steps), len(new.steps))
        return last, [(old.outcome_text or {}).get(LANG, "")], [(new.outcome_text or {}).get(LANG, "")]
    return None


def example_changes(old: GameContent | None, new: GameContent | None, old_errors: ErrorList,
                    new_errors: ErrorList, new_is_working_tree: bool = True) -> list[ExampleChange]:
    """Every example of either revision and what the change did to it (SAME included), in the new order (the old
    side is always a revision)."""
    before = {e.id: e for e in old.examples} if old is not None and old.game.engine else {}
    after = {e.id: e for e in new.examples} if new is not None and new.game.engine else {}
    changes: list[ExampleChange] = []
    for example_id in [*after, *(i for i in before if i not in after)]:
        then_example, now_example = before.get(example_id), after.get(example_id)
        then = _replay(old, then_example, old_errors, False) if old is not None and then_example is not None else None
        now = _replay(new, now_example, new_errors, new_is_working_tree) \
            if new is not None and now_example is not None else None
        example = now_example or then_example
        assert example is not None
        title = example.title.model_dump()
        if (then_example is not None and then is None) or (now_example is not None and now is None):
            continue  # an engine fault, reported as an error of its revision
        if now is None:
            changes.append(ExampleChange(example_id, title, REMOVED))
            continue
        if now.refused is not None:
            refused = now.refused
            status = REFUSED if then is None else STILL_REFUSED if then.refused is not None else BROKE
            changes.append(ExampleChange(example_id, title, status, refused.step, _action(example, refused.step),
                                         refused.rule))
            continue
        if then is None:
            changes.append(ExampleChange(example_id, title, ADDED))
            continue
        if then.refused is not None:
            changes.append(ExampleChange(example_id, title, FIXED, then.refused.step,
                                         _action(then_example, then.refused.step) if then_example else None,
                                         f"was refused: {then.refused.rule}"))
            continue
        assert then.replay is not None and now.replay is not None
        parted = first_difference(then.replay, now.replay)
        if parted is None:
            changes.append(ExampleChange(example_id, title, SAME))
            continue
        step, old_events, new_events = parted
        changes.append(ExampleChange(example_id, title, DIFFERS, step, _action(example, step),
                                     "the set-up differs" if step == 0 else f"step {step} plays differently",
                                     old_events, new_events))
    return changes
