"""The numbers of Escape Earth as the engine needs them, read once from the content.

Everything a card says (parsecs, capacities, costs, active positions, travel values, build
points, fight costs, effects) comes from `GameContent`; only the set-up layout of the rulebook
(Earth plus 3 open and 4 hidden cards in row 1, 2 cards removed unseen) is rules text and lives
here as named constants.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.content.loader import GameContent
from generator.content.schema import Text
from generator.rules.engine_kit.rules_data import Effects, effect_steps, rules_digest

OPEN_IN_FIRST_ROW = 3      # "Platziert die Erde und 3 Karten aufgedeckt ..."
REMOVED_UNSEEN = 2         # "Entfernt danach 2 Karten ungesehen aus dem Spiel"
ACTIONS_PER_TURN = 2       # "Du hast 2 Aktionen pro Zug"
ANOMALY_FIRST_CARD = 4     # "niemals auf den ersten 4 Karten": index of the 5th card (Earth = 0)
ANOMALY_STEP = 2           # the anomaly moves 2 cards toward Earth / away after a fight
CHAOS_DISTINCT_EVENTS = 3  # "Sobald drei verschiedene Ereignisse ... aktiv sind"
NO_ANOMALY = -1            # the anomaly is off the table
ACTION, RESPOND, LOSE, OVER = "action", "respond", "lose", "over"  # the state's phases


@dataclass(frozen=True)
class GalaxyCard:
    name: Text
    parsecs: int
    planet: bool
    on_discovery: Effects


@dataclass(frozen=True)
class BuildingSide:
    capacity: int
    produces: str | None
    effects: Effects
    name: Text


@dataclass(frozen=True)
class BuildingType:
    id: str             # the card id, e.g. 'aussenposten'
    kind: str           # the `building` field, e.g. 'outpost'
    count: int
    build_cost: int
    upgrade_cost: tuple[tuple[str, int], ...]
    planet_only: bool
    basic: BuildingSide
    upgraded: BuildingSide
    replaceable: bool   # "Gebäude – außer Außenposten – können ersetzt werden"


@dataclass(frozen=True)
class ActivityCard:
    active_positions: frozenset[int]
    travel: int
    build_points: tuple[int, ...]


@dataclass(frozen=True)
class DeckCard:
    """A card of the time deck; an event card adds its fight cost."""

    id: str
    name: Text
    count: int
    effects: Effects


@dataclass(frozen=True)
class EventCard(DeckCard):
    fight_cost: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class RulesData:
    """The rules-relevant part of the content, in shapes the engine reads quickly."""

    galaxy: dict[str, GalaxyCard]
    galaxy_deck: tuple[str, ...]          # every galaxy card but Earth and the ocean planet, by copy
    earth: str
    ocean: str
    buildings: dict[str, BuildingType]    # by card id
    activities: dict[int, dict[str, ActivityCard]]   # player index (0-based) -> activity -> card, their 5 in order
    activity_names: dict[str, Text]       # activity id -> name of its card
    events: dict[str, EventCard]
    time_cards: dict[str, DeckCard]
    cubes: dict[str, int]                 # resource -> cubes in the box
    resources: tuple[str, ...]
    resource_names: dict[str, Text]
    players: int
    content_hash: str

    @property
    def track_length(self) -> int:
        return len(self.galaxy_deck) - REMOVED_UNSEEN + 2

    def time_deck(self) -> list[str]:
        return [c.id for c in self.time_cards.values() for _ in range(c.count)]

    def event_deck(self) -> list[str]:
        return [c.id for c in self.events.values() for _ in range(c.count)]


def _costs(value: dict[str, Any] | None) -> tuple[tuple[str, int], ...]:
    return tuple(sorted((value or {}).items()))


def rules_hash(content: GameContent) -> str:
    """A hash of what the referee reads (card data, counts, components, variants), not of prose.

    Rules pages and examples change often without changing a single move; a saved game stays
    valid across such edits and is refused when a number it was played with changes.
    """
    game = content.game
    face: dict[str, Any] = dict.fromkeys(("id", "kind", "count", "fields", "effects"), True)
    face["back"] = {"fields", "effects"}  # the upgraded side's numbers and effects, not its name or art
    payload = {
        "cards": [c.model_dump(include=face, exclude_none=True) for c in sorted(content.cards, key=lambda c: c.id)],
        "components": [c.model_dump(include={"id", "type", "count", "kind"}) for c in game.components],
        "variants": [v.id for v in game.variants],
        "operations": sorted(o.id for o in game.operations),
    }
    return rules_digest(payload)


def _cube_count(content: GameContent, res: str) -> int:
    """The cubes of `res` in the box: the cube component named `<res>-cubes` or showing its icon."""
    for c in content.game.components:
        if c.type == "cube" and (c.id == f"{res}-cubes" or c.icon == res):
            return c.count
    raise ValueError(f"no cube component for resource '{res}' in game.yaml")


def load_rules_data(content: GameContent) -> RulesData:
    """Read the engine's view of Escape Earth from validated content."""
    cards = content.cards_of("galaxy")
    galaxy = {c.id: GalaxyCard(c.name, int(c.fields["parsecs"]), bool(c.fields["planet"]), effect_steps(c.effects))
              for c in cards}
    role = {c.fields["role"]: c.id for c in cards}   # Earth and the ocean planet: one card each, not in the deck
    deck = [c.id for c in cards if c.fields["role"] not in ("earth", "ocean_planet") for _ in range(c.count)]
    buildings: dict[str, BuildingType] = {}
    for card in content.cards_of("building"):
        f, b = card.fields, card.back
        assert b is not None, f"building '{card.id}' has no upgraded side"
        buildings[card.id] = BuildingType(
            id=card.id, kind=f["building"], count=card.count, build_cost=int(f["build_cost"]),
            upgrade_cost=_costs(f.get("upgrade_cost")), planet_only=bool(f["planet_only"]),
            basic=BuildingSide(int(f["capacity"]), f.get("produces"), effect_steps(card.effects), card.name),
            upgraded=BuildingSide(int(b.fields["capacity"]), b.fields.get("produces"), effect_steps(b.effects), b.name),
            replaceable=f["building"] != "outpost")
    players = content.game.players.max
    activities: dict[int, dict[str, ActivityCard]] = {p: {} for p in range(players)}
    names: dict[str, Text] = {}
    for card in content.cards_of("activity"):
        f = card.fields   # its player counts from 1, as printed
        activities[int(f["player"]) - 1][f["activity"]] = ActivityCard(
            frozenset(f["active_positions"]), int(f["travel"]), tuple(f["build_points"]))
        names.setdefault(f["activity"], card.name)
    events = {c.id: EventCard(c.id, c.name, c.count, effect_steps(c.effects), _costs(c.fields["fight_cost"]))
              for c in content.cards_of("event")}
    times = {c.id: DeckCard(c.id, c.name, c.count, effect_steps(c.effects)) for c in content.cards_of("time")}
    resources = [r.id for r in content.game.resources]
    return RulesData(
        galaxy=galaxy, galaxy_deck=tuple(deck), earth=role["earth"], ocean=role["ocean_planet"], buildings=buildings,
        activities=activities, activity_names=names, events=events, time_cards=times,
        cubes={r: _cube_count(content, r) for r in resources}, resources=tuple(resources),
        resource_names={r.id: r.name for r in content.game.resources}, players=players,
        content_hash=rules_hash(content))
