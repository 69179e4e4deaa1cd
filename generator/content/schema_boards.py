"""The board part of the content model: spaces, tracks, grids, orbits, slot rows and panels.

Boards are data: the same spaces and adjacency drive the renderer (generator/boards) and the
rules engines (`Board.neighbours`).
"""

from __future__ import annotations

from functools import cached_property
from typing import Annotated, Any, Literal

from pydantic import Field, StringConstraints, model_validator

from generator.content.board_spaces import PlacedBoard, place_spaces
from generator.content.schema_base import CardSize, Colour, Identifier, Model, Size, Slug, Text, card_size_mm

# a track longer than this is a typing error; drawing a billion cells would never finish
MAX_TRACK_CELLS = 1000

Point = tuple[float, float]
"""A place on a board in millimetres from its top-left corner (x to the right, y down)."""

ICON = "an icon's name (an SVG of the game's icons/ or of templates/icons/, without .svg)"
SPACE_ID = r"^[A-Za-z0-9][A-Za-z0-9_.-]*$"

SpaceShape = Literal["circle", "square", "hex", "diamond"]
Direction = Literal["right", "left", "down", "up"]


class SpaceStyle(Model):
    """How the spaces of one kind look on a board, and what the board's legend calls them."""

    name: Text | None = Field(default=None, description="what the legend calls spaces of this kind")
    shape: SpaceShape = Field(default="circle", description="the space's outline")
    size: float = Field(default=20, gt=0, le=500, description="mm: a circle's diameter, a square's edge, a "
                        "diamond's width corner to corner, a hex's width across the flats (edge to edge; its corners "
                        "reach 15 % further)")
    fill: Colour = Field(default="#ffffff", description="the space's colour")
    stroke: Colour = Field(default="#222222", description="the outline's colour")
    stroke_width: float = Field(default=0.4, ge=0, le=10, description="the outline's width in mm")
    icon: str | None = Field(default=None, description=f"{ICON}, drawn on every space of the kind")
    text: Colour = Field(default="#111111", description="the label's colour")
    label_size: float = Field(default=8, gt=0, le=72, description="label font size in pt")
    spots: int = Field(default=0, ge=0, le=12, description="places for pieces drawn on the space (colony spots)")


class Space(Model):
    """A place on a board the engine can refer to; `at` places it on a drawn map graph."""

    id: Annotated[str, StringConstraints(pattern=SPACE_ID, max_length=64)] = Field(
        description="unique on the board; the engine and `adjacent` name the space by it")
    kind: Identifier = Field(description="its kind; `styles` says how spaces of the kind look")
    label: Text | None = Field(default=None, description="printed on the space")
    adjacent: list[str] = Field(default=[], description="ids of the spaces a piece may move to from here (each lane "
                                "once is enough: adjacency is made symmetric)")
    jumps: list[str] = Field(default=[], description="spaces a piece here may jump to (an AstroHole's other holes); "
                             "not lanes: the map draws no line and moving along `adjacent` never follows them")
    data: dict[str, Any] = Field(default={}, description="what the engine needs to know of the space (nuts: 2)")
    at: Point | None = Field(default=None, description="[x, y] of its centre in mm from the board's top-left corner")
    size: float | None = Field(default=None, gt=0, le=500, description="mm (default: its style's size)")
    icon: str | None = Field(default=None, description=f"{ICON} (default: its style's)")
    fill: Colour | None = Field(default=None, description="its colour (default: its style's)")


class TrackMark(Model):
    """A track cell that looks different (a threshold, a bonus, the start).

    `stroke` frames the cell with a heavier border, as rulebooks mark a threshold with a black box.
    """

    fill: Colour | None = Field(default=None, description="the cell's colour")
    icon: str | None = Field(default=None, description=f"{ICON}, drawn in the cell")
    label: Text | None = Field(default=None, description="a word printed in the cell above its number")
    stroke: Colour | None = Field(default=None, description="a heavier border in this colour")
    stroke_width: float = Field(default=1.2, gt=0, le=10, description="mm; only with `stroke`")


