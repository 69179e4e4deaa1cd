"""A game played by a policy, printed turn by turn: what `pnp play` shows and golden files hold."""

from __future__ import annotations

import random
from dataclasses import dataclass

from generator.content.loader import GameContent
from generator.rules.core import GameState
from generator.rules.policies import make_policy
from generator.rules.registry import engine_module
from generator.rules.simulate import policy_seed


@dataclass
class Transcript:
    lines: list[str]
    state: GameState

    @property
    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def play_transcript(content: GameContent, seed: int, policy: str, options: dict, lang: str = "en",
                    turns: int | None = None, player_view: bool = False, log: bool = False,
                    echo=None) -> Transcript:
    """Play from `seed` with `policy`; every decision ('> action') and event becomes one line."""
    module = engine_module(content.game.engine or "")
    state = module.new_game(content, seed, options, log=log)
    chooser = make_policy(policy, content.game.engine or "")
    rng = random.Random(policy_seed(seed))
    lines: list[str] = []
    shown = 0

    def emit(line: str) -> None:
        lines.append(line)
        if echo:
            echo(line)

    def flush() -> None:
        nonlocal shown
        for ev in state.events[shown:]:
            text = state.render(ev, lang, player_view)
            emit(text if ev.kind == "turn" else f"  {text}")
        shown = len(state.events)

    flush()
    while not state.is_over and (turns is None or state.turn <= turns):
        action = chooser.choose(state, rng)
        emit(f"  > {state.format_action(action)}")
        state.apply(action)
        flush()
    outcome = state.outcome()
    emit(outcome.text[lang] if outcome else ("Nicht beendet." if lang == "de" else "Not finished."))
    return Transcript(lines, state)
