"""`pnp check` for boards: ids, adjacency, overlapping spaces, ranges and icons, each with file:line.

The schema has already checked each value; these checks need the whole board: a space id used
twice (declared or made by a track/grid), an adjacency to a space that does not exist or that
does not list the space back, two spaces drawn on top of each other, a zone or mark outside its
shape, a space off the board.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from generator.content.board_spaces import PlacedSpace, overlapping_pairs
from generator.content.errors import ErrorList, Mark, YamlPath
from generator.content.schema import LANGUAGES, Board
from generator.content.suggest import did_you_mean
from generator.content.yaml_source import SourceMap

ICON_RE = re.compile(r":([a-z][a-z0-9_-]*):")
IconCheck = Callable[[str | None, Mark, YamlPath], None]
# the lists a space names other spaces in: field, the words for an unknown space, for the space itself
# (a jump need not be mutual; an adjacency must be)
LINKS = (("adjacent", "is adjacent to unknown space", "as adjacent"),
         ("jumps", "jumps to unknown space", "as a jump target"))


def _describe(space: PlacedSpace) -> str:
    return f"'{space.id}'" if space.declared else f"'{space.id}' (made by {space.origin[0]}[{space.origin[1]}])"


def check_board(board: Board, source: SourceMap, errors: ErrorList, icon: IconCheck,
                languages: tuple[str, ...] = LANGUAGES) -> None:
    """Add every problem of `board` (loaded from `source`) to `errors`; `icon` checks an icon name; texts are
    read in the game's `languages`."""
    placed = board.placed
    path: YamlPath
    for dup in placed.duplicates:
        first = placed.by_id[dup.id]
        path = dup.origin + (("id",) if dup.declared else ())
        errors.add(
            source.mark(path),
            f"duplicate space id '{dup.id}' (first made at {source.mark(first.origin)})",
            path,
            hint="rename the space or the track/grid that makes it",
            code="reference",
        )
    declared = {s.id: s for s in placed.spaces if s.declared}
    for i, space in enumerate(board.spaces):
        for field, to_unknown, to_itself in LINKS:
            for j, other in enumerate(getattr(space, field)):
                path = ("spaces", i, field, j)
                if other not in placed.by_id:
                    errors.add(source.mark(path), f"space '{space.id}' {to_unknown} '{other}'", path,
                               hint=did_you_mean(other, placed.by_id, "spaces"), code="reference")
                elif other == space.id:
                    errors.add(source.mark(path), f"space '{space.id}' lists itself {to_itself}", path,
                               code="reference")
                elif field == "adjacent" and other in declared and space.id not in declared[other].adjacent:
                    errors.add(source.mark(path), f"adjacency is one-sided: '{space.id}' lists '{other}' but "
                               f"'{other}' does not list '{space.id}'", path,
                               hint=f"add '{space.id}' to the `adjacent` of '{other}'", code="reference")
    if any(space.at is not None for space in board.spaces):
        for i, space in enumerate(board.spaces):
            if space.at is None:
                errors.add(source.mark(("spaces", i, "id")), f"space '{space.id}' has no `at`, so it would not be "
                           "drawn, but other spaces of this board are placed", ("spaces", i),
                           hint="give it `at: [x, y]` in mm from the board's top-left corner", code="geometry")
    _overlaps(board, source, errors)
    width, height = board.size.width, board.size.height
    for spot in placed.spaces:
        if not spot.placed:
            continue
        assert spot.x is not None and spot.y is not None
        if (spot.x - spot.width / 2 < -1e-6 or spot.y - spot.height / 2 < -1e-6
                or spot.x + spot.width / 2 > width + 1e-6 or spot.y + spot.height / 2 > height + 1e-6):
            path = spot.origin + (("at",) if spot.declared else ())
            errors.add(source.mark(path), f"space {_describe(spot)} at ({spot.x:.1f}, {spot.y:.1f}) mm reaches "
                       f"beyond the board ({width:g} x {height:g} mm)", path, hint="move it inside the board",
                       code="geometry")
    _ranges(board, source, errors)
    _icons(board, source, icon, languages)


def _overlap_root(board: Board, a: PlacedSpace, b: PlacedSpace) -> YamlPath | None:
    """The one value that makes a pair of spaces overlap, when both take their size from it: the style of
    their kind, or the track or grid that made them both."""
    if a.declared and b.declared and a.kind == b.kind:
        own = [board.spaces[int(s.origin[1])].size for s in (a, b)]
        if own == [None, None]:
            return ("styles", a.kind, "size") if a.kind in board.styles else ("spaces", int(a.origin[1]), "kind")
    if not a.declared and not b.declared and a.origin == b.origin:
        return a.origin
    return None


