"""The typed content model: what a game, a card, a board, a table and an example are.

The model is the only thing renderers and engines share. It is immutable and knows nothing
about PDF, SVG or Markdown. Game-specific card data (an Escape Earth building's capacity, a
Habitable card's epoch, a Terraforming Mars card's tags) lives in `fields`, declared per card
kind in game.yaml, so a new game needs new content, not a new schema.
"""

from __future__ import annotations

import re

from typing import Annotated, Any, Literal

from pydantic import Field, StringConstraints, field_validator, model_validator

from generator.content.schema_base import (CARD_SIZE_PRESETS, LANGUAGES, Colour, Identifier, Language, Model,
                                          NonEmpty, Range, Size, Slug, Text)

FieldType = Literal["int", "ints", "bool", "str", "text", "enum", "resource", "tags", "costs", "effects", "card", "list"]


class FieldSpec(Model):
    """Declares one game-specific card field of a kind (e.g. `capacity: int 1..2`)."""

    type: FieldType
    label: Text | None = None
    min: int | None = None
    max: int | None = None
    choices: list[str] | None = None
    optional: bool = False
    default: Any = None
    note: str | None = None

    @model_validator(mode="after")
    def _choices_for_enums(self) -> "FieldSpec":
        if self.type in ("enum", "tags") and not self.choices:
            raise ValueError(f"a field of type '{self.type}' needs `choices`")
        return self


class ParamSpec(Model):
    """One argument of an effect operation."""

    type: Literal["int", "bool", "str", "enum", "resource", "kind", "card"]
    min: int | None = None
    max: int | None = None
    choices: list[str] | None = None
    optional: bool = False


class OperationSpec(Model):
    """An effect operation of a game's vocabulary; `text` renders it on cards in each language."""

    id: Identifier
    params: dict[Identifier, ParamSpec] = {}
    text: Text
    description: Text | None = Field(default=None, description="what the operation does, exactly: the engine's contract")
    note: str | None = None


class Resource(Model):
    """Something players count: a cube colour, a currency, a nut colour."""

    id: Identifier
    name: Text
    icon: str | None = None
    color: Colour = "#888888"


class KindBack(Model):
    """The shared back of all cards of a kind (double-sided kinds print each card's own back)."""

    title: Text | None = None
    color: Colour | None = None
    icon: str | None = None


class CardKind(Model):
    """A kind of card: its size, colour, back and the game-specific fields its cards carry."""

    id: Identifier
    name: Text
    size: str | Size = "poker"
    color: Colour = "#555555"
    icon: str | None = None
    double_sided: bool = False
    back: KindBack = KindBack()
    layout: Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=64)] | None = Field(
        default=None, description="name of a layout in the game's layouts/ or templates/layouts (a name, not a path)")
    badge: Identifier | None = Field(default=None, description="int field shown in the top-left badge")
    fields: dict[Identifier, FieldSpec] = {}

    @field_validator("size")
    @classmethod
    def _known_preset(cls, value: str | Size) -> str | Size:
        if isinstance(value, str) and value not in CARD_SIZE_PRESETS:
            raise ValueError(f"unknown card size '{value}'; use one of {', '.join(CARD_SIZE_PRESETS)} or {{width, height}}")
        return value

    @property
    def size_mm(self) -> tuple[float, float]:
        if isinstance(self.size, Size):
            return (self.size.width, self.size.height)
        return CARD_SIZE_PRESETS[self.size]


# declared maxima: far above any real game, low enough that drawing or rolling them cannot exhaust a machine
MAX_COMPONENT_COUNT = 1000
MAX_DIE_SIDES = 100


class Deck(Model):
    """Card kinds shuffled together into one draw pile. Their cards share one back, so a back tells nothing.

    A kind no deck names is a deck of its own and keeps its kind-coloured back. The back of a
    deck of several kinds is drawn from the deck's own colour, icon and title (its name unless
    `back.title` says otherwise), never from one kind's, and is the same on every card.
    """

    id: Identifier
    name: Text
    kinds: list[Identifier] = Field(min_length=1)
    color: Colour = "#34394a"
    icon: str | None = None
    back: KindBack = KindBack()

    @property
    def shared(self) -> bool:
        return len(self.kinds) > 1


ComponentType = Literal["cards", "token", "cube", "ship", "die", "board", "tile", "marker", "pawn", "coin", "tableau"]


