"""The bundled Habitable content, loaded once for the tests of this folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.content.loader import GameContent
from generator.rules.presentation import format_action

CONTENT = Path(__file__).resolve().parents[2] / "content"


@pytest.fixture(scope="session")
def habitable() -> GameContent:
    errors = ErrorList()
    [content] = load_checked(CONTENT, ["habitable"], errors)
    assert not errors, errors.as_text()
    return content


def board(content: GameContent, board_id: str):
    return next(b for b in content.boards if b.id == board_id)


# -- hand-built tables for the rules engine --------------------------------------------------------
def new_state(content: GameContent, players: int = 4, seed: int = 1, variant: str = "normal", log: bool = False):
    from generator.rules.habitable import new_game

    return new_game(content, seed, {"players": str(players), "variant": variant}, log=log)


def place(state, owner: int, tile: int, star: str, pos: int, card: str | None = "gesteinsplanet",
          temperature: int = 0, water: int = 3, magnetism: int = 3, life: int = 0):
    """Put player `owner`'s (0-based) stack `tile` on circle `pos` of `star`: discovered when `card` is set."""
    from generator.rules.habitable.planets import DISCOVERED, UNDISCOVERED

    planet = state.planet(owner, tile)
    planet.star, planet.pos = state.data.star_index[star], pos
    if card is None:
        planet.status = UNDISCOVERED
    else:
        if card in state.planet_pile:
            state.planet_pile.remove(card)
        planet.status, planet.card = DISCOVERED, card
        planet.temperature, planet.water, planet.magnetism, planet.life = temperature, water, magnetism, life
    state._legal = None
    return planet


def hand(state, player: int, cards: list[str], deck: list[str] | None = None):
    """Give player `player` (0-based) exactly these hand cards (and draw pile, top last); events cleared."""
    state.hands[player] = list(cards)
    if deck is not None:
        state.decks[player] = list(deck)
    state._events.clear()
    state._legal = None


def texts(state) -> list[str]:
    return [format_action(state, a) for a in state.legal_actions()]
