"""Every space of a board, placed: positions, footprints and the adjacency graph the engine uses.

A board declares some spaces by name (a map graph with explicit `adjacent` lists) and makes
others from shapes: track cells, grid cells, orbit positions, market slots. This module turns
both into one list of `PlacedSpace`s and one symmetric adjacency graph. It is pure geometry
derived from the model, so it lives in the content layer: the renderers draw from it,
`pnp check` validates it, the rules engines move along it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # annotations only: the board models import this module to place their spaces
    from generator.content.schema_base import Text
    from generator.content.schema_boards import Board, Grid, Orbit, SlotRow, Track

YamlPath = tuple[str | int, ...]

DIRECTIONS: dict[str, tuple[float, float]] = {"right": (1, 0), "left": (-1, 0), "down": (0, 1), "up": (0, -1)}
TOUCH = 1e-6
"""Tolerance in mm below which two footprints count as touching, not overlapping."""


@dataclass(frozen=True)
class PlacedSpace:
    """One space with where it is drawn. `x`, `y` is its centre in mm (None: not drawn)."""

    id: str
    kind: str
    origin: YamlPath
    label: Text | None = None
    x: float | None = None
    y: float | None = None
    shape: str = "circle"
    width: float = 0.0
    height: float = 0.0
    icon: str | None = None
    fill: str | None = None
    data: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)
    declared: bool = False
    adjacent: tuple[str, ...] = ()

    @property
    def placed(self) -> bool:
        return self.x is not None and self.y is not None

    @property
    def radius(self) -> float:
        """Radius of the circle inscribed in the footprint (what may not overlap for round shapes)."""
        return min(self.width, self.height) / 2


@dataclass
class PlacedBoard:
    """All spaces of a board, with a symmetric adjacency graph and the ids used twice."""

    spaces: list[PlacedSpace]
    by_id: dict[str, PlacedSpace]
    graph: dict[str, tuple[str, ...]]
    duplicates: list[PlacedSpace]
    jumps: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def neighbours(self, space_id: str) -> tuple[str, ...]:
        if space_id not in self.by_id:
            raise KeyError(f"no space '{space_id}' on this board")
        return self.graph.get(space_id, ())


def _style_size(board: Board, kind: str, default: float) -> tuple[str, float]:
    style = board.styles.get(kind)
    return (style.shape, style.size) if style else ("circle", default)


def declared_spaces(board: Board) -> list[PlacedSpace]:
    out = []
    for i, space in enumerate(board.spaces):
        shape, size = _style_size(board, space.kind, 20.0)
        size = space.size or size
        x, y = space.at if space.at is not None else (None, None)
        out.append(PlacedSpace(space.id, space.kind, ("spaces", i), space.label, x, y, shape, size, size,
                               space.icon, space.fill, dict(space.data), True, tuple(space.adjacent)))
    return out


def track_cells(track: Track, index: int) -> list[PlacedSpace]:
    """Cells of a track in value order; a snaking track turns back after `per_row` cells."""
    dx, dy = DIRECTIONS[track.direction]
    px, py = (0, 1) if dy == 0 else (1, 0)
    values = track.values
    per_row = track.per_row or len(values)
    cells = []
    for i, value in enumerate(values):
        row, k = divmod(i, per_row)
        if row % 2:
            k = per_row - 1 - k
        step = track.cell + track.row_gap
        x = track.at[0] + dx * k * track.cell + px * row * step
        y = track.at[1] + dy * k * track.cell + py * row * step
        mark = track.marks.get(value)
        neighbours = []
        if i > 0:
            neighbours.append(f"{track.id}-{values[i - 1]}")
        if i < len(values) - 1:
            neighbours.append(f"{track.id}-{values[i + 1]}")
        if track.loop and len(values) > 2 and i in (0, len(values) - 1):
            neighbours.append(f"{track.id}-{values[-1 if i == 0 else 0]}")
        cells.append(PlacedSpace(f"{track.id}-{value}", track.kind, ("tracks", index), mark.label if mark else None,
                                 x, y, "square", track.cell, track.cell, mark.icon if mark else None,
                                 (mark.fill if mark and mark.fill else track.fill), {"value": value, "row": row},
                                 False, tuple(neighbours)))
    return cells


def grid_centres(grid: Grid) -> dict[tuple[int, int], tuple[float, float]]:
    """Centre of every cell (row, column) of a grid, leaving out excluded cells."""
    excluded = {tuple(cell) for cell in grid.exclude}
    longest = max(grid.row_length(r) for r in range(grid.rows))
    centres = {}
    for row in range(grid.rows):
        if grid.type == "square":
            offset, row_step = 0.0, grid.cell
        else:
            row_step = grid.cell * math.sqrt(3) / 2
            if grid.row_lengths is not None:
                offset = (longest - grid.row_length(row)) * grid.cell / 2
            else:
                offset = grid.cell / 2 if row % 2 else 0.0
        for col in range(grid.row_length(row)):
            if (row, col) not in excluded:
                centres[(row, col)] = (grid.at[0] + offset + col * grid.cell, grid.at[1] + row * row_step)
    return centres


def grid_cells(grid: Grid, index: int) -> list[PlacedSpace]:
    """Cells of a grid; neighbours are the cells one pitch away (and the diagonals if asked)."""
    centres = grid_centres(grid)
    overrides = {tuple(cell.at): cell for cell in grid.cells}
    reach = grid.cell * (math.sqrt(2) if grid.type == "square" and grid.diagonal else 1.0) * (1 + 1e-6)
    keys = sorted(centres)
    cells = []
    for key in keys:
        x, y = centres[key]
        neighbours = [f"{grid.id}-{o[0]}-{o[1]}" for o in keys
                      if o != key and math.dist(centres[o], (x, y)) <= reach]
        cell = overrides.get(key)
        cells.append(PlacedSpace(f"{grid.id}-{key[0]}-{key[1]}", (cell.kind if cell and cell.kind else grid.kind),
                                 ("grids", index), cell.label if cell else None, x, y,
                                 "square" if grid.type == "square" else "hex", grid.cell, grid.cell,
                                 cell.icon if cell else None, grid.fill,
                                 {"row": key[0], "column": key[1], **(cell.data if cell else {})}, False,
                                 tuple(neighbours)))
    return cells


def orbit_positions(orbit: Orbit, index: int) -> list[PlacedSpace]:
    """Position markers around a star, outward; each lies in at most one zone."""
    out = []
    for n in range(1, orbit.positions + 1):
        radius = orbit.first_radius + (n - 1) * orbit.spacing
        angle = math.radians(orbit.angle + (n - 1) * orbit.angle_step)
        zone = next((z for z in orbit.zones if z.first <= n <= z.last), None)
        data: dict[str, Any] = {**orbit.data, "star": orbit.id, "position": n, "radius": radius}
        if zone is not None:
            data.update(zone=zone.id, modifier=zone.modifier)
        neighbours = [f"{orbit.id}-{m}" for m in (n - 1, n + 1) if 1 <= m <= orbit.positions]
        out.append(PlacedSpace(f"{orbit.id}-{n}", orbit.kind, ("orbits", index), None,
                               orbit.at[0] + radius * math.cos(angle), orbit.at[1] + radius * math.sin(angle),
                               "circle", orbit.marker, orbit.marker, None, None, data, False, tuple(neighbours)))
    return out


def slot_row(row: SlotRow, index: int) -> list[PlacedSpace]:
    """The slots of a market row and the place cards leave it, as a chain of spaces."""
    w, h = row.slot_mm
    dx, dy = DIRECTIONS[row.direction]
    step = (w if dx else h) + row.gap
    ids = [f"{row.id}-{n}" for n in range(1, row.count + 1)] + ([row.end.id] if row.end else [])
    out = []
    for i, space_id in enumerate(ids):
        cx = row.at[0] + w / 2 + dx * i * step
        cy = row.at[1] + h / 2 + dy * i * step
        neighbours = tuple(ids[j] for j in (i - 1, i + 1) if 0 <= j < len(ids))
        if i < row.count:
            out.append(PlacedSpace(space_id, row.kind, ("slots", index), None, cx, cy, "rect", w, h, None, row.fill,
                                   {"slot": i + 1}, False, neighbours))
        else:
            assert row.end is not None
            size = min(w, h)
            out.append(PlacedSpace(space_id, "slot_end", ("slots", index, "end"), row.end.label, cx, cy, "circle",
                                   size, size, row.end.icon, row.end.fill, {"end": True}, False, neighbours))
    return out


def place_spaces(board: Board) -> PlacedBoard:
    """All spaces of `board`, in drawing order, with a symmetric adjacency graph."""
    spaces = declared_spaces(board)
    for i, track in enumerate(board.tracks):
        spaces += track_cells(track, i)
    for i, grid in enumerate(board.grids):
        spaces += grid_cells(grid, i)
    for i, orbit in enumerate(board.orbits):
        spaces += orbit_positions(orbit, i)
    for i, row in enumerate(board.slots):
        spaces += slot_row(row, i)
    by_id: dict[str, PlacedSpace] = {}
    duplicates = []
    for space in spaces:
        if space.id in by_id:
            duplicates.append(space)
        else:
            by_id[space.id] = space
    links: dict[str, set[str]] = {space_id: set() for space_id in by_id}
    for space in by_id.values():
        for other in space.adjacent:
            if other in by_id and other != space.id:
                links[space.id].add(other)
                links[other].add(space.id)
    graph = {space_id: tuple(sorted(found)) for space_id, found in links.items()}
    jumps = {space.id: tuple(sorted({j for j in space.jumps if j in by_id and j != space.id}))
             for space in board.spaces if space.jumps}
    return PlacedBoard(spaces, by_id, graph, duplicates, jumps)


def _overlap(a: PlacedSpace, b: PlacedSpace) -> bool:
    """Whether two footprints share area: rectangles exactly, round shapes by their inscribed circle."""
    assert a.x is not None and a.y is not None and b.x is not None and b.y is not None
    boxy = ("square", "rect")
    if a.shape in boxy and b.shape in boxy:
        return (abs(a.x - b.x) < (a.width + b.width) / 2 - TOUCH) and (
            abs(a.y - b.y) < (a.height + b.height) / 2 - TOUCH
        )
    if a.shape in boxy or b.shape in boxy:
        box, round_ = (a, b) if a.shape in boxy else (b, a)
        assert box.x is not None and box.y is not None and round_.x is not None and round_.y is not None
        nearest_x = min(max(round_.x, box.x - box.width / 2), box.x + box.width / 2)
        nearest_y = min(max(round_.y, box.y - box.height / 2), box.y + box.height / 2)
        return math.dist((nearest_x, nearest_y), (round_.x, round_.y)) < round_.radius - TOUCH
    return math.dist((a.x, a.y), (b.x, b.y)) < a.radius + b.radius - TOUCH


def overlapping_pairs(placed: PlacedBoard) -> list[tuple[PlacedSpace, PlacedSpace]]:
    """Pairs of drawn spaces whose footprints overlap (touching edges are fine), sweep by x."""
    drawn = sorted((s for s in placed.spaces if s.placed), key=lambda s: (s.x or 0) - s.width / 2)
    pairs = []
    for i, a in enumerate(drawn):
        right = (a.x or 0) + a.width / 2
        for b in drawn[i + 1:]:
            if (b.x or 0) - b.width / 2 >= right - TOUCH:
                break
            if _overlap(a, b):
                pairs.append((a, b))
    return pairs