class Track(Model):
    """A numbered track from `start` to `end`; cells snake back after `per_row` cells.

    Its spaces are `<id>-<value>`, each adjacent to the next value (and the last to the first
    when `loop` is set, as on a score track that goes round).
    """

    id: Slug = Field(description="names its spaces, `<id>-<value>`")
    kind: Identifier = Field(default="track", description="the kind of its spaces")
    title: Text | None = Field(default=None, description="printed above the track")
    start: int = Field(default=0, ge=-MAX_TRACK_CELLS * 100, le=MAX_TRACK_CELLS * 100, description="the first value")
    end: int = Field(ge=-MAX_TRACK_CELLS * 100, le=MAX_TRACK_CELLS * 100, description="the last value (above `start`)")
    step: int = Field(
        default=1,
        ge=1,
        le=MAX_TRACK_CELLS * 100,
        description="value between neighbouring cells (2 for -30..+8 °C in steps of 2)",
    )
    at: Point = Field(description="centre of the first cell")
    cell: float = Field(default=15, gt=0, le=200, description="a cell's edge in mm")
    direction: Direction = Field(default="right", description="where the values run")
    per_row: int | None = Field(default=None, ge=1, le=MAX_TRACK_CELLS, description="cells per row before the track "
                                "turns back (default: one row)")
    row_gap: float = Field(default=0, ge=0, description="mm between rows")
    loop: bool = Field(default=False, description="the last cell is adjacent to the first (a track that goes round)")
    fill: Colour = Field(default="#ffffff", description="the cells' colour")
    stroke: Colour = Field(default="#222222", description="the outlines' colour")
    text: Colour = Field(default="#111111", description="the numbers' colour")
    marks: dict[int, TrackMark] = Field(default={}, description="cells that look different, by value")

    @model_validator(mode="after")
    def _ordered(self) -> Track:
        if self.end <= self.start:
            raise ValueError(f"track end ({self.end}) must be above its start ({self.start})")
        if (self.end - self.start) % self.step:
            raise ValueError(f"track from {self.start} to {self.end} does not go in steps of {self.step}")
        if (self.end - self.start) // self.step + 1 > MAX_TRACK_CELLS:
            raise ValueError(f"track from {self.start} to {self.end} has more than {MAX_TRACK_CELLS} cells")
        return self

    @property
    def values(self) -> list[int]:
        """Every value of the track's cells, from `start` to `end` by `step`."""
        return list(range(self.start, self.end + 1, self.step))


class GridCell(Model):
    """One cell of a grid that differs from the grid's default kind (an ocean, a planet)."""

    at: tuple[int, int] = Field(description="row, column (0-based)")
    kind: Identifier | None = Field(default=None, description="its kind (default: the grid's)")
    label: Text | None = Field(default=None, description="printed on the cell")
    icon: str | None = Field(default=None, description=f"{ICON}, drawn on the cell")
    data: dict[str, Any] = Field(default={}, description="what the engine needs to know of the cell")


