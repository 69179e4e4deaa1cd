"""The numbers of Habitable as the engine needs them, read once from the content.

Every card value (costs, +1/−1 markers, requirements, effects, planet start values, goal
bonuses), the stars with their paths and zone modifiers, the market's slot count and the
difficulty settings come from `GameContent`. Only numbers the rulebook states in its prose
(and the rulings of this edition) live here as named constants.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.content.loader import GameContent
from generator.content.schema import Card, Text
from generator.rules.engine_kit.rules_data import EffectArgs, Effects, effect_steps, rules_digest
from generator.rules.engine_kit.rules_data import EffectStep as EffectStep  # the state's queue of effects

HAND_SIZE = 5                        # "Jede Spieler*in zieht 5 Karten"; "Ziehe 5 neue Karten"
REMOVED_AT_REFILL = {5: 1, 4: 2, 3: 3, 2: 4}   # rulebook 5/4/3 players; 2 players: ruling 1
DIE_FACES = (1, 1, 2, 2, 3, 3)       # the distance dice (ruling 10)
ADJUST_PRICE = 2                     # "Zahle 2, wenn du das Würfelergebnis um ±1 ändern möchtest"
TILES = (1, 2, 3)                    # 3 stacks of 2 numbered planet tiles per player
TRACKS = {"temperature": (-4, 4), "water": (0, 7), "magnetism": (0, 7), "life": (0, 7)}  # ends (end-of-turn diagram)
HABITABLE_TEMPERATURE = 2            # "innerhalb von ±2"
HABITABLE_MINIMUM = 3                # ">= 3 Wasser und Magnetismus"
WARMING_LIFE = 5                     # "Wenn der Planet Leben > 4 hat, dann Temperatur +1"
TARGETED_OPS = frozenset({"raise", "lower", "toward_zero", "migrate", "cascade"})  # ruling 7


class Phase:
    """The phases of a turn (state.py tells how a turn flows), as the words the state key holds."""

    ARCHIVE, MAIN, PAY, CHOICE, DEFEND, OVER = "archive", "main", "pay", "choice", "defend", "over"


@dataclass(frozen=True)
class ActionCard:
    """A card that is played from the hand: starter, Epoch I or Epoch II."""

    id: str
    name: Text
    kind: str
    cost: int
    attack: bool
    support: bool
    requirement: str | None
    min_life: int
    effects: Effects
    defend_draw: int          # > 0: the card can defend a planet (the Moon's reaction), drawing this many
    targeted: bool            # its effects need a target planet (ruling 7)
    raises: frozenset[str]    # parameters its effects raise (the deck search looks for these)


@dataclass(frozen=True)
class EventCard:
    id: str
    name: Text
    effects: Effects


@dataclass(frozen=True)
class GoalCard:
    id: str
    name: Text
    bonus: int
    conditions: Effects


@dataclass(frozen=True)
class PlanetCard:
    id: str
    name: Text
    temperature: int
    water: int
    magnetism: int


@dataclass(frozen=True)
class Star:
    """A star and its path of grey circles: `modifiers[pos]` for circle pos (1-based), None when white."""

    index: int
    id: str
    name: Text
    positions: int
    modifiers: tuple[int | None, ...]   # index 0 is the star itself (no circle)
    min_players: int

    def in_zone(self, pos: int) -> bool:
        return 1 <= pos <= self.positions and self.modifiers[pos] is not None

    def modifier(self, pos: int) -> int:
        """The temperature modifier of circle `pos`, which lies in the zone."""
        value = self.modifiers[pos]
        assert value is not None, f"circle {pos} of {self.id} is outside the zone"
        return value


@dataclass(frozen=True)
class RulesData:
    """The rules-relevant part of the content, in shapes the engine reads quickly."""

    cards: dict[str, ActionCard]
    starter: tuple[str, ...]             # one player's starter deck
    epoch_one: tuple[str, ...]           # by copy
    epoch_two: tuple[str, ...]
    events: dict[str, EventCard]
    goals: dict[str, GoalCard]
    planets: dict[str, PlanetCard]
    stars: tuple[Star, ...]
    star_index: dict[str, int]
    market_slots: int
    variants: dict[str, dict[str, int]]  # variant id -> {events_epoch_one, events_epoch_two}
    names: dict[str, Text]               # every card id -> its name
    parameter_names: dict[str, Text]
    content_hash: str


def rules_hash(content: GameContent) -> str:
    """A hash of what the referee reads (cards, counts, stars, market, variants), not of prose."""
    payload = {
        "cards": [c.model_dump(include={"id", "kind", "count", "cost", "fields", "effects"}, exclude_none=True)
                  for c in sorted(content.cards, key=lambda c: c.id)],
        "boards": [b.model_dump(include={"id", "orbits", "slots"}) for b in content.boards if b.id == "main"],
        "variants": [v.model_dump(include={"id", "settings"}) for v in content.game.variants],
        "operations": sorted(o.id for o in content.game.operations),
    }
    return rules_digest(payload)


def _argument(args: EffectArgs, name: str) -> Any:
    """One argument of an effect: a YAML value, checked against the operation's parameters by `pnp check`."""
    return dict(args)[name]


