"""A game played by a policy, printed turn by turn: what `pnp play` shows and golden files hold."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from generator.rules.contract import Game, GameState
from generator.rules.faults import remember
from generator.rules.policies import NoDecision, Policy, make_policy
from generator.rules.presentation import format_action
from generator.rules.simulate import policy_seed


@dataclass
class Transcript:
    lines: list[str]
    state: GameState
    stopped: bool = False  # a policy could not decide (a person's input ended) before the game did

    @property
    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def play_transcript(game: Game, seed: int, policy: str, lang: str = "en", turns: int | None = None,
                    viewer: int | None = None, log: bool = False,
                    echo: Callable[[str], None] | None = None,
                    on_entry: Callable[[str, str], None] | None = None,
                    person: Policy | None = None) -> Transcript:
    """Play from `seed` with `policy`; every decision ('> action') and event becomes one line.

    `viewer` None shows everything (the referee's view), ONLOOKER what someone at no seat sees,
    a seat (0-based) what that player sees. `echo` hears each line as printed; `on_entry` each entry as its kind
    (turn, event, decision, end) and its sentence, for tools. The outcome sentence is said once:
    the `end` entry only when the last event did not already say it. `person` decides for the seats
    `policy` names `you`; when it cannot decide (its input ended) the game stops, unfinished.
    """
    try:
        state = game.new_initial_state(seed, log=log)
    except Exception as exc:
        remember(exc, game, seed, policy)
        raise
    chooser = make_policy(policy, game, person)
    rng = random.Random(policy_seed(seed))
    lines: list[str] = []
    shown = 0

    def emit(kind: str, text: str) -> None:
        line = f"  {text}" if kind in ("event", "decision") else text
        lines.append(line)
        if echo:
            echo(line)
        if on_entry:
            on_entry(kind, text)

    def flush() -> None:
        nonlocal shown
        for ev in state.events[shown:]:
            text = game.presentation.render_event(ev, lang, viewer)
            emit("turn" if ev.kind == "turn" else "event", text)
        shown = len(state.events)

    stopped = False
    action = None
    try:
        flush()
        while not state.is_terminal and (turns is None or state.turn <= turns):
            action = None
            try:
                action = chooser.choose(state, rng)
            except NoDecision:
                stopped = True
                break
            emit("decision", f"> {format_action(state, action)}")
            state.apply(action)
            flush()
    except Exception as exc:
        remember(exc, game, seed, policy, state, action)  # the engine's fault, reported with when it happened
        raise
    outcome = state.outcome()
    ending = outcome.text[lang] if outcome else game.presentation.sentence("words", "unfinished", lang, {})
    if not lines or lines[-1].strip() != ending:  # an engine's last event (game-over) often says it already
        emit("end", ending)
    return Transcript(lines, state, stopped)
