"""The typed content model: what a game, a card, a board, a table and an example are.

The model is the only thing renderers and engines share. It is immutable and knows nothing
about PDF, SVG or Markdown. Game-specific card data (an Escape Earth building's capacity, a
Habitable card's epoch, a Terraforming Mars card's tags) lives in `fields`, declared per card
kind in game.yaml, so a new game needs new content, not a new schema.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    StringConstraints,
    field_validator,
    model_serializer,
    model_validator,
)

from generator.content.schema_base import (
    CARD_SIZE_PRESETS,
    LANGUAGES,
    CardSize,
    Colour,
    Identifier,
    Language,
    Model,
    NonEmpty,
    Range,
    Size,
    Slug,
    Text,
    card_size_mm,
    declared_languages,
    in_languages,
    languages_context,
)
from generator.content.schema_reference import QuickReference
from generator.content.schema_version import Erratum, RulesVersion

LabelKey = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$", max_length=64)]

ICON = "an icon's name (an SVG of the game's icons/ or of templates/icons/, without .svg)"

FieldType = Literal[
    "int", "ints", "bool", "str", "text", "enum", "resource", "tags", "costs", "effects", "card", "list"
]


class FieldSpec(Model):
    """Declares one game-specific card field of a kind (e.g. `capacity: int 1..2`)."""

    type: FieldType = Field(description="int (a whole number), ints (a list of them), bool, str (plain text, not "
                            "translated), text ({de, en}), enum (one of `choices`), resource (a resource id), tags (a "
                            "list of `choices`), costs ({resource: amount}), effects (a list of effects), card (a "
                            "card id), list (any list)")
    label: Text | None = Field(default=None, description="printed before the value on the card; a field without a "
                               "label is the game's bookkeeping and is not printed (an unlabelled resource shows "
                               "its icon)")
    min: int | None = Field(default=None, description="int and ints: the smallest value allowed; costs: the "
                            "smallest amount of each resource")
    max: int | None = Field(default=None, description="int and ints: the largest value allowed; costs: the "
                            "largest amount of each resource")
    choices: list[str] | None = Field(default=None, description="enum and tags: the values allowed (required; each "
                                      "printed by its name in game.yaml `labels`); resource: the resources allowed "
                                      "(default: all)")
    optional: bool = Field(default=False, description="a card may leave the field out")
    default: Any = Field(default=None, description="the value of a card that leaves the field out (makes it optional)")
    note: str | None = Field(default=None, description="a remark for designers; never printed")

    @model_validator(mode="after")
    def _choices_for_enums(self) -> FieldSpec:
        if self.type in ("enum", "tags") and not self.choices:
            raise ValueError(f"a field of type '{self.type}' needs `choices`")
        _range_applies(self.type, self.min, self.max, RANGED_FIELD_TYPES)
        return self


RANGED_FIELD_TYPES = ("int", "ints", "costs")
RANGED_PARAM_TYPES = ("int",)


def _range_applies(type_: str, low: int | None, high: int | None, ranged: tuple[str, ...]) -> None:
    """`min`/`max` only where a value is a number, and `min` not above `max`: otherwise the bound is a mistake."""
    given = [name for name, bound in (("min", low), ("max", high)) if bound is not None]
    if given and type_ not in ranged:
        raise ValueError(f"`{'`/`'.join(given)}` cannot apply to a value of type '{type_}': only "
                         f"{', '.join(ranged)} have a range")
    if low is not None and high is not None and high < low:
        raise ValueError(f"max ({high}) is smaller than min ({low})")


class ParamSpec(Model):
    """One argument of an effect operation."""

    type: Literal["int", "bool", "str", "enum", "resource", "kind", "card"] = Field(
        description="int (a whole number), bool, str, enum (one of `choices`), resource (a resource id), kind (a card "
                    "kind id), card (a card id)")
    min: int | None = Field(default=None, description="int: the smallest value allowed")
    max: int | None = Field(default=None, description="int: the largest value allowed")
    choices: list[str] | None = Field(default=None, description="enum: the values allowed (printed by their names "
                                      "in game.yaml `labels`); resource: the resources allowed (default: all)")
    optional: bool = Field(default=False, description="an effect may leave the parameter out")
    printed_times: int | None = Field(default=None, ge=1, description="int: the text prints the value times this, "
                                      "in the unit players read (a temperature step the engine counts as 1 prints as "
                                      "2 °C); `min`, `max`, the card files and the engine keep the value itself")

    @model_validator(mode="after")
    def _range(self) -> ParamSpec:
        _range_applies(self.type, self.min, self.max, RANGED_PARAM_TYPES)
        if self.printed_times is not None and self.type != "int":
            raise ValueError(f"`printed_times` cannot apply to a value of type '{self.type}': only int is printed "
                             "scaled")
        return self


class OperationSpec(Model):
    """An effect operation of a game's vocabulary; `text` renders it on cards in each language."""

    id: Identifier = Field(description="the name effects use: `{op: gain, ...}`")
    params: dict[Identifier, ParamSpec] = Field(default={}, description="its parameters by name")
    text: Text = Field(description="the sentence printed on cards; `{amount}` is a parameter's value in words "
                       "(an enum value by its name in `labels`), `{amount:+d}` formatted (Python's format spec), "
                       "`{amount:card|cards}` the word form the value asks for (the first for one), `:{resource}:` "
                       "its icon")
    description: Text | None = Field(
        default=None, description="what the operation does, exactly: the engine's contract"
    )
    note: str | None = Field(default=None, description="a remark for designers; never printed")