class Component(Model):
    """One line of the box contents, with its count (cards are counted against the card files)."""

    id: Slug
    name: Text
    type: ComponentType
    count: int = Field(ge=0, le=MAX_COMPONENT_COUNT)
    kind: Identifier | None = None
    shape: Literal["round", "square", "hex"] | None = None
    size: float | None = Field(default=None, gt=0, le=200, description="token diameter/edge in mm; a hex's corner-to-corner width")
    color: Colour | None = None
    icon: str | None = None
    label: Text | None = None
    note: str | None = None

    @model_validator(mode="after")
    def _cards_need_kind(self) -> "Component":
        if self.type == "cards" and not self.kind:
            raise ValueError("a component of type 'cards' names its card `kind`")
        return self


class Variant(Model):
    """A named way to play; `settings` are the numbers a rules engine reads (e.g. events per epoch)."""

    id: Identifier
    name: Text
    description: Text
    settings: dict[Identifier, int | bool | str] = {}


ENGINE_MODULE_RE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_./-]{0,196}\.py")


class EngineModule(Model):
    """A designer's own engine: a Python module inside the game's folder, loaded only when named here."""

    module: str = Field(pattern=ENGINE_MODULE_RE.pattern, max_length=200)


class BalanceRun(Model):
    """One batch of simulated games whose figures the rules site shows (`pnp balance` plays them)."""

    id: Slug
    label: Text
    policy: str = Field(pattern=r"^(random|greedy|mcts:[1-9][0-9]{0,4})$")
    options: dict[Identifier | Slug, str] = {}
    games: int = Field(ge=10, le=100_000)
    seed: int = Field(default=1, ge=0, le=2 ** 63 - 1)
    max_turns: int = Field(default=1000, ge=1, le=100_000)


class GlossaryTerm(Model):
    id: Identifier
    term: Text
    definition: Text


class Game(Model):
    """game.yaml: what the box says about the game, and the vocabulary its other files use."""

    id: Slug
    title: Text
    tagline: Text | None = None
    description: Text
    players: Range
    age: int = Field(ge=0, le=99)
    play_time: Range
    languages: list[Language] = list(LANGUAGES)
    designers: list[str] = []
    publisher: str | None = None
    year: int | None = None
    edition_note: Text | None = None
    engine: Slug | EngineModule | None = None
    resources: list[Resource] = []
    kinds: list[CardKind] = []
    decks: list[Deck] = Field(default=[], description="kinds shuffled together; a kind named by none is its own deck")
    print_profile: str | None = Field(default=None, description="print-shop profile the build writes uploads for "
                                      "(templates/print/profiles.yaml); `pnp build --profile` overrides it")
    components: list[Component] = []
    operations: list[OperationSpec] = []
    variants: list[Variant] = []
    glossary: list[GlossaryTerm] = []
    balance: list[BalanceRun] = []

    @field_validator("engine", mode="before")
    @classmethod
    def _engine_module(cls, value: Any) -> Any:
        """`{module: path}` names a designer's engine; one clear message when it is not a file path of the game."""
        if not isinstance(value, dict):
            return value
        module = value.get("module")
        if set(value) != {"module"} or not isinstance(module, str) or not ENGINE_MODULE_RE.fullmatch(module) \
                or ".." in module.split("/"):
            raise ValueError("a game's own engine is named as {module: engine/rules.py}: a .py file inside the "
                             "game's folder (no '..', no absolute path)")
        return EngineModule(module=module)

    @field_validator("languages")
    @classmethod
    def _all_languages(cls, value: list[str]) -> list[str]:
        missing = [lang for lang in LANGUAGES if lang not in value]
        if missing:
            raise ValueError(f"every game ships in {', '.join(LANGUAGES)}; missing {', '.join(missing)}")
        return value

    def kind(self, kind_id: str) -> CardKind:
        return next(k for k in self.kinds if k.id == kind_id)

    def deck_of(self, kind_id: str) -> Deck:
        """The deck a kind's cards are shuffled into: a declared one, or the kind alone."""
        declared = next((d for d in self.decks if kind_id in d.kinds), None)
        if declared is not None:
            return declared
        kind = self.kind(kind_id)
        return Deck(id=kind.id, name=kind.name, kinds=[kind.id], color=kind.color, icon=kind.icon, back=kind.back)

    def all_decks(self) -> list[Deck]:
        """Every deck in the order of its first kind in `kinds`."""
        found: dict[str, Deck] = {}
        for kind in self.kinds:
            deck = self.deck_of(kind.id)
            found.setdefault(deck.id, deck)
        return list(found.values())

    def operation(self, op_id: str) -> OperationSpec:
        return next(o for o in self.operations if o.id == op_id)

    def resource(self, resource_id: str) -> Resource:
        return next(r for r in self.resources if r.id == resource_id)


