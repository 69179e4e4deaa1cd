"""The board part of the content model: spaces, tracks, grids, orbits, slot rows and panels.

Boards are data: the same spaces and adjacency drive the renderer (generator/boards) and the
rules engines (`Board.neighbours`).
"""

from __future__ import annotations

from functools import cached_property
from typing import Annotated, Any, Literal

from pydantic import Field, StringConstraints, field_validator, model_validator

from generator.content.board_spaces import PlacedBoard, place_spaces
from generator.content.schema_base import CARD_SIZE_PRESETS, Colour, Identifier, Model, Size, Slug, Text

# a track longer than this is a typing error; drawing a billion cells would never finish
MAX_TRACK_CELLS = 1000

Point = tuple[float, float]
"""A place on a board in millimetres from its top-left corner (x to the right, y down)."""

SpaceShape = Literal["circle", "square", "hex", "diamond"]
Direction = Literal["right", "left", "down", "up"]


class SpaceStyle(Model):
    """How the spaces of one kind look on a board, and what the board's legend calls them."""

    name: Text | None = None
    shape: SpaceShape = "circle"
    size: float = Field(default=20, gt=0, le=500, description="diameter, edge or hex width in mm")
    fill: Colour = "#ffffff"
    stroke: Colour = "#222222"
    stroke_width: float = Field(default=0.4, ge=0, le=10)
    icon: str | None = None
    text: Colour = "#111111"
    label_size: float = Field(default=8, gt=0, le=72, description="label font size in pt")
    spots: int = Field(default=0, ge=0, le=12, description="places for pieces drawn on the space (colony spots)")


class Space(Model):
    """A place on a board the engine can refer to; `at` places it on a drawn map graph."""

    id: Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$", max_length=64)]
    kind: Identifier
    label: Text | None = None
    adjacent: list[str] = []
    jumps: list[str] = Field(default=[], description="spaces a piece here may jump to (an AstroHole's other holes); "
                             "not lanes: the map draws no line and moving along `adjacent` never follows them")
    data: dict[str, Any] = {}
    at: Point | None = None
    size: float | None = Field(default=None, gt=0, le=500)
    icon: str | None = None
    fill: Colour | None = None


class TrackMark(Model):
    """A track cell that looks different (a threshold, a bonus, the start).

    `stroke` frames the cell with a heavier border, as rulebooks mark a threshold with a black box.
    """

    fill: Colour | None = None
    icon: str | None = None
    label: Text | None = None
    stroke: Colour | None = None
    stroke_width: float = Field(default=1.2, gt=0, le=10, description="mm; only with `stroke`")


class Track(Model):
    """A numbered track from `start` to `end`; cells snake back after `per_row` cells.

    Its spaces are `<id>-<value>`, each adjacent to the next value (and the last to the first
    when `loop` is set, as on a score track that goes round).
    """

    id: Slug
    kind: Identifier = "track"
    title: Text | None = None
    start: int = Field(default=0, ge=-MAX_TRACK_CELLS * 100, le=MAX_TRACK_CELLS * 100)
    end: int = Field(ge=-MAX_TRACK_CELLS * 100, le=MAX_TRACK_CELLS * 100)
    step: int = Field(default=1, ge=1, le=MAX_TRACK_CELLS * 100, description="value between neighbouring cells (2 for -30..+8 °C in steps of 2)")
    at: Point = Field(description="centre of the first cell")
    cell: float = Field(default=15, gt=0, le=200)
    direction: Direction = "right"
    per_row: int | None = Field(default=None, ge=1, le=MAX_TRACK_CELLS)
    row_gap: float = Field(default=0, ge=0)
    loop: bool = False
    fill: Colour = "#ffffff"
    stroke: Colour = "#222222"
    text: Colour = "#111111"
    marks: dict[int, TrackMark] = {}

    @model_validator(mode="after")
    def _ordered(self) -> "Track":
        if self.end <= self.start:
            raise ValueError(f"track end ({self.end}) must be above its start ({self.start})")
        if (self.end - self.start) % self.step:
            raise ValueError(f"track from {self.start} to {self.end} does not go in steps of {self.step}")
        if (self.end - self.start) // self.step + 1 > MAX_TRACK_CELLS:
            raise ValueError(f"track from {self.start} to {self.end} has more than {MAX_TRACK_CELLS} cells")
        return self

    @property
    def values(self) -> list[int]:
        return list(range(self.start, self.end + 1, self.step))


class GridCell(Model):
    """One cell of a grid that differs from the grid's default kind (an ocean, a planet)."""

    at: tuple[int, int] = Field(description="row, column (0-based)")
    kind: Identifier | None = None
    label: Text | None = None
    icon: str | None = None
    data: dict[str, Any] = {}


class Grid(Model):
    """A square or hex grid; its spaces are `<id>-<row>-<column>`, adjacency is computed.

    Hex cells are pointy-top; `cell` is the width across flats (the distance between the
    centres of neighbours). Rows of different lengths (`row_lengths`) are centred, which makes
    the hexagon-shaped maps of terraforming games; otherwise odd rows shift half a cell.
    """

    id: Slug
    type: Literal["square", "hex"]
    kind: Identifier = "cell"
    at: Point = Field(description="centre of the cell in row 0, column 0")
    cell: float = Field(gt=0, le=300)
    rows: int = Field(ge=1, le=100)
    columns: int | None = Field(default=None, ge=1, le=100)
    row_lengths: list[int] | None = None
    diagonal: bool = Field(default=False, description="square grids: diagonal neighbours too")
    fill: Colour | None = None
    cells: list[GridCell] = []
    exclude: list[tuple[int, int]] = []

    @model_validator(mode="after")
    def _shape(self) -> "Grid":
        if (self.columns is None) == (self.row_lengths is None):
            raise ValueError("a grid gives either `columns` or `row_lengths`")
        if self.row_lengths is not None and len(self.row_lengths) != self.rows:
            raise ValueError(f"`row_lengths` lists {len(self.row_lengths)} rows but `rows` is {self.rows}")
        return self

    def row_length(self, row: int) -> int:
        return self.row_lengths[row] if self.row_lengths is not None else int(self.columns or 0)