class Resource(Model):
    """Something players count: a cube colour, a currency, a nut colour."""

    id: Identifier = Field(description="the name cards, costs and operations use")
    name: Text = Field(description="the name players read")
    icon: str | None = Field(default=None, description=f"{ICON} (default: the resource's id)")
    color: Colour = Field(default="#888888", description="its colour on boards, tokens and badges")


class KindBack(Model):
    """The shared back of all cards of a kind (double-sided kinds print each card's own back)."""

    title: Text | None = Field(default=None, description="the word printed on the back")
    color: Colour | None = Field(default=None, description="the back's colour")
    icon: str | None = Field(default=None, description=ICON)


class CardKind(Model):
    """A kind of card: its size, colour, back and the game-specific fields its cards carry."""

    id: Identifier = Field(description="the name cards give as their `kind`")
    name: Text = Field(description="the kind's name, printed on its cards")
    size: CardSize = Field(default="poker", description="a preset (poker 63x88, bridge 57x89, mini 44x63, "
                                      "tarot 70x120, square 70x70 mm) or {width, height} in mm")
    color: Colour = Field(default="#555555", description="the kind's colour (header band, back)")
    icon: str | None = Field(default=None, description=f"{ICON}, drawn in a corner of every card of the kind")
    double_sided: bool = Field(default=False, description="each card has its own back face (`back:` in the card "
                               "file) instead of the kind's shared back")
    back: KindBack = Field(default=KindBack(), description="the shared back of a single-sided kind")
    layout: Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=64)] | None = Field(
        default=None, description="name of a layout in the game's layouts/ or templates/layouts (a name, not a path)")
    badge: Identifier | None = Field(default=None, description="the field shown in the top-left badge: a whole "
                                     "number (`cost` in layouts), or costs of several resources (`costs`: one badge "
                                     "per resource with its amount, icon and colour)")
    fields: dict[Identifier, FieldSpec] = Field(default={}, description="the game-specific fields its cards carry, by "
                                                "name (`capacity`, `price`)")

    @property
    def size_mm(self) -> tuple[float, float]:
        """The cards' width and height in millimetres (a named size looked up)."""
        return card_size_mm(self.size)


# declared maxima: far above any real game, low enough that drawing or rolling them cannot exhaust a machine
MAX_COMPONENT_COUNT = 1000
MAX_DIE_SIDES = 100