def _overlaps(board: Board, source: SourceMap, errors: ErrorList) -> None:
    """Spaces drawn on top of each other. Many pairs with one cause (a style's size too large for the
    distance between the spaces) are one mistake, reported once at that size."""
    by_root: dict[YamlPath | None, list[tuple[PlacedSpace, PlacedSpace]]] = {}
    for a, b in overlapping_pairs(board.placed):
        later = b if (b.declared, b.origin) >= (a.declared, a.origin) else a
        earlier = a if later is b else b
        by_root.setdefault(_overlap_root(board, a, b), []).append((later, earlier))
    for root, pairs in by_root.items():
        if root is None or len(pairs) == 1:
            for later, earlier in pairs:
                path = later.origin + (("at",) if later.declared else ())
                errors.add(source.mark(path), f"space {_describe(later)} overlaps space {_describe(earlier)}", path,
                           hint="move one of them or make them smaller", code="geometry")
            continue
        later, earlier = pairs[0]
        gap = min(math.dist((p.x or 0.0, p.y or 0.0), (q.x or 0.0, q.y or 0.0)) for p, q in pairs)
        size = max(later.width, later.height)
        what = f"spaces of kind '{later.kind}'" if later.declared else f"spaces made by {root[0]}[{root[1]}]"
        errors.add(source.mark(root), f"{len(pairs)} pairs of {what} overlap (the first: {_describe(later)} and "
                   f"{_describe(earlier)}): they are {size:g} mm across, but their centres are only {gap:.1f} mm "
                   "apart", root, hint=f"make the size at most {gap:.1f} mm (a hex space's size is its width across "
                   "the flats, edge to edge) or place the spaces further apart", code="geometry")


def _ranges(board: Board, source: SourceMap, errors: ErrorList) -> None:
    path: YamlPath
    for t, track in enumerate(board.tracks):
        for value in track.marks:
            if value not in track.values:
                path = ("tracks", t, "marks", str(value))
                steps = f" in steps of {track.step}" if track.step > 1 else ""
                errors.add(source.mark(path), f"track '{track.id}' has no cell {value} (it runs {track.start}-"
                           f"{track.end}{steps})", path, code="geometry")
    for g, grid in enumerate(board.grids):
        for c, cell in enumerate(grid.cells):
            row, col = cell.at
            if not (0 <= row < grid.rows and 0 <= col < grid.row_length(row)):
                path = ("grids", g, "cells", c, "at")
                errors.add(source.mark(path), f"grid '{grid.id}' has no cell at row {row}, column {col}", path,
                           hint="rows and columns count from 0", code="geometry")
    for o, orbit in enumerate(board.orbits):
        for z, zone in enumerate(orbit.zones):
            if zone.last < zone.first or zone.last > orbit.positions:
                path = ("orbits", o, "zones", z)
                errors.add(source.mark(path), f"zone '{zone.id}' spans positions {zone.first}-{zone.last} but orbit "
                           f"'{orbit.id}' has positions 1-{orbit.positions}", path, code="geometry")


def _icons(board: Board, source: SourceMap, icon: IconCheck, languages: tuple[str, ...]) -> None:
    path: YamlPath
    for kind, style in board.styles.items():
        icon(style.icon, source.mark(("styles", kind, "icon")), ("styles", kind, "icon"))
    for i, space in enumerate(board.spaces):
        icon(space.icon, source.mark(("spaces", i, "icon")), ("spaces", i, "icon"))
    for t, track in enumerate(board.tracks):
        for value, mark in track.marks.items():
            path = ("tracks", t, "marks", str(value), "icon")
            icon(mark.icon, source.mark(path), path)
    for g, grid in enumerate(board.grids):
        for c, cell in enumerate(grid.cells):
            icon(cell.icon, source.mark(("grids", g, "cells", c, "icon")), ("grids", g, "cells", c, "icon"))
    for s, row in enumerate(board.slots):
        if row.end is not None:
            icon(row.end.icon, source.mark(("slots", s, "end", "icon")), ("slots", s, "end", "icon"))
    for p, panel in enumerate(board.panels):
        for field in ("title", "text"):
            text = getattr(panel, field)
            for lang in languages if text is not None else ():
                for name in ICON_RE.findall(text.get(lang)):
                    path = ("panels", p, field, lang)
                    icon(name, source.mark(path), path)
