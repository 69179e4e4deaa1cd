"""The bundled Terraforming Mars content, loaded and checked once per test module."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.content.loader import GameContent
from generator.rules.presentation import format_action

CONTENT = Path(__file__).resolve().parents[2] / "content"
GAME = "terraforming-mars"
PROJECT_KINDS = ("automated", "active", "event")


@pytest.fixture(scope="module")
def tm() -> GameContent:
    errors = ErrorList()
    [content] = load_checked(CONTENT, [GAME], errors)
    assert not errors, errors.as_text()
    return content


@pytest.fixture(scope="module")
def deck(tm):
    """The project cards (green, blue, red): the deck players draw from."""
    return [c for c in tm.cards if c.kind in PROJECT_KINDS]


@pytest.fixture
def table(tm):
    """A game at the start of generation 1's action phase (nobody bought a card), changed by hand.

    table(players=3, options={...}) -> state; then use give/put/resources below. Player 1 (index
    0) is to act with 2 actions.
    """
    from generator.rules.terraforming_mars import new_game

    def make(players: int = 3, seed: int = 1, options: dict | None = None):
        state = new_game(tm, seed, {"players": str(players), **(options or {})})
        while state.phase == "research":
            state.apply(("done",))
        state._events.clear()
        state._legal = None
        return state

    return make


def _take(state, card: str) -> None:
    for pile, owners in ((state.deck, None), (state.discard, state.discard_owner)):
        if card in pile:
            i = pile.index(card)
            pile.pop(i)
            if owners is not None:
                owners.pop(i)
            return
    raise AssertionError(f"{card} is neither in the deck nor in the discard pile")


def give(state, p: int, *cards: str) -> None:
    """Move cards from the deck (or discard pile) into player p's hand (0-based)."""
    for card in cards:
        _take(state, card)
        state.hand[p].append(card)
    state._legal = None


def put(state, p: int, *cards: str, resources: int = 0) -> None:
    """Lay cards from the deck in front of player p as played (resources on each card)."""
    for card in cards:
        _take(state, card)
        (state.event_pile if state.data.cards[card].kind == "event" else state.played)[p].append(card)
        if resources:
            state.card_res[card] = resources
    state._legal = None


def names(state) -> list[str]:
    return [format_action(state, a) for a in state.legal_actions()]
