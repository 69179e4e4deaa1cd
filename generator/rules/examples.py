"""Example turns for the rules site: replays of the engine, so the docs never show an illegal move.

API for the site builder::

    from generator.rules.examples import replay_example, summarize, ExampleError

    replay = replay_example(content, example)      # content: GameContent, example: schema.Example
    replay.setup_events_text["de"]                 # sentences of set-up (and what the first turn brings before a
                                                   # decision)
    for step in replay.steps:                      # one ReplayedStep per example step
        step.index                                 # 1-based, as in the file
        step.action_text["en"]                     # the decision as a sentence
        step.narrative                             # the example's Text for this step ({de, en})
        step.events_text["de"]                     # every event it caused, chance outcomes included
                                                   # (time cards, events drawn, cards revealed)
        step.before["en"], step.after["en"]        # [(label, value), ...] rows of the table
        step.picture["en"]                         # StatePicture of the table after the step (None: the
                                                   # engine draws none; Presentation.picture)
    replay.start_picture["de"]                     # the table before the first step, likewise
    replay.outcome_text                            # {de, en} when the game ended, else None

    summarize(state, lang) -> [(label, value), ...]   # galaxy (hidden cards '?'), ships, aliens,
        # anomaly, buildings with cubes, each player's activity row (✓ = active), active events,
        # deck sizes, supply

An example file (content/<game>/examples/<id>.yaml; id defaults to the file stem)::

    title: {de: ..., en: ...}
    seed: 12                       # the state's RNG seed: setup and every shuffle follow from it
    options: {variant: beginner}
    steps:
      - action: "improve build"    # the engine's action notation (Escape Earth: notation.py)
        narrative: {de: ..., en: ...}
      - action: {move: food 3}     # a mapping {verb: rest} reads as "verb rest"
        narrative: {de: ..., en: ...}
      - action: "declare 4"
        chance: [{actions: [6]}]   # the dice this step rolls, in order: a rulebook example's own numbers
        narrative: {de: ..., en: ...}

Each action is one decision of the player to move (a turn's two actions are two steps; the
next turn's time card appears in the events of the step that ends the turn). An action that is
not legal, not written in the notation, or comes after the game ended raises
`ExampleError(example_id, step, rule)`: "example '<id>' step <n>: <rule sentence>".
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from generator.content.errors import ErrorList
from generator.content.loader import GameContent
from generator.content.schema import Example, Text
from generator.rules.contract import ONLOOKER, Game, GameState, OptionsError
from generator.rules.core import ChanceError, Event, RuleError
from generator.rules.engine_child import in_child, replay_in_child
from generator.rules.faults import add_fault
from generator.rules.picture import StatePicture
from generator.rules.presentation import format_action, parse_action
from generator.rules.registry import EngineLoadError, make_game


class ExampleError(Exception):
    """An example step the engine refuses: which example, which step (1-based), which rule."""

    def __init__(self, example_id: str, step: int, rule: str):
        super().__init__(f"example '{example_id}' step {step}: {rule}")
        self.example_id = example_id
        self.step = step
        self.rule = rule


@dataclass
class ReplayedStep:
    index: int
    action: str
    action_text: dict[str, str]
    narrative: Text
    events_text: dict[str, list[str]]
    before: dict[str, list[tuple[str, str]]]
    after: dict[str, list[tuple[str, str]]]
    player: int = 0                      # the seat (0-based) that decided
    picture: dict[str, StatePicture | None] = field(default_factory=dict)  # the table after the step, per language
    events: tuple[Event, ...] = ()       # the events it caused, as the engine emitted them (ids, not words)


@dataclass
class ExampleReplay:
    example_id: str
    title: Text
    intro: Text | None
    setup_events_text: dict[str, list[str]]
    steps: list[ReplayedStep] = field(default_factory=list)
    outcome_text: dict[str, str] | None = None
    state: GameState | None = None
    game: Game | None = None
    start_picture: dict[str, StatePicture | None] = field(default_factory=dict)  # before the first step


def summarize(state: GameState, lang: str) -> list[tuple[str, str]]:
    """The table as (label, value) rows in `lang` (the game's summary)."""
    return state.game.presentation.summary(state, lang)


def pictures(state: GameState) -> dict[str, StatePicture | None]:
    """The engine's picture of the table in each of the game's languages (None where it draws none)."""
    return {lang: state.game.presentation.picture(state, lang) for lang in state.game.content.languages}


def _texts(state: GameState, start: int) -> dict[str, list[str]]:
    """Sentences of the events since `start`, as an onlooker sees them (secrets hidden)."""
    return {lang: [state.game.presentation.render_event(ev, lang, ONLOOKER) for ev in state.events[start:]]
            for lang in state.game.content.languages}


def replay_example(content: GameContent, example: Example, *, draw: bool = False) -> ExampleReplay:
    """Replay `example` with the game's engine; raises ExampleError at the first refused step.

    `draw` asks the engine for a picture of the table at the start and after every step (the
    site shows them; checking and comparing need none)."""
    if not content.game.engine:
        raise ExampleError(example.id, 0, f"game '{content.id}' has no rules engine to replay examples with")
    try:
        game = make_game(content, dict(example.options))
    except OptionsError as exc:
        raise ExampleError(example.id, 0, f"options: {exc}") from None
    except EngineLoadError as exc:
        raise ExampleError(example.id, 0, exc.message) from None
    state = game.new_initial_state(example.seed)
    replay = ExampleReplay(example.id, example.title, example.intro, _texts(state, 0), state=state, game=game,
                           start_picture=pictures(state) if draw else {})
    for index, step in enumerate(example.steps, 1):
        if state.is_terminal:
            raise ExampleError(example.id, index, "the game is already over")
        text = step.action if isinstance(step.action, str) else \
            " ".join(f"{verb} {rest}" if rest not in (None, "") else str(verb) for verb, rest in step.action.items())
        try:
            _step(replay, state, game, step, text, example.id, index, draw)
        except (ExampleError, KeyboardInterrupt, SystemExit):
            raise
        except Exception as exc:  # the engine's fault: noted with the step it failed at, for its report
            if getattr(exc, STEP, None) is None:
                setattr(exc, STEP, (index, text))
            raise
    outcome = state.outcome()
    replay.outcome_text = dict(outcome.text) if outcome else None
    return replay


STEP = "pnp_example_step"  # the attribute of an engine's exception saying at which step (1-based, action) it was raised


def _step(replay: ExampleReplay, state: GameState, game: Game, step: Any, text: str, example_id: str, index: int,
          draw: bool) -> None:
    """Replay one step of an example onto `replay`: its action parsed, checked, described and applied."""
    try:
        action = parse_action(state, text)
        explanation = state.explain(action)
        if not explanation.legal:
            raise RuleError(explanation.rule, text=explanation.text)
    except RuleError as exc:
        raise ExampleError(example_id, index, exc.text.get("en") or next(iter(exc.text.values()), exc.rule)) from None
    languages = game.content.languages  # a game made in one language is told in that one
    before: dict[str, list[tuple[str, str]]] = {lang: summarize(state, lang) for lang in languages}
    action_text: dict[str, str] = {lang: game.presentation.describe(state, action, lang) for lang in languages}
    player = state.current_player
    start = len(state.events)
    _apply(state, action, step.chance, example_id, index)
    replay.steps.append(ReplayedStep(index, format_action(state, action), action_text, step.narrative,
                                     _texts(state, start), before,
                                     {lang: summarize(state, lang) for lang in languages}, player,
                                     pictures(state) if draw else {}, tuple(state.events[start:])))


def example_moment(exc: BaseException, example_id: str) -> str:
    """`replaying example 'opening', step 3 (action "take j3")`: where an example's replay met the engine's fault."""
    noted = getattr(exc, STEP, None)
    if not noted:
        return f"replaying example '{example_id}'"
    index, text = noted
    return f"replaying example '{example_id}', step {index} (action {json.dumps(text, ensure_ascii=False)})"


def _apply(state: GameState, action: Any, chance: list[dict[str, Any]], example_id: str, index: int) -> None:
    """Apply one example step; a step with `chance` takes exactly those outcomes for its dice and draws.

    The outcomes go through the state's recorded-chance path (as a saved game's do), so each is
    checked to be one the game could produce at that point ("a roll of 1 d6 for 'attack'").
    """
    if not chance:
        state.apply(action)
        return
    state._forced = deque((0, {"what": what, "outcome": outcome}) for item in chance for what, outcome in item.items())
    try:
        state.apply(action)
        left = [item["what"] for _, item in state._forced]
    except ChanceError as exc:
        raise ExampleError(example_id, index, f"chance: {exc}") from None
    finally:
        state._forced = None
    if left:
        raise ExampleError(example_id, index, f"chance: the step does not roll {', '.join(left)}; "
                                              "list only the outcomes it draws")


def replay_examples(content: GameContent, errors: ErrorList, *, draw: bool = False) -> dict[str, ExampleReplay]:
    """Replay every example of the game; a refused step goes to `errors` at that step's place.

    `pnp check` and the site build both replay this way, so an example that a content change made
    illegal is reported the same way, at the example's file and line. A game's own engine module
    replays them in a forked child with a time limit first (generator.rules.engine_child): an engine
    that loops or ends the process is one error, and only an engine that replayed them clean there
    replays them here, where the site keeps the replays.
    """
    if in_child(content):
        found = len(errors)

        def replay(into: ErrorList, started: Callable[[str], None]) -> None:
            replay_each(content, into, started=started)

        replay_in_child(content, errors, replay)
        if len(errors) > found:
            return {}
    return replay_each(content, errors, draw=draw)


def replay_each(content: GameContent, errors: ErrorList, *, draw: bool = False,
                started: Callable[[str], None] | None = None) -> dict[str, ExampleReplay]:
    """`replay_examples` in this process, whatever the engine; `started` hears of each example before it is replayed."""
    replays: dict[str, ExampleReplay] = {}
    for example in content.examples:
        if started is not None:
            started(f"example '{example.id}'")
        try:
            replays[example.id] = replay_example(content, example, draw=draw)
        except ExampleError as exc:
            if 1 <= exc.step <= len(example.steps):  # 1-based as in the file; 0 = before the first step
                action = example.steps[exc.step - 1].action
                errors.add(content.mark_of("example", example.id, "steps", exc.step - 1, "action"),
                           f"example '{example.id}' step {exc.step} (`{action}`) is refused by the engine: {exc.rule}",
                           ("steps", exc.step - 1, "action"),
                           hint="change this action, or the steps before it, so the engine allows it", code="example")
            else:
                errors.add(content.mark_of("example", example.id, "options"),
                           f"example '{example.id}' cannot be replayed: {exc.rule}", ("options",), code="example")
        except Exception as exc:  # the engine's fault is reported at its line; pnp-forge's is raised
            if not add_fault(errors, exc, content, example_moment(exc, example.id), f"pnp check {content.id}"):
                raise
    return replays