class Deck(Model):
    """Card kinds shuffled together into one draw pile. Their cards share one back, so a back tells nothing.

    A kind no deck names is a deck of its own and keeps its kind-coloured back. The back of a
    deck of several kinds is drawn from the deck's own colour, icon and title (its name unless
    `back.title` says otherwise), never from one kind's, and is the same on every card.
    """

    id: Identifier = Field(description="the deck's name in the game")
    name: Text = Field(description="the name players read (and the back's title)")
    kinds: list[Identifier] = Field(min_length=1, description="the card kinds shuffled into it")
    color: Colour = Field(default="#34394a", description="the colour of the shared back")
    icon: str | None = Field(default=None, description=f"{ICON}, on the shared back")
    back: KindBack = Field(default=KindBack(), description="title, colour and icon of the back (default: the deck's)")

    @property
    def shared(self) -> bool:
        """True when several kinds are shuffled together into this deck."""
        return len(self.kinds) > 1


ComponentType = Literal["cards", "token", "cube", "ship", "die", "board", "tile", "marker", "pawn", "coin", "tableau"]


class Component(Model):
    """One line of the box contents, with its count (cards are counted against the card files)."""

    id: Slug = Field(description="unique among the components")
    name: Text = Field(description="as the component list names it")
    type: ComponentType = Field(description="what it is; `cards` are counted against the card files, tokens, coins, "
                                "markers and tiles with a `shape` are printed on token sheets")
    count: int = Field(ge=0, le=MAX_COMPONENT_COUNT, description="how many are in the box")
    kind: Identifier | None = Field(default=None, description="`type: cards`: the card kind (required there)")
    board: Slug | None = Field(default=None, description="`type: board` or `tableau`: the id of the board file "
                               "(boards/*.yaml) printed for it; a board component without it is the board "
                               "of its own id. Every board file is some component's board")
    resource: Identifier | None = Field(default=None, description="the resource these pieces count (cubes of food): "
                                        "all components of a resource are the most of it a cost or an effect may "
                                        "name (none: no limit)")
    shape: Literal["round", "square", "hex"] | None = Field(default=None, description="the printed shape of a token")
    size: float | None = Field(
        default=None, gt=0, le=200, description="token diameter/edge in mm; a hex's corner-to-corner width"
    )
    color: Colour | None = Field(default=None, description="the token's colour")
    icon: str | None = Field(default=None, description=f"{ICON}, printed on the token")
    label: Text | None = Field(default=None, description="a word printed on the token")
    note: str | None = Field(default=None, description="a remark for players (shown in the component list)")

    @model_validator(mode="after")
    def _cards_need_kind(self) -> Component:
        if self.type == "cards" and not self.kind:
            raise ValueError("a component of type 'cards' names its card `kind`")
        return self


class Variant(Model):
    """A named way to play; `settings` are the numbers a rules engine reads (e.g. events per epoch)."""

    id: Identifier = Field(description="the name `--variant` and an example's `options` use")
    name: Text = Field(description="the name players read")
    description: Text = Field(description="how it differs, for the rules site")
    settings: dict[Identifier, int | bool | str] = Field(default={}, description="numbers and switches the rules "
                                                         "engine reads for this variant (`rounds: 6`)")


ENGINE_MODULE_RE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_./-]{0,196}\.py")


class EngineModule(Model):
    """A designer's own engine: a Python module inside the game's folder, loaded only when named here."""

    module: str = Field(pattern=ENGINE_MODULE_RE.pattern, max_length=200,
                        description="the .py file, relative to the game's folder (`engine/rules.py`)")


_ONE_POLICY = r"(random|greedy|expert|mcts:[1-9][0-9]{0,4}|oracle(:[1-9][0-9]{0,3})?)"
POLICY_PATTERN = rf"^{_ONE_POLICY}(,{_ONE_POLICY})*$"


