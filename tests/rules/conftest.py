"""Shared fixtures: the Escape Earth content, and tables built by hand for one rule at a time."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.checking import load_checked
from generator.content.errors import ErrorList
from generator.rules.escape_earth import EscapeEarthState, new_game
from generator.rules.presentation import format_action

CONTENT_DIR = Path(__file__).resolve().parents[2] / "content"


@pytest.fixture(scope="session")
def content():
    errors = ErrorList()
    loaded = load_checked(CONTENT_DIR, ["escape-earth"], errors)
    assert not errors, errors
    return loaded[0]


# A known galaxy for hand-built tables: Earth, then these 14 cards, then the ocean planet.
TRACK = ["erde", "planet", "asteroidenfeld", "weltraum", "nahrungsplanet", "weltraum", "ressourcenplanet",
         "weltraum", "planet", "asteroidenfeld", "weltraum", "weltraum", "planet", "weltraum", "weltraum",
         "ozeanplanet"]
ROW = ["food", "material", "build", "knowledge", "military"]


@pytest.fixture
def table(content):
    """Build a state by hand: table(revealed=8, ships=[2, 0], rows=..., ...) -> a fresh state."""

    def make(variant: str = "expert", seed: int = 1, track: list[str] | None = None, revealed: int = 8,
             ships: list[int] | None = None, rows: list[list[str]] | None = None, events: list[str] | None = None,
             time_deck: list[str] | None = None, event_deck: list[str] | None = None,
             options: dict | None = None, **fields) -> EscapeEarthState:
        state = new_game(content, seed, {"variant": variant, **(options or {})})
        track = track or TRACK
        state.track = list(track)
        state.parsecs = [state.data.galaxy[c].parsecs for c in track]
        state.planet = [state.data.galaxy[c].planet for c in track]
        state.free = [None] * state.length
        state.supply = dict(state.data.cubes)
        state.revealed = revealed
        state.ships = list(ships or [0, 0])
        state.rows = [list(r) for r in (rows or [ROW, ROW])]
        state.active_events = list(events or [])
        state.pending_event = None
        state.pending_effects = []
        state.pending_loss = None
        state.phase = "action"
        state.player = 0
        state.actions_left = 2
        if event_deck is None:
            event_deck = state.data.event_deck()
            for card in state.active_events:
                event_deck.remove(card)
        state.event_deck = list(event_deck)
        if time_deck is not None:
            state.time_deck = list(time_deck)
            state.time_seen = [c for c in state.data.time_deck()]
            for card in time_deck:
                state.time_seen.remove(card)
        for name, value in fields.items():
            assert hasattr(state, name), name
            setattr(state, name, value)
        state._legal = None
        state._events.clear()
        return state

    return make


def put(state: EscapeEarthState, pos: int, building_kind: str, cubes: int = 0, upgraded: bool = False) -> None:
    """Place a building of a kind ('lab') with cubes on card index `pos`, taking them from stack and supply."""
    b = next(b for b in state.data.buildings.values() if b.kind == building_kind)
    state.building[pos] = b.id
    state.upgraded[pos] = upgraded
    state.stacks[b.id] -= 1
    state.cubes[pos] = cubes
    side = b.upgraded if upgraded else b.basic
    if cubes:
        state.supply[side.produces] -= cubes
    state._legal = None


def names(state: EscapeEarthState) -> list[str]:
    return [format_action(state, a) for a in state.legal_actions()]


def forge_first_decision(saved: Path, action: str) -> int:
    """Write `action` over the first decision of a saved game; returns that entry's 1-based line."""
    rows = saved.read_text().splitlines()
    index = next(i for i, line in enumerate(rows) if '"kind":"decision"' in line)
    entry = json.loads(rows[index])
    entry["action"] = action
    rows[index] = json.dumps(entry)
    saved.write_text("\n".join(rows) + "\n")
    return index + 1
