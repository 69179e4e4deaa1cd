"""The numbers of Terraforming Mars as the engine needs them, read once from the content.

Costs, requirements, tags and effects of the project cards, the standard projects, conversions,
milestones and awards are cards of the content; the map (spaces, ocean spaces, bonuses,
neighbours) and the global tracks come from `boards/mars.yaml`, the production floors from the
player board. Only rules text without a card lives here as named constants: the summary's
steel and titanium values, research, the 2 M€ per adjacent ocean, 3 of 5 milestones, and the
set-up of this edition's rulings (TR 20, productions 1, 40 M€, 10 cards).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from generator.content.loader import GameContent
from generator.content.schema import Card, Text
from generator.rules.engine_kit.rules_data import effect_steps, rules_digest

RESOURCES = ("megacredits", "steel", "titanium", "plants", "energy", "heat")
MC, STEEL, TITANIUM, PLANTS, ENERGY, HEAT = range(6)
RESEARCH, ACTION, FINAL, OVER = "research", "action", "final", "over"  # the phases of a generation
RES_INDEX = {r: i for i, r in enumerate(RESOURCES)}
PROJECT_KINDS = ("automated", "active", "event")
# a card's global requirements, in the order they are checked: <bound>_<the state's parameter>
REQUIREMENTS = ("min_temperature", "max_temperature", "min_oxygen", "max_oxygen", "min_oceans", "max_oceans")

STEEL_VALUE = 2            # "Stahl ... ist 2 M€ je Marker wert"
TITANIUM_VALUE = 3         # "Titan ... ist 3 M€ je Marker wert"
CARD_PRICE = 3             # "kann 0 - 4 davon für je 3 M€ kaufen"
RESEARCH_DRAW = 4          # "Jeder Spieler zieht 4 Karten"
OCEAN_NEIGHBOUR_MC = 2     # "2 M€ für jedes an das neue Plättchen angrenzende Ozean-Plättchen"
MILESTONES_CLAIMABLE = 3   # "Nur 3 der 5 Meilensteine werden überhaupt vergeben"
ACTIONS_PER_TURN = 2       # "Züge mit je 1 - 2 Aktionen"
START_TR = 20              # rulings: set-up of this edition
START_MC = 40
START_CARDS = 10
START_PRODUCTION = 1

GREENERY_PROJECT = "gruenflaeche"

Args = tuple[tuple[str, Any], ...]    # values as the content's YAML gives them
Effects = tuple[tuple[str, Args], ...]


@dataclass(frozen=True)
class ProjectCard:
    """A green, blue or red project card with everything the referee reads from it."""

    id: str
    kind: str                      # automated | active | event
    cost: int
    tags: tuple[str, ...]
    requirements: tuple[tuple[str, int], ...]   # (one of REQUIREMENTS, its limit) the card prints
    requires_tag: str | None
    requires_tag_count: int
    effects: Effects               # immediate, in printed order
    production: Effects
    any_player: Effects
    ongoing: Effects
    action_cost: Effects
    action_gain: Effects
    holds: str | None
    vp: int
    scoring: Effects
    lasting: dict[str, tuple[dict[str, Any], ...]] = field(
        default_factory=dict, compare=False
    )  # op -> (args, ...) of `ongoing`, read often

    @property
    def has_action(self) -> bool:
        return bool(self.action_cost or self.action_gain)


@dataclass(frozen=True)
class StandardProject:
    id: str
    cost: int                      # in M€; a conversion's in the cubes it converts
    effects: Effects


@dataclass(frozen=True)
class Milestone:
    id: str
    criterion: str
    threshold: int
    cost: int
    points: int


@dataclass(frozen=True)
class Award:
    id: str
    metric: str
    funding_costs: tuple[int, ...]
    first: int
    second: int
    second_two_players: int


@dataclass(frozen=True)
class Space:
    id: str
    ocean: bool                    # an ocean space (ocean tiles only)
    bonus: tuple[tuple[str, int], ...]
    neighbours: tuple[str, ...]
    row: int
    column: int


@dataclass
class RulesData:
    cards: dict[str, ProjectCard]
    deck: tuple[str, ...]
    projects: dict[str, StandardProject]
    conversions: dict[str, StandardProject]   # plants, heat -> the conversion that pays them
    milestones: dict[str, Milestone]
    awards: dict[str, Award]
    spaces: dict[str, Space]
    temperature: tuple[int, int, int]   # start, goal, step
    oxygen: tuple[int, int]
    oceans_max: int
    floors: tuple[int, ...]             # lowest production per resource
    names: dict[str, Text]              # any card, project, milestone, award or resource id -> its name
    content_hash: str = ""

    def __post_init__(self) -> None:
        self.land = tuple(s for s, sp in self.spaces.items() if not sp.ocean)
        self.ocean_spaces = tuple(s for s, sp in self.spaces.items() if sp.ocean)
        # bounds the legal set checks first: below them no milestone or award can be paid
        self.cheapest_milestone = min((m.cost for m in self.milestones.values()), default=0)
        self.awards_fundable = max((len(a.funding_costs) for a in self.awards.values()), default=0)
        self.cheapest_award = min((min(a.funding_costs) for a in self.awards.values() if a.funding_costs), default=0)


def _project_card(card: Card) -> ProjectCard:
    f = card.fields
    ongoing = effect_steps(f.get("ongoing"))
    lasting = {op: tuple(dict(args) for o, args in ongoing if o == op) for op, _ in ongoing}
    return ProjectCard(
        id=card.id, kind=card.kind, cost=int(card.cost or 0), tags=tuple(f.get("tags") or ()),
        requirements=tuple((r, f[r]) for r in REQUIREMENTS if f.get(r) is not None), requires_tag=f.get("requires_tag"),
        requires_tag_count=int(f.get("requires_tag_count") or (1 if f.get("requires_tag") else 0)),
        effects=effect_steps(card.effects), production=effect_steps(f.get("production")),
        any_player=effect_steps(f.get("any_player")), ongoing=ongoing,
        action_cost=effect_steps(f.get("action_cost")), action_gain=effect_steps(f.get("action_gain")),
        holds=f.get("holds"), vp=int(f.get("vp") or 0), scoring=effect_steps(f.get("scoring")), lasting=lasting)


def load_rules_data(content: GameContent) -> RulesData:
    """Read the cards, the map and the tracks (see the module docstring)."""
    cards = {c.id: _project_card(c) for c in content.cards if c.kind in PROJECT_KINDS}
    deck = [c.id for c in content.cards if c.kind in PROJECT_KINDS for _ in range(c.count)]
    projects = {c.id: StandardProject(c.id, int(c.cost or 0), effect_steps(c.effects))
                for c in content.cards_of("standard_project")}
    conversions = {r: StandardProject(c.id, int(n), effect_steps(c.effects))
                   for c in content.cards_of("conversion") for r, n in c.fields["pay"].items()}
    milestones = {c.id: Milestone(c.id, c.fields["criterion"], int(c.fields["threshold"]),
                                  int(c.fields["claim_cost"]), int(c.fields["points"]))
                  for c in content.cards_of("milestone")}
    awards = {c.id: Award(c.id, c.fields["metric"], tuple(c.fields["funding_costs"]),
                          int(c.fields["first_points"]), int(c.fields["second_points"]),
                          int(c.fields["second_points_two_players"]))
              for c in content.cards_of("award")}
    mars = next(b for b in content.boards if b.id == "mars")
    spaces = {}
    for s in mars.placed.spaces:
        if s.kind not in ("land", "ocean"):
            continue
        bonus = tuple(sorted((k, int(v)) for k, v in (s.data.get("bonus") or {}).items()))
        spaces[s.id] = Space(s.id, s.kind == "ocean", bonus, tuple(mars.neighbours(s.id)),
                             int(s.data["row"]), int(s.data["column"]))
    tracks = {t.id: t for t in mars.tracks}
    temp, oxy = tracks["temperature"], tracks["oxygen"]
    ocean_tiles = next(c for c in content.game.components if c.id == "ocean-tiles").count
    board = next(b for b in content.boards if b.id == "player-board")
    starts = {t.id: int(t.start) for t in board.tracks}
    floors = tuple(starts.get(f"{r}-production", 0) for r in RESOURCES)
    names = {c.id: c.name for c in content.cards} | {r.id: r.name for r in content.game.resources}
    rule_part = {"cards": [c.model_dump(exclude={"flavor", "design_note", "text", "back"}, mode="json")
                           for c in content.cards],
                 "board": [(s.id, s.ocean, s.bonus, s.neighbours) for s in spaces.values()],
                 "tracks": [(t.id, t.start, t.end, t.step) for t in mars.tracks], "floors": floors}
    digest = rules_digest(rule_part, ensure_ascii=True)
    return RulesData(
        cards=cards, deck=tuple(deck), projects=projects, conversions=conversions, milestones=milestones,
        awards=awards, spaces=spaces, temperature=(int(temp.start), int(temp.end), int(temp.step)),
        oxygen=(int(oxy.start), int(oxy.end)), oceans_max=int(ocean_tiles), floors=floors, names=names,
        content_hash=digest)