class BalanceRun(Model):
    """One batch of simulated games whose figures the rules site shows (`pnp balance` plays them)."""

    id: Slug = Field(description="the batch's name in results.json")
    label: Text = Field(description="what the batch shows, on the balance page")
    policy: str = Field(
        pattern=POLICY_PATTERN,
        description="how the seats play: random, greedy, expert (the game's strongest own player), "
        "mcts:N (N playouts per decision) or oracle (clairvoyant: sees the hidden cards, a bound for balance "
        "figures only); or one of them per seat, comma-separated",
    )
    options: dict[Identifier | Slug, str] = Field(default={}, description="the engine's options, as `--option`")
    games: int = Field(ge=10, le=100_000, description="how many games to play")
    seed: int = Field(default=1, ge=0, le=2 ** 63 - 1,
                      description="the batch's seed: the same seed plays the same games")
    max_turns: int = Field(default=1000, ge=1, le=100_000, description="a game still running after this many turns "
                           "counts as unfinished")
    note: Text | None = Field(default=None, description="what the batch shows, in words, under its figures on the "
                              "balance page (what the figures mean for the game, not only what they are)")


class SweepSpec(Model):
    """A balance sweep (`pnp sweep GAME --sweep ID`): values varied by YAML path, each variant on the same seeds."""

    id: Slug = Field(description="the sweep's name (`pnp sweep GAME --sweep ID`)")
    vary: dict[str, list[int | float | str | bool]] = Field(
        min_length=1, description="per YAML path (`cards[id=bauen-1].cost`) the values it takes; several paths "
        "make a grid")
    games: int = Field(default=400, ge=10, le=1_000_000, description="games per variant")
    policy: str = Field(default="greedy", pattern=POLICY_PATTERN,
                        description="how the seats play, as `pnp simulate --policy`")
    seed: int = Field(default=1, ge=0, le=2 ** 63 - 1, description="the batch seed every variant plays")


PHRASE_MARKUP = re.compile(r"[<>`\[\]*_|\\\n]")


def _phrase(value: str) -> str:
    if PHRASE_MARKUP.search(value):
        raise ValueError("a glossary phrase is words as the rules print them: no line break and none of "
                         "< > ` [ ] * _ | \\")
    return value


# a word form or phrase of a glossary term: words only, on one line, bounded
Phrase = Annotated[str, StringConstraints(min_length=1, max_length=80, strip_whitespace=True), AfterValidator(_phrase)]


class GlossaryTerm(Model):
    """A term the rules site explains as a tooltip: its first use in each paragraph, list item or table row
    (never in headings, links or code)."""

    id: Identifier = Field(description="unique among the terms")
    term: Text = Field(description="the word as it appears in the rules")
    definition: Text = Field(description="the explanation shown in the tooltip")
    forms: dict[Language, list[Phrase]] = Field(
        default={}, description="the other forms of the term per language that get the tooltip too "
        "(`{de: [Kolonien], en: [colonies]}`); matched as whole words, case-insensitively (a form of up to four "
        "capitals, such as TR, in capitals only), longest first; a compound word (Außenpostenkarte, "
        "M€-Produktion) gets the tooltip only when it is listed here")
    avoid: dict[Language, list[Phrase]] = Field(
        default={}, description="phrases per language in which the term is used in another sense and gets no "
        "tooltip (`{en: [becomes active]}`); a phrase is matched like a longer term")


class CardSheet(Model):
    """A card sheet of cards/ (CSV, xlsx, ods) whose headers are not the card keys, or that needs a worksheet or kind.

    A sheet game.yaml does not name is read by its headers: each names the card key it fills
    (`id`, `kind`, `count`, `name.de`, `effects`, a field such as `capacity`).
    """

    file: Annotated[str, StringConstraints(pattern=r"^[^/\\]+\.(csv|xlsx|ods)$", max_length=200)] = Field(
        description="the sheet's file name in cards/ (`cards.xlsx`)")
    sheet: str | None = Field(default=None, max_length=100, description="the worksheet of an xlsx or ods file "
                              "(default: the first)")
    kind: Identifier | None = Field(default=None, description="the kind of every card of a sheet without a `kind` "
                                    "column")
    columns: dict[Annotated[str, StringConstraints(min_length=1, max_length=100)], str] = Field(
        default={}, description="the card key each header fills, by header (`Titel: name.de`, `Preis: price`); "
        "`-` leaves a column out; a header not named here is read as the key it names")