class OrbitZone(Model):
    """A coloured band of orbit positions, e.g. a habitable zone with a temperature modifier."""

    id: Identifier
    name: Text
    first: int = Field(ge=1, le=50)
    last: int = Field(ge=1, le=50)
    fill: Colour
    modifier: int | None = None


class Orbit(Model):
    """Numbered positions on concentric orbits around a star; spaces are `<id>-<position>`."""

    id: Slug
    kind: Identifier = "orbit"
    star: Text
    at: Point = Field(description="centre of the star")
    star_radius: float = Field(default=10, gt=0)
    star_fill: Colour = "#ffcc33"
    positions: int = Field(ge=1, le=50)
    first_radius: float = Field(gt=0)
    spacing: float = Field(gt=0)
    angle: float = Field(default=0, description="degrees; 0 points right, 90 down: where position 1 lies")
    angle_step: float = Field(default=0, description="degrees each next position turns (a spiral path)")
    marker: float = Field(default=7, gt=0, description="diameter of a position marker in mm")
    zones: list[OrbitZone] = []
    data: dict[str, Any] = Field(default={}, description="what an engine needs to know of the star (copied to its positions)")


class SlotEnd(Model):
    """Where cards leave a slot row (a discard pile, a black hole)."""

    id: Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$", max_length=64)]
    label: Text
    icon: str | None = None
    fill: Colour = "#111111"
    text: Colour = "#ffffff"


class SlotRow(Model):
    """A row of card slots with arrows showing how cards slide (a market); spaces `<id>-<n>`."""

    id: Slug
    kind: Identifier = "slot"
    title: Text | None = None
    at: Point = Field(description="top-left corner of the first slot")
    count: int = Field(ge=1, le=30)
    slot: str | Size = "poker"
    gap: float = Field(default=8, ge=0)
    direction: Direction = "right"
    edge_colors: list[Colour] = Field(default=[], description="border colours from first to last slot, blended")
    fill: Colour = "#ffffff"
    end: SlotEnd | None = None

    @field_validator("slot")
    @classmethod
    def _known_slot(cls, value: str | Size) -> str | Size:
        if isinstance(value, str) and value not in CARD_SIZE_PRESETS:
            raise ValueError(f"unknown card size '{value}'; use one of {', '.join(CARD_SIZE_PRESETS)} or {{width, height}}")
        return value

    @property
    def slot_mm(self) -> tuple[float, float]:
        if isinstance(self.slot, Size):
            return (self.slot.width, self.slot.height)
        return CARD_SIZE_PRESETS[self.slot]


class Panel(Model):
    """A labelled box with text and inline `:icons:`; `legend` lists the board's space kinds."""

    id: Slug
    at: Point
    size: Size
    title: Text | None = None
    text: Text | None = None
    legend: bool = False
    columns: int = Field(default=1, ge=1, le=8, description="legend columns")
    fill: Colour = "#ffffff"
    stroke: Colour = "#222222"
    color: Colour = "#111111"
    text_size: float = Field(default=9, gt=0, le=72, description="pt")
    title_size: float = Field(default=12, gt=0, le=96, description="pt")


class LinkStyle(Model):
    """How the lanes between adjacent placed spaces of a map graph are drawn."""

    color: Colour = "#888888"
    width: float = Field(default=0.8, gt=0, le=10)
    dash: list[float] = []


class Board(Model):
    """A board: its size, its spaces and the shapes that make more spaces (tracks, grids, ...).

    `spaces` are named spaces with declared adjacency (a map graph); tracks, grids, orbits and
    slot rows generate their spaces with computed adjacency. `neighbours()` answers for both.
    """

    id: Slug
    name: Text
    size: Size
    background: Colour | None = None
    styles: dict[Identifier, SpaceStyle] = {}
    links: LinkStyle | None = None
    spaces: list[Space] = []
    tracks: list[Track] = []
    grids: list[Grid] = []
    orbits: list[Orbit] = []
    slots: list[SlotRow] = []
    panels: list[Panel] = []
    design_note: str | None = None

    @cached_property
    def placed(self) -> PlacedBoard:
        """Every space with its position, footprint and symmetric adjacency (see board_spaces.py)."""
        return place_spaces(self)

    def space(self, space_id: str) -> Any:
        """The placed space `space_id` (KeyError if the board has none)."""
        return self.placed.by_id[space_id]

    def neighbours(self, space_id: str) -> tuple[str, ...]:
        """Ids of the spaces adjacent to `space_id`, sorted: what the engine moves along."""
        return self.placed.neighbours(space_id)

    def jumps(self, space_id: str) -> tuple[str, ...]:
        """Ids of the spaces a piece on `space_id` may jump to (declared `jumps`), sorted; () for none."""
        return self.placed.jumps.get(space_id, ())

    def spaces_of_kind(self, kind: str) -> tuple[str, ...]:
        return tuple(s.id for s in self.placed.spaces if s.kind == kind)