class Grid(Model):
    """A square or hex grid; its spaces are `<id>-<row>-<column>`, adjacency is computed.

    Hex cells are pointy-top; `cell` is the width across flats (the distance between the
    centres of neighbours). Rows of different lengths (`row_lengths`) are centred, which makes
    the hexagon-shaped maps of terraforming games; otherwise odd rows shift half a cell.
    """

    id: Slug = Field(description="names its spaces, `<id>-<row>-<column>`")
    type: Literal["square", "hex"] = Field(description="square cells, or pointy-top hexes")
    kind: Identifier = Field(default="cell", description="the kind of its cells (`cells` may give others)")
    at: Point = Field(description="centre of the cell in row 0, column 0")
    cell: float = Field(gt=0, le=300, description="mm: a square's edge, a hex's width across flats")
    rows: int = Field(ge=1, le=100, description="how many rows")
    columns: int | None = Field(default=None, ge=1, le=100, description="cells per row (or give `row_lengths`)")
    row_lengths: list[int] | None = Field(default=None, description="cells of each row, centred (a hexagon-shaped "
                                          "map); instead of `columns`")
    diagonal: bool = Field(default=False, description="square grids: diagonal neighbours too")
    fill: Colour | None = Field(default=None, description="the cells' colour (default: their kind's style)")
    cells: list[GridCell] = Field(default=[], description="cells that differ from the grid's kind")
    exclude: list[tuple[int, int]] = Field(default=[], description="[row, column] of cells the grid leaves out")

    @model_validator(mode="after")
    def _shape(self) -> Grid:
        if (self.columns is None) == (self.row_lengths is None):
            raise ValueError("a grid gives either `columns` or `row_lengths`")
        if self.row_lengths is not None and len(self.row_lengths) != self.rows:
            raise ValueError(f"`row_lengths` lists {len(self.row_lengths)} rows but `rows` is {self.rows}")
        return self

    def row_length(self, row: int) -> int:
        """How many cells row `row` (0-based) of the grid has."""
        return self.row_lengths[row] if self.row_lengths is not None else int(self.columns or 0)


class OrbitZone(Model):
    """A coloured band of orbit positions, e.g. a habitable zone with a temperature modifier."""

    id: Identifier = Field(description="unique among the orbit's zones")
    name: Text = Field(description="printed on the band")
    first: int = Field(ge=1, le=50, description="the zone's first position")
    last: int = Field(ge=1, le=50, description="the zone's last position")
    fill: Colour = Field(description="the band's colour")
    modifier: int | None = Field(default=None, description="a number the engine reads for positions in the zone")


class Orbit(Model):
    """Numbered positions on concentric orbits around a star; spaces are `<id>-<position>`."""

    id: Slug = Field(description="names its spaces, `<id>-<position>`")
    kind: Identifier = Field(default="orbit", description="the kind of its positions")
    star: Text = Field(description="the star's name, printed on it")
    at: Point = Field(description="centre of the star")
    star_radius: float = Field(default=10, gt=0, description="mm")
    star_fill: Colour = Field(default="#ffcc33", description="the star's colour")
    positions: int = Field(ge=1, le=50, description="how many positions, numbered from 1 outwards")
    first_radius: float = Field(gt=0, description="mm from the star's centre to position 1")
    spacing: float = Field(gt=0, description="mm between neighbouring positions")
    angle: float = Field(default=0, description="degrees; 0 points right, 90 down: where position 1 lies")
    angle_step: float = Field(default=0, description="degrees each next position turns (a spiral path)")
    marker: float = Field(default=7, gt=0, description="diameter of a position marker in mm")
    zones: list[OrbitZone] = Field(default=[], description="coloured bands of positions")
    data: dict[str, Any] = Field(
        default={}, description="what an engine needs to know of the star (copied to its positions)"
    )


class SlotEnd(Model):
    """Where cards leave a slot row (a discard pile, a black hole)."""

    id: Annotated[str, StringConstraints(pattern=SPACE_ID, max_length=64)] = Field(description="the space's id")
    label: Text = Field(description="printed on it")
    icon: str | None = Field(default=None, description=ICON)
    fill: Colour = Field(default="#111111", description="its colour")
    text: Colour = Field(default="#ffffff", description="the label's colour")