class Effect(Model):
    """One operation of a card's effect: `{op: reveal, count: 2}` becomes op='reveal', args={'count': 2}."""

    op: str
    args: dict[str, Any] = {}

    @model_validator(mode="before")
    @classmethod
    def _split_args(cls, data: Any) -> Any:
        if isinstance(data, dict) and "args" not in data:
            return {"op": data.get("op"), "args": {k: v for k, v in data.items() if k != "op"}} if "op" in data else data
        return data


class Face(Model):
    """One printed side of a card."""

    name: Text
    text: Text | None = None
    fields: dict[str, Any] = {}
    effects: list[Effect] = []
    flavor: Text | None = None
    science: Text | None = None
    icon: str | None = None


class Card(Face):
    """A card design; `count` copies of it are in the box. `back` is for double-sided kinds."""

    id: Slug
    kind: Identifier
    count: int = Field(default=1, ge=1, le=500)
    cost: int | None = Field(default=None, ge=0, le=999)
    back: Face | None = None
    design_note: str | None = None


class CardFile(Model):
    cards: list[Card]


class TableEntry(Model):
    roll: Annotated[str, StringConstraints(pattern=r"^[0-9]+(-[0-9]+)*$")]
    name: Text
    text: Text
    effects: list[Effect] = []


class Table(Model):
    """A lookup table rolled on with dice (e.g. a fate table, 6x6 entries for two d6)."""

    id: Slug
    name: Text
    dice: list[Annotated[int, Field(ge=2, le=MAX_DIE_SIDES)]] = Field(
        min_length=1, max_length=4, description="sides of each die, read in order")
    intro: Text | None = None
    groups: list[Text] = []
    entries: list[TableEntry]


# boards live in their own module; re-exported so `schema` stays the one place to import models from
from generator.content.schema_boards import (Board, Direction, Grid, GridCell, LinkStyle, Orbit, OrbitZone,  # noqa: E402
                                            Panel, Point, SlotEnd, SlotRow, Space, SpaceShape, SpaceStyle, Track,
                                            TrackMark)

__all__ = [
    "CARD_SIZE_PRESETS", "LANGUAGES", "Board", "Card", "CardFile", "CardKind", "Colour", "Component", "Direction",
    "Effect", "Example", "ExampleStep", "Face", "FieldSpec", "Game", "GlossaryTerm", "Grid", "GridCell",
    "Identifier", "KindBack", "Language", "LinkStyle", "Model", "NonEmpty", "OperationSpec", "Orbit", "OrbitZone",
    "Panel", "ParamSpec", "Point", "Range", "Resource", "Size", "Slug", "SlotEnd", "SlotRow", "Space", "SpaceShape",
    "SpaceStyle", "Table", "TableEntry", "Text", "Track", "TrackMark", "Variant",
]

class ExampleStep(Model):
    """One decision of an example; `chance` forces the dice this step rolls, in order.

    Each item names one chance outcome as the engine records it, `{what: outcome}` (e.g.
    `{attack: [5]}`): the rulebook's worked examples tell their dice, which no seed rolls in
    that order. A step with `chance` must list every outcome it draws; a step without draws
    from the example's seed.
    """

    action: str | dict[str, Any]
    narrative: Text
    chance: list[dict[str, Any]] = Field(default=[], max_length=100)

    @field_validator("chance")
    @classmethod
    def _one_outcome_each(cls, value: list[dict[str, Any]]) -> list[dict[str, Any]]:
        for item in value:
            if len(item) != 1:
                raise ValueError("each chance item names one outcome as {what: outcome}, e.g. {attack: [5]}")
        return value


class Example(Model):
    """A worked example turn: replayed by the engine, so it can never show an illegal move."""

    id: Slug
    title: Text
    intro: Text | None = None
    seed: int = Field(ge=0)
    options: dict[str, Any] = {}
    steps: list[ExampleStep] = Field(min_length=1)