INK_MODES: tuple[str, ...] = ("designed", "saver")  # generator.cli_options mirrors it


class PrintSettings(Model):
    """How the printable files are made, whoever builds them (a command-line option overrides each)."""

    ink: Literal["designed", "saver"] = Field(default="designed", description="`saver` also writes the printable "
                                              "files (card sheets, boards, tokens, player aid) in a light "
                                              "version under ink-saver/: pale fills outlined in their colour, for "
                                              "home printers; `pnp build --ink` overrides it")


class Game(Model):
    """game.yaml: what the box says about the game, and the vocabulary its other files use."""

    id: Slug = Field(description="the game's id: its folder's name and the name of its outputs")
    title: Text = Field(description="the game's title")
    tagline: Text | None = Field(default=None, description="one line under the title")
    description: Text = Field(description="a paragraph for the rules site's overview")
    players: Range = Field(description="how many players, {min, max}")
    age: int = Field(ge=0, le=99, description="the youngest age the game is for")
    play_time: Range = Field(description="minutes, {min, max}")
    languages: list[Language] = Field(default=list(LANGUAGES), description="the languages the game is checked and "
                                      "built in, in this order: `[de, en]` (the default), `[en]` or `[de]`; "
                                      "rules/<lang>/ is needed for each of them and no other")
    designers: list[str] = Field(default=[], description="names, as the box credits them")
    publisher: str | None = Field(default=None, description="as the box credits it")
    year: int | None = Field(default=None, description="year of publication")
    edition_note: Text | None = Field(default=None, description="what this edition changes or adds, for the rules site")
    version: RulesVersion | None = Field(default=None, description="the rules version and its date, shown on every "
                                         "page of the rules site, the rulebook and the printed sheets (none: a "
                                         "draft)")
    errata: list[Erratum] = Field(default=[], description="corrections, each with its version: the rules site's "
                                  "errata page and changelog list them")
    engine: Slug | EngineModule | None = Field(default=None, description="the rules engine: the id of an installed one "
                                               "(`escape-earth`) or a module of the game's folder "
                                               "(`{module: engine/rules.py}`, see docs/engines.md)")
    resources: list[Resource] = Field(default=[], description="what players count")
    kinds: list[CardKind] = Field(default=[], description="the kinds of cards")
    decks: list[Deck] = Field(default=[], description="kinds shuffled together; a kind named by none is its own deck")
    print_profile: str | None = Field(default=None, description="print-shop profile the build writes uploads for "
                                      "(templates/print/profiles.yaml); `pnp build --profile` overrides it")
    print: PrintSettings | None = Field(default=None, description="how the printable files are made, "
                                        "such as `{ink: saver}`")
    components: list[Component] = Field(default=[], description="the box contents with their counts")
    operations: list[OperationSpec] = Field(default=[], description="the effect vocabulary cards use")
    variants: list[Variant] = Field(default=[], description="named ways to play")
    glossary: list[GlossaryTerm] = Field(default=[], description="terms the rules site explains")
    labels: dict[LabelKey, Text] = Field(default={}, description="words printed on cards, by key: the name of each "
                                         "enum and tag value printed as a word (`life: {de: Leben, en: Life}`), and "
                                         "labels layouts print with `label('key')`; `{n}` fields are filled as in "
                                         "operation texts")
    balance: list[BalanceRun] = Field(default=[], description="batches of simulated games `pnp balance` plays for "
                                      "the rules site's balance page")
    sweeps: list[SweepSpec] = Field(default=[], description="balance sweeps `pnp sweep` plays: values varied by "
                                    "YAML path, each variant on the same seeds")
    quick_reference: QuickReference | None = Field(default=None, description="the quick reference and player aid: "
                                                 "turn order, action and cost tables, game end")
    sheets: list[CardSheet] = Field(default=[], description="card sheets of cards/ read otherwise than by their "
                                    "headers (see 'Cards in a spreadsheet')")

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

    @field_validator("languages", mode="before")
    @classmethod
    def _supported_languages(cls, value: Any) -> Any:
        """One or more of the languages pnp-forge makes games in, each once: said in one sentence otherwise."""
        if not isinstance(value, list):
            return value  # the schema says it is no list
        supported = " and ".join(LANGUAGES)
        if not value:
            raise ValueError(f"a game needs at least one language: list {', '.join(LANGUAGES)} or both, "
                             f"as `languages: [{', '.join(LANGUAGES)}]`")
        for lang in value:
            if lang not in LANGUAGES:
                raise ValueError(f"pnp-forge makes games in {supported}, not in {lang!r}: list one or both of them")
        twice = sorted({lang for lang in value if value.count(lang) > 1})
        if twice:
            raise ValueError(f"language {', '.join(map(repr, twice))} is listed twice; list each language once")
        return value

    def kind(self, kind_id: str) -> CardKind:
        """The card kind with this id (StopIteration when there is none)."""
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
        """The effect operation with this id (StopIteration when there is none)."""
        return next(o for o in self.operations if o.id == op_id)

    def resource(self, resource_id: str) -> Resource:
        """The resource with this id (StopIteration when there is none)."""
        return next(r for r in self.resources if r.id == resource_id)