class SlotRow(Model):
    """A row of card slots with arrows showing how cards slide (a market); spaces `<id>-<n>`."""

    id: Slug = Field(description="names its spaces, `<id>-<n>`")
    kind: Identifier = Field(default="slot", description="the kind of its slots")
    title: Text | None = Field(default=None, description="printed above the row")
    at: Point = Field(description="top-left corner of the first slot")
    count: int = Field(ge=1, le=30, description="how many slots")
    slot: CardSize = Field(default="poker",
                                      description="the card size of a slot: a preset or {width, height}")
    gap: float = Field(default=8, ge=0, description="mm between slots (the arrows go there)")
    direction: Direction = Field(default="right", description="where cards slide")
    edge_colors: list[Colour] = Field(default=[], description="border colours from first to last slot, blended")
    fill: Colour = Field(default="#ffffff", description="the slots' colour")
    end: SlotEnd | None = Field(default=None, description="where cards leave the row")

    @property
    def slot_mm(self) -> tuple[float, float]:
        """A slot's width and height in millimetres (a named card size looked up)."""
        return card_size_mm(self.slot)


class Panel(Model):
    """A labelled box with text and inline `:icons:`; `legend` lists the board's space kinds."""

    id: Slug = Field(description="unique among the board's panels")
    at: Point = Field(description="[x, y] of its top-left corner in mm")
    size: Size = Field(description="{width, height} in mm")
    title: Text | None = Field(default=None, description="a heading")
    text: Text | None = Field(default=None, description="its text; `:icon:` shows an icon, a new line a new paragraph")
    legend: bool = Field(default=False, description="list the board's space kinds with their look and name")
    columns: int = Field(default=1, ge=1, le=8, description="legend columns")
    fill: Colour = Field(default="#ffffff", description="the box's colour")
    stroke: Colour = Field(default="#222222", description="the frame's colour")
    color: Colour = Field(default="#111111", description="the text's colour")
    text_size: float = Field(default=9, gt=0, le=72, description="pt")
    title_size: float = Field(default=12, gt=0, le=96, description="pt")


class LinkStyle(Model):
    """How the lanes between adjacent placed spaces of a map graph are drawn."""

    color: Colour = Field(default="#888888", description="the lanes' colour")
    width: float = Field(default=0.8, gt=0, le=10, description="mm")
    dash: list[float] = Field(default=[], description="[on, off] lengths in mm for a dashed lane (default: solid)")


class Board(Model):
    """A board: its size, its spaces and the shapes that make more spaces (tracks, grids, ...).

    `spaces` are named spaces with declared adjacency (a map graph); tracks, grids, orbits and
    slot rows generate their spaces with computed adjacency. The engine moves along both.
    """

    id: Slug = Field(description="unique among the game's boards; names its output files")
    name: Text = Field(description="the board's name, as the component list shows it")
    size: Size = Field(description="{width, height} in mm; boards larger than the paper are tiled onto several pages")
    background: Colour | None = Field(default=None, description="the board's colour (default: white)")
    styles: dict[Identifier, SpaceStyle] = Field(default={}, description="how the spaces of each kind look, by kind")
    links: LinkStyle | None = Field(default=None, description="how lanes between adjacent placed spaces are drawn "
                                    "(default: no lanes)")
    spaces: list[Space] = Field(default=[], description="named spaces with their adjacency: a map")
    tracks: list[Track] = Field(default=[], description="numbered tracks")
    grids: list[Grid] = Field(default=[], description="square or hex grids")
    orbits: list[Orbit] = Field(default=[], description="positions on orbits around a star")
    slots: list[SlotRow] = Field(default=[], description="rows of card slots")
    panels: list[Panel] = Field(default=[], description="boxes with text, icons or the legend")
    fit_to_page: bool = Field(default=False, description="also print it scaled to fit one page of each paper "
                              "(boards/<board>-<lang>-<paper>-fit.pdf, the scale written on the page), beside the "
                              "1:1 tiles: for boards whose exact size matters little, such as player boards")
    design_note: str | None = Field(default=None, description="why the board is as it is (where the rulebook is "
                                    "silent); never printed")

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
        """The ids of the board's spaces of one kind, in the order they are placed."""
        return tuple(s.id for s in self.placed.spaces if s.kind == kind)