def _action_card(card: Card) -> ActionCard:
    f = card.fields
    effects = effect_steps(card.effects)
    reaction = effect_steps(f.get("reaction") or [])
    defend = next((int(_argument(args, "draw")) for op, args in reaction if op == "defend"), 0)
    raises = frozenset(str(dict(args)["parameter"]) for op, args in effects if op == "raise")
    return ActionCard(card.id, card.name, card.kind, int(card.cost or 0), bool(f.get("attack", False)),
                      bool(f.get("support", False)), f.get("requirement"), int(f.get("min_life") or 0), effects,
                      defend, any(op in TARGETED_OPS for op, _ in effects), raises)


def _copies(cards: list[Card]) -> tuple[str, ...]:
    return tuple(c.id for c in cards for _ in range(c.count))


def load_rules_data(content: GameContent) -> RulesData:
    """Read the engine's view of Habitable from validated content."""
    players = content.game.players.max
    cards = {card.id: _action_card(card) for kind in ("starter", "epoch_one", "epoch_two")
             for card in content.cards_of(kind)}
    starter = [card.id for card in content.cards_of("starter") for _ in range(card.count // players)]
    events = {c.id: EventCard(c.id, c.name, effect_steps(c.effects)) for c in content.cards_of("event")}
    goals = {
        c.id: GoalCard(c.id, c.name, int(c.fields["bonus"]), effect_steps(c.effects)) for c in content.cards_of("goal")
    }
    planets = {c.id: PlanetCard(c.id, c.name, int(c.fields["start_temperature"]), int(c.fields["start_water"]),
                                int(c.fields["start_magnetism"])) for c in content.cards_of("planet")}
    board = next(b for b in content.boards if b.id == "main")
    stars = []
    for i, orbit in enumerate(board.orbits):
        modifiers: list[int | None] = [None] * (orbit.positions + 1)
        for zone in orbit.zones:
            for pos in range(zone.first, zone.last + 1):
                modifiers[pos] = zone.modifier
        stars.append(Star(i, orbit.id, orbit.star, orbit.positions, tuple(modifiers),
                          int(orbit.data.get("min_players", 0))))
    market = next(s for s in board.slots if s.id == "market")
    names = {c.id: c.name for c in content.cards}
    return RulesData(
        cards=cards, starter=tuple(starter), epoch_one=_copies(content.cards_of("epoch_one")),
        epoch_two=_copies(content.cards_of("epoch_two")), events=events, goals=goals, planets=planets,
        stars=tuple(stars), star_index={s.id: s.index for s in stars}, market_slots=market.count,
        variants={v.id: {k: int(x) for k, x in v.settings.items()} for v in content.game.variants},
        names=names, parameter_names={r.id: r.name for r in content.game.resources},
        content_hash=rules_hash(content))