def _effect_as_written(schema: dict[str, Any]) -> None:
    """In a file an effect is written flat, `{op: reveal, count: 2}`: its parameters sit beside `op`."""
    schema["additionalProperties"] = True


class Effect(Model):
    """One operation of an effect, written `{op: reveal, count: 2}`: the operation and its parameters.

    The operations and their parameters are the game's own, declared in game.yaml `operations`.
    """

    model_config = ConfigDict(extra="forbid", frozen=True, json_schema_extra=_effect_as_written)

    op: str = Field(description="an operation of game.yaml `operations`; its parameters are the other keys")
    args: dict[str, Any] = Field(default={}, description="the parameters, when not written beside `op`")

    @model_validator(mode="before")
    @classmethod
    def _split_args(cls, data: Any) -> Any:
        if isinstance(data, dict) and "args" not in data:
            return (
                {"op": data.get("op"), "args": {k: v for k, v in data.items() if k != "op"}} if "op" in data else data
            )
        return data


class Face(Model):
    """One printed side of a card."""

    name: Text = Field(description="the card's title")
    text: Text | None = Field(default=None, description="rules text, printed before the effects' sentences")
    fields: dict[str, Any] = Field(default={}, description="values of the fields its kind declares in game.yaml")
    effects: list[Effect] = Field(default=[], description="what the card does, as operations of game.yaml; their "
                                  "sentences are printed on the card")
    flavor: Text | None = Field(default=None, description="a line of flavour text, printed in italics")
    science: Text | None = Field(default=None, description="a note on the real science, printed with the flavour")
    icon: str | None = Field(default=None, description=f"the card's picture: {ICON}")
    art: str | None = Field(default=None, max_length=200, description="a picture file of this face (PNG, JPEG or SVG, "
                            "a path inside the game's folder), shown by a layout's `art` element instead of the "
                            "picture generated for the card")

    @model_serializer(mode="wrap")
    def _without_unset_art(self, handler: SerializerFunctionWrapHandler) -> Any:
        """A face without a picture file dumps as before `art` existed, so hashes of the rules stay the same."""
        data = handler(self)
        if isinstance(data, dict) and data.get("art", "") is None:
            del data["art"]
        return data


class Card(Face):
    """A card design; `count` copies of it are in the box. `back` is for double-sided kinds."""

    id: Slug = Field(description="unique in the game; rules pages and examples name the card by it")
    kind: Identifier = Field(description="a card kind of game.yaml `kinds`")
    count: int = Field(default=1, ge=1, le=500, description="copies in the box")
    cost: int | None = Field(default=None, ge=0, le=999, description="a single cost, printed in the top-left coin")
    back: Face | None = Field(default=None, description="the second face of a card of a double-sided kind")
    design_note: str | None = Field(default=None, description="why a value is what it is (where the rulebook is "
                                    "silent); never printed")


