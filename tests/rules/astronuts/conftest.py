"""Astronuts fixtures: the content, tables set up by hand, and dice forced as a saved game forces them."""

from __future__ import annotations

from collections import deque
from pathlib import Path

import pytest

from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.rules.astronuts import AstronutsState, new_game

CONTENT_DIR = Path(__file__).resolve().parents[3] / "content"


@pytest.fixture(scope="session")
def astro():
    errors = ErrorList()
    loaded = load_checked(CONTENT_DIR, ["astronuts"], errors)
    assert not errors, errors.as_text()
    return loaded[0]


def force(state: AstronutsState, *outcomes: tuple[str, int]) -> None:
    """The next dice: ("attack", 5), ("defence", 6), ...; each must be rolled, in this order."""
    state._forced = deque((0, {"what": what, "outcome": [value]}) for what, value in outcomes)


def forced_left(state: AstronutsState) -> list[str]:
    return [item["what"] for _, item in state._forced] if state._forced is not None else []


def S(state: AstronutsState, space_id: str) -> int:
    return state.data.index[space_id]


def C(state: AstronutsState, colour: str) -> int:
    return state.data.colour(colour)


@pytest.fixture
def table(astro):
    """A table after a quick set-up, player 1 to act: table(players=2, actions=9, ...) -> state.

    Keyword `ships={player: [space ids]}` replaces the ships, `hand={player: {colour: n}}` the nuts
    in hand (the difference goes to or comes from the bank), `tech={player: [colours]}` gives
    technologies (their nuts from the bank), `nuts={space: [colours]}` sets a planet's nuts
    (from or to the bank), `colonies={space: {player: n}}` places colonies.
    """

    def make(players: int = 2, actions: int = 9, seed: int = 5, options: dict | None = None,
             ships: dict | None = None, hand: dict | None = None, tech: dict | None = None,
             nuts: dict | None = None, colonies: dict | None = None) -> AstronutsState:
        state = new_game(astro, seed, {"players": str(players), "placement": "random", **(options or {})})
        for p, spaces in (ships or {}).items():
            for k in range(len(state.ships[p - 1])):
                if state.ships[p - 1][k] >= 0:
                    state.lift_ship(p - 1, k)
            for k, sid in enumerate(spaces):
                state.put_ship(p - 1, k, S(state, sid))
        for p, counts in (hand or {}).items():
            for colour, n in counts.items():
                c = C(state, colour)
                i = (p - 1) * 4 + c
                state.bank[c] += state.hand[i] - n
                state.hand[i] = n
        for p, colours in (tech or {}).items():
            for colour in colours:
                c = C(state, colour)
                state.tech[(p - 1) * 4 + c] = 1
                state.tech_nuts[(p - 1) * 4 + c] = 1
                state.bank[c] -= 1
        for sid, colours in (nuts or {}).items():
            s = S(state, sid)
            for c in range(4):
                if state.nuts[s] >> c & 1:
                    state.bank[c] += 1
            state.nuts[s] = 0
            for colour in colours:
                state.nuts[s] |= 1 << C(state, colour)
                state.bank[C(state, colour)] -= 1
        for sid, per_player in (colonies or {}).items():
            for p, n in per_player.items():
                state.col[S(state, sid) * state.n + p - 1] += n
                state.colonies[p - 1] += n
                state.col_total[S(state, sid)] += n
        state.phase = "act"
        state.actions_left = actions
        state.declared = 4
        state._legal = None
        state._events.clear()
        assert all(b >= 0 for b in state.bank), state.bank
        return state

    return make


def events(state: AstronutsState) -> list[str]:
    return [e.kind for e in state.events]


def said(state: AstronutsState, lang: str = "en") -> list[str]:
    return [state.game.presentation.render_event(e, lang) for e in state.events]