class CardFile(Model):
    """A card file: the designs of one or more kinds."""

    cards: list[Card] = Field(description="the card designs")


class TableEntry(Model):
    """What one roll (or range of rolls) of a dice table means."""

    roll: Annotated[str, StringConstraints(pattern=r"^[0-9]+(-[0-9]+)*$")] = Field(
        description="the dice shown, one number per die joined by '-' (`3`, `2-5` for two dice)")
    name: Text = Field(description="the entry's title")
    text: Text = Field(description="what happens, as printed")
    effects: list[Effect] = Field(default=[], description="what happens, as operations the engine executes")


class Table(Model):
    """A lookup table rolled on with dice (e.g. a fate table, 6x6 entries for two d6)."""

    id: Slug = Field(description="unique among the game's tables")
    name: Text = Field(description="the table's title")
    dice: list[Annotated[int, Field(ge=2, le=MAX_DIE_SIDES)]] = Field(
        min_length=1, max_length=4, description="sides of each die, read in order")
    intro: Text | None = Field(default=None, description="a paragraph before the table")
    groups: list[Text] = Field(default=[], description="headings for the rows of the first die")
    entries: list[TableEntry] = Field(description="one per possible roll")


# boards live in their own module; re-exported so `schema` stays the one place to import models from
from generator.content.schema_boards import (  # noqa: E402
    Board,
    Direction,
    Grid,
    GridCell,
    LinkStyle,
    Orbit,
    OrbitZone,
    Panel,
    Point,
    SlotEnd,
    SlotRow,
    Space,
    SpaceShape,
    SpaceStyle,
    Track,
    TrackMark,
)

__all__ = [
    "CARD_SIZE_PRESETS", "LANGUAGES", "Board", "Card", "CardFile", "CardSheet", "CardKind", "Colour", "Component",
    "Direction",
    "Effect", "Example", "ExampleStep", "Face", "FieldSpec", "Game", "GlossaryTerm", "Grid", "GridCell",
    "Identifier", "KindBack", "Language", "LinkStyle", "Model", "NonEmpty", "OperationSpec", "Orbit", "OrbitZone",
    "Panel", "ParamSpec", "Point", "Range", "Resource", "Size", "Slug", "SlotEnd", "SlotRow", "Space", "SpaceShape",
    "SpaceStyle", "Table", "TableEntry", "Text", "Track", "TrackMark", "Variant", "declared_languages",
    "in_languages", "languages_context",
]

class ExampleStep(Model):
    """One decision of an example; `chance` forces the dice this step rolls, in order.

    Each item names one chance outcome as the engine records it, `{what: outcome}` (e.g.
    `{attack: [5]}`): the rulebook's worked examples tell their dice, which no seed rolls in
    that order. A step with `chance` must list every outcome it draws; a step without draws
    from the example's seed.
    """

    action: str | dict[str, Any] = Field(description="the decision in the engine's notation (`play clownfish`)")
    narrative: Text = Field(description="what happens and why, for the rules site")
    chance: list[dict[str, Any]] = Field(default=[], max_length=100, description="the chance outcomes this step "
                                         "draws, in order, as {what: outcome}")

    @field_validator("chance")
    @classmethod
    def _one_outcome_each(cls, value: list[dict[str, Any]]) -> list[dict[str, Any]]:
        for item in value:
            if len(item) != 1:
                raise ValueError("each chance item names one outcome as {what: outcome}, e.g. {attack: [5]}")
        return value


class Example(Model):
    """A worked example turn: replayed by the engine, so it can never show an illegal move."""

    id: Slug = Field(description="the example's id (default in a file: the file's name)")
    title: Text = Field(description="the example's title on the rules site")
    intro: Text | None = Field(default=None, description="the situation before the first step")
    seed: int = Field(ge=0, description="fixes every shuffle and roll the steps do not force")
    options: dict[str, Any] = Field(default={}, description="the engine's options (`variant: short`)")
    steps: list[ExampleStep] = Field(min_length=1, description="the decisions, in order")
